import Foundation

/// An insert-only table of exact results keyed by the bits of their inputs, bounded in size: lookups may run
/// on many cores while nothing is inserted; `insert` runs on one thread between those phases. Past `limit`
/// entries nothing more is stored (callers compute what they do not find), so memory stays bounded whatever
/// the input. Keys hash with `DistinctIndex.hash` (the caller passes the hash it already made).
final class ExactTable<Key: Equatable, Value>: @unchecked Sendable {
    let limit: Int
    private(set) var count = 0
    private var capacity = 0, mask = 0
    private var keys: UnsafeMutablePointer<Key>, values: UnsafeMutablePointer<Value>
    private var hashes: UnsafeMutablePointer<Int>
    private var slots: UnsafeMutablePointer<Int32>

    init(limit: Int) {
        self.limit = max(limit, 0)
        keys = .allocate(capacity: 1); values = .allocate(capacity: 1); hashes = .allocate(capacity: 1)
        slots = .allocate(capacity: 1)
        grow(to: min(1024, max(self.limit, 1)))
    }

    deinit {
        keys.deinitialize(count: count); values.deinitialize(count: count)
        keys.deallocate(); values.deallocate(); hashes.deallocate(); slots.deallocate()
    }

    private func grow(to newCapacity: Int) {
        let (ok, ov, oh) = (keys, values, hashes)
        keys = .allocate(capacity: newCapacity); values = .allocate(capacity: newCapacity)
        hashes = .allocate(capacity: newCapacity)
        keys.moveInitialize(from: ok, count: count); values.moveInitialize(from: ov, count: count)
        hashes.moveInitialize(from: oh, count: count)
        ok.deallocate(); ov.deallocate(); oh.deallocate(); slots.deallocate()
        capacity = newCapacity
        var s = 16
        while s < 2 * newCapacity { s <<= 1 }
        mask = s - 1
        slots = .allocate(capacity: s)
        slots.initialize(repeating: -1, count: s)
        for i in 0..<count {
            var p = hashes[i] & mask
            while slots[p] >= 0 { p = (p + 1) & mask }
            slots[p] = Int32(i)
        }
    }

    /// The value stored for `key`, or nil.
    @inline(__always)
    func find(_ key: Key, hash: Int) -> Value? {
        var p = hash & mask
        while true {
            let s = slots[p]
            if s < 0 { return nil }
            if keys[Int(s)] == key { return values[Int(s)] }
            p = (p + 1) & mask
        }
    }

    /// Stores `value` for `key` unless the key is present or the table is full (one thread, no lookups running).
    func insert(_ key: Key, hash: Int, _ value: Value) {
        guard count < limit else { return }
        if count == capacity { grow(to: min(2 * capacity, limit)) }
        var p = hash & mask
        while slots[p] >= 0 {
            if keys[Int(slots[p])] == key { return }
            p = (p + 1) & mask
        }
        (keys + count).initialize(to: key); (values + count).initialize(to: value); hashes[count] = hash
        slots[p] = Int32(count)
        count += 1
    }
}

/// Solves shared by every block of one sweep on the `lightnessStarCap` path: the Display P3 chroma cap of each
/// (L\*, hue) and the lightness (with its linear sRGB) of each (Y, a, b) already solved. A sweep of many
/// variants repeats the same stops block after block (a parameter that moves only some stops, a requested
/// chroma under the cap for many margins), so each is solved once per sweep, not once per block.
///
/// Entries are exact: keyed by the bits of their inputs, holding the bits the solve returned, so a result
/// is the same with or without the cache. Lookups run on all cores while nothing is inserted; new entries
/// are added between tiles on one thread (`merge`). Memory is bounded: past `limit` lightness entries
/// nothing more is stored (the solves still run).
public final class GenerationCache: @unchecked Sendable {
    /// The most lightness entries kept (about 90 bytes each with the index: 2¹⁶, about 6 MB).
    public let limit: Int
    /// (Y, a, b) bits → (L, linear sRGB r, g, b).
    let lightness: ExactTable<SIMD3<UInt64>, SIMD4<Double>>
    /// Display P3 caps by (L\* bits, rounded hue bits).
    private var caps: [SIMD2<UInt64>: Double] = [:]

    /// Lightness entries stored so far.
    public var count: Int { lightness.count }

    public init(limit: Int = 1 << 16) {
        self.limit = max(limit, 0)
        lightness = ExactTable(limit: self.limit)
    }

    /// The stored (L, r, g, b) for the key's bits, or nil. `hash` is `DistinctIndex.hash(k.x, k.y, k.z)`.
    @inline(__always)
    func lightness(_ k: SIMD3<UInt64>, hash: Int) -> SIMD4<Double>? { lightness.find(k, hash: hash) }

    /// The stored cap of (L\* bits, hue bits), or nil.
    @inline(__always)
    func cap(_ k: SIMD2<UInt64>) -> Double? { caps[k] }

    /// Solves found by one core during a tile, added by `merge` after it.
    final class Pending: @unchecked Sendable {
        var lightness: [(key: SIMD3<UInt64>, hash: Int, value: SIMD4<Double>)] = []
        var caps: [(key: SIMD2<UInt64>, cap: Double)] = []
        let lock = NSLock()
        func add(_ l: [(key: SIMD3<UInt64>, hash: Int, value: SIMD4<Double>)], _ c: [(key: SIMD2<UInt64>, cap: Double)]) {
            lock.lock(); lightness += l; caps += c; lock.unlock()
        }
    }

    /// Adds the pending entries (one thread, no lookups running).
    func merge(_ p: Pending) {
        if caps.count < 1 << 16 { for (k, c) in p.caps { caps[k] = c } }
        for (k, h, v) in p.lightness { lightness.insert(k, hash: h, v) }
        p.lightness.removeAll(keepingCapacity: true); p.caps.removeAll(keepingCapacity: true)
    }
}
