import Foundation
import Testing

/// Runs the built `huebench` binary for the palette, tokens and audit commands.
@Suite struct PaletteCLITests {
    static func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try CLI.run(args)
        return (r.status, r.stdout, r.stderr)
    }

    @Test func paletteDocsFormat() throws {
        let r = try Self.run(["palette", "orange"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines[0] == "orange  _50    color(display-p3 0.9936 0.9528 0.9271)")
        #expect(lines[15] == "orange  _800   #6e3612")
        let all = try Self.run(["palette", "--format", "hex"])
        #expect(all.out.split(separator: "\n").count == 37 * 20)
    }

    @Test func paletteJSONRows() throws {
        let r = try Self.run(["palette", "gray", "--json"])
        let rows = try r.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(rows.count == 20)
        #expect(rows[3]["css"] as? String == "#dddddd" && rows[3]["stop"] as? String == "_200" && rows[3]["family"] as? String == "gray")
        #expect((rows[3]["srgb"] as? [Double])?.count == 3 && (rows[3]["oklch"] as? [Double])?.count == 3)
    }

    /// Any CSS color is anchored: the stop nearest in lightness (or --anchor-stop) is the color exactly.
    @Test func paletteAnchorsCSSColors() throws {
        let brand = try Self.run(["palette", "#00B386"])
        #expect(brand.out.contains("hue-166.99  _400   #00b386\n"))
        #expect(brand.err.contains("huebench palette: hue-166.99: #00b386 anchored at _400 (nearest lightness)"))
        let violet = try Self.run(["palette", "oklch(0.56 0.21 285)", "--anchor-stop", "600", "--format", "oklch"])
        #expect(violet.status == 0 && violet.out.contains("hue-285  _600   oklch(0.56 0.21 285)\n"))
        #expect(violet.err.contains("anchored at _600\n"))
        let bad = try Self.run(["palette", "#00B386", "--anchor-stop", "75"])
        #expect(bad.status == 2 && bad.err.contains("--anchor-stop '75' is not a stop of scale 'ctk'; give one of 50, 100, 150, 200, …, 950, 1000"))
        let none = try Self.run(["palette", "orange", "--anchor-stop", "500"])
        #expect(none.status == 2 && none.err.contains("--anchor-stop needs a color to anchor"))
    }

    @Test func helpGeneratorsListsDeclaredParameters() throws {
        let r = try Self.run(["help", "generators"])
        #expect(r.status == 0)
        #expect(r.out.contains("  gamutMargin    number 0…1, default 0.98: fraction of the Display P3 chroma limit a stop may reach\n"))
        #expect(r.out.contains("oklch-curves: ") && r.out.contains("contrast-targets: "))
    }

    @Test func paletteFromHexAndUnknownFamily() throws {
        #expect(try Self.run(["palette", "#00B386"]).out.hasPrefix("hue-166.99  _50"))
        let bad = try Self.run(["palette", "nope"])
        #expect(bad.status == 2 && bad.err.contains("unknown color family 'nope'; known: gray, pink"))
    }

    @Test func paletteWithAnotherGenerator() throws {
        let r = try Self.run(["palette", "blue", "--generator", "contrast-targets", "--json"])
        #expect(r.status == 0)
        let rows = try r.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(rows.count == 20)
        for row in rows { #expect((row["achieved"] as! Double) >= (row["target"] as! Double)) }
        #expect(try Self.run(["palette", "gray", "--generator", "oklch-curves"]).status == 2)
        #expect(try Self.run(["palette", "blue", "--generator", "nope"]).status == 2)
    }

    @Test func tokensModesAndContrast() throws {
        let light = try Self.run(["tokens", "--family", "orange"])
        #expect(light.status == 0 && light.out.contains("foregroundSecondary          _800         #6e3612"))
        let high = try Self.run(["tokens", "--family", "orange", "--mode", "dark", "--contrast", "high", "--json"])
        let row = high.out.split(separator: "\n").first { $0.contains("\"foregroundSecondary\"") }!
        #expect(row.contains("\"stop\":\"_100\"") && row.contains("\"mode\":\"dark\"") && row.contains("\"contrast\":\"high\""))
        #expect(try Self.run(["tokens"]).status == 2)
        #expect(try Self.run(["tokens", "--family", "orange", "--mode", "dim"]).status == 2)
    }

    @Test func auditExitStatus() throws {
        let fail = try Self.run(["audit", "--family", "orange"])
        #expect(fail.status == 1)
        #expect(fail.out.contains("FAIL orange dark/standard body-text: foregroundSecondary _200 on backgroundTertiary _700 wcag21 4.48"))
        let pass = try Self.run(["audit", "--policy", "cvd-distinct", "--family", "orange"])
        #expect(pass.status == 0)
        #expect(try Self.run(["audit", "--policy", "nope"]).status == 2)
        let json = try Self.run(["audit", "--family", "gray", "--json"])
        #expect(json.out.split(separator: "\n").count == 80)
    }
}
