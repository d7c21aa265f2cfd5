import Foundation
import Testing
import HuebenchTestSupport
@testable import ColorIO

/// `ByteText` must print exactly what `String(format: "%.Nf")` and `Double.description` print: the streaming
/// commands' JSON is byte-identical to the String-based formatting they replace.
@Suite struct ByteTextTests {
    static func text(_ f: (ByteText) -> Void) -> String {
        let b = ByteText(capacity: 8)
        f(b)
        return String(decoding: b.bytes, as: UTF8.self)
    }

    /// Values that stress rounding: exact binary halves at the printed digit, values near them, huge, tiny,
    /// subnormal, negative zero, integers, and seeded random values over many magnitudes.
    static let values: [Double] = {
        var v: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1e-7, 5e-8, -5e-8, 0.00000005, 0.12345675,
                           1.00000005, 0.99999995, 147.65846247725352, 360, 359.99999999, 4294967295.5, 1e15, 1e21,
                           1.5e300, -1.5e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0x1p70, 0x1p69 + 0.5,
                           123456789.123456789, 20.999999999999996, 0.1, 0.2, 0.3]
        var g = SplitMix64(seed: 7)
        for _ in 0..<4000 {
            let m = g.unit() * 2 - 1
            let e = Int(g.next() % 40) - 20
            v.append(m * pow(10, Double(e)))
        }
        for _ in 0..<2000 {  // exact halves of the 7th and 2nd decimal: k/2^n with small n
            let k = Double(g.next() % 100_000_000), n = Double(g.next() % 12)
            v.append(k / pow(2, n) / 1e5)
            v.append(Double(g.next() % 1000) + 0.125)
        }
        return v
    }()

    @Test func fixedMatchesPrintf() {
        var mismatches: [String] = []
        for d in [0, 1, 2, 4, 6, 7, 10, 17] {
            for v in Self.values where abs(v) < 0x1p70 {
                let ours = Self.text { $0.appendFixed(v, decimals: d) }
                let c = String(format: "%.\(d)f", v)
                if ours != c { mismatches.append("\(v) %.\(d)f: \(ours) vs \(c)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(Self.text { $0.appendFixed(.nan, decimals: 2) } == "nan")
        #expect(Self.text { $0.appendFixed(-.infinity, decimals: 2) } == "-inf")
        let b = ByteText()
        #expect(!b.appendFixed(0x1p71, decimals: 2) && b.isEmpty, "too large: the caller formats it")
    }

    /// `%{w}.{d}f` with the sign of a value that rounds to zero dropped: the streams' right-aligned columns.
    @Test func rightAlignedFixedMatchesPrintf() {
        var mismatches: [String] = []
        for d in [0, 2, 4, 7, 12] {
            for v in Self.values + [.nan, .infinity, -.infinity, -1e-9, -0.004] {
                let ours = Self.text { $0.appendFixedText(v, decimals: d, width: 12) }
                var c = v.isNaN ? "nan" : String(format: "%.\(d)f", v)
                if c.hasPrefix("-") && c.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { c.removeFirst() }
                c = String(repeating: " ", count: max(0, 12 - c.count)) + c
                if ours != c { mismatches.append("\(v) %12.\(d)f: '\(ours)' vs '\(c)'") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(Self.text { $0.appendFixedText(-0.000000001, decimals: 7, width: 12) } == "   0.0000000")
        #expect(Self.text { $0.appendFixedText(-12.5, decimals: 2, width: 4) } == "-12.50", "wider than the field")
    }

    /// A text table's column: `%12.7f` below 10¹⁵ (the coordinate columns: `-1234.5000000` is 13 bytes wide),
    /// the shortest round trip from there (`Double.description`: a 1e300 coordinate printed 301 digits), and
    /// always a space before it, so that columns never run together.
    @Test func columnsKeepASpaceAndUseExponentsForHugeValues() {
        let cases: [(Double, String)] = [
            (0.5, "   0.5000000"), (-0.000000001, "   0.0000000"), (1234.5, "1234.5000000".withSpace),
            (-1234.5, "-1234.5000000".withSpace), (319838.2490046, "319838.2490046".withSpace),
            (999_999_999_999_999, "999999999999999.0000000".withSpace), (1e15, "1000000000000000.0".withSpace),
            (1e16, "       1e+16"),
            (1e300, "      1e+300"), (-1.0032453730213623e100, "-1.0032453730213623e+100".withSpace),
            (.infinity, "         inf"), (-.infinity, "        -inf"),
        ]
        for (v, want) in cases {
            #expect(Self.text { $0.appendColumn(v, decimals: 7, width: 12) } == want, "\(v)")
        }
        #expect(Self.text { $0.appendColumn(21, decimals: 2, width: 10) } == "     21.00")
        #expect(Self.text { $0.appendColumn(952380952.38, decimals: 2, width: 10) } == " 952380952.38")
        #expect(Self.text { $0.appendColumn(9.5238095238e302, decimals: 2, width: 10) } == " 9.5238095238e+302")
    }

    /// `%.{d}f` with trailing zeros and point dropped and `-0` as `0` (CSS numbers).
    @Test func trimmedFixedMatchesPrintf() {
        var mismatches: [String] = []
        for d in [0, 3, 5, 8, 12] {
            for v in Self.values where abs(v) < 0x1p70 {
                let ours = Self.text { #expect($0.appendFixedTrimmed(v, decimals: d)) }
                var c = String(format: "%.\(d)f", v)
                if c.contains(".") { while c.hasSuffix("0") { c.removeLast() }; if c.hasSuffix(".") { c.removeLast() } }
                if c == "-0" { c = "0" }
                if ours != c { mismatches.append("\(v) %.\(d)f trimmed: \(ours) vs \(c)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(Self.text { _ = $0.appendFixedTrimmed(0.5, decimals: 5) } == "0.5")
        #expect(Self.text { _ = $0.appendFixedTrimmed(-0.000001, decimals: 5) } == "0")
        let b = ByteText()
        #expect(!b.appendFixedTrimmed(.nan, decimals: 2) && !b.appendFixedTrimmed(0x1p71, decimals: 0) && b.isEmpty)
    }

    /// Numbers in [0, 400] from their seven-decimal units: the `%12.7f` column and the CSS number (six significant
    /// digits, trailing zeros dropped, `0` below 5·10⁻⁷) against `String(format:)`, on uniform values in [0, 1] and
    /// [0, 400], values next to the halves of the 7th to 3rd decimals, to 0.01, 0.1, 1, 10, 100 and 5·10⁻⁷, and
    /// short decimals.
    @Test func sevenDecimalFormsMatchPrintf() {
        var g = SplitMix64(seed: 0x0417)
        var values: [Double] = [0, -0.0, 1, 0.1, 0.01, 5e-7, 4.5e-7, 5.5e-7, 0.99999995, 0.999999949, 0.10000005,
                                0.1000000500001, 0.09999995, 0.0100000500001, 0.00999995, 0.123456750, 0.12345675000001,
                                0.1234564999999, 0.5, 0.25, 0.351002, 0.0629371, 1e-300, .leastNonzeroMagnitude,
                                10, 100, 400, 9.99999995, 9.999999949, 10.00000004, 99.999999951, 99.99999996, 100.00000004,
                                9.9999996, 99.999996, 29.2338851, 359.9999999, 123.4565, 12.34565, 1.234565, 12.5, 300]
        let edges = values.count
        for _ in 0..<20_000 { values.append(g.unit()) }
        for _ in 0..<20_000 { values.append(400 * g.unit()) }
        for _ in 0..<5_000 {
            let k = Double(g.next() % 10_000_000)
            values.append((k + 0.5) / 1e7)                      // a half of the 7th decimal (as near as binary gets)
            values.append((k + 0.5) / 1e7 + 1e-15)
            values.append((Double(g.next() % 1_000_000) + 0.5) / 1e6 + (g.unit() - 0.5) * 1e-8)  // the 6th decimal's
            // The halves of the 5th, 4th and 3rd decimals (the CSS number of values in [1, 10), [10, 100), [100, 400)).
            values.append(1 + (Double(g.next() % 900_000) + 0.5) / 1e5 + (g.unit() - 0.5) * 1e-9)
            values.append(10 + (Double(g.next() % 900_000) + 0.5) / 1e4 + (g.unit() - 0.5) * 1e-8)
            values.append(100 + (Double(g.next() % 300_000) + 0.5) / 1e3 + (g.unit() - 0.5) * 1e-7)
            values.append(Double(g.next() % 1000) / 1000)        // short decimals: trailing zeros
            values.append(Double(g.next() % 40_000) / 100)
            values.append(g.unit() * 0.1)
            values.append(g.unit() * 1e-5)
        }
        var mismatches: [String] = [], fixed = 0, css = 0
        for (i, v) in values.enumerated() {
            guard let u = ByteText.sevenDecimalUnits(v) else { continue }
            let uniform = i >= edges && i < edges + 40_000
            if uniform { fixed += 1 }
            let column = String(format: "%12.7f", v == 0 ? 0 : v)  // (the column drops the sign of a zero)
            let ours = Self.text { $0.appendFixed7(u) }
            if ours != column { mismatches.append("\(v) column: '\(ours)' vs '\(column)'") }
            var written = false
            let number = Self.text { written = $0.appendSignificant6(v, units: u) }
            guard written else { continue }
            if uniform { css += 1 }
            var c = "0"
            if abs(v) >= 5e-7 {
                c = String(format: "%.\(5 - Int(floor(log10(v))))f", v)
                while c.hasSuffix("0") { c.removeLast() }
                if c.hasSuffix(".") { c.removeLast() }
            }
            if number != c { mismatches.append("\(v) css: \(number) vs \(c)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // The forms cover nearly every uniform value (the rest go to the general writers).
        #expect(fixed > 39_800 && css > 39_000, "fixed \(fixed), css \(css) of 40,000 uniform values")
        #expect(ByteText.sevenDecimalUnits(-1e-9) == nil && ByteText.sevenDecimalUnits(400.0000001) == nil
                && ByteText.sevenDecimalUnits(.nan) == nil && ByteText.sevenDecimalUnits(0.12345675) == nil
                && ByteText.sevenDecimalUnits(.infinity) == nil)
        #expect(Self.text { $0.appendFixed7(ByteText.sevenDecimalUnits(1)!) } == "   1.0000000")
        #expect(Self.text { $0.appendFixed7(ByteText.sevenDecimalUnits(359.25)!) } == " 359.2500000")
        #expect(Self.text { $0.appendFixed7(ByteText.sevenDecimalUnits(29.2338851)!) } == "  29.2338851")
        // Next to a power of ten from 0.1 up, v rounds to the power from either side; below, it may not.
        #expect(Self.text { _ = $0.appendSignificant6(0.1, units: ByteText.sevenDecimalUnits(0.1)!) } == "0.1")
        #expect(Self.text { _ = $0.appendSignificant6(9.99999996, units: 100_000_000) } == "10")
        #expect(Self.text { _ = $0.appendSignificant6(100.00000004, units: 1_000_000_000) } == "100")
        let b = ByteText()
        #expect(!b.appendSignificant6(0.001, units: 10_000) && !b.appendSignificant6(5e-7, units: 5) && b.isEmpty,
                "v next to 0.001, or to 5·10⁻⁷")
        #expect(Self.text { _ = $0.appendSignificant6(5.5e-6, units: 55) } == "0.0000055")
        #expect(Self.text { _ = $0.appendSignificant6(0.0012345678, units: 12_346) } == "0.00123457")
        #expect(Self.text { _ = $0.appendSignificant6(29.2338851, units: 292_338_851) } == "29.2339")
        #expect(Self.text { _ = $0.appendSignificant6(359.99999, units: 3_599_999_900) } == "360")
        #expect(Self.text { _ = $0.appendSignificant6(120.5, units: 1_205_000_000) } == "120.5")
        // The dropped digits are a half: v itself is rounded; not certain within 10⁻⁶ of the half (0.1234565).
        #expect(Self.text { _ = $0.appendSignificant6(0.12345652, units: 1_234_565) } == "0.123457")
        #expect(Self.text { _ = $0.appendSignificant6(0.12345648, units: 1_234_565) } == "0.123456")
        #expect(Self.text { _ = $0.appendSignificant6(123.45650004, units: 1_234_565_000) } == "123.457")
        #expect(Self.text { _ = $0.appendSignificant6(123.45649996, units: 1_234_565_000) } == "123.456")
        #expect(!b.appendSignificant6(0.1234565, units: 1_234_565) && b.isEmpty)
    }

    /// The exact shortest path (10⁻⁴ ≤ |v| < 2⁵³) against Swift's `description` on 300,000 seeded doubles: random
    /// bit patterns, uniform values, eight-bit fractions, values near powers of ten and two, and color math.
    @Test func shortestFixedRangeMatchesDescription() {
        var g = SplitMix64(seed: 0x5407)
        var v: [Double] = [0.0001, 0.0001.nextDown, 0.0001.nextUp, 0x1p53.nextDown, 0.1, 0.2, 0.3, 1, 5, 100, 0.5,
                           1234567.5, 999999999999999.9, 9007199254740991, 147.65846247725352, 20.999999999999996]
        for e in -4...15 {
            let p = pow(10, Double(e))
            v += [p, p.nextUp, p.nextDown, p * 1.5]
        }
        for e in -13...52 { let p = Double(sign: .plus, exponent: e, significand: 1); v += [p, p.nextUp, p.nextDown] }
        for k in 0...255 { v += [Double(k) / 255, pow((Double(k) / 255 + 0.055) / 1.055, 2.4)] }
        for _ in 0..<100_000 {
            // Random bit patterns with exponents over the whole range.
            let field = UInt64(1023 - 14 + Int(g.next() % 67))
            v.append(Double(bitPattern: field << 52 | g.next() & ((1 << 52) - 1)))
            v.append(g.unit() * pow(10, Double(Int(g.next() % 12)) - 3))
            v.append(cbrt(g.unit()) * 360)
        }
        var mismatches: [String] = [], fast = 0
        for x in v {
            for y in [x, -x] {
                let ours = Self.text { if $0.appendShortestFixed(y) { fast += 1 } else { $0.appendShortest(y) } }
                if ours != y.description { mismatches.append("\(y.bitPattern): \(ours) vs \(y.description)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
        #expect(fast > 500_000, "the exact path took \(fast) of \(2 * v.count)")
        #expect(!ByteText().appendShortestFixed(1e-5) && !ByteText().appendShortestFixed(0x1p53) && !ByteText().appendShortestFixed(.nan))
    }

    /// The eight-digit writers (bytes in memory, word in a register) on every four-digit value in each half, with
    /// the other half at its extremes.
    @Test func eightDigitsMatchDecimalText() {
        var mismatches: [String] = []
        var buffer = [UInt8](repeating: 0, count: 8)
        for x in 0..<10_000 {
            for v in [UInt32(x) * 10_000, UInt32(x) * 10_000 + 9_999, UInt32(x), 99_990_000 + UInt32(x), UInt32(x) * 10_001] {
                buffer.withUnsafeMutableBufferPointer { ByteText.writeEight(v, at: $0.baseAddress!) }
                let text = String(decoding: buffer, as: UTF8.self)
                let want = String(repeating: "0", count: 8 - String(v).count) + String(v)
                if text != want { mismatches.append("\(v): \(text)") }
                let word = ByteText.eightDigits(v).littleEndian
                let inRegister = String(decoding: withUnsafeBytes(of: word) { Array($0) }, as: UTF8.self)
                if inRegister != want { mismatches.append("eightDigits(\(v)): \(inRegister)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Swift's fixed notation at every digit count and point position of the shortest path: the digits of q
    /// placed around the point (whole part, fraction, leading and trailing zeros), signs, and the digit-by-digit
    /// form for the positions outside the fast range.
    @Test func shortestDigitPlacement() {
        var mismatches: [String] = []
        var g = SplitMix64(seed: 0x17)
        for digits in 1...17 {
            for _ in 0..<40 {
                var q = g.next() % ByteText.pow10(digits)
                if q < ByteText.pow10(digits - 1) { q += ByteText.pow10(digits - 1) }
                if q % 10 == 0 { q += 1 }
                for exponent in -24...4 {
                    let point = digits + exponent
                    guard point >= -10 && point <= 17 else { continue }
                    var want = String(q)
                    if point <= 0 { want = "0." + String(repeating: "0", count: -point) + want }
                    else if point >= digits { want += String(repeating: "0", count: point - digits) + ".0" }
                    else { want.insert(".", at: want.index(want.startIndex, offsetBy: point)) }
                    for negative in [false, true] {
                        let ours = Self.text { $0.writeShortest(q, exponent: exponent, negative: negative) }
                        if ours != (negative ? "-" : "") + want { mismatches.append("\(q)e\(exponent): \(ours) vs \(want)") }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
        #expect(Self.text { $0.writeShortest(1_250, exponent: -2, negative: false) } == "12.5", "trailing zeros of q dropped")
    }

    @Test func shortestMatchesDescription() {
        for v in Self.values + [.nan, .infinity, -.infinity, 1e-5, 5e16] {
            #expect(Self.text { $0.appendShortest(v) } == v.description)
        }
    }

    @Test func jsonNumbersAndStrings() {
        #expect(Self.text { $0.appendJSONNumber(.nan) } == "null")
        #expect(Self.text { $0.appendJSONNumber(-.infinity) } == "null")
        #expect(Self.text { $0.appendJSONNumber(-0.0) } == "0")
        #expect(Self.text { $0.appendJSONNumber(100) } == "100")
        #expect(Self.text { $0.appendJSONNumber(1e15) } == 1e15.description)
        #expect(Self.text { $0.appendJSONNumber(5e16) } == "5e+16")
        #expect(Self.text { $0.appendJSONNumber(0.1) } == "0.1")
        #expect(Self.text { $0.appendJSONString("a\"b\\c\n\t\r\u{1}é") } == "\"a\\\"b\\\\c\\n\\t\\r\\u0001é\"")
    }

    /// JSON strings of every short length with each escaped byte (and bytes just beside them: 0x1F/0x20,
    /// 0x21/0x23, 0x5B/0x5D, 0x7F, UTF-8) at every position, against `JSONText.string`.
    @Test func jsonStringsOfEveryShortLengthMatchJSONText() {
        var mismatches: [String] = []
        let specials: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0xC3]
        for n in 0...20 {
            for position in 0..<max(n, 1) {
                for special in specials {
                    var bytes = (0..<n).map { UInt8(0x61 + $0 % 26) }
                    if n > 0 { bytes[position] = special; if special == 0xC3 && position + 1 < n { bytes[position + 1] = 0xA9 } }
                    let text = String(decoding: bytes, as: UTF8.self)
                    guard Array(text.utf8) == bytes else { continue }  // (a cut UTF-8 sequence is not a String)
                    let ours = Self.text { b in bytes.withUnsafeBufferPointer { b.appendJSONString($0) } }
                    if ours != JSONText.string(text) { mismatches.append("\(bytes): \(ours)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
        #expect(Self.text { $0.appendJSONNumber(123456789012345) } == "123456789012345")
        #expect(Self.text { $0.appendJSONNumber(-7) } == "-7")
        #expect(Self.text { $0.appendJSONNumber(0.5) } == "0.5")
        for v in [999999999999999.5, 4503599627370495.5, 0.999999999999, 2.0.nextUp, 1e15.nextDown] {
            #expect(Self.text { $0.appendJSONNumber(v) } == v.description, "not integral: the shortest form")
        }
    }

    @Test func alignmentAndIntegers() {
        #expect(Self.text { b in b.append("x"); let s = b.count; b.append("12"); b.alignRight(from: s, width: 5) } == "x   12")
        #expect(Self.text { b in let s = b.count; b.append("123456"); b.alignRight(from: s, width: 3) } == "123456")
        #expect(Self.text { b in b.append("ab"); b.padRight(from: 0, width: 4); b.append("|") } == "ab  |")
        #expect(Self.text { $0.appendInt(Int.min) } == String(Int.min))
        #expect(Self.text { $0.appendInt(0) } == "0")
        #expect(Self.text { b in b.append("1.2500"); b.trimFractionZeros(from: 0) } == "1.25")
        #expect(Self.text { b in b.append("100"); b.trimFractionZeros(from: 0) } == "100")
        // Growth past the initial capacity keeps every byte.
        let big = Self.text { b in for i in 0..<10_000 { b.appendInt(i % 10) } }
        #expect(big.count == 10_000 && big.hasSuffix("6789"))
    }
}

/// The block line reader: line splitting, CRLF, a last line without newline, and the line limit.
@Suite struct LineBlockReaderTests {
    static func reader(_ text: String, limit: Int = 1 << 20, block: Int = 7) throws -> (LineBlockReader, Int32) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let data = Array(text.utf8)
        // Small inputs fit in the pipe buffer: write all, close, then read.
        _ = data.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        return (LineBlockReader(fd: fds[0], maxLineBytes: limit, blockBytes: block), fds[0])
    }

    static func lines(_ r: LineBlockReader, maxLines: Int = 3) throws -> [(Int, String)] {
        var out: [(Int, String)] = []
        while try r.nextBatch(maxLines: maxLines) {
            for (i, range) in r.lines.enumerated() {
                out.append((r.firstLineNumber + i, String(decoding: r.data[range], as: UTF8.self)))
            }
        }
        return out
    }

    @Test func splitsLinesAcrossBlocksAndBatches() throws {
        let (r, fd) = try Self.reader("#fff\r\n\nred\noklch(0.5 0.1 200)\r\nlast")
        defer { close(fd) }
        let got = try Self.lines(r, maxLines: 2)
        #expect(got.map(\.0) == [1, 2, 3, 4, 5])
        #expect(got.map(\.1) == ["#fff", "", "red", "oklch(0.5 0.1 200)", "last"])
    }

    @Test func emptyInputHasNoLines() throws {
        let (r, fd) = try Self.reader("")
        defer { close(fd) }
        #expect(try Self.lines(r).isEmpty)
    }

    @Test func aLineOverTheLimitNamesItsNumber() throws {
        let (r, fd) = try Self.reader("ok\nalso ok\n" + String(repeating: "x", count: 100) + "\nnever\n", limit: 64)
        defer { close(fd) }
        #expect(throws: LineTooLongError.self) { _ = try Self.lines(r, maxLines: 1) }
        let (r2, fd2) = try Self.reader("ok\n" + String(repeating: "x", count: 100), limit: 64)
        defer { close(fd2) }
        do {
            _ = try Self.lines(r2)
            Issue.record("no error for a 100-byte line under a 64-byte limit")
        } catch let e as LineTooLongError {
            #expect(e.line == 2 && e.limit == 64)
            #expect(e.description.contains("line 2 is longer than 64 bytes"))
        }
    }

    /// The lines before a line over the limit are handed out first (in the batch that reaches it), then the next
    /// call throws, naming the long line — and keeps throwing.
    @Test func theLinesBeforeALongLineAreHandedOutFirst() throws {
        for block in [7, 4096] {
            let (r, fd) = try Self.reader("ok\nalso ok\n" + String(repeating: "x", count: 100) + "\nnever\n", limit: 64, block: block)
            defer { close(fd) }
            var got: [(Int, String)] = []
            do {
                while try r.nextBatch(maxLines: 10) {
                    for (i, range) in r.lines.enumerated() { got.append((r.firstLineNumber + i, String(decoding: r.data[range], as: UTF8.self))) }
                }
                Issue.record("no error for the long line (block \(block))")
            } catch let e as LineTooLongError {
                #expect(e.line == 3 && e.limit == 64)
            }
            #expect(got.map(\.0) == [1, 2] && got.map(\.1) == ["ok", "also ok"], "block \(block)")
            // The next call throws the same error again.
            #expect(throws: LineTooLongError.self) { _ = try r.nextBatch(maxLines: 10) }
        }
        // Without a newline after it, too.
        let (r, fd) = try Self.reader("a\nb\nc\n" + String(repeating: "y", count: 200), limit: 64, block: 16)
        defer { close(fd) }
        var got: [String] = []
        do {
            while try r.nextBatch(maxLines: 2) { got += r.lines.map { String(decoding: r.data[$0], as: UTF8.self) } }
            Issue.record("no error for the unterminated long line")
        } catch let e as LineTooLongError {
            #expect(e.line == 4)
        }
        #expect(got == ["a", "b", "c"])
    }
}

private extension String {
    /// One space, then the text: a value as wide as its column or wider.
    var withSpace: String { " " + self }
}
