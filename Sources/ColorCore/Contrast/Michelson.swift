/// Michelson contrast of two luminances: (Y_max − Y_min) / (Y_max + Y_min), with Y the CIE Y of XYZ-D65
/// (floored at 0); 0 when both are black. Range 0…1; symmetric.
/// https://en.wikipedia.org/wiki/Contrast_(vision)#Michelson_contrast
public enum MichelsonContrast {
    public static func contrast(_ y1: Double, _ y2: Double) -> Double {
        let hi = max(y1, y2, 0), lo = max(min(y1, y2), 0)
        return hi + lo == 0 ? 0 : (hi - lo) / (hi + lo)
    }

    public static let method = ContrastMethod(
        id: "michelson", name: "Michelson contrast (CIE Y)", inputSpace: .xyzD65, isSymmetric: true
    ) { text, background in
        contrast(text.y, background.y)
    }
}
