import Foundation
import ColorCore

/// N colors of one space stored planar (structure of arrays) in Float32: three channel planes and an
/// optional alpha plane, each 64-byte aligned and padded to a multiple of 16 lanes.
///
/// The padding lanes are kept at 0 so kernels run whole vectors over them. The buffer is a reference type made
/// to be reused: `resize(count:)` keeps the allocation when the capacity suffices. Missing components (NaN,
/// CSS `none`) are stored as NaN. It is `@unchecked Sendable`: kernels write disjoint tiles from several
/// threads; callers must not mutate one buffer from two tasks at once.
public final class ColorBuffer: @unchecked Sendable {
    /// Lanes every plane is padded to (the widest vector the kernels use).
    public static let laneMultiple = 16
    /// Byte alignment of every plane.
    public static let alignment = 64

    public var space: ColorSpaceID
    /// Number of colors.
    public private(set) var count: Int
    /// Colors the current allocation holds (a multiple of `laneMultiple`).
    public private(set) var capacity: Int
    /// Whether the alpha plane is present (absent means alpha = 1 for every color).
    public private(set) var hasAlpha: Bool
    private var base: UnsafeMutableRawPointer

    /// An empty-valued buffer of `count` colors (every channel 0).
    public init(space: ColorSpaceID, count: Int, hasAlpha: Bool = false) {
        precondition(count >= 0, "ColorBuffer count must not be negative")
        self.space = space
        self.count = count
        self.hasAlpha = hasAlpha
        self.capacity = Self.padded(count)
        self.base = Self.allocate(capacity: capacity)
    }

    /// A buffer of `count` colors whose values are left unwritten, for a kernel that writes every color next
    /// (on its own cores: the pages are first touched where they are written, never zero-filled first). Only
    /// the padding lanes (and the alpha plane, when `hasAlpha`) are set to 0.
    public init(space: ColorSpaceID, uninitializedCount count: Int, hasAlpha: Bool = false) {
        precondition(count >= 0, "ColorBuffer count must not be negative")
        self.space = space
        self.count = count
        self.hasAlpha = hasAlpha
        self.capacity = Self.padded(count)
        let p = UnsafeMutableRawPointer.allocate(byteCount: 16 * capacity, alignment: Self.alignment)
        let f = p.bindMemory(to: Float.self, capacity: 4 * capacity)
        for plane in 0..<3 { (f + plane * capacity + count).initialize(repeating: 0, count: capacity - count) }
        if hasAlpha { (f + 3 * capacity).initialize(repeating: 0, count: capacity) }
        alphaReady = hasAlpha
        self.base = p
    }

    deinit { base.deallocate() }

    /// Whether the alpha plane holds defined values (false only for an uninitialized buffer without alpha).
    private var alphaReady = true

    /// `n` rounded up to a multiple of `laneMultiple` (at least one vector).
    public static func padded(_ n: Int) -> Int { Swift.max(laneMultiple, (n + laneMultiple - 1) / laneMultiple * laneMultiple) }

