import ColorCore

/// One step of a batch conversion plan, run in place on the three planes of a tile.
public enum ConvertKernel: Sendable {
    /// v ↦ M·v + o (consecutive matrix steps are fused into one).
    case affine(Affine3)
    /// Encoded → linear, per channel (sign-preserving).
    case decode(TransferFunction)
    /// Linear → encoded, per channel (sign-preserving).
    case encode(TransferFunction)
    /// v ↦ v³ per channel (OKLab LMS′ → LMS).
    case cube
    /// v ↦ ∛v per channel (OKLab LMS → LMS′).
    case cbrt
    /// CIE Lab f(t) = ∛t if t > ε else (κt + 16)/116, per channel.
    case labF
    /// CIE Lab f⁻¹(t) = t³ if t³ > ε else (116t − 16)/κ, per channel.
    case labFInverse
    /// (L, a, b) → (L, C, h), h in degrees [0, 360).
    case rectToPolar
    /// (L, C, h) → (L, a, b).
    case polarToRect
    case hslToSRGB, srgbToHSL, hsvToSRGB, srgbToHSV, hwbToSRGB, srgbToHWB
    /// Missing components (NaN) read as 0 (CSS Color 4 §12.2), as the first step of every plan.
    case zeroMissing
    /// The target's powerless hue becomes NaN.
    case powerless(ColorSpace.PowerlessHue)
    /// A space without a kernel: its Double closure, color by color.
    case scalar(name: String, ColorSpace.Transform)

    var name: String {
        switch self {
        case let .affine(a): return a.o == .zero ? "matrix" : "affine"
        case let .decode(t): return "decode(\(t))"
        case let .encode(t): return "encode(\(t))"
        case .cube: return "cube"
        case .cbrt: return "cbrt"
        case .labF: return "lab-f"
        case .labFInverse: return "lab-f⁻¹"
        case .rectToPolar: return "rect→polar"
        case .polarToRect: return "polar→rect"
        case .hslToSRGB: return "hsl→srgb"
        case .srgbToHSL: return "srgb→hsl"
        case .hsvToSRGB: return "hsv→srgb"
        case .srgbToHSV: return "srgb→hsv"
        case .hwbToSRGB: return "hwb→srgb"
        case .srgbToHWB: return "srgb→hwb"
        case .zeroMissing: return "zero-missing"
        case .powerless: return "powerless-hue"
        case let .scalar(name, _): return "SCALAR(\(name))"
        }
    }

    /// Runs the step on `range` of the planes (whole vectors of 8; `range` bounds are multiples of 8 or the
    /// padded end of the buffer).
    func run(_ p0: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Float>, _ p2: UnsafeMutablePointer<Float>,
             _ range: Range<Int>) {
        typealias V = VectorMath
        @inline(__always) func perVector(_ f: (inout Float8, inout Float8, inout Float8) -> Void) {
            Self.vectors(p0, p1, p2, range, f)
        }
        @inline(__always) func perPlane(_ f: (Float8) -> Float8) {
            Self.planes(p0, p1, p2, range, f)
        }
        switch self {
        case let .affine(a):
            a.apply(p0, p1, p2, range)
        case let .decode(t):
            switch t {
            case .srgb: perPlane(Self.srgbDecode)
            case let .gamma(g): let gf = Float(g); perPlane { v in V.copysign(V.pow(V.abs(v), gf), v) }
            case .prophoto: perPlane(Self.prophotoDecode)
            }
        case let .encode(t):
            switch t {
            case .srgb: perPlane(Self.srgbEncode)
            case let .gamma(g): let gf = Float(1 / g); perPlane { v in V.copysign(V.pow(V.abs(v), gf), v) }
            case .prophoto: perPlane(Self.prophotoEncode)
            }
        case .cube: perPlane { $0 * $0 * $0 }
        case .cbrt: perPlane(V.cbrt)
        case .labF:
            let eps = Float(ColorSpace.labEpsilon), kappa = Float(ColorSpace.labKappa)
            perPlane { t in V.select(t .> eps, V.cbrt(t), (t * kappa + 16) * Float(1.0 / 116)) }
        case .labFInverse:
            let eps = Float(ColorSpace.labEpsilon), kappa = Float(ColorSpace.labKappa)
            perPlane { t in let t3 = t * t * t; return V.select(t3 .> eps, t3, (t * 116 - 16) * (1 / kappa)) }
        case .rectToPolar:
            perVector { _, a, b in
                let c = V.hypot(a, b)
                var h = V.atan2(b, a) * Float(180 / Double.pi)
                h = V.select(h .< 0, h + 360, h)
                h = V.select(h .>= 360, h - 360, h)
                a = c; b = h
            }
        case .polarToRect:
            perVector { _, c, h in
                let sc = V.sincosDegrees(h)
                let a = c * sc.cos, b = c * sc.sin
                c = a; h = b
            }
        case .hslToSRGB: perVector(Self.hslToSRGB)
        case .srgbToHSL: perVector(Self.srgbToHSL)
        case .hsvToSRGB: perVector(Self.hsvToSRGB)
        case .srgbToHSV: perVector(Self.srgbToHSV)
        case .hwbToSRGB: perVector(Self.hwbToSRGB)
        case .srgbToHWB: perVector(Self.srgbToHWB)
        case .zeroMissing: perPlane { v in V.select(v .!= v, Float8(repeating: 0), v) }
        case let .powerless(p):
            let nan = Float8(repeating: .nan)
            switch (p.rule, p.hueIndex) {
            case let (.chromaAtMost(ci, t), hi):
                let planes = [p0, p1, p2], cp = planes[ci], hp = planes[hi], tf = Float(t)
                var i = range.lowerBound
                while i < range.upperBound {
                    store8(hp, i, V.select(V.abs(load8(cp, i)) .<= tf, nan, load8(hp, i))); i += 8
                }
            case let (.whitePlusBlackAtLeast(t), hi):
                let planes = [p0, p1, p2], hp = planes[hi], tf = Float(t)
                var i = range.lowerBound
                while i < range.upperBound {
                    store8(hp, i, V.select(load8(p1, i) + load8(p2, i) .>= tf, nan, load8(hp, i))); i += 8
                }
            }
        case let .scalar(_, f):
            for i in range {
                let v = f(SIMD3(Double(p0[i]), Double(p1[i]), Double(p2[i])))
                p0[i] = Float(v.x); p1[i] = Float(v.y); p2[i] = Float(v.z)
            }
        }
    }

