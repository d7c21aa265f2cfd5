import ColorCore
import ColorExport
import ColorIO
import Foundation
import Palettes
import Testing

/// Families on every scale go through every exporter: each stop of the scale is written once per format under
/// its own name, tokens refer to stops of the scale, and an anchor's color is written exactly.
@Suite struct ScaleExportTests {
    static let custom = try! Scale(id: "five", stops: ["subtle", "soft", "base", "strong", "ink"].map { Stop(label: $0) },
                                   lightness: [95, 80, 60, 40, 15])

    static func request(_ scale: Scale) throws -> BuildRequest {
        let wb = PaletteWorkbench.standard
        let brand = Family(id: "brand", hue: nil, anchor: try RampAnchor(css: "#00B386"), scale: scale)
        let brandHued = Family(id: "brand", hue: TokenMath.roundedHue(brand.anchor!.color.oklch.z), anchor: brand.anchor, scale: scale)
        let neutral = try wb.family(named: "gray")
        return BuildRequest(name: "scales", families: [.init(brandHued), .init(Family(id: "neutral", hue: nil, generator: neutral.generator, scale: scale))],
                            policy: Policy.wcagAA)
    }

    @Test(arguments: [Scale.ctk, .tailwind, .radix, .material, custom])
    func everyExporterWritesEveryStop(scale: Scale) throws {
        let request = try Self.request(scale)
        let doc = try request.document()
        #expect(doc.families.map { $0.stops.map(\.name) } == [scale.stops.map(\.label), scale.stops.map(\.label)])
        let folder = OutputFolder()
        let summary = try request.write(doc, into: folder)
        #expect(Set(summary.map(\.id)) == Set(Exporters.standard.ids))

        let css = try #require(folder.text("huebench.css"))
        let swift = try #require(folder.text("Swift/HuebenchColorValues.swift"))
        let android = try #require(folder.text("android/values/colors.xml"))
        let dtcg = try #require(folder.text("tokens/palette.tokens.json"))
        let report = try #require(folder.text("report.html"))
        let dtcgRoot = try JSONSerialization.jsonObject(with: Data(dtcg.utf8)) as! [String: Any]
        let dtcgFamilies = dtcgRoot["palette"] as! [String: Any]
        for f in doc.families {
            for st in f.stops {
                let property = "--hb-\(f.name)-\(st.name):"
                #expect(css.components(separatedBy: "\n  " + property).count == 2, "\(scale.id): CSS \(property) once in :root")
                let member = Escape.swiftMember(f.name, st.name)
                #expect(swift.contains("public static let \(member) = HuebenchRGBA("), "\(scale.id): Swift \(member)")
                #expect(folder.contents("Colors.xcassets/Palette/\(f.name)/\(member).colorset/Contents.json") != nil,
                        "\(scale.id): colorset \(member)")
                #expect(android.contains("<color name=\"hb_\(f.name)_\(st.name)\">"), "\(scale.id): Android \(st.name)")
                #expect((dtcgFamilies[f.name] as? [String: Any])?[st.name] != nil, "\(scale.id): DTCG \(f.name).\(st.name)")
                #expect(report.contains(st.name))
            }
            // No stop of another scale leaks in.
            let written = css.split(separator: "\n").filter { $0.hasPrefix("  --hb-\(f.name)-") && !$0.contains("light-dark") }
                .map { $0.dropFirst("  --hb-\(f.name)-".count).prefix { $0 != ":" } }
            #expect(Set(written.map(String.init)) == Set(scale.stops.map(\.label)), "\(scale.id)")
        }
        // The anchor: the stop nearest its lightness is #00b386 in CSS (rgb bytes) and in Android.
        let stop = try #require(try PaletteWorkbench.standard.anchorStop(for: request.families[0].family))
        #expect(doc.family("brand")!.stops.first { $0.name == stop.label }!.color.hex == "#00b386")
        // CSS writes oklch() to 4 significant places: each sRGB byte within 1 of the anchor's.
        let line = try #require(css.split(separator: "\n").first { $0.hasPrefix("  --hb-brand-\(stop.label): ") })
        let value = line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
        let srgb = try Workbench.standard.convert(try Color(css: value), to: .srgb).coords
        for (got, want) in zip([srgb.x, srgb.y, srgb.z], [0x00, 0xb3, 0x86]) {
            #expect(abs(got * 255 - Double(want)) <= 1, "\(scale.id) anchor at \(stop.name): \(value)")
        }
        #expect(android.contains("<color name=\"hb_brand_\(stop.label)\">#FF00B386</color>"))
        // Token references name stops of the scale.
        for set in doc.tokenSets {
            for t in set.tokens {
                for v in TokenVariant.all { #expect(scale.contains(Stop(label: t.value(v).reference.stop))) }
            }
        }
    }
}
