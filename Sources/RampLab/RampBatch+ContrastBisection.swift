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
        let total = specs.count, n = batch.stops
        let tile = max(64, total / 16)
        let failure = FirstError()
        batch.oklch.withUnsafeMutableBufferPointer { okb in
            batch.linear.withUnsafeMutableBufferPointer { lnb in
                batch.requestedChroma.withUnsafeMutableBufferPointer { rqb in
                    let ok = SendablePointer(okb.baseAddress!), ln = SendablePointer(lnb.baseAddress!)
                    let rq = SendablePointer(rqb.baseAddress!)
                    var start = 0
                    while start < total, failure.error == nil {
                        if let d = deadline, d.expired { failure.set(DeadlineExceeded(what: d.what)); break }
                        let end = min(total, start + tile)
                        Parallel.forRanges(count: end - start, granule: 1, threads: threads) { range in
                            var last: (params: [String: RampParameter], setup: ContrastTargets.Setup, bg: Double?)? = nil
                            for rr in range {
                                let r = start + rr, spec = specs[r]
                                do {
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
                                    for i in 0..<n {
                                        let c = s.chroma[i], margin = s.margin
                                        let color = ContrastTargets.solveCertified(target: s.targets[i], chroma: c, hue: h, s, bgWCAG: bg) { lstar in
                                            Self.color(lightnessStar: lstar, chroma: c, hue: h, cos: cr, sin: sr, margin: margin)
                                        }
                                        let si = r * n + i
                                        ok.p[si] = color.oklch
                                        ln.p[si] = color.linearSRGB
                                        rq.p[si] = c
                                    }
                                } catch { failure.set(error); return }
                            }
                        }
                        start = end
                        progress?(start, total)
                    }
                }
            }
        }
        if let e = failure.error { throw e }
    }

    /// `UniformLStar.color(lightnessStar:chroma:hue:margin:)` bit for bit, its lightness solves by
    /// `RampKernels.solveLightness1` and its Display P3 cap by `maxChroma1` (`cos`/`sin` of the hue given).
    @inline(__always)
    static func color(lightnessStar lstar: Double, chroma c: Double, hue h: Double, cos cr: Double, sin sr: Double,
                      margin: Double) -> RampColor {
        let y = TokenMath.luminance(lightnessStar: lstar)
        let chroma: Double
        let probe = c / margin + 0x1p-30
        if c <= 0 || (margin > 0 && probe < 0.5 && fits(chroma: probe, luminance: y, cos: cr, sin: sr, hue: h)) {
            chroma = c
        } else {
            chroma = min(c, margin * maxChroma1(luminance: y, cos: cr, sin: sr))
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
