/// An open-addressing index of distinct keys by an element index: `find` returns the index first stored for a
/// key equal to the candidate's, or stores the candidate. The caller hashes the key's bits and says when two
/// indices hold equal keys; the table holds only `Int32` indices (−1: empty), at most half full.
struct DistinctIndex {
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int

    /// A table for up to `capacity` distinct keys.
    init(capacity: Int) {
        var c = 16
        while c < 2 * capacity { c <<= 1 }
        slots = .allocate(capacity: c)
        slots.initialize(repeating: -1, count: c)
        mask = c - 1
    }

    func deallocate() { slots.deallocate() }

    /// A 64-bit mix of up to six words (splitmix64's finalizer between words).
    @inline(__always)
    static func hash(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64 = 0, _ w4: UInt64 = 0, _ w5: UInt64 = 0) -> Int {
        @inline(__always) func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
            var z = (h ^ w) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let h = mix(mix(mix(mix(mix(mix(0x9E37_79B9_7F4A_7C15, w0), w1), w2), w3), w4), w5)
        return Int(truncatingIfNeeded: h)
    }

    /// The index stored for a key equal to candidate `i`'s (`same(j)`: index j holds an equal key), or `i` after
    /// storing it.
    @inline(__always)
    func find(hash: Int, _ i: Int32, same: (Int32) -> Bool) -> Int32 {
        var p = hash & mask
        while true {
            let s = slots[p]
            if s < 0 { slots[p] = i; return i }
            if same(s) { return s }
            p = (p + 1) & mask
        }
    }
}
