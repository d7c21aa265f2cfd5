import ColorCore
import Foundation
import Testing

/// Every registered gamut mapper through `huebench gamut --method` (ColorScriptTests' `luaBatchEqualsKernelBits`
/// runs the same list through `hb.map_gamut`): the printed coordinates are the entry's own Double `map`.
struct GamutMethodCLITests {
    @Test(arguments: Workbench.standard.gamutMappers.ids)
    func everyRegisteredMapperRuns(_ id: String) throws {
        let inputs = ["color(rec2020 0 1 0)", "oklch(0.7 0.4 300)", "oklch(0.5 0.05 40)", "#ff000080"]
        let r = try CLI.run(["gamut", "--to", "display-p3", "--method", id, "--json"] + inputs)
        #expect(r.status == 0, "\(id): \(r.stderr)")
        let wb = Workbench.standard
        let mapper = try wb.gamutMappers.lookup(id)
        #expect(r.lines.count == inputs.count)
        for (line, input) in zip(r.lines, inputs) {
            let o = try CLI.json(line)
            let got = CLI.coords(o).map { $0 ?? .nan }
            let want = try wb.convert(try mapper.map(try wb.parse(input), .displayP3, wb.spaces), to: .displayP3)
            for k in 0..<3 { #expect(abs(got[k] - want.coords[k]) <= 1e-9, "\(id) \(input) channel \(k): \(got[k]) vs \(want.coords[k])") }
            #expect(o["space"] as? String == "display-p3")
        }
    }
}
