import Foundation

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
    /// The most lightness entries kept (56 bytes each plus 8 bytes of index).
    public let limit: Int
    private(set) var count = 0
    private var capacity = 0, mask = 0
    private var keys: UnsafeMutablePointer<SIMD3<UInt64>>
    /// L, then linear sRGB r, g, b.
    private var values: UnsafeMutablePointer<SIMD4<Double>>
    private var slots: UnsafeMutablePointer<Int32>
    /// Display P3 caps by (L\* bits, rounded hue bits).
    private var caps: [SIMD2<UInt64>: Double] = [:]

    public init(limit: Int = 1 << 18) {
        self.limit = max(limit, 0)
        keys = .allocate(capacity: 1); values = .allocate(capacity: 1); slots = .allocate(capacity: 1)
        grow(to: 1024)
    }

    deinit { keys.deallocate(); values.deallocate(); slots.deallocate() }

    private func grow(to newCapacity: Int) {
        let oldKeys = keys, oldValues = values, old = count
        keys = .allocate(capacity: newCapacity); values = .allocate(capacity: newCapacity)
        keys.initialize(from: oldKeys, count: old); values.initialize(from: oldValues, count: old)
        oldKeys.deallocate(); oldValues.deallocate()
        slots.deallocate()
        capacity = newCapacity
        mask = 2 * newCapacity - 1
        slots = .allocate(capacity: 2 * newCapacity)
        slots.initialize(repeating: -1, count: 2 * newCapacity)
        for i in 0..<old {
            let k = keys[i]
            var p = DistinctIndex.hash(k.x, k.y, k.z) & mask
            while slots[p] >= 0 { p = (p + 1) & mask }
            slots[p] = Int32(i)
        }
    }

    /// The stored (L, r, g, b) for the key's bits, or nil. `hash` is `DistinctIndex.hash(k.x, k.y, k.z)`.
    @inline(__always)
    func lightness(_ k: SIMD3<UInt64>, hash: Int) -> SIMD4<Double>? {
        var p = hash & mask
        while true {
            let s = slots[p]
            if s < 0 { return nil }
            if keys[Int(s)] == k { return values[Int(s)] }
            p = (p + 1) & mask
        }
    }

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
        for (k, c) in p.caps { caps[k] = c }
        for (k, h, v) in p.lightness {
            guard count < limit else { break }
            if count == capacity { grow(to: min(2 * capacity, max(limit, 1024))) }
            var q = h & mask
            var found = false
            while slots[q] >= 0 {
                if keys[Int(slots[q])] == k { found = true; break }
                q = (q + 1) & mask
            }
            if found { continue }
            keys[count] = k; values[count] = v
            slots[q] = Int32(count)
            count += 1
        }
        p.lightness.removeAll(keepingCapacity: true); p.caps.removeAll(keepingCapacity: true)
    }
}
