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

    @Test func agreesWithTheFullParser() {
        let wb = Workbench.standard
        var accepted = 0, disagreements: [String] = []
        for s in Self.inputs() {
            let full = try? wb.parse(s)
            guard let q = Self.quick(s) else { continue }
            accepted += 1
            guard let full else { disagreements.append("\(s): quick accepted, full parser rejects"); continue }
            if !Self.same(q, full) { disagreements.append("\(s): quick \(q) vs full \(full)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(accepted > 1500, "the quick forms should cover most generated inputs; accepted \(accepted)")
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
}
