import Testing
import HuebenchTestSupport
@testable import ColorCore

/// The byte-level reader of the streaming commands must agree with `Workbench.parse` bit for bit on every
/// input it accepts, and leave every other input (including every invalid one) to the full parser.
@Suite struct CSSQuickReaderTests {
    static func same(_ a: Color, _ b: Color) -> Bool {
        func bits(_ x: Double) -> UInt64 { x.isNaN ? 1 : x.bitPattern }
        return a.space == b.space && a.cssSyntax == b.cssSyntax && bits(a.alpha) == bits(b.alpha)
            && (0..<3).allSatisfy { bits(a.coords[$0]) == bits(b.coords[$0]) }
    }

    static func quick(_ s: String) -> Color? {
        var s = s
        return s.withUTF8 { CSSQuickReader().read($0) }
    }

    /// Generated inputs: hex of every length (some with a bad digit), function forms with numbers,
    /// percentages, `none`, signs, exponents, alpha, and glued or odd separators.
    static func inputs() -> [String] {
        var g = SplitMix64(seed: 42)
        var out = ["#fff", "#FFFFFF", "#00b386", "#00b38680", "#abcd", "  #123456  ", "\t#123\t", "#12", "#12345",
                   "#gggggg", "oklch(0.7 0.1 200)", "oklch(70% 0.1 200)", "oklch(0.7 0.1 200 / 50%)",
                   "oklch(0.7 0.1 200/0.5)", "oklch(0.7 0.1 200deg)", "oklch(0.7,0.1,200)", "OKLCH(0.7 0.1 200)",
                   "oklch(0.7 0.1)", "oklch(0.7 0.1 200 0.5)", "oklch(none none none / none)", "lab(50 -20 30)",
                   "lab(150 0 0)", "oklab(-0.5 0.1 -0.1)", "lch(50% 30 -90)", "lch(50 -3 90)", "oklch(1e1 1e-1 2E2)",
                   "oklch(.5 0.1 200)", "oklch(5. 0.1 200)", "oklch(0.5 0.1 200)x", "oklch(0.5 0.1 200) x",
                   "oklch(0.5 0.1 200 / )", "oklch(0.5 0.1 20%)", "oklch(0.5 0.1 -0)", "oklch(-0 0.1 1e309)",
                   "oklch(0.12345678901234567890 0.1 1)", "oklch( 0.5  0.1  1 )", "jzczhz(0.1 0.05 30)", "hwb(0 0% 0%)",
                   "rgb(1 2 3)", "red", "oklch(0.5 0.1 1e)", "oklch(0.5 0.1 1e+)", "oklch(+.5 +1 -1)", "oklch(0.5-0.1 1)",
                   "lab(50% 50% -50%)", "oklch(0.5 0.1 nonex)", "oklch(0.5 0.1 1)/*c*/", ""]
        let fns = ["oklch", "oklab", "lab", "lch", "jzczhz", "jzazbz", "ictcp", "hct", "cam16"]
        for _ in 0..<3000 {
            if g.next() % 3 == 0 {
                let n = g.pick([3, 4, 6, 8, 5])
                var s = "#"
                for _ in 0..<n { s.append(g.pick(Array("0123456789abcdefABCDEFg"))) }
                out.append(s)
                continue
            }
            func num() -> String {
                switch g.next() % 9 {
                case 0: return "none"
                case 1: return String(Double(g.next() % 2000) / 10 - 100) + "%"
                case 2: return String(Int(g.next() % 400) - 50)
                case 3: return "\(g.next() % 10)e\(Int(g.next() % 6) - 3)"
                case 4: return String(format6(Double(g.next() % 1_000_000) / 1e6))
                default: return String(Double(g.next() % 100_000) / 1000 * (g.next() % 4 == 0 ? -1 : 1))
                }
            }
            var s = g.pick(fns) + "(" + num() + " " + num() + " " + num()
            if g.next() % 3 == 0 { s += g.pick([" / ", "/", " /"]) + num() }
            s += ")"
            out.append(s)
        }
        return out
    }

    static func format6(_ v: Double) -> String {
        var s = String(v)
        if s.count > 9 { s = String(s.prefix(9)) }
        return s
    }

    /// How many of `inputs` the quick reader accepts, and where it and `Workbench.parse` disagree.
    static func compare(_ inputs: [String]) -> (accepted: Int, disagreements: [String]) {
        let wb = Workbench.standard
        var accepted = 0, disagreements: [String] = []
        for s in inputs {
            let full = try? wb.parse(s)
            guard let q = quick(s) else { continue }
            accepted += 1
            guard let full else { disagreements.append("\(s): quick accepted, full parser rejects"); continue }
            if !same(q, full) { disagreements.append("\(s): quick \(q) vs full \(full)") }
        }
        return (accepted, disagreements)
    }

    @Test func agreesWithTheFullParser() {
        let (accepted, disagreements) = Self.compare(Self.inputs())
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(accepted > 1500, "the quick forms should cover most generated inputs; accepted \(accepted)")
    }

