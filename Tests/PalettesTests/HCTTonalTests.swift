import ColorCore
import Foundation
import Testing
@testable import Palettes

/// `hct-tonal` against Material Color Utilities' published tonal-palette values (Fixtures/mcu-tonal-palettes.json,
/// source named there): every tone 8-bit equal.
@Suite struct HCTTonalTests {
    struct Fixture: Decodable {
        struct P: Decodable { let name: String; let chroma: Chroma; let argb: [String] }
        enum Chroma: Decodable {
            case value(Double), text(String)
            init(from d: Decoder) throws {
                let c = try d.singleValueContainer()
                if let v = try? c.decode(Double.self) { self = .value(v) } else { self = .text(try c.decode(String.self)) }
            }
        }
        let seed: String
        let tones: [Double]
        let palettes: [P]
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/mcu-tonal-palettes.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    @Test func matchesMaterialColorUtilities() throws {
        let f = Self.fixture
        let seed = try RampColor(hex: f.seed)
        let source = HCTTonal.hct(srgb: seed.srgb)
        // MCU's Hct.fromInt(0xff0000ff): hue 282.79, chroma 87.23, tone 32.30 (within 0.01).
        #expect(abs(source.x - 282.79) < 0.01 && abs(source.y - 87.23) < 0.01 && abs(source.z - 32.30) < 0.01, "\(source)")
        for p in f.palettes {
            let chroma: Double
            switch p.chroma {
            case .value(let v): chroma = v
            case .text("source"): chroma = source.y
            case .text("source/3"): chroma = source.y / 3
            case .text(let t): Issue.record("unknown chroma \(t)"); continue
            }
            let got = HCTTonal.palette(hue: source.x, chroma: chroma, tones: f.tones).map { "ff" + $0.hex.dropFirst() }
            #expect(got == p.argb, "\(p.name)")
        }
    }

    /// The generator: a family on the material scale from a source color gives MCU's palette stop for stop.
    @Test func generatorOnTheMaterialScale() throws {
        let wb = PaletteWorkbench.standard
        let seed = try RampColor(hex: "#0000ff")
        let family = Family(id: "blue", hue: seed.oklch.z, generator: HCTTonal.id, parameters: ["source": .color(seed)], scale: .material)
        let ramp = try wb.ramp(for: family)
        let byTone = Dictionary(uniqueKeysWithValues: zip(Scale.material.stops.map(\.label), ramp.map(\.hex)))
        let want = Self.fixture.palettes[0]
        for (t, argb) in zip(Self.fixture.tones, want.argb) {
            #expect(byTone[String(Int(t))] == "#" + argb.dropFirst(2), "tone \(t)")
        }
        // chroma 16 through the parameter, and the tone list through `tones`.
        let a2 = Family(id: "a2", hue: 0, generator: HCTTonal.id, parameters: ["source": .color(seed), "hctChroma": .number(16)], scale: .material)
        #expect(try wb.ramp(for: a2)[Scale.material.index(of: Stop(40))!].hex == "#5c5d72")
        // Unknown parameters are refused with a did-you-mean.
        let bad = Family(id: "x", hue: 0, generator: HCTTonal.id, parameters: ["chroma": .number(16)], scale: .material)
        #expect(throws: PalettesError.self) { try wb.ramp(for: bad) }
    }
}

/// The generators' table in the docs is the one the declarations make (regenerate it with
/// `huebench help generators --markdown`).
@Suite struct GeneratorDocsTests {
    @Test func docsTableEqualsTheDeclarations() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/guides/design-systems.md"), encoding: .utf8)
        let begin = try #require(doc.range(of: "<!-- generators:"))
        let afterMarker = try #require(doc[begin.upperBound...].range(of: "-->\n"))
        let end = try #require(doc.range(of: "<!-- /generators -->"))
        let table = String(doc[afterMarker.upperBound..<end.lowerBound]).trimmingCharacters(in: .newlines)
        #expect(table == RampGenerator.markdownTable(PaletteWorkbench.standard.generators.all),
                "docs/guides/design-systems.md: run huebench help generators --markdown and paste the table")
    }
}
