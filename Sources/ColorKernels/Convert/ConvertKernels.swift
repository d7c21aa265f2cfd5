import ColorCore

/// One step of a batch conversion plan, run in place on the three planes of a tile: a step a space's entry
/// declares (`KernelStep`, ColorCore — each form has one SIMD loop here), or a step the plan itself adds.
public enum ConvertKernel: Sendable {
    /// A declared step other than a matrix, run as its form's SIMD loop.
    case step(KernelStep)
    /// v ↦ M·v + o in Float: a declared `.affine` step, or several consecutive ones fused.
    case affine(Affine3)
    /// Missing components (NaN) read as 0 (CSS Color 4 §12.2), as the first step of every plan.
    case zeroMissing
    /// The target's powerless hue becomes NaN.
    case powerless(ColorSpace.PowerlessHue)
    /// A space without a kernel: its Double closure, color by color.
    case scalar(name: String, ColorSpace.Transform)

    /// The kernel of a step an entry declares (`ColorSpace.kernels`): matrices become `Affine3` (so runs of them
    /// fuse), every other form runs as declared.
    public init(_ step: KernelStep) {
        if case let .affine(m, o) = step { self = .affine(Affine3(m, offset: o)) } else { self = .step(step) }
    }

    /// Whether the step is a SIMD kernel (false: a space's Double closure, color by color).
    public var isSIMD: Bool { if case .scalar = self { return false }; return true }

    public var name: String {
        switch self {
        case let .step(k): return k.name
        case let .affine(a): return a.o == .zero ? "matrix" : "affine"
        case .zeroMissing: return "zero-missing"
        case .powerless: return "powerless-hue"
        case let .scalar(name, _): return "SCALAR(\(name))"
        }
    }

