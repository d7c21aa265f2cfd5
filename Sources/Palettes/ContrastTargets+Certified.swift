import Foundation
import ColorCore

extension ContrastTargets {
    /// `solve` with most bisection steps decided without building a color, for methods whose entry declares the
    /// `luminanceRatio` batch form (WCAG 2: the ratio of the two colors' relative luminances). Bit-identical to
    /// `solve`: the same 48 halvings visit the same midpoints and take the same decisions, and the color returned
    /// is built from the same luminance.
    ///
    /// A step builds `uniform-lstar`'s color at luminance Y (a Display P3 chroma-cap bisection of 30 lightness
    /// solves, or one when the requested chroma fits) only to learn whether its contrast reaches the target.
    /// That color is solved to the CIELab round trip Y′ = Y(L\*(Y)) in TokenMath's luminance row, and its WCAG
    /// luminance differs from Y′ only by the difference of the two Y rows (≤ 1e-8 per unit of each linear
    /// channel, channels within −0.25 … 1.25 inside Display P3) and rounding. So a step is decided from Y′ alone
    /// when the whole interval Y′ ± 2e-8 lies on one side of the target (ratios compared with a relative slack
    /// of 1e-13). Once a color was built, later steps (a narrow interval around it) predict its luminance as
    /// Y′ plus the built color's measured offset, with a bound that grows with the distance from it (1e-5 per
    /// unit of relative change in Y) plus 1e-11 (each color's lightness solve ends within 2⁻⁴¹ in L, ≤ 3.2e-12 in
    /// Y, so two solves differ by less). Steps that no bound decides build the color as `solve` does.
    /// The last accepted luminance's color is built at the end (or the extreme when none was accepted).
    /// Methods with another form (APCA, plugins) take `solve`'s steps unchanged.
    /// - Complexity: 48 bound checks per stop plus ~10–15 color builds near the answer for WCAG 2 (`solve`: 49).
    ///
    /// `build(L*)` must return `UniformLStar.color(lightnessStar: L*, chroma: chroma, hue: h, margin: s.margin)`
    /// bit for bit (a batch kernel passes its faster twin); `bgWCAG` is `certifiedBackground(s)`.
    public static func solveCertified(target: Double, chroma: Double, hue h: Double, _ s: Setup, bgWCAG: Double?,
                                      build: ((Double) -> RampColor)? = nil) -> RampColor {
        let yb = s.background.luminance
        let darker = yb >= 0.18
        func make(_ y: Double) -> RampColor {
            let lstar = TokenMath.lightnessStar(luminance: y)
            return build?(lstar) ?? UniformLStar.color(lightnessStar: lstar, chroma: chroma, hue: h, margin: s.margin)
        }
        // No bound: every step builds its color.
        guard let yBg = bgWCAG else { return solve(target: target, chroma: chroma, hue: h, s, build: build) }
        var near = yb, far = darker ? 0.0 : 1.0
        let extreme = make(far)
        if contrast(extreme, s) < target { return extreme }
        // The anchor: the last built color's Y′ and its measured WCAG luminance minus Y′.
        var anchorY = Double.nan, anchorOffset = 0.0
        let accept = target * (1 + 1e-13), reject = target * (1 - 1e-13)
        for _ in 0..<48 {
            let mid = (near + far) / 2
            let yp = TokenMath.luminance(lightnessStar: TokenMath.lightnessStar(luminance: mid))
            var decided: Bool? = nil
            if yp >= 0, yp <= 1 {
                let center: Double, bound: Double
                if anchorY.isNaN {
                    center = yp; bound = 2e-8
                } else {
                    let rel = abs(yp - anchorY) / max(min(yp, anchorY), 1e-6)
                    center = yp + anchorOffset; bound = 1e-11 + 1e-5 * rel
                }
                let lo = max(center - bound, 0), hi = center + bound
                // Both ends on the same side of the background: the ratio is monotone over the interval.
                if hi < yBg || lo > yBg {
                    let r1 = WCAG21.ratio(lo, yBg), r2 = WCAG21.ratio(hi, yBg)
                    if min(r1, r2) >= accept { decided = true } else if max(r1, r2) < reject { decided = false }
                }
            }
            if decided == nil {
                let c = make(mid)
                let input = s.toInput.apply(c.srgb)
                decided = abs(s.method.evaluate(input, s.toInput.apply(s.background.srgb))) >= target
                anchorY = yp; anchorOffset = WCAG21.luminance(srgb: input) - yp
            }
            if decided! { far = mid } else { near = mid }
        }
        return far == (darker ? 0.0 : 1.0) ? extreme : make(far)
    }

    /// The background's WCAG luminance when the method declares the `luminanceRatio` form (else nil: no bound).
    public static func certifiedBackground(_ s: Setup) -> Double? {
        guard s.method.batch == .luminanceRatio else { return nil }
        return WCAG21.luminance(srgb: s.toInput.apply(s.background.srgb))
    }

    /// The stops of one ramp, each solved by `solveCertified` (bit-identical to `solve` per stop).
    static func ramp(_ spec: RampSpec, _ core: Workbench) throws -> [RampColor] {
        let s = try setup(spec, core)
        let h = TokenMath.roundedHue(spec.hue)
        let bg = certifiedBackground(s)
        return (0..<spec.scale.count).map { solveCertified(target: s.targets[$0], chroma: s.chroma[$0], hue: h, s, bgWCAG: bg) }
    }
}
