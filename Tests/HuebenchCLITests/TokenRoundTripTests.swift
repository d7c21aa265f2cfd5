import ColorCore
import ColorKernels
import Foundation
import Testing

/// Round trip: `huebench build --formats dtcg` writes tokens/; `ColorListReader` (the reader of `matrix` and
/// `hb.load_colors`) reads them back as the same colors the build computed (`huebench palette --json`).
@Suite struct TokenRoundTripTests {
    @Test func builtTokensReadBackAsTheSameColors() throws {
        let dir = MatrixLabelTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let b = try CLI.run(["build", "--quiet", "--family", "orange,blue", "--formats", "dtcg", "--out", "web"], cwd: dir.path)
        #expect(b.status == 0, "\(b.stderr)")
        let p = try CLI.run(["palette", "orange", "blue", "--json"])
        #expect(p.status == 0, "\(p.stderr)")
        // family.stop → OKLCH as the build computed it.
        var built: [String: [Double]] = [:]
        for line in p.stdout.split(separator: "\n") {
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let stop = (o["stop"] as! String).replacingOccurrences(of: "_", with: "")
            built["palette.\(o["family"] as! String).\(stop)"] = o["oklch"] as? [Double]
        }
        #expect(built.count == 40)
        let tokens = dir.appendingPathComponent("web/tokens").path
        var semantic: [String: [String: Color]] = [:]
        for context in ["light", "dark", "light-high-contrast", "dark-high-contrast"] {
            let read = try ColorListReader.read(path: tokens, context: context)
            #expect(read.problems.isEmpty, "\(read.problems)")
            let byName = Dictionary(read.colors.map { ($0.label ?? "", $0.color) }, uniquingKeysWith: { a, _ in a })
            var stops = 0
            for (name, oklch) in built {
                guard let c = byName[name] else { Issue.record("\(context): \(name) missing"); continue }
                stops += 1
                // The token file writes OKLCH with 6 decimals: within 5e-7 of the computed value.
                #expect(c.space == .oklch && abs(c.coords.x - oklch[0]) <= 5e-7 && abs(c.coords.y - oklch[1]) <= 5e-7
                        && abs(c.coords.z - oklch[2]) <= 5e-7, "\(context) \(name): \(c) vs \(oklch)")
                #expect(c.alpha == 1)
            }
            #expect(stops == 40)
            // Semantic tokens are aliases of stops: the very same color.
            let primary = try #require(byName["color.orange.foregroundPrimary"])
            #expect(read.colors.contains { $0.label?.hasPrefix("palette.orange.") == true && $0.color == primary })
            semantic[context] = byName.filter { $0.key.hasPrefix("color.") }
        }
        #expect(semantic["light"]?["color.orange.foregroundPrimary"] != semantic["dark"]?["color.orange.foregroundPrimary"],
                "light and dark select different stops")
        #expect(semantic["light"]?.count == semantic["dark"]?.count && (semantic["light"]?.count ?? 0) > 10)
    }
}
