/// Tolerance comparison with the numbers in the failure message.
public enum Tolerance {
    /// |a − b| ≤ absolute + relative·|b| (NaN equals NaN: a missing component stays missing).
    public static func close(_ a: Double, _ b: Double, absolute: Double = 0, relative: Double = 0) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        return Swift.abs(a - b) <= absolute + relative * Swift.abs(b)
    }

    /// Every lane `close`.
    public static func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>, absolute: Double = 0, relative: Double = 0) -> Bool {
        (0..<3).allSatisfy { close(a[$0], b[$0], absolute: absolute, relative: relative) }
    }
}
