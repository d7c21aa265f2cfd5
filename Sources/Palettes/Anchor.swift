import Foundation
import ColorCore

/// A color a ramp must pass through exactly (a brand color), at a stop or at the stop whose lightness is nearest.
public struct RampAnchor: Sendable, Equatable {
    public var color: RampColor
    /// nil: the stop whose OKLab lightness is nearest to the color's in the generated ramp.
    public var stop: Stop?
    public init(color: RampColor, stop: Stop? = nil) { self.color = color; self.stop = stop }

    /// Parses any CSS color (`#00B386`, `oklch(0.56 0.21 285)`, `color(display-p3 …)`), kept unclipped as
    /// extended sRGB so wide-gamut anchors stay exact.
    public init(css: String, stop: Stop? = nil, core: Workbench = .standard) throws {
        let c = try Color(css: css)
        let s = try core.convert(c, to: .srgb).coordsForConversion
        guard s.x.isFinite, s.y.isFinite, s.z.isFinite else {
            throw PalettesError.invalidFamily(css, reason: "the anchor color has no finite sRGB value")
        }
        self.init(color: RampColor(srgb: s), stop: stop)
    }
}

/// Re-shapes a generated ramp so it passes exactly through an anchor.
///
/// With k the anchor's stop and w(i) a smooth bump (w(k) = 1, falling as sin² to 0 at both ends of the ramp,
/// flat at k): OKLCH lightness moves by ΔL·w(i), chroma is scaled by 1 + (r − 1)·w(i) with r = C_anchor / C_k
/// (added as C_anchor·w(i) when the stop is gray), hue turns by Δh·w(i). The anchor stop is the anchor color
/// itself (8-bit hex and wide-gamut values exact); the other stops keep Display P3 (chroma reduced by bisection
/// when the scaling leaves it). If the bump would break monotone lightness, lightness is instead rescaled
/// linearly on each side between the ramp's end and the anchor (monotone by construction).
public enum Anchoring {
    /// The stop whose OKLab lightness is nearest the color's (the lighter stop on a tie).
    public static func nearestStop(_ color: RampColor, in ramp: [RampColor], scale: Scale = .ctk) -> Stop {
        var best = 0
        for i in ramp.indices where abs(ramp[i].oklch.x - color.oklch.x) < abs(ramp[best].oklch.x - color.oklch.x) { best = i }
        return scale.stop(clampedIndex: best)
    }

    /// The ramp through the anchor, and the stop it sits at. The anchor's stop must be in `scale` (the ramp's
    /// scale; an error names the stop and the scale otherwise).
    public static func apply(_ anchor: RampAnchor, to ramp: [RampColor], scale: Scale = .ctk) throws -> (ramp: [RampColor], stop: Stop) {
        let n = ramp.count
        precondition(n == scale.count, "Anchoring.apply: \(n) colors for scale \(scale.id) of \(scale.count) stops")
        let stop = anchor.stop ?? nearestStop(anchor.color, in: ramp, scale: scale)
        let k = try scale.index(stop, context: "anchor")
        let a = anchor.color.oklch
        let L = ramp.map(\.oklch.x), C = ramp.map { max($0.oklch.y, 0) }
        let H = ramp.map { $0.oklch.z.isNaN ? (a.z.isNaN ? 0 : a.z) : $0.oklch.z }
        let w: [Double] = (0..<n).map { i in
            if i == k { return 1 }
            let t = i < k ? Double(i) / Double(k) : Double(n - 1 - i) / Double(n - 1 - k)
            let s = sin(t * .pi / 2)
            return s * s
        }
        // Lightness: the bump, or the monotone rescale.
        var newL = (0..<n).map { L[$0] + (a.x - L[k]) * w[$0] }
        newL[k] = a.x
        let decreasing = L.first! >= L.last!
        func monotone(_ v: [Double]) -> Bool {
            (0..<(n - 1)).allSatisfy { decreasing ? v[$0] > v[$0 + 1] : v[$0] < v[$0 + 1] }
        }
        if !monotone(newL) {
            if (k > 0 && (decreasing ? a.x >= L[0] : a.x <= L[0])) || (k < n - 1 && (decreasing ? a.x <= L[n - 1] : a.x >= L[n - 1])) {
                throw PalettesError.invalidFamily(anchor.color.css,
                    reason: "an anchor at \(stop.name) with OKLCH lightness \(TokenMath.fixed4(a.x)) lies beyond the ramp's ends (\(TokenMath.fixed4(L[0])) … \(TokenMath.fixed4(L[n - 1]))); anchor it at a stop nearer its lightness")
            }
            for i in 0..<n where i != k {
                newL[i] = i < k ? L[0] + (L[i] - L[0]) * (a.x - L[0]) / (L[k] - L[0])
                                : L[n - 1] + (L[i] - L[n - 1]) * (a.x - L[n - 1]) / (L[k] - L[n - 1])
            }
        }
        let ac = max(a.y, 0)
        let gray = C[k] < 1e-6
        let r = gray ? 1 : ac / C[k]
        var dh = a.z.isNaN ? 0 : (a.z - H[k]).truncatingRemainder(dividingBy: 360)
        if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        var out = ramp
        for i in 0..<n where i != k {
            let c = gray ? C[i] + ac * w[i] : C[i] * (1 + (r - 1) * w[i])
            var h = H[i] + dh * w[i]
            h = h.truncatingRemainder(dividingBy: 360); if h < 0 { h += 360 }
            let l = min(max(newL[i], 0), 1)
            out[i] = RampColor(oklch: l, OKLCHCurves.fitChroma(l: l, c: max(c, 0), h: h), h, alpha: ramp[i].alpha)
        }
        out[k] = anchor.color
        return (out, stop)
    }
}
