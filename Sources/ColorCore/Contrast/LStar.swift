/// Lightness contrast: the absolute difference of CIE L* (CSS `lab`, D50), as Color.js and ColorAide define
/// "Lstar" contrast. ΔL* = |L*₁ − L*₂|, 0…100 for in-gamut colors; symmetric.
public enum LStarContrast {
    public static let method = ContrastMethod(
        id: "lstar", name: "CIE L* difference (Lab D50)", inputSpace: .lab, isSymmetric: true
    ) { text, background in
        abs(text.x - background.x)
    }
}