    /// Numbers at the edges of the word-at-a-time reading and of the exact fast path: digit runs of 7…9 and
    /// 15…21 digits (with and without leading zeros), 2^53 ± 1, exponents at ±22 and beyond, signs, `none`,
    /// percentages, alpha forms and separators, and names of other lengths.
    static func edgeCases() -> [String] {
        var numbers = ["0", "-0", "+0", "00", "0.0", "-0.0", "1", "12345678", "123456789", "1234567", "0.1234567",
                       "0.12345678", "0.123456789", "12345678.12345678", "1234567.1234567", "99999999.99999999",
                       "123456789012345", "1234567890123456", "12345678901234567", "1234567890123456789",
                       "12345678901234567890", "123456789012345678901", "0.0000000000000000001",
                       "0.00000000000000000001", "0.000000000000000000000000000005", "000000000000000000001",
                       "0000000000000000000000.5", "9007199254740991", "9007199254740992", "9007199254740993",
                       "900719925474099.3", "1e22", "1e23", "1e-22", "1e-23", "1E+05", "1e-0", "1e0000", "1e00001",
                       "1e12345", "0e999", "0.0e-999", "5e-324", "12.5e-3", "12.5E3%", "-12.5e+1%", "1.e5", ".5",
                       "5.", "+-1", "--1", "-+1", "-none", "none", "nonenone", "none%", "nan", "1%%", "1%", "-50%",
                       "0.1e", "0.1e+", "0.1e-", "1ee1", "1e1.5", "1.5.5", "1/", "0x10", "1_0", "１"]
        for k in 1...22 { numbers.append("1" + String(repeating: "0", count: k)); numbers.append("0." + String(repeating: "0", count: k - 1) + "7") }
        var out: [String] = []
        for (n, x) in numbers.enumerated() {
            let y = numbers[(n * 7 + 3) % numbers.count]
            out += ["oklch(\(x) 0.1 30)", "oklch(0.5 \(x) 30)", "oklch(0.5 0.1 \(x))", "lab(\(x) \(y) \(x))",
                    "oklab(0.5 0.1 0.1 / \(x))", "lch(\(y) \(x) 1/\(x))", "oklch(\(x)\(y) 1 1)"]
        }
        out += ["oklch(0.5 0.1 30 / 50%)", "oklch(0.5 0.1 30 /50%)", "oklch(0.5 0.1 30/ 50%)", "oklch(0.5 0.1 30 / none)",
                "oklch(0.5 0.1 30 / 0.5 / 0.5)", "oklch(0.5 0.1 30 / 0.5 0.5)", "oklch(0.5 0.1 / 30)", "oklch(/ 0.5 0.1 30)",
                "oklch(0.5\t0.1 30)", "oklch(\t0.5 0.1 30)", "oklch(0.5 0.1 30\t)", "\toklch(0.5 0.1 30) \t",
                "oklch (0.5 0.1 30)", "oklch(0.5 0.1 30))", "oklch((0.5 0.1 30)", "oklch(0.5  0.1   30)", "oklch()",
                "oklch(", ")", "(", "oklchx(0.5 0.1 30)", "oklc(0.5 0.1 30)", "jzczhz(0.1 0.05 30)", "jzazbz(0.1 0.01 0.01)",
                "ictcp(0.5 0.1 0.1)", "ictcp(50% 50% -50%)", "lab(50% 50% -50% / 50%)", "lch(50% 50% 50%)",
                "color-mix(in oklch, red, blue)", "verylongname(1 2 3)", "abcdefgh(1 2 3)", "abcdefghi(1 2 3)",
                "abcdefghijklmnopq(1 2 3)", "oklch(0.5 0.1 30)x", "#", "#1", "#12", "#123", "#1234", "#12345", "#123456",
                "#1234567", "#12345678", "#123456789", "#abcdef", "#ABCDEF", "#aBcDeF", "#00b38680", "#fffg", "#ggg",
                "#:;<", "#@AF", "#`af", "#GHIJKL", "#/09", "# 123", "#12 34", "#ff00ff00", "#FfFf"]
        // Every ASCII byte in each place of six- and eight-digit hex (the digits are read a word at a time).
        for b in 0x21...0x7E {
            let c = String(UnicodeScalar(UInt8(b)))
            out += ["#12345" + c, "#" + c + "bcdef", "#a" + c + "Cd9F", "#1234567" + c, "#" + c + "234567f", "#fFfF" + c + "000"]
        }
        return out
    }

