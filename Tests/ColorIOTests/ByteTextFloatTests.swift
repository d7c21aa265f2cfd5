import Testing
import HuebenchTestSupport
@testable import ColorIO

/// `ByteText.appendShortest(Float)` must print exactly what `Float.description` prints (matrix CSV files are
/// byte-identical to formatting each value as a String), through its own integer path and its fallbacks.
@Suite struct ByteTextFloatTests {
    static func text(_ v: Float) -> String {
        let b = ByteText(capacity: 8)
        b.appendShortest(v)
        return String(decoding: b.bytes, as: UTF8.self)
    }

    /// Edge cases: zeros, the notation switches (10⁻⁴ and 2²⁴) and their neighbours, powers of ten and two
    /// with their neighbours, subnormals, the extremes of the integer path (2⁻⁶⁴, 2⁹⁶), max and min.
    static let edges: [Float] = {
        var v: [Float] = [0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 21, 4.5, 1.05, 7.3, 107.88, -108.4,
                          16_777_215, 16_777_216, 16_777_218, 33_554_432, 0.0001, 0.00011, 9.9e-5, 1e-5, 1.5e-5,
                          .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude,
                          .leastNonzeroMagnitude, .leastNormalMagnitude.nextDown, 0x1p-64, 0x1p96, 0x1p-9, 0x1p26,
                          .infinity, -.infinity, 8_388_608, 8_388_609, 12_345_678, 123_456_789, 1e9]
        for e in -45...38 {
            let p = Float("1e\(e)")!
            v += [p, p.nextUp, p.nextDown, -p]
        }
        var f = Float.leastNonzeroMagnitude
        while f.isFinite { v += [f, f.nextUp, f.nextDown]; f *= 2 }
        for bits: UInt32 in [1, 2, 3, 0x7F_FFFF, 0x40_0000, 0x12_3456] { v.append(Float(bitPattern: bits)) }  // subnormals
        return v
    }()

    @Test func edgeCasesMatchDescription() {
        let bad = Self.edges.filter { Self.text($0) != $0.description }.map { "\($0.bitPattern): \(Self.text($0)) vs \($0.description)" }
        #expect(bad.isEmpty, "\(bad.prefix(10))")
        #expect(Self.text(16_777_216) == "16777216.0" && Self.text(16_777_218) == "1.6777218e+07")
        #expect(Self.text(0.0001) == "0.0001" && Self.text(Float(0.0001).nextDown) == "9.999999e-05")
        #expect(Self.text(-0.0) == "-0.0" && Self.text(.leastNonzeroMagnitude) == "1e-45")
        #expect(Self.text(.greatestFiniteMagnitude) == "3.4028235e+38" && Self.text(1.0 / 3) == "0.33333334")
    }

    /// Seeded random bit patterns (every magnitude, both signs) and values in the ranges matrices hold.
    @Test func randomValuesMatchDescription() {
        var g = SplitMix64(seed: 11)
        var bad: [String] = [], integerPath = 0
        for k in 0..<400_000 {
            let v: Float
            switch k % 4 {
            case 0: v = Float(bitPattern: UInt32(truncatingIfNeeded: g.next()))
            case 1: v = Float(g.unit() * 230 - 115)  // APCA Lc
            case 2: v = Float(1 + g.unit() * 20)  // WCAG ratios
            default: v = Float(g.unit() * 0.01)  // small ΔE, near the fixed/exponential switch
            }
            guard !v.isNaN else { continue }
            if ByteText.shortestDigits(v.bitPattern) != nil { integerPath += 1 }
            let t = Self.text(v)
            if t != v.description { bad.append("\(v.bitPattern): \(t) vs \(v.description)") }
        }
        #expect(bad.isEmpty, "\(bad.count) mismatches, e.g. \(bad.prefix(10))")
        #expect(integerPath > 300_000)  // the integer path, not the fallback, wrote most of them
    }

    /// A row: values separated, NaN as `nan` (any sign), one text per value as `description` writes it.
    @Test func rowsSeparateValuesAndWriteNaN() {
        let values: [Float] = [1.5, -.nan, 0.1, .nan, 16_777_218, -0.0, 4.54e-5]
        let b = ByteText(capacity: 4)
        values.withUnsafeBufferPointer { b.appendShortest($0.baseAddress!, count: $0.count, separator: 44) }
        #expect(String(decoding: b.bytes, as: UTF8.self) == "1.5,nan,0.1,nan,1.6777218e+07,-0.0,4.54e-05")
        let empty = ByteText(capacity: 4)
        values.withUnsafeBufferPointer { empty.appendShortest($0.baseAddress!, count: 0, separator: 44) }
        #expect(empty.isEmpty)
    }
}
