import ColorIO
import ColorCore
import ColorExport
import Foundation
import HuebenchTestSupport
import Testing

@Suite struct DocumentTests {
    @Test func paletteDocumentCarriesColorTokensKitValues() throws {
        let d = TestDocs.palette
        #expect(d.families.map(\.name) == ["orange", "gray"])
        #expect(d.families[0].stops.count == 20 && d.tokenSets[0].tokens.count == 20)
        let orange = d.family("orange")!
        // ColorTokensKit docs: orange _800 #6e3612, _200 color(display-p3 0.978 0.79 0.6716); gray _200 #dddddd.
        #expect(orange.stops.first { $0.name == "800" }!.color.display == "#6e3612")
        #expect(orange.stops.first { $0.name == "800" }!.color.hex == "#6e3612")
        #expect(orange.stops.first { $0.name == "200" }!.color.display == "color(display-p3 0.978 0.79 0.6716)")
        #expect(d.family("gray")!.stops.first { $0.name == "200" }!.color.hex == "#dddddd")
        // The wide _200 has a gamut-mapped fallback inside sRGB.
        let wide = orange.stops.first { $0.name == "200" }!.color
        #expect(!wide.isInSRGB)
        #expect(wide.srgbFallback.min() >= 0 && wide.srgbFallback.max() <= 1)
        // Tokens: foregroundSecondary _800/_200, high contrast _900/_100 (issue 4).
        let fs = d.tokenSets[0].tokens.first { $0.name == "foregroundSecondary" }!
        #expect(fs.light.reference.stop == "800" && fs.dark.reference.stop == "200")
        #expect(fs.lightHigh.reference.stop == "900" && fs.darkHigh.reference.stop == "100")
        let sp = d.tokenSets[0].tokens.first { $0.name == "surfacePrimary" }!
        #expect(sp.light.opacity == 0.5 && sp.light.reference.stop == "200")
        #expect(d.audit != nil && d.audit!.checks.count > 0)
        try d.validate()
    }

    @Test func validateRejectsDanglingReferences() {
        var d = TestDocs.small
        d.tokenSets[0].tokens[0].dark = TokenValue(ColorReference(family: "orange", stop: "999"))
        #expect(throws: ColorExportError.self) { try d.validate() }
        var e = TestDocs.small
        e.families.append(e.families[0])
        #expect(throws: ColorExportError.self) { try e.validate() }
    }

    @Test func fixedFormatting() {
        #expect(Fmt.fixed(0.5, 3) == "0.500")
        #expect(Fmt.fixed(-0.0001, 3) == "0.000")  // no negative zero
        #expect(Fmt.trimmed(0.7900, 4) == "0.79" && Fmt.trimmed(1.0, 4) == "1")
        #expect(Fmt.kebab("foregroundPrimary") == "foreground-primary")
        #expect(Escape.swiftMember("orange", "450") == "orange450" && Escape.swiftMember("orange", "foregroundPrimary") == "orangeForegroundPrimary")
        #expect(Escape.swiftIdentifier("brand blue-2") == "brandBlue2" && Escape.swiftIdentifier("9lives") == "_9lives")
    }
}

@Suite struct RegistryAndFolderTests {
    @Test func builtinsAreRegisteredThroughTheSameCall() throws {
        var r = Exporters.makeStandard()
        #expect(r.ids == ["xcassets", "swift", "css", "dtcg", "android", "svg", "png", "report"])
        // A plugin exporter registers like a built-in and runs through the same path.
        let plugin = Exporter(id: "names", summary: "family names", outputs: ["names.txt"]) { doc, _, out in
            try out.write("names.txt", text: doc.families.map(\.name).joined(separator: "\n") + "\n")
        }
        try r.register(plugin)
        #expect(throws: ColorCoreError.self) { try r.register(plugin) }  // duplicate id
        let folder = OutputFolder()
        try Exporters.run(["names"], registry: r, document: TestDocs.small, into: folder)
        #expect(folder.text("names.txt") == "orange\ngray\n")
        #expect(throws: ColorExportError.unknownExporter(id: "nope", known: r.ids)) {
            try Exporters.run(["nope"], registry: r, document: TestDocs.small, into: folder)
        }
    }

    @Test func pathsStayInsideTheFolder() {
        let f = OutputFolder()
        for bad in ["", "/etc/passwd", "../x", "a/../b", ".huebench-manifest", ".git/config", "huebench-plugins/x.lua"] {
            #expect(throws: IOError.self) { try f.write(bad, text: "x") }
        }
    }

    @Test func commitIsAtomicDeterministicAndRemovesOnlyItsOwnStaleFiles() throws {
        let dir = TempFolder.make("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let all = Exporters.standard.ids
        let first = try TestDocs.export(all, TestDocs.small).commit(to: dir)
        #expect(first.changed == first.files.count && first.removed.isEmpty)
        // A second identical build: byte-identical, nothing rewritten.
        let second = try TestDocs.export(all, TestDocs.small).commit(to: dir)
        #expect(second.changed == 0 && second.files.map(\.path) == first.files.map(\.path))
        // No temp files are left behind.
        let leftovers = FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        // A user's own file is never removed; a file the previous build wrote and this one does not is.
        try "mine".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let third = try TestDocs.export(["css"], TestDocs.small).commit(to: dir)
        #expect(third.removed.contains("report.html") && !third.removed.contains("notes.txt"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("notes.txt").path))
    }

    @Test func aFailingBuildLeavesPreviousOutputsIntact() throws {
        let dir = TempFolder.make("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try TestDocs.export(["css"], TestDocs.small).commit(to: dir)
        let before = try Data(contentsOf: dir.appendingPathComponent("huebench.css"))
        var r = Exporters.makeStandard()
        try r.register(Exporter(id: "boom", summary: "fails", outputs: []) { _, _, _ in
            throw ColorExportError.invalidDocument("boom")
        })
        var changed = TestDocs.small
        changed.name = "changed"
        let folder = OutputFolder()
        #expect(throws: ColorExportError.self) { try Exporters.run(["css", "boom"], registry: r, document: changed, into: folder) }
        // The run threw before commit: the file on disk is the old one.
        #expect(try Data(contentsOf: dir.appendingPathComponent("huebench.css")) == before)
    }
}
