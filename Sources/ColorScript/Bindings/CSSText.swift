import ColorCore
import Foundation

/// CSS color text for scripts: the core's CSS Color 4 parser and serializer.
enum CSSText {
    static func parse(_ text: String, workbench w: Workbench) throws -> Color { try w.parse(text) }
    static func serialize(_ c: Color, workbench w: Workbench) -> String { w.serialize(c) }
    static func hex(_ c: Color, workbench w: Workbench) throws -> String { try w.hex(c) }
}
