/// The seeded generator every test draws its inputs from (the benchmarks use the same one): SplitMix64
/// (Steele, Lea, Flood 2014, "Fast splittable pseudorandom number generators"; constants of Vigna's
/// splitmix64.c). Same seed, same sequence, on every machine, so a failure reproduces.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// One element of a non-empty array, uniformly (modulo bias below 2⁻⁶⁰ for test-sized arrays).
    public mutating func pick<T>(_ a: [T]) -> T { a[Int(next() % UInt64(a.count))] }
}
