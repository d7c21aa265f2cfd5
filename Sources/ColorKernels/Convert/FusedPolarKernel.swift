import ColorCore
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// One concrete loop for the hot plan shape "decode → matrix → curve → matrix → rect→polar [→ powerless hue]":
/// sRGB-family → OKLCH (curve ∛) and → CIE LCH (curve Lab f), and their linear-source variants.
///
/// Each group of eight colors is loaded once from the source planes, carried through every step in registers
/// and stored once: no closure, no allocation, no reference counting in the loop (every field is a trivial value).
/// Results equal the step-by-step interpreter's (same vector functions, same order of operations).
struct FusedPolarKernel: Sendable {
    enum Decode: Sendable, Equatable { case none, srgb, gamma(Float), prophoto }
    enum Curve: Sendable, Equatable { case cbrt, labF }
    let decode: Decode
    let first: Float3x4
    let curve: Curve
    let second: Float3x4
    /// Chroma at or below which the hue becomes NaN (nil: the target has no powerless rule on plane 1).
    let powerlessChroma: Float?

    /// The shape name, e.g. `fused(decode(srgb), matrix, cbrt, matrix, rect→polar, powerless-hue)`.
    let name: String

    /// Recognizes the shape in a fused kernel list, or returns nil.
    init?(_ ks: [ConvertKernel]) {
        var k = ks[...]
        if case .zeroMissing? = k.first { k = k.dropFirst() } else { return nil }
        var d = Decode.none
        if case let .step(.decode(t))? = k.first {
            switch t {
            case .srgb: d = .srgb
            case let .gamma(g): d = .gamma(Float(g))
            case .prophoto: d = .prophoto
            }
            k = k.dropFirst()
        }
        guard k.count >= 4, case let .affine(a) = k[k.startIndex], case let .affine(b) = k[k.startIndex + 2],
              case .step(.rectToPolar) = k[k.startIndex + 3] else { return nil }
        switch k[k.startIndex + 1] {
        case .step(.cbrt): curve = .cbrt
        case .step(.labF): curve = .labF
        default: return nil
        }
        k = k.dropFirst(4)
        var pc: Float? = nil
        if case let .powerless(p)? = k.first {
            guard case let .chromaAtMost(1, t) = p.rule, p.hueIndex == 2 else { return nil }
            pc = Float(t)
            k = k.dropFirst()
        }
        guard k.isEmpty else { return nil }
        decode = d; first = a.f; second = b.f; powerlessChroma = pc
        name = "fused(" + ks.dropFirst().map(\.name).joined(separator: ", ") + ")"
    }

    /// Converts `range` (bounds multiples of 8, or the padded end) from the source planes into the destination
    /// planes; source and destination may be the same planes. Kept out of line: one self-contained loop per
    /// decode variant, with every vector function inlined (`@_transparent`) into it.
    /// - Parameter streaming: store with non-temporal stores (large outputs that do not fit in cache; the
    ///   destination must not alias the source).
    @inline(never)
    func run(_ s0: UnsafePointer<Float>, _ s1: UnsafePointer<Float>, _ s2: UnsafePointer<Float>,
             _ d0: UnsafeMutablePointer<Float>, _ d1: UnsafeMutablePointer<Float>, _ d2: UnsafeMutablePointer<Float>,
             _ range: Range<Int>, streaming: Bool = false) {
        defer { if streaming { storeFence() } }
        var i = range.lowerBound
        let end = range.upperBound
        switch decode {
        case .none:
            while i < end {
                tail(Self.zero(load8(s0, i)), Self.zero(load8(s1, i)), Self.zero(load8(s2, i)), d0, d1, d2, i, streaming)
                i &+= 8
            }
        case .srgb:
            #if arch(x86_64) && !HUEBENCH_AVX2
            // Baseline x86-64: each group of eight as two SSE halves (see `VectorMath4`), step by step
            // interleaved so that the two dependency chains overlap.
            while i < end {
                typealias V = VectorMath4
                let r0 = V.srgbDecode(load4(s0, i)), r1 = V.srgbDecode(load4(s0, i &+ 4))
                let g0 = V.srgbDecode(load4(s1, i)), g1 = V.srgbDecode(load4(s1, i &+ 4))
                let b0 = V.srgbDecode(load4(s2, i)), b1 = V.srgbDecode(load4(s2, i &+ 4))
                tail4x2(r0, g0, b0, r1, g1, b1, d0, d1, d2, i, streaming)
                i &+= 8
            }
            #else
            while i < end {
                // srgbDecode maps NaN (missing) to 0 itself.
                let r = ConvertKernel.srgbDecode(load8(s0, i))
                let g = ConvertKernel.srgbDecode(load8(s1, i))
                let b = ConvertKernel.srgbDecode(load8(s2, i))
                tail(r, g, b, d0, d1, d2, i, streaming)
                i &+= 8
            }
            #endif
        case let .gamma(y):
            while i < end {
                let r = Self.gamma(Self.zero(load8(s0, i)), y), g = Self.gamma(Self.zero(load8(s1, i)), y)
                let b = Self.gamma(Self.zero(load8(s2, i)), y)
                tail(r, g, b, d0, d1, d2, i, streaming)
                i &+= 8
            }
        case .prophoto:
            while i < end {
                let r = ConvertKernel.prophotoDecode(Self.zero(load8(s0, i)))
                let g = ConvertKernel.prophotoDecode(Self.zero(load8(s1, i)))
                let b = ConvertKernel.prophotoDecode(Self.zero(load8(s2, i)))
                tail(r, g, b, d0, d1, d2, i, streaming)
                i &+= 8
            }
        }
    }

