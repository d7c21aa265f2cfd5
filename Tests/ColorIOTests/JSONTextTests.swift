import Testing
import ColorIO

/// RFC 8259 §7 string escaping, which every JSON output of Huebench goes through.
@Suite struct JSONTextTests {
    @Test func escapesQuotesBackslashesAndControls() {
        #expect(JSONText.string("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONText.string("x\ny\tz\r") == #""x\ny\tz\r""#)
        #expect(JSONText.string("\u{1}\u{1f}") == #""\u0001\u001f""#)
        #expect(JSONText.string("oklch(70% 0.1 50) · ΔE") == "\"oklch(70% 0.1 50) · ΔE\"")
        #expect(JSONText.string("") == "\"\"")
    }

    /// DEL and the C1 controls (CSI U+009B starts a terminal escape like ESC [) were written raw: legal JSON,
    /// but a terminal showing it obeys them. They are escaped as `\u007f`, `\u009b` by both writers; other
    /// characters of U+0080…U+00FF (`©` is C2 A9) stay as they are.
    @Test func delAndC1ControlsAreEscaped() {
        #expect(JSONText.string("a\u{7F}b\u{80}\u{9B}2J\u{9F}©") == #""a\u007fb\u0080\u009b2J\u009f©""#)
        func bytes(_ b: [UInt8]) -> String {
            let t = ByteText()
            b.withUnsafeBufferPointer { t.appendJSONString($0) }
            return String(decoding: t.buffer, as: UTF8.self)
        }
        var mismatches: [String] = []
        for n in 2...20 {
            for position in 0..<(n - 1) {
                for second: UInt8 in [0x80, 0x9B, 0x9F, 0xA0, 0xA9] {
                    var b = (0..<n).map { UInt8(0x61 + $0 % 26) }
                    b[position] = 0xC2; b[position + 1] = second
                    let want = JSONText.string(String(decoding: b, as: UTF8.self))
                    if bytes(b) != want { mismatches.append("\(b): \(bytes(b)) ≠ \(want)") }
                    if second <= 0x9F && !want.contains("\\u00" + String(second, radix: 16)) { mismatches.append("\(b): \(want)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(3))")
    }
}