    @Test func agreesOnEdgeCases() {
        let (accepted, disagreements) = Self.compare(Self.edgeCases())
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(accepted > 300, "accepted \(accepted)")
        // Exact values the fast path must produce (correctly rounded, as strtod).
        #expect(Self.quick("oklch(0.12345678 1234567.1234567 30)")?.coords == SIMD3(0.12345678, 1234567.1234567, 30))
        #expect(Self.quick("oklch(9007199254740991 0 0 / 1e-22)")?.alpha == 1e-22)
        #expect(Self.quick("oklch(9007199254740993 0 0)") == nil, "beyond 2^53: the full parser rounds it")
        #expect(Self.quick("oklch(0.5 0.1 30 / none)")?.alpha.isNaN == true)
    }

    /// The reader reads a line eight bytes at a time but never past the line: the same line followed by digits,
    /// parentheses or hex digits in memory reads the same.
    @Test func readsOnlyTheLine() {
        let reader = CSSQuickReader()
        for s in Self.edgeCases() + Self.inputs().prefix(300) {
            let alone = Self.quick(s)
            for tail in ["12345678", "(((((((((", "abcdef01", ")", "e5%", " / 0.5)", "\t"] {
                let bytes = Array((s + tail).utf8)
                let q = bytes.withUnsafeBufferPointer { reader.read(UnsafeBufferPointer(rebasing: $0[0..<s.utf8.count])) }
                let same = (alone == nil && q == nil) || (alone != nil && q != nil && Self.same(alone!, q!))
                #expect(same, "\(s) followed by \(tail)")
                // A line inside a buffer, with other bytes before and after it.
                guard !s.utf8.contains(0x09) else { continue }
                let framed = Array((tail + s + tail).utf8), start = tail.utf8.count
                var parsed = CSSQuickReader.Parsed()
                let ok = framed.withUnsafeBufferPointer { reader.readLine($0, start..<(start + s.utf8.count), into: &parsed) }
                let inFrame = ok ? reader.color(parsed) : nil
                #expect((alone == nil && inFrame == nil) || (alone != nil && inFrame != nil && Self.same(alone!, inFrame!)),
                        "\(s) between \(tail)")
            }
        }
    }

    /// `readLine` (a stream's whole line) takes no line with a TAB or a byte outside ASCII, and reads every other
    /// line as `read` does.
    @Test func readLineTakesNoLabelsOrPairs() {
        let reader = CSSQuickReader()
        func line(_ s: String) -> Color? {
            var s = s
            return s.withUTF8 { reader.readLine($0) }
        }
        for s in ["\t#123456", "#123456\t", "label\t#123456", "#fff\t#000", "oklch(0.5 0.1 30)\t", "\toklch(0.5 0.1 30)",
                  "oklch(0.5\t0.1 30)", "#fff\u{a0}", "oklch(0.5 0.1 30)\u{2003}", "--brand: #fff;", "  ", ""] {
            #expect(line(s) == nil, "\(s)")
        }
        for s in Self.edgeCases() + Self.inputs().prefix(500) where !s.utf8.contains(0x09) {
            let a = Self.quick(s), b = line(s)
            #expect((a == nil && b == nil) || (a != nil && b != nil && Self.same(a!, b!)), "\(s)")
        }
        #expect(line("  #00b386  ").map { Self.same($0, Self.quick("#00b386")!) } == true)
    }

    @Test func leavesOtherFormsToTheFullParser() {
        for s in ["red", "rgb(1 2 3)", "hsl(0 0% 0%)", "hwb(0 0% 0%)", "color(srgb 1 0 0)", "oklch(0.5 0.1 30deg)",
                  "OKLCH(0.5 0.1 30)", "oklch(calc(0.5) 0.1 30)", "color-mix(in oklch, red, blue)", "#12345",
                  "oklch(0.5 0.1 30", "oklch(0.5 0.1 30) junk", "#ff0000 x"] {
            #expect(Self.quick(s) == nil, "\(s)")
        }
        let c = Self.quick("#00b38680")!
        #expect(c.space == .srgb && c.cssSyntax?.isLegacy == true)
        #expect(c.coords.y == Double(0xb3) / 255 && c.alpha == Double(0x80) / 255)
        let o = Self.quick("oklch(150% -1 400 / 2)")!
        #expect(o.coords.x == 1 && o.coords.y == 0 && o.coords.z == 400 && o.alpha == 1, "CSS Color 4 parse-time clamps")
    }

    /// A number beyond the Double range is never read by the quick reader (its exponents stop at 10²²): it hands
    /// the line to the full parser, which refuses it with its message, so both paths agree (and a stream row is
    /// `error`, never an infinite coordinate).
    @Test func numbersBeyondTheDoubleRangeGoToTheFullParser() {
        for s in ["oklch(1e309 0.1 30)", "oklch(0.5 0.1 1e400)", "lab(50 -1e999 0)", "oklab(0.5 1e400% 0)",
                  "oklch(0.5 0.1 30 / 1e309)", "oklch(0.5 0.1 100000000000000000000e300)"] {
            #expect(Self.quick(s) == nil, "\(s)")
            #expect(cssRejection(s)?.reason.hasSuffix("is out of range (beyond ±1.8e308); use a finite number") == true, "\(s)")
        }
    }
}