    @_transparent static func zero(_ v: Float8) -> Float8 { VectorMath.select(v .!= v, Float8(repeating: 0), v) }
    @_transparent static func gamma(_ v: Float8, _ y: Float) -> Float8 {
        VectorMath.copysign(VectorMath.pow(VectorMath.abs(v), y), v)
    }

    #if arch(x86_64) && !HUEBENCH_AVX2
    /// `tail` on two groups of four colors (one SSE register per plane each), every step done on both groups
    /// before the next, for the baseline x86-64 build.
    @_transparent
    func tail4x2(_ r0: Float4, _ g0: Float4, _ b0: Float4, _ r1: Float4, _ g1: Float4, _ b1: Float4,
                 _ d0: UnsafeMutablePointer<Float>, _ d1: UnsafeMutablePointer<Float>, _ d2: UnsafeMutablePointer<Float>, _ i: Int,
                 _ streaming: Bool) {
        typealias V = VectorMath4
        var (x0, y0, z0) = first.apply4(r0, g0, b0)
        var (x1, y1, z1) = first.apply4(r1, g1, b1)
        switch curve {
        case .cbrt:
            x0 = V.cbrt(x0); x1 = V.cbrt(x1); y0 = V.cbrt(y0); y1 = V.cbrt(y1); z0 = V.cbrt(z0); z1 = V.cbrt(z1)
        case .labF:
            let e = Float(ColorSpace.labEpsilon), k = Float(ColorSpace.labKappa)
            x0 = V.labF(x0, eps: e, kappa: k); x1 = V.labF(x1, eps: e, kappa: k)
            y0 = V.labF(y0, eps: e, kappa: k); y1 = V.labF(y1, eps: e, kappa: k)
            z0 = V.labF(z0, eps: e, kappa: k); z1 = V.labF(z1, eps: e, kappa: k)
        }
        let (l0, a0, bb0) = second.apply4(x0, y0, z0)
        let (l1, a1, bb1) = second.apply4(x1, y1, z1)
        let c0 = V.sqrt(a0 * a0 + bb0 * bb0), c1 = V.sqrt(a1 * a1 + bb1 * bb1)
        var h0 = V.atan2Degrees(bb0, a0), h1 = V.atan2Degrees(bb1, a1)
        if let t = powerlessChroma {
            h0 = V.select(V.abs(c0) .<= t, Float4(repeating: .nan), h0)
            h1 = V.select(V.abs(c1) .<= t, Float4(repeating: .nan), h1)
        }
        if streaming {
            _mm_stream_ps(d0 + i, l0); _mm_stream_ps(d0 + (i &+ 4), l1); _mm_stream_ps(d1 + i, c0)
            _mm_stream_ps(d1 + (i &+ 4), c1); _mm_stream_ps(d2 + i, h0); _mm_stream_ps(d2 + (i &+ 4), h1)
        } else {
            store4(d0, i, l0); store4(d0, i &+ 4, l1); store4(d1, i, c0)
            store4(d1, i &+ 4, c1); store4(d2, i, h0); store4(d2, i &+ 4, h1)
        }
    }
    #endif

    /// Matrix → curve → matrix → polar → powerless, then the stores.
    @_transparent
    func tail(_ r: Float8, _ g: Float8, _ b: Float8,
              _ d0: UnsafeMutablePointer<Float>, _ d1: UnsafeMutablePointer<Float>, _ d2: UnsafeMutablePointer<Float>, _ i: Int,
              _ streaming: Bool) {
        var (x, y, z) = first.apply(r, g, b)
        switch curve {
        case .cbrt: x = VectorMath.cbrt(x); y = VectorMath.cbrt(y); z = VectorMath.cbrt(z)
        case .labF: x = ConvertKernel.labF(x); y = ConvertKernel.labF(y); z = ConvertKernel.labF(z)
        }
        let (l, a, bb) = second.apply(x, y, z)
        var (c, h) = ConvertKernel.rectToPolar(a, bb)
        if let t = powerlessChroma { h = VectorMath.select(VectorMath.abs(c) .<= t, Float8(repeating: .nan), h) }
        if streaming {
            store8Streaming(d0, i, l); store8Streaming(d1, i, c); store8Streaming(d2, i, h)
        } else {
            store8(d0, i, l); store8(d1, i, c); store8(d2, i, h)
        }
    }
}
