import Huebench

/// What an app does with Huebench: parse and convert a color, check contrast pairs, build a palette.
public enum BrandColors {
    /// The brand color, as CSS text.
    public static let brandCSS = "#00b386"

    /// The brand color in OKLCH (L 0…1, C, h in degrees).
    public static func brandOKLCH() throws -> Color {
        try Workbench.standard.convert(try Workbench.standard.parse(brandCSS), to: .oklch)
    }

    /// WCAG 2 contrast ratios of every text color on every background, row-major (texts × backgrounds).
    public static func contrastMatrix(texts: [String], backgrounds: [String]) throws -> [Float] {
        let wb = Workbench.standard
        let t = try ColorBuffer(texts.map { try wb.parse($0) }, space: .srgb)
        let b = try ColorBuffer(backgrounds.map { try wb.parse($0) }, space: .srgb)
        let m = try ContrastMatrix(method: try wb.pairMethod("wcag21"), text: t, background: b)
        var out = [Float](repeating: 0, count: m.rows * m.columns)
        out.withUnsafeMutableBufferPointer { m.compute(into: $0, threads: 1) }
        return out
    }

    /// The 20-stop ramp of a family built around the brand color (ColorTokensKit's uniform-L* generator).
    public static func brandRamp() throws -> [RampColor] {
        let family = Family.forColor(try RampColor(hex: brandCSS), id: "brand")
        return try PaletteWorkbench.standard.ramp(for: family)
    }
}
