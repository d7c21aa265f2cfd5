import Foundation
import Palettes

/// Shared JSON and text formatting of palette colors for the palette, tokens and audit commands.
enum PaletteJSON {
    static func triple(_ v: SIMD3<Double>) -> String {
        "[\(jsonNumber(v.x)),\(jsonNumber(v.y)),\(jsonNumber(v.z))]"
    }

    /// `"css":…,"srgb":[…],"oklch":[…]` for a color.
    static func colorFields(_ c: RampColor) -> String {
        "\"css\":\(jsonString(c.css)),\"srgb\":\(triple(c.srgb)),\"oklch\":\(triple(c.oklch))"
    }

    /// `oklch(L C H)` with 4 decimals (hue 2), `none` for a missing hue.
    static func oklchText(_ c: RampColor) -> String {
        let h = c.oklch.z.isNaN ? "none" : TokenMath.fixed4((c.oklch.z * 100).rounded(.toNearestOrAwayFromZero) / 100)
        return "oklch(\(TokenMath.fixed4(c.oklch.x)) \(TokenMath.fixed4(c.oklch.y)) \(h))"
    }

    static func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
    }

    /// Resolves family names typed by the user, on `scale` when given; usage errors name the input.
    static func families(_ names: [String], workbench: PaletteWorkbench, command: String, scale: Scale? = nil) throws -> [Family] {
        try names.map { name in
            if name.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageError("empty family name; give a name (orange), a hex color (#00B386) or hue:DEGREES (huebench \(command))")
            }
            do {
                let f = try workbench.family(named: name)
                return scale.map { f.on($0) } ?? f
            } catch {
                throw UsageError("\(error) (huebench \(command))")
            }
        }
    }

    /// `--scale NAME`: a built-in scale, or nil without the option.
    static func scale(_ a: Arguments, command: String) throws -> Scale? {
        guard let text = a.value("scale") else { return nil }
        do { return try Scale.named(text) } catch { throw UsageError("--scale: \(error) (huebench \(command))") }
    }

    static let scaleHelp = "--scale NAME    the stops: ctk (default, _50 … _1000), tailwind (50 … 950), radix (1 … 12), material (tones 100 … 0)"
}
