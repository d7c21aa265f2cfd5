/// Weber contrast of two luminances: (Y_max − Y_min) / Y_min, with Y the CIE Y of XYZ-D65 (floored at 0).
///
/// A black darker color gives a division by zero; as in Color.js the result is then capped at 50 000.
/// Symmetric. https://en.wikipedia.org/wiki/Contrast_(vision)#Weber_contrast
public enum WeberContrast {
    /// The value returned when the darker luminance is 0.
    public static let maximum = 50_000.0

    public static func contrast(_ y1: Double, _ y2: Double) -> Double {
        let hi = max(y1, y2, 0), lo = max(min(y1, y2), 0)
        return lo == 0 ? maximum : (hi - lo) / lo
    }

    public static let method = ContrastMethod(
        id: "weber", name: "Weber contrast (CIE Y)", inputSpace: .xyzD65, isSymmetric: true
    ) { text, background in
        contrast(text.y, background.y)
    }
}
