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
}