    private static func allocate(capacity: Int) -> UnsafeMutableRawPointer {
        let bytes = 4 * capacity * MemoryLayout<Float>.stride
        let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: alignment)
        p.initializeMemory(as: Float.self, repeating: 0, count: 4 * capacity)
        return p
    }

    /// Sets the number of colors. Keeps the allocation when `count` fits in `capacity`; contents up to the
    /// old count survive, new colors and the padding read 0.
    public func resize(count newCount: Int, hasAlpha newAlpha: Bool? = nil) {
        precondition(newCount >= 0, "ColorBuffer count must not be negative")
        if let a = newAlpha { hasAlpha = a }
        if hasAlpha && !alphaReady { alphaPlane.update(repeating: 0, count: capacity); alphaReady = true }
        if newCount > capacity {
            let newCap = Self.padded(Swift.max(newCount, capacity * 3 / 2))
            let nb = Self.allocate(capacity: newCap)
            for plane in 0..<4 {
                (nb + plane * newCap * 4).copyMemory(from: base + plane * capacity * 4, byteCount: count * 4)
            }
            base.deallocate()
            base = nb
            capacity = newCap
        } else if newCount < count {
            for plane in 0..<4 { (self.plane(plane) + newCount).update(repeating: 0, count: count - newCount) }
        }
        count = newCount
    }

    /// Plane `i` (0, 1, 2 the channels; 3 alpha), `capacity` floats long.
    @inlinable
    public func plane(_ i: Int) -> UnsafeMutablePointer<Float> {
        planeBase.advanced(by: i * capacity)
    }

    @usableFromInline var planeBase: UnsafeMutablePointer<Float> { base.assumingMemoryBound(to: Float.self) }

    public var c0: UnsafeMutablePointer<Float> { plane(0) }
    public var c1: UnsafeMutablePointer<Float> { plane(1) }
    public var c2: UnsafeMutablePointer<Float> { plane(2) }
    /// The alpha plane (meaningful only when `hasAlpha`; read `alpha(_:)` otherwise).
    public var alphaPlane: UnsafeMutablePointer<Float> { plane(3) }

    /// Color `i` as three Floats.
    public subscript(i: Int) -> SIMD3<Float> {
        get {
            precondition(i >= 0 && i < count, "ColorBuffer index \(i) out of 0..<\(count)")
            return SIMD3(c0[i], c1[i], c2[i])
        }
        set {
            precondition(i >= 0 && i < count, "ColorBuffer index \(i) out of 0..<\(count)")
            c0[i] = newValue.x; c1[i] = newValue.y; c2[i] = newValue.z
        }
    }

    /// Alpha of color `i` (1 when the buffer has no alpha plane).
    public func alpha(_ i: Int) -> Float { hasAlpha ? alphaPlane[i] : 1 }

    /// Color `i` as a `Color` in `space` (Double).
    public func color(_ i: Int) -> Color {
        let v = self[i]
        return Color(space, Double(v.x), Double(v.y), Double(v.z), alpha: Double(alpha(i)))
    }

    /// Every color, as `Color` values.
    public func colors() -> [Color] { (0..<count).map(color) }

    /// The first color (0-based) of this buffer, the result of a conversion from `source`, whose coordinates
    /// overflowed: an infinite channel, or a NaN channel other than `hueIndex` (a powerless hue) where the source
    /// color has no missing component (NaN is otherwise how a `none` passes through). Nil when there is none.
    /// Scans eight lanes at a time with one accumulator per plane (the padding lanes are 0), on `threads`
    /// cores (0: all); a block with a suspect lane is then read per color.
    public func firstOverflow(from source: ColorBuffer, hueIndex: Int, threads: Int = 0) -> Int? {
        let n = count, block = 1 << 12
        let p0 = plane(0), p1 = plane(1), p2 = plane(2)
        let q0 = source.plane(0), q1 = source.plane(1), q2 = source.plane(2)
        let lock = NSLock()
        nonisolated(unsafe) var first = Int.max
        Parallel.forChunks(count: n, chunk: 1 << 16, threads: threads) { range in
            var start = range.lowerBound
            while start < range.upperBound {
                let end = Swift.min(range.upperBound, start + block)
                typealias M = SIMDMask<SIMD8<Int32>>
                var m0 = M(repeating: false), m1 = M(repeating: false), m2 = M(repeating: false)
                var i = start
                while i < end {
                    let a = UnsafeRawPointer(p0 + i).loadUnaligned(as: SIMD8<Float>.self)
                    let b = UnsafeRawPointer(p1 + i).loadUnaligned(as: SIMD8<Float>.self)
                    let c = UnsafeRawPointer(p2 + i).loadUnaligned(as: SIMD8<Float>.self)
                    // v − v: 0 for a finite value, NaN for ±∞ and NaN.
                    let da = a - a, db = b - b, dc = c - c
                    m0 = m0 .| (da .!= da); m1 = m1 .| (db .!= db); m2 = m2 .| (dc .!= dc)
                    i += 8
                }
                if any(m0 .| m1 .| m2) {
                    for i in start..<end {
                        let v = (p0[i], p1[i], p2[i])
                        let infinite = v.0.isInfinite || v.1.isInfinite || v.2.isInfinite
                        let sourceHasNone = q0[i].isNaN || q1[i].isNaN || q2[i].isNaN
                        let nan = (hueIndex != 0 && v.0.isNaN) || (hueIndex != 1 && v.1.isNaN) || (hueIndex != 2 && v.2.isNaN)
                        if infinite || (nan && !sourceHasNone) {
                            lock.lock(); first = Swift.min(first, i); lock.unlock()
                            return
                        }
                    }
                }
                start = end
            }
        }
        return first == Int.max ? nil : first
    }

    // MARK: Construction

    /// From `Color` values. Colors in another space than `space` are converted with the Double reference path
    /// (`workbench`), then rounded to Float. Alpha is kept when any color has alpha ≠ 1.
    /// - Complexity: O(n); one plan lookup per distinct source space.
    public convenience init(_ colors: [Color], space: ColorSpaceID? = nil, workbench: Workbench = .standard) throws {
        let target = space ?? colors.first?.space ?? .srgb
        let alpha = colors.contains { $0.alpha != 1 }
        self.init(space: target, count: colors.count, hasAlpha: alpha)
        var plans: [ColorSpaceID: ConversionPlan] = [:]
        for (i, c) in colors.enumerated() {
            var v = c.coords
            if c.space != target {
                let p: ConversionPlan
                if let cached = plans[c.space] { p = cached } else {
                    p = try workbench.spaces.plan(from: c.space, to: target); plans[c.space] = p
                }
                v = p.apply(v)
            }
            c0[i] = Float(v.x); c1[i] = Float(v.y); c2[i] = Float(v.z)
            if alpha { alphaPlane[i] = Float(c.alpha) }
        }
    }

    /// From interleaved Float32 values (3 per color, or 4 with alpha).
    /// - Complexity: O(n).
    public convenience init(interleaved data: UnsafeBufferPointer<Float>, space: ColorSpaceID, channels: Int = 3) throws {
        let n = try Self.colorCount(data.count, channels)
        self.init(space: space, count: n, hasAlpha: channels == 4)
        fill(data, channels)
    }

    /// From interleaved Float64 values (3 per color, or 4 with alpha), rounded to Float.
    /// - Complexity: O(n).
    public convenience init(interleaved data: UnsafeBufferPointer<Double>, space: ColorSpaceID, channels: Int = 3) throws {
        let n = try Self.colorCount(data.count, channels)
        self.init(space: space, count: n, hasAlpha: channels == 4)
        fill(data, channels)
    }

    public convenience init(interleaved data: [Float], space: ColorSpaceID, channels: Int = 3) throws {
        let n = try Self.colorCount(data.count, channels)
        self.init(space: space, count: n, hasAlpha: channels == 4)
        data.withUnsafeBufferPointer { fill($0, channels) }
    }

    public convenience init(interleaved data: [Double], space: ColorSpaceID, channels: Int = 3) throws {
        let n = try Self.colorCount(data.count, channels)
        self.init(space: space, count: n, hasAlpha: channels == 4)
        data.withUnsafeBufferPointer { fill($0, channels) }
    }

    private static func colorCount(_ values: Int, _ channels: Int) throws -> Int {
        guard channels == 3 || channels == 4 else {
            throw ColorKernelsError.unsupported("interleaved data needs 3 or 4 channels, got \(channels)")
        }
        guard values % channels == 0 else { throw ColorKernelsError.badInterleavedLength(count: values, channels: channels) }
        return values / channels
    }

    private func fill<T: BinaryFloatingPoint>(_ data: UnsafeBufferPointer<T>, _ channels: Int) {
        let a = c0, b = c1, c = c2, al = alphaPlane
        guard let d = data.baseAddress else { return }
        for i in 0..<count {
            let k = i &* channels
            a[i] = Float(d[k]); b[i] = Float(d[k &+ 1]); c[i] = Float(d[k &+ 2])
            if channels == 4 { al[i] = Float(d[k &+ 3]) }
        }
    }

    /// The colors as interleaved Float32 (3 per color, 4 with alpha).
    public func interleaved(includeAlpha: Bool = false) -> [Float] {
        let ch = includeAlpha ? 4 : 3
        let n = count, a = c0, b = c1, c = c2, al = alphaPlane, alpha = hasAlpha
        return [Float](unsafeUninitializedCapacity: n * ch) { out, initialized in
            guard let o = out.baseAddress else { initialized = 0; return }
            for i in 0..<n {
                let k = i &* ch
                o[k] = a[i]; o[k &+ 1] = b[i]; o[k &+ 2] = c[i]
                if includeAlpha { o[k &+ 3] = alpha ? al[i] : 1 }
            }
            initialized = n * ch
        }
    }

    /// Copies count, space, channels and alpha of `other` into this buffer (reusing the allocation when it fits).
    public func assign(_ other: ColorBuffer) {
        resize(count: other.count, hasAlpha: other.hasAlpha)
        space = other.space
        for p in 0..<4 { plane(p).update(from: other.plane(p), count: other.count) }
    }
}