    /// Runs the step in place on a tile held in scratch: `n` colors (a multiple of 8) stored planar at `s`,
    /// `s + stride`, `s + 2·stride`. Every step is one concrete loop over the tile (no closure per vector);
    /// `count` is the number of real colors in the tile (the scalar fallback touches only those).
    func run(tile s: UnsafeMutablePointer<Float>, stride: Int, vectors n: Int, count: Int) {
        typealias V = VectorMath
        let p0 = s, p1 = s + stride, p2 = s + 2 * stride
        // Per-plane steps run over the three planes as one loop when they are contiguous (stride == n).
        let all = stride == n ? 3 * n : n
        let planes = stride == n ? 1 : 3
        switch self {
        case let .step(k): Self.run(k, p0, p1, p2, stride: stride, vectors: n, planes: planes, perPlane: all)
        case let .affine(a):
            let f = a.f
            var i = 0
            while i < n {
                let (x, y, z) = f.apply(load8(p0, i), load8(p1, i), load8(p2, i))
                store8(p0, i, x); store8(p1, i, y); store8(p2, i, z)
                i &+= 8
            }
        case .zeroMissing:
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                while i < all { let v = load8(p, i); store8(p, i, V.select(v .!= v, Float8(repeating: 0), v)); i &+= 8 }
            }
        case let .powerless(p):
            let nan = Float8(repeating: .nan)
            let hp = s + p.hueIndex * stride
            switch p.rule {
            case let .chromaAtMost(ci, t):
                let cp = s + ci * stride, tf = Float(t)
                var i = 0
                while i < n { store8(hp, i, V.select(V.abs(load8(cp, i)) .<= tf, nan, load8(hp, i))); i &+= 8 }
            case let .whitePlusBlackAtLeast(t):
                let tf = Float(t)
                var i = 0
                while i < n { store8(hp, i, V.select(load8(p1, i) + load8(p2, i) .>= tf, nan, load8(hp, i))); i &+= 8 }
            }
        case let .scalar(_, f):
            for i in 0..<count {
                let v = f(SIMD3(Double(p0[i]), Double(p1[i]), Double(p2[i])))
                p0[i] = Float(v.x); p1[i] = Float(v.y); p2[i] = Float(v.z)
            }
        }
    }

    /// The SIMD loop of one declared form over a tile (planes at `p0`, `p1`, `p2`; per-plane forms run over
    /// `perPlane` values in each of `planes` planes: one pass when the planes are contiguous).
    @inline(__always)
    static func run(_ step: KernelStep, _ p0: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Float>,
                    _ p2: UnsafeMutablePointer<Float>, stride: Int, vectors n: Int, planes: Int, perPlane all: Int) {
        typealias V = VectorMath
        let s = p0
        switch step {
        case let .affine(m, o):
            // Plans turn matrices into `.affine(Affine3)` before running; kept for a step run on its own.
            ConvertKernel.affine(Affine3(m, offset: o)).run(tile: p0, stride: stride, vectors: n, count: n)
        case let .decode(t):
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                switch t {
                case .srgb: while i < all { store8(p, i, Self.srgbDecode(load8(p, i))); i &+= 8 }
                case let .gamma(g):
                    let gf = Float(g)
                    while i < all { let v = load8(p, i); store8(p, i, V.copysign(V.pow(V.abs(v), gf), v)); i &+= 8 }
                case .prophoto: while i < all { store8(p, i, Self.prophotoDecode(load8(p, i))); i &+= 8 }
                }
            }
        case let .encode(t):
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                switch t {
                case .srgb: while i < all { store8(p, i, Self.srgbEncode(load8(p, i))); i &+= 8 }
                case let .gamma(g):
                    let gf = Float(1 / g)
                    while i < all { let v = load8(p, i); store8(p, i, V.copysign(V.pow(V.abs(v), gf), v)); i &+= 8 }
                case .prophoto: while i < all { store8(p, i, Self.prophotoEncode(load8(p, i))); i &+= 8 }
                }
            }
        case .cube:
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                while i < all { let v = load8(p, i); store8(p, i, v * v * v); i &+= 8 }
            }
        case .cbrt:
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                while i < all { store8(p, i, V.cbrt(load8(p, i))); i &+= 8 }
            }
        case .labF:
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                while i < all { store8(p, i, Self.labF(load8(p, i))); i &+= 8 }
            }
        case .labFInverse:
            for k in 0..<planes {
                let p = s + k * stride
                var i = 0
                while i < all { store8(p, i, Self.labFInverse(load8(p, i))); i &+= 8 }
            }
        case .rectToPolar:
            var i = 0
            while i < n { let (c, h) = Self.rectToPolar(load8(p1, i), load8(p2, i)); store8(p1, i, c); store8(p2, i, h); i &+= 8 }
        case .polarToRect:
            var i = 0
            while i < n { let (a, b) = Self.polarToRect(load8(p1, i), load8(p2, i)); store8(p1, i, a); store8(p2, i, b); i &+= 8 }
        case .hslToSRGB: Self.vectorLoop(p0, p1, p2, n, Self.hslToSRGB)
        case .srgbToHSL: Self.vectorLoop(p0, p1, p2, n, Self.srgbToHSL)
        case .hsvToSRGB: Self.vectorLoop(p0, p1, p2, n, Self.hsvToSRGB)
        case .srgbToHSV: Self.vectorLoop(p0, p1, p2, n, Self.srgbToHSV)
        case .hwbToSRGB: Self.vectorLoop(p0, p1, p2, n, Self.hwbToSRGB)
        case .srgbToHWB: Self.vectorLoop(p0, p1, p2, n, Self.srgbToHWB)
        }
    }

    /// One loop over the tile for the three-channel steps (HSL, HSV, HWB). The step is a static function
    /// reference, specialized into the loop because this helper is always inlined.
    @_transparent
    static func vectorLoop(_ p0: UnsafeMutablePointer<Float>, _ p1: UnsafeMutablePointer<Float>, _ p2: UnsafeMutablePointer<Float>,
                           _ n: Int, _ f: (inout Float8, inout Float8, inout Float8) -> Void) {
        var i = 0
        while i < n {
            var x = load8(p0, i), y = load8(p1, i), z = load8(p2, i)
            f(&x, &y, &z)
            store8(p0, i, x); store8(p1, i, y); store8(p2, i, z)
            i &+= 8
        }
    }

    /// CIE Lab f(t) = ∛t if t > ε else (κt + 16)/116.
    @_transparent static func labF(_ t: Float8) -> Float8 {
        let eps = Float(ColorSpace.labEpsilon), kappa = Float(ColorSpace.labKappa)
        return VectorMath.select(t .> eps, VectorMath.cbrt(t), (t * kappa + 16) * Float(1.0 / 116))
    }

    /// CIE Lab f⁻¹(t) = t³ if t³ > ε else (116t − 16)/κ.
    @_transparent static func labFInverse(_ t: Float8) -> Float8 {
        let eps = Float(ColorSpace.labEpsilon), kappa = Float(ColorSpace.labKappa)
        let t3 = t * t * t
        return VectorMath.select(t3 .> eps, t3, (t * 116 - 16) * (1 / kappa))
    }

    /// (a, b) → (C, h): C = √(a² + b²), h = atan2(b, a) in degrees [0, 360).
    @_transparent static func rectToPolar(_ a: Float8, _ b: Float8) -> (Float8, Float8) {
        typealias V = VectorMath
        return (V.hypot(a, b), V.atan2Degrees(b, a))
    }

    /// (C, h) → (a, b) = (C cos h, C sin h), h in degrees.
    @_transparent static func polarToRect(_ c: Float8, _ h: Float8) -> (Float8, Float8) {
        let sc = VectorMath.sincosDegrees(h)
        return (c * sc.cos, c * sc.sin)
    }

    // MARK: Transfer curves (sign-preserving, as TransferFunction)

    @_transparent static func srgbDecode(_ v: Float8) -> Float8 {
        // max(|v|, 0) is 0 for NaN (maxps returns its second operand): missing components decode to 0.
        let a = VectorMath.max(VectorMath.abs(v), Float8(repeating: 0))
        let hi = VectorMath.srgbDecodePower(a)
        return VectorMath.copysign(VectorMath.select(a .<= 0.04045, a * Float(1 / 12.92), hi), v)
    }
    @_transparent static func srgbEncode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        let hi = VectorMath.pow(a, Float(1 / 2.4)) * 1.055 - 0.055
        return VectorMath.copysign(VectorMath.select(a .> 0.0031308, hi, a * 12.92), v)
    }
    @_transparent static func prophotoDecode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        return VectorMath.copysign(VectorMath.select(a .<= Float(16.0 / 512), a * Float(1.0 / 16), VectorMath.pow(a, 1.8)), v)
    }
    @_transparent static func prophotoEncode(_ v: Float8) -> Float8 {
        let a = VectorMath.abs(v)
        return VectorMath.copysign(VectorMath.select(a .>= Float(1.0 / 512), VectorMath.pow(a, Float(1 / 1.8)), a * 16), v)
    }

    // MARK: HSL, HSV, HWB (CSS Color 4 §7–8)

    /// Hue in degrees [0, 360) of RGB, NaN where max = min.
    @_transparent static func rgbHue(_ r: Float8, _ g: Float8, _ b: Float8, _ mx: Float8, _ d: Float8) -> Float8 {
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
    @_transparent static func wrapHue(_ h: Float8) -> Float8 {
        let w = h - VectorMath.floor(h * Float(1.0 / 360)) * 360
        return VectorMath.select(w .>= 360, w - 360, w)
    }

    @_transparent static func srgbToHSL(_ r: inout Float8, _ g: inout Float8, _ b: inout Float8) {
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

    @_transparent static func hslToSRGB(_ h0: inout Float8, _ s0: inout Float8, _ l0: inout Float8) {
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

    @_transparent static func srgbToHSV(_ r: inout Float8, _ g: inout Float8, _ b: inout Float8) {
        typealias V = VectorMath
        let mx = V.max(V.max(r, g), b), mn = V.min(V.min(r, g), b), d = mx - mn
        let h = rgbHue(r, g, b, mx, d)
        let s = V.select(mx .== 0, Float8(repeating: 0), d / V.select(mx .== 0, Float8(repeating: 1), mx))
        r = h; g = s * 100; b = mx * 100
    }

    @_transparent static func hsvToSRGB(_ h0: inout Float8, _ s0: inout Float8, _ v0: inout Float8) {
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

    @_transparent static func srgbToHWB(_ r: inout Float8, _ g: inout Float8, _ b: inout Float8) {
        typealias V = VectorMath
        let mx = V.max(V.max(r, g), b), mn = V.min(V.min(r, g), b)
        let h = rgbHue(r, g, b, mx, mx - mn)
        r = h; g = mn * 100; b = (1 - mx) * 100
    }

    @_transparent static func hwbToSRGB(_ h0: inout Float8, _ w0: inout Float8, _ b0: inout Float8) {
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