    @inline(__always)
    static func vectors(_ p0: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Float>, _ p2: UnsafeMutablePointer<Float>,
                        _ range: Range<Int>, _ f: (inout Float8, inout Float8, inout Float8) -> Void) {
        var i = range.lowerBound
        while i < range.upperBound {
            var x = load8(p0, i), y = load8(p1, i), z = load8(p2, i)
            f(&x, &y, &z)
            store8(p0, i, x); store8(p1, i, y); store8(p2, i, z)
            i += 8
        }
    }

    @inline(__always)
    static func planes(_ p0: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Float>, _ p2: UnsafeMutablePointer<Float>,
                       _ range: Range<Int>, _ f: (Float8) -> Float8) {
        var i = range.lowerBound
        while i < range.upperBound {
            store8(p0, i, f(load8(p0, i))); store8(p1, i, f(load8(p1, i))); store8(p2, i, f(load8(p2, i)))
            i += 8
        }
    }

    // MARK: Transfer curves (sign-preserving, as TransferFunction)

    @inline(__always) static func srgbDecode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        let hi = VectorMath.pow((a + 0.055) * Float(1 / 1.055), 2.4)
        return VectorMath.copysign(VectorMath.select(a .<= 0.04045, a * Float(1 / 12.92), hi), v)
    }
    @inline(__always) static func srgbEncode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        let hi = VectorMath.pow(a, Float(1 / 2.4)) * 1.055 - 0.055
        return VectorMath.copysign(VectorMath.select(a .> 0.0031308, hi, a * 12.92), v)
    }
    @inline(__always) static func prophotoDecode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        return VectorMath.copysign(VectorMath.select(a .<= Float(16.0 / 512), a * Float(1.0 / 16), VectorMath.pow(a, 1.8)), v)
    }
    @inline(__always) static func prophotoEncode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        return VectorMath.copysign(VectorMath.select(a .>= Float(1.0 / 512), VectorMath.pow(a, Float(1 / 1.8)), a * 16), v)
    }

    // MARK: HSL, HSV, HWB (CSS Color 4 §7–8)

    /// Hue in degrees [0, 360) of RGB, NaN where max = min.
    @inline(__always) static func rgbHue(_ r: Float8, _ g: Float8, _ b: Float8, _ mx: Float8, _ d: Float8) -> Float8 {
        typealias V = VectorMath
        let safeD = V.select(d .== 0, Float8(repeating: 1), d)
        let hr = (g - b) / safeD + V.select(g .< b, Float8(repeating: 6), Float8(repeating: 0))
        let hg = (b - r) / safeD + 2
        let hb = (r - g) / safeD + 4
        var h = V.select(mx .== r, hr, V.select(mx .== g, hg, hb)) * 60
        h = V.select(h .>= 360, h - 360, h)
        return V.select(d .== 0, Float8(repeating: .nan), h)
    }

    /// h mod 360 in [0, 360).
    @inline(__always) static func wrapHue(_ h: Float8) -> Float8 {
        let w = h - VectorMath.floor(h * Float(1.0 / 360)) * 360
        return VectorMath.select(w .>= 360, w - 360, w)
    }

    @inline(__always) static func srgbToHSL(_ r: inout Float8, _ g: inout Float8, _ b: inout Float8) {
        typealias V = VectorMath
        let mx = V.max(V.max(r, g), b), mn = V.min(V.min(r, g), b), d = mx - mn
        let l = (mx + mn) * 0.5
        var h = rgbHue(r, g, b, mx, d)
        let den = V.min(l, 1 - l)
        var s = V.select((d .== 0) .| (l .== 0) .| (l .== 1), Float8(repeating: 0),
                         (mx - l) / V.select(den .== 0, Float8(repeating: 1), den))
        let neg = s .< 0
        h = V.select(neg, h + 180, h); s = V.abs(s)
        h = V.select(h .>= 360, h - 360, h)
        r = h; g = s * 100; b = l * 100
    }

    @inline(__always) static func hslToSRGB(_ h0: inout Float8, _ s0: inout Float8, _ l0: inout Float8) {
        typealias V = VectorMath
        let h = wrapHue(h0), s = s0 * 0.01, l = l0 * 0.01
        let a = s * V.min(l, 1 - l)
        @inline(__always) func f(_ n: Float) -> Float8 {
            let t = h * Float(1.0 / 30) + n
            let k = t - V.floor(t * Float(1.0 / 12)) * 12
            let m = V.max(Float8(repeating: -1), V.min(V.min(k - 3, 9 - k), Float8(repeating: 1)))
            return l - a * m
        }
        h0 = f(0); s0 = f(8); l0 = f(4)
    }

    @inline(__always) static func srgbToHSV(_ r: inout Float8, _ g: inout Float8, _ b: inout Float8) {
        typealias V = VectorMath
        let mx = V.max(V.max(r, g), b), mn = V.min(V.min(r, g), b), d = mx - mn
        let h = rgbHue(r, g, b, mx, d)
        let s = V.select(mx .== 0, Float8(repeating: 0), d / V.select(mx .== 0, Float8(repeating: 1), mx))
        r = h; g = s * 100; b = mx * 100
    }

    @inline(__always) static func hsvToSRGB(_ h0: inout Float8, _ s0: inout Float8, _ v0: inout Float8) {
        typealias V = VectorMath
        let h = wrapHue(h0), s = s0 * 0.01, v = v0 * 0.01
        @inline(__always) func f(_ n: Float) -> Float8 {
            let t = h * Float(1.0 / 60) + n
            let k = t - V.floor(t * Float(1.0 / 6)) * 6
            let m = V.max(Float8(repeating: 0), V.min(V.min(k, 4 - k), Float8(repeating: 1)))
            return v - v * s * m
        }
        h0 = f(5); s0 = f(3); v0 = f(1)
    }

    @inline(__always) static func srgbToHWB(_ r: inout Float8, _ g: inout Float8, _ b: inout Float8) {
        typealias V = VectorMath
        let mx = V.max(V.max(r, g), b), mn = V.min(V.min(r, g), b)
        let h = rgbHue(r, g, b, mx, mx - mn)
        r = h; g = mn * 100; b = (1 - mx) * 100
    }

    @inline(__always) static func hwbToSRGB(_ h0: inout Float8, _ w0: inout Float8, _ b0: inout Float8) {
        typealias V = VectorMath
        let w = w0 * 0.01, bl = b0 * 0.01
        var r = h0, g = Float8(repeating: 100), b = Float8(repeating: 50)
        hslToSRGB(&r, &g, &b)
        let k = 1 - w - bl
        let sum = w + bl
        let gray = w / V.select(sum .== 0, Float8(repeating: 1), sum)
        let isGray = sum .>= 1
        h0 = V.select(isGray, gray, r * k + w)
        w0 = V.select(isGray, gray, g * k + w)
        b0 = V.select(isGray, gray, b * k + w)
    }
}
