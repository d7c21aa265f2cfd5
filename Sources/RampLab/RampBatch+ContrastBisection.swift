import ColorCore
import ColorKernels
import Palettes
import Foundation

extension RampBatchGenerator {
    /// `RampBatchForm.contrastBisection`: every stop by `ContrastTargets.solveCertified` (most bisection steps
    /// decided by a luminance bound), each color it builds made by `color(lightnessStar:…)` below — the
    /// arithmetic of `UniformLStar.color` with its lightness solves through `RampKernels.solveLightness1` and its
    /// cap through `maxChroma1` (both bit-identical to TokenMath's). Ramps in tiles on all cores; a variant's
    /// parameters are resolved once per tile and share.
    /// - Complexity: O(ramps × stops × (48 bound checks + ~12 color builds)) for WCAG 2 methods.
    static func contrastBisection(_ specs: [RampSpec], generator: RampGenerator, core: Workbench, into batch: inout RampBatch,
                                  threads: Int, deadline: Deadline?, progress: ((Int, Int) -> Void)?) throws {
        let n = batch.stops
        try inTiles(&batch, threads: threads, deadline: deadline, progress: progress) { ramps, out in
            // A variant's parameters are resolved once and reused by its other hues in this range.
            var last: (params: [String: RampParameter], setup: ContrastTargets.Setup, bg: Double?)? = nil
            for r in ramps {
                let spec = specs[r]
                if last == nil || last!.params != spec.parameters {
                    let s = try ContrastTargets.setup(spec, core)
                    last = (spec.parameters, s, ContrastTargets.certifiedBackground(s))
                }
                let (_, s, bg) = last!
                guard s.targets.count == n, s.chroma.count == n else {
                    throw PalettesError.wrongStopCount(generator: generator.id, expected: n, got: s.targets.count)
                }
                let h = TokenMath.roundedHue(spec.hue)
                let rad = h * Double.pi / 180, cr = cos(rad), sr = sin(rad)
                var memo = CapMemo()
                for i in 0..<n {
                    let c = s.chroma[i], margin = s.margin
                    memo.last = nil
                    let color = ContrastTargets.solveCertified(target: s.targets[i], chroma: c, hue: h, s, bgWCAG: bg) { lstar in
                        Self.color(lightnessStar: lstar, chroma: c, hue: h, cos: cr, sin: sr, margin: margin, memo: &memo)
                    }
                    out.set(r * n + i, color, requested: c)
                }
            }
        }
    }

    /// `UniformLStar.color(lightnessStar:chroma:hue:margin:)` bit for bit, its lightness solves by
    /// `RampKernels.solveLightness1` and its Display P3 cap by `maxChroma1` (`cos`/`sin` of the hue given).
    ///
    /// `memo.last` carries the cap of the previous color built for the same stop (the bisection's colors lie ever
    /// closer together): `maxChroma` bisects [0, 0.5] in 30 halvings and returns the largest multiple k·2⁻³¹ of
    /// its grid that fits, as long as fitting is monotone in chroma (what `UniformLStar.color`'s own shortcut
    /// rests on). So when the previous cap still fits at this luminance and one grid step above it does not
    /// (or is 0.5), the bisection would end on it again: two lightness solves instead of thirty. The caps at
    /// the extremes (L\* 0 and 100, where every stop's bisection starts) are kept per ramp (`memo.extremes`:
    /// the same inputs, the same cap).
    @inline(__always)
    static func color(lightnessStar lstar: Double, chroma c: Double, hue h: Double, cos cr: Double, sin sr: Double,
                      margin: Double, memo: inout CapMemo) -> RampColor {
        let y = TokenMath.luminance(lightnessStar: lstar)
        let chroma: Double
        let probe = c / margin + 0x1p-30
        if c <= 0 || (margin > 0 && probe < 0.5 && fits(chroma: probe, luminance: y, cos: cr, sin: sr, hue: h)) {
            chroma = c
        } else {
            let cap: Double
            let extreme = lstar == 0 ? 0 : lstar == 100 ? 1 : -1
            if extreme >= 0, let k = memo.extremes[extreme] {
                cap = k
            } else if let k = memo.last, fits(chroma: k, luminance: y, cos: cr, sin: sr, hue: h),
               k + 0x1p-31 >= 0.5 || !fits(chroma: k + 0x1p-31, luminance: y, cos: cr, sin: sr, hue: h) {
                cap = k
            } else {
                cap = maxChroma1(luminance: y, cos: cr, sin: sr)
            }
            if extreme >= 0 { memo.extremes[extreme] = cap } else { memo.last = cap }
            chroma = min(c, margin * cap)
        }
        let l = RampKernels.solveLightness1(y: y, a: cr * chroma, b: sr * chroma)
        return RampColor(oklch: l, chroma, h)
    }

    /// `TokenMath.fits(chroma:luminance:hue:)` with the batch lightness solve.
    @inline(__always)
    static func fits(chroma c: Double, luminance y: Double, cos cr: Double, sin sr: Double, hue h: Double) -> Bool {
        if c <= 0 { return true }
        let l = RampKernels.solveLightness1(y: y, a: cr * c, b: sr * c)
        return TokenMath.inP3(linearSRGB: TokenMath.linearSRGB(oklch: l, c, h))
    }
}

/// Display P3 caps one ramp's color builds reuse (`RampBatchGenerator.color`).
struct CapMemo {
    /// The cap of the last color built for the current stop.
    var last: Double? = nil
    /// The caps at L\* 0 and L\* 100 (the same hue throughout a ramp).
    var extremes: [Double?] = [nil, nil]
}
