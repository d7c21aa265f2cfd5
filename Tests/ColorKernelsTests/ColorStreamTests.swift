import ColorCore
import ColorIO
import Foundation
import Testing
import HuebenchTestSupport
@testable import ColorKernels

/// The streaming engine against the per-item String formatting it replaces (the reference below is that code:
/// `String(format:)`, `Double.description`, `Workbench.parse/convert/serialize`): JSON byte-identical, text
/// the same values, one row per line, bad lines as `error` rows with their line number on standard error.
@Suite struct ColorStreamTests {
    // MARK: Reference formatting (the String-based rows of the per-item loop)

    static func jsonString(_ s: String) -> String { JSONText.string(s) }
    static func jsonNumber(_ v: Double) -> String {
        if v.isNaN || v.isInfinite { return "null" }
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
    /// A text column: `%.{decimals}f` (the shortest round trip from 10¹⁵ up) right-aligned in `width`, with a
    /// space before a value as wide as the column or wider.
    static func column(_ v: Double, decimals: Int, width: Int) -> String {
        var s = v.isFinite && abs(v) >= 1e15 ? "\(v)" : String(format: "%.\(decimals)f", v)
        if s.hasPrefix("-") && s.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { s.removeFirst() }
        return s.count >= width ? " " + s : String(repeating: " ", count: width - s.count) + s
    }
    static func coordinate(_ v: Double) -> String {
        v.isNaN ? "        none" : column(v, decimals: 7, width: 12)
    }
    static func colorRow(_ input: String, _ c: Color, json: Bool, width: Int = 11) -> String {
        let wb = Workbench.standard
        let coords = [c.coords.x, c.coords.y, c.coords.z]
        if json {
            return "{\"input\":" + jsonString(input) + ",\"space\":" + jsonString(c.space.rawValue) + ",\"coords\":["
                + coords.map(jsonNumber).joined(separator: ",") + "],\"alpha\":" + jsonNumber(c.alpha)
                + ",\"css\":" + jsonString(wb.serialize(c)) + "}"
        }
        let name = c.space.rawValue
        return name + String(repeating: " ", count: max(0, width - name.count)) + coords.map(coordinate).joined()
            + "  " + wb.serialize(c)
    }
    static func pairRow(_ input: String, _ t: String, _ b: String, _ v: Double, decimals: Int, sep: String, json: Bool) -> String {
        if json {
            return "{\"input\":" + jsonString(input) + ",\"text\":" + jsonString(t) + ",\"background\":"
                + jsonString(b) + ",\"value\":" + jsonNumber(v) + "}"
        }
        return column(v, decimals: decimals, width: 10) + "  " + t + " " + sep + " " + b
    }

    // MARK: Inputs

    static func colors(_ n: Int, seed: UInt64) -> [String] {
        var g = SplitMix64(seed: seed)
        let fixed = ["red", "white", "#000", "#ffffff80", "rgb(10 20 30 / 50%)", "hsl(120 50% 50%)", "hwb(90 10% 20%)",
                     "color(display-p3 0 1 0)", "lab(50 20 -30)", "lch(60 40 none)", "oklch(0.7 0.4 300)",
                     "oklch(1 0 0)", "oklab(0 0 0)", "color(xyz 0.2 0.3 0.4)", "oklch(0.5 0.1 30deg)", "transparent",
                     "color-mix(in oklch, red, blue)", "oklch(0.6 0.2 none / 0.3)", "jzczhz(0.1 0.05 30)"]
        var out: [String] = []
        for i in 0..<n {
            switch g.next() % 4 {
            case 0: out.append(fixed[i % fixed.count])
            case 1: out.append(String(format: "#%06x", Int(g.next() % 0x1000000)))
            case 2: out.append(String(format: "oklch(%.4f %.4f %.2f)", g.unit(), 0.4 * g.unit(), 360 * g.unit()))
            default: out.append(String(format: "lab(%.3f %.3f %.3f / %.2f)", 100 * g.unit(), 250 * g.unit() - 125,
                                       250 * g.unit() - 125, g.unit()))
            }
        }
        return out
    }

    /// Runs the stream on `lines` (through a pipe and the block reader) and returns (stdout, messages).
    static func stream(_ s: ColorStream, _ lines: [String], threads: Int) throws -> (String, [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hb-stream-\(UUID().uuidString)").path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var out = [UInt8](), messages: [String] = []
        _ = try s.run(LineBlockReader(fd: fd), threads: threads,
                      emit: { out.append(contentsOf: $0) }, message: { messages.append($0) })
        return (String(decoding: out, as: UTF8.self), messages)
    }

    static let n = 3000

    /// The values whose fixed text leaves a space in its column (the writers' fast path; the others take
    /// `ByteText.appendColumn`): `%10.2f` fits 999999.99 and −99999.99 in 9 bytes, `%12.7f` 999.9999999 and
    /// −99.9999999 in 11; the bounds stay 1 below those powers of ten so that rounding never adds a digit.
    @Test func roomyRangesLeaveASpaceInTheColumn() {
        #expect(ColorStream.roomyRange(decimals: 2, width: 10) == (-99_999, 999_999))
        #expect(ColorStream.roomyRange(decimals: 4, width: 10) == (-999, 9_999))
        #expect(ColorStream.roomyRange(decimals: 7, width: 12) == (-99, 999))
        #expect(ColorStream.roomyRange(decimals: 0, width: 10) == (-99_999_999, 999_999_999))
        let none = ColorStream.roomyRange(decimals: 8, width: 10)
        #expect(none.lower > none.upper, "0.00000000 fills a 10-byte column: nothing is roomy")
        for (d, w) in [(2, 10), (4, 10), (7, 12), (0, 10)] {
            let r = ColorStream.roomyRange(decimals: d, width: w)
            for v in [r.lower, r.upper, r.upper + 0.49, r.lower - 0.49] {
                #expect(String(format: "%.\(d)f", v).count < w, "\(v) in %\(w).\(d)f")
            }
        }
    }

    @Test(arguments: [false, true])
    func convertMatchesTheReference(json: Bool) throws {
        let wb = Workbench.standard
        for target in ["oklch", "srgb", "lab", "hsl", "xyz-d50", "jzczhz"] {
            let t = try wb.spaces.canonicalID(target)
            let lines = Self.colors(Self.n, seed: 11)
            let expected = try lines.map { Self.colorRow($0, try wb.spaces.convert(try wb.parse($0), to: t), json: json) }
            let s = try ColorStream(.convert(to: t), json: json, workbench: wb)
            for threads in [1, 2] {
                let (got, messages) = try Self.stream(s, lines, threads: threads)
                #expect(got == expected.joined(separator: "\n") + "\n", "convert --to \(target) json=\(json) threads=\(threads)")
                #expect(messages.isEmpty)
            }
        }
    }

    /// `simulate` rows: the per-item row of `CVDSimulation.simulate` (Machado 2009 matrices, the Y row for
    /// achroma) with the hex code before the CSS (`Workbench.hex`), or `"cvd"` and `"severity"` after the input
    /// and `"hex"` last; batch and per-line paths, 1 and 2 cores. Translucent, missing (`none`) and labelled
    /// inputs included; an overflowing color is an `error` row with its message.
    @Test(arguments: [false, true])
    func simulateMatchesTheReference(json: Bool) throws {
        let wb = Workbench.standard
        var lines = Self.colors(Self.n, seed: 29)
        lines += ["color(srgb-linear 0.2 none 0.4)", "color(srgb-linear 0.2 0.3 0.4 / none)", "brand\t#00b386",
                  "--x: oklch(0.5 0.1 200);", "oklch(0.5 1e300 30)"]
        for (type, severity) in [(CVDType.protan, 1.0), (.deutan, 0.35), (.tritan, 0.6), (.achroma, 1.0)] {
            let sim = try CVDSimulation(type, severity: severity)
            let expected = try lines.map { line -> String in
                let tab = line.firstIndex(of: "\t")
                let label = tab.map { String(line[..<$0]) } ?? (line.hasPrefix("--") ? "--x" : nil)
                let css = tab.map { String(line[line.index(after: $0)...]) }
                    ?? (line.hasPrefix("--") ? "oklch(0.5 0.1 200)" : line)
                guard let c = try? sim.simulate(try wb.parse(css), workbench: wb) else {
                    return json ? "{\"input\":" + Self.jsonString(line) + ",\"error\":\"cannot simulate a color whose conversion to linear sRGB overflows (a coordinate too large for oklch); use coordinates of a displayable size\"}" : "error"
                }
                let hex = try wb.hex(c)
                if json {
                    let row = Self.colorRow(line, c, json: true)
                    let rest = row.dropFirst(("{\"input\":" + Self.jsonString(line)).count).dropLast()
                    return "{\"input\":" + Self.jsonString(line) + (label.map { ",\"label\":" + Self.jsonString($0) } ?? "")
                        + ",\"cvd\":\"\(type.rawValue)\",\"severity\":" + Self.jsonNumber(severity) + rest + ",\"hex\":\"\(hex)\"}"
                }
                let row = Self.colorRow(line, c, json: false)
                let serialized = wb.serialize(c)
                return (label.map { $0 + "  " } ?? "") + row.dropLast(serialized.count) + hex + "  " + serialized
            }
            let s = try ColorStream(.simulate(sim), json: json, workbench: wb)
            for threads in [1, 2] {
                let (got, messages) = try Self.stream(s, lines, threads: threads)
                #expect(got == expected.joined(separator: "\n") + "\n", "simulate \(type) \(severity) json=\(json) threads=\(threads)")
                #expect(messages == (json ? [] : ["line \(lines.count): cannot simulate a color whose conversion to linear sRGB overflows (a coordinate too large for oklch); use coordinates of a displayable size"]))
            }
        }
        // The README's example row: #00b386 as deuteranopia sees it.
        let (row, _) = try Self.stream(try ColorStream(.simulate(try CVDSimulation(.deutan)), json: false, workbench: wb), ["#00b386"], threads: 1)
        #expect(row == "srgb          0.6127401   0.5964829   0.5374298  #9c9889  color(srgb 0.61274 0.596483 0.53743)\n")
    }

    /// Text rows written from seven-decimal units (`writeSevenRow`: coordinates in [0, 400], hues below 360) on
    /// 10,000 `#hex` lines into spaces with a hue (OKLCH, CIE LCH, HSL) and without (Display P3, Lab, whose
    /// negative a and b take the general row): the same text as the per-item rows, on 1 and 2 cores.
    @Test func convertTextRowsOfManyHexLinesMatchTheReference() throws {
        let wb = Workbench.standard
        var g = SplitMix64(seed: 0xE1)
        let lines = (0..<10_000).map { k -> String in
            // Grays (a powerless hue: `none`) and the ends of the range among random colors.
            k % 997 == 0 ? "#808080" : k % 499 == 0 ? "#ffffff" : k % 491 == 0 ? "#000000"
                : String(format: "#%06x", Int(g.next() % 0x1000000))
        }
        for target in ["oklch", "lch", "hsl", "display-p3", "lab"] {
            let t = try wb.spaces.canonicalID(target)
            let expected = try lines.map { Self.colorRow($0, try wb.spaces.convert(try wb.parse($0), to: t), json: false) }
            let s = try ColorStream(.convert(to: t), json: false, workbench: wb)
            for threads in [1, 2] {
                let (got, messages) = try Self.stream(s, lines, threads: threads)
                #expect(got == expected.joined(separator: "\n") + "\n", "convert --to \(target) threads=\(threads)")
                #expect(messages.isEmpty)
            }
        }
    }

    @Test(arguments: [false, true])
    func parseAndGamutMatchTheReference(json: Bool) throws {
        let wb = Workbench.standard
        let lines = Self.colors(Self.n, seed: 12)
        let parse = try ColorStream(.parse, json: json, workbench: wb)
        #expect(try Self.stream(parse, lines, threads: 2).0
                == (try lines.map { Self.colorRow($0, try wb.parse($0), json: json) }.joined(separator: "\n") + "\n"))
        for method in ["css4", "clip"] {
            let gamut = try ColorStream(.gamut(to: .srgb, method: method), json: json, workbench: wb)
            let expected = try lines.map { Self.colorRow($0, try wb.mapGamut(try wb.parse($0), to: .srgb, method: method), json: json) }
            #expect(try Self.stream(gamut, lines, threads: 2).0 == expected.joined(separator: "\n") + "\n", "\(method)")
        }
    }

    /// The batch gamut path (four-lane search, reference plans for the result) on 20,000 OKLCH lines, into
    /// sRGB and Display P3: JSON byte-identical to mapping each color alone, on 1 and 2 cores.
    @Test(arguments: ["srgb", "display-p3"])
    func gamutOfManyOKLCHLinesIsByteIdentical(target: String) throws {
        try Self.gamutOfManyOKLCHLines(target: target, json: true)
    }

    /// Text rows of the same lines (results on the lanes where every digit is certain, the reference's
    /// elsewhere): the same text as the per-item rows, for each transfer curve's lane form (the sRGB curve,
    /// the 1/2.4 power of rec2020, a98-rgb's power) and for ProPhoto, which has none.
    @Test(arguments: ["srgb", "display-p3", "rec2020", "a98-rgb", "prophoto-rgb"])
    func gamutTextRowsOfManyOKLCHLinesMatchTheReference(target: String) throws {
        try Self.gamutOfManyOKLCHLines(target: target, json: false)
    }

    /// Colors written in other spaces take the lanes too (their OKLCH origin converted as `GamutCSS4.map` does):
    /// in gamut in the target's own space (the color itself, legacy `rgb()` kept), in gamut elsewhere (its plan to
    /// the target), outside (the clip the search ends on), on the boundary (`#ff0000`, whose OKLCH round trip
    /// leaves sRGB by 3e-16: the reference), white and black, and missing components (the reference): every row as
    /// `Workbench.mapGamut` gives it, on 1 and 2 cores.
    @Test(arguments: [("srgb", false), ("srgb", true), ("display-p3", false), ("rec2020", true)])
    func gamutOfOtherSpacesTakesTheLanes(target: String, json: Bool) throws {
        let wb = Workbench.standard
        var g = SplitMix64(seed: 0x6A)
        let fixed = ["#ff0000", "#ffffff", "#000000", "rgb(10 20 30)", "color(srgb none 0.5 0.2)", "hsl(120 50% 50%)",
                     "color(display-p3 0 1 0)", "lab(100 0 0)", "#00000080", "lab(50 20 -30 / none)"]
        let lines = (0..<6_000).map { k -> String in
            switch k % 7 {
            case 0: return fixed[(k / 7) % fixed.count]
            case 1, 2: return String(format: "#%06x", Int(g.next() % 0x1000000))
            case 3: return String(format: "lab(%.3f %.3f %.3f)", 100 * g.unit(), 250 * g.unit() - 125, 250 * g.unit() - 125)
            case 4: return String(format: "color(display-p3 %.4f %.4f %.4f / %.2f)", g.unit(), g.unit(), g.unit(), g.unit())
            case 5: return String(format: "hsl(%.1f %.1f%% %.1f%%)", 360 * g.unit(), 100 * g.unit(), 100 * g.unit())
            default: return String(format: "rgb(%d %d %d)", Int(g.next() % 256), Int(g.next() % 256), Int(g.next() % 256))
            }
        }
        let t = try wb.spaces.canonicalID(target)
        let expected = try lines.map { Self.colorRow($0, try wb.mapGamut(try wb.parse($0), to: t, method: "css4"), json: json) }
        let s = try ColorStream(.gamut(to: t, method: "css4"), json: json, workbench: wb)
        #expect(s.gamutLanes != nil)
        for threads in [1, 2] {
            let (got, messages) = try Self.stream(s, lines, threads: threads)
            #expect(got == expected.joined(separator: "\n") + "\n", "gamut --to \(target) json=\(json) threads=\(threads)")
            #expect(messages.isEmpty)
        }
        // display-p3 green mapped into sRGB (the README's row), and an sRGB color in gamut kept as written.
        let (row, _) = try Self.stream(try ColorStream(.gamut(to: .srgb, method: "css4"), json: false, workbench: wb),
                                       ["color(display-p3 0 1 0)", "rgb(10 20 30)"], threads: 1)
        #expect(row == "srgb          0.0000000   0.9857637   0.1597424  color(srgb 0 0.985764 0.159742)\n"
                + "srgb          0.0392157   0.0784314   0.1176471  rgb(10, 20, 30)\n")
    }

    static func gamutOfManyOKLCHLines(target: String, json: Bool) throws {
        let wb = Workbench.standard
        var g = SplitMix64(seed: 0xE2)
        let lines = (0..<20_000).map { k -> String in
            k % 501 == 0 ? "oklch(1 0.1 20)" : k % 503 == 0 ? "oklch(0.5 none 20)" : k % 509 == 0 ? "oklch(none 0.2 none / 0.5)"
                : String(format: "oklch(%.4f %.4f %.2f)", g.unit(), 0.45 * g.unit(), 400 * g.unit() - 20)
        }
        let t = try wb.spaces.canonicalID(target)
        let expected = try lines.map { Self.colorRow($0, try wb.mapGamut(try wb.parse($0), to: t, method: "css4"), json: json) }
        let s = try ColorStream(.gamut(to: t, method: "css4"), json: json, workbench: wb)
        #expect((s.gamutLanes != nil) == (target != "prophoto-rgb"), "the batch path is taken for \(target) (ProPhoto: D50)")
        for threads in [1, 2] {
            let (got, messages) = try Self.stream(s, lines, threads: threads)
            #expect(got == expected.joined(separator: "\n") + "\n", "gamut --to \(target) json=\(json) threads=\(threads)")
            #expect(messages.isEmpty)
        }
    }

    /// The count of pair inputs outside sRGB equals `Workbench.inGamut` over every input, on the chunked path
    /// (colors of every space, wide ones, alpha) and for lines the per-line path takes (named colors, labels).
    @Test func pairInputsOutsideSRGBAreCounted() throws {
        let wb = Workbench.standard
        let a = Self.colors(3000, seed: 21), b = Self.colors(3000, seed: 22)
        let lines = zip(a, b).map { "\($0)\t\($1)" }
        var expected = 0
        for c in a + b where !(try wb.inGamut(try wb.parse(c), of: .srgb)) { expected += 1 }
        #expect(expected > 100, "the sample has wide colors")
        for (method, threads) in [("wcag21", 2), ("apca", 1)] {
            let s = try ColorStream(.contrast(method: method), json: false, workbench: wb)
            _ = try Self.stream(s, lines, threads: threads)
            #expect(s.tally.outsideSRGB == expected, "\(method)")
        }
        let d = try ColorStream(.deltaE(method: "2000"), json: true, workbench: wb)
        _ = try Self.stream(d, lines, threads: 2)
        #expect(d.tally.outsideSRGB == expected)
    }

    @Test(arguments: [false, true])
    func pairsMatchTheReference(json: Bool) throws {
        let wb = Workbench.standard
        let a = Self.colors(Self.n, seed: 13), b = Self.colors(Self.n, seed: 14)
        let lines = zip(a, b).enumerated().map { $0.offset % 7 == 0 ? " \($0.element.0)\t \($0.element.1) " : "\($0.element.0)\t\($0.element.1)" }
        for (method, decimals) in [("wcag21", 2), ("apca", 2), ("weber", 4)] {
            let s = try ColorStream(.contrast(method: method), json: json, decimals: decimals, workbench: wb)
            let expected = try zip(a, b).enumerated().map { k, p in
                Self.pairRow(lines[k], p.0, p.1, try wb.contrast(text: try wb.parse(p.0), background: try wb.parse(p.1), method: method),
                             decimals: decimals, sep: "on", json: json)
            }
            #expect(try Self.stream(s, lines, threads: 2).0 == expected.joined(separator: "\n") + "\n", "\(method)")
        }
        let d = try ColorStream(.deltaE(method: "ok"), json: json, decimals: 6, workbench: wb)
        let expected = try zip(a, b).enumerated().map { k, p in
            Self.pairRow(lines[k], p.0, p.1, try wb.deltaE(try wb.parse(p.0), try wb.parse(p.1), method: "ok"),
                         decimals: 6, sep: "vs", json: json)
        }
        #expect(try Self.stream(d, lines, threads: 1).0 == expected.joined(separator: "\n") + "\n")
    }

    @Test func everyLineGetsItsRowInText() throws {
        let s = try ColorStream(.convert(to: .oklch), json: false)
        let lines = ["red", "", "not-a-color", "  ", "#00b386", "oklch(0.5 0.1"]
        let (out, messages) = try Self.stream(s, lines, threads: 2)
        let rows = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(rows.count == lines.count)
        #expect(rows[0].hasPrefix("oklch") && rows[1] == "" && rows[2] == "error" && rows[3] == "")
        #expect(rows[4].hasPrefix("oklch") && rows[5] == "error")
        #expect(messages.count == 2)
        #expect(messages[0].hasPrefix("line 3: invalid color 'not-a-color'"), "\(messages)")
        #expect(messages[1].hasPrefix("line 6: "))
    }

    @Test func jsonKeepsErrorsInTheirRowAndSkipsBlankLines() throws {
        let s = try ColorStream(.parse, json: true)
        let (out, messages) = try Self.stream(s, ["red", "", "nope"], threads: 1)
        let rows = out.split(separator: "\n").map(String.init)
        #expect(rows.count == 2 && messages.isEmpty)
        #expect(rows[1].hasPrefix("{\"input\":\"nope\",\"error\":\"invalid color 'nope'"))
    }

    @Test func nonFiniteResultsPrintAsNaNOrInfWithAWarning() throws {
        let s = try ColorStream(.convert(to: .oklab), json: false)
        let (out, messages) = try Self.stream(s, ["color(srgb 1e308 0 0)", "oklch(0.5 0 none)"], threads: 1)
        let rows = out.split(separator: "\n").map(String.init)
        #expect(rows[0].contains("NaN") || rows[0].contains("inf"), "\(rows[0])")
        #expect(!rows[0].contains("none"))
        #expect(messages.count == 1 && messages[0].hasPrefix("line 1: warning: the result is not a finite number"))
        // A missing hue that stays missing is not a warning.
        let lch = try ColorStream(.convert(to: .oklch), json: false)
        let (o2, m2) = try Self.stream(lch, ["oklab(0.5 0 0)"], threads: 1)
        #expect(o2.contains("none") && m2.isEmpty)
        let c = try ColorStream(.contrast(method: "wcag21"), json: false)
        let (o3, m3) = try Self.stream(c, ["color(srgb 1e308 0 0)\twhite"], threads: 1)
        #expect(!o3.contains("nan") && (o3.contains("NaN") || o3.contains("inf")) && m3.count == 1, "\(o3)")
    }

    @Test func aLineOverTheLimitStopsTheStream() throws {
        let s = try ColorStream(.parse, json: false)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hb-long-\(UUID().uuidString)").path
        try Data(("red\n" + String(repeating: "0", count: 3000) + "\nblue\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var out = [UInt8]()
        #expect(throws: LineTooLongError.self) {
            _ = try s.run(LineBlockReader(fd: fd, maxLineBytes: 1024), threads: 1,
                          emit: { out.append(contentsOf: $0) }, message: { _ in })
        }
        // The row of the line before it (in the same batch) was written.
        let (red, _) = try Self.stream(s, ["red"], threads: 1)
        #expect(String(decoding: out, as: UTF8.self) == red)
    }

    /// Many blocks on three cores (the pipeline: reading, computing and writing overlap) give the bytes and the
    /// messages of one core, in input order; a line over the limit in a later block stops the stream after every
    /// row before it was written.
    /// Lines enough for many blocks (`ColorStream.blockBytes`) of 7–8-byte lines.
    static let manyLines = 70_000

    @Test func thePipelineKeepsInputOrderOverManyBatches() throws {
        var lines: [String] = []
        var g = SplitMix64(seed: 0x91)
        for i in 0..<Self.manyLines {
            switch i % 997 {
            case 5: lines.append("not a color \(i)")
            case 6: lines.append("")
            default: lines.append(String(format: "#%06x", Int(g.next() % 0x1000000)))
            }
        }
        for json in [false, true] {
            let s = try ColorStream(.convert(to: .oklch), json: json)
            let one = try Self.stream(s, lines, threads: 1), three = try Self.stream(s, lines, threads: 3)
            #expect(one.0 == three.0, "json=\(json)")
            #expect(one.1 == three.1, "json=\(json)")
            if !json {
                #expect(one.0.split(separator: "\n", omittingEmptySubsequences: false).count == lines.count + 1)
                #expect(one.1.first?.hasPrefix("line 6: ") == true, "\(one.1.prefix(1))")
            }
        }
        let long = lines.prefix(Self.manyLines / 2 + 10).joined(separator: "\n") + "\n" + String(repeating: "0", count: 3000) + "\nred\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hb-pipe-\(UUID().uuidString)").path
        try Data(long.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var outputs: [[UInt8]] = []
        for threads in [1, 2] {
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            var out = [UInt8]()
            #expect(throws: LineTooLongError.self) {
                _ = try ColorStream(.parse, json: false).run(LineBlockReader(fd: fd, maxLineBytes: 1024), threads: threads,
                                                              emit: { out.append(contentsOf: $0) }, message: { _ in })
            }
            // Every row before the long line was written, also those of its own (partial) block.
            #expect(out.split(separator: 10, omittingEmptySubsequences: false).count == Self.manyLines / 2 + 11, "threads=\(threads)")
            outputs.append(out)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func labelledLinesCarryTheirLabel() throws {
        let wb = Workbench.standard
        let lines = ["brand-500\t#00b386", "  --brand-600: oklch(0.6 0.1 170);", "#00b386"]
        let text = try ColorStream(.convert(to: .oklch), json: false)
        let (out, _) = try Self.stream(text, lines, threads: 1)
        let rows = out.split(separator: "\n").map(String.init)
        let c = try wb.spaces.convert(try wb.parse("#00b386"), to: .oklch)
        #expect(rows[0] == "brand-500  " + Self.colorRow("", c, json: false))
        #expect(rows[1].hasPrefix("--brand-600  oklch "))
        #expect(rows[2] == Self.colorRow("", c, json: false))
        let json = try ColorStream(.convert(to: .oklch), json: true)
        let (j, _) = try Self.stream(json, lines, threads: 2)
        let objects = j.split(separator: "\n").map(String.init)
        let plain = Self.colorRow("brand-500\t#00b386", c, json: true)
        #expect(objects[0] == plain.replacingOccurrences(of: "\"input\":\"brand-500\\t#00b386\"",
                                                          with: "\"input\":\"brand-500\\t#00b386\",\"label\":\"brand-500\""))
        #expect(objects[1].contains("\"label\":\"--brand-600\",\"space\":\"oklch\""))
        #expect(objects[2] == Self.colorRow("#00b386", c, json: true), "unlabelled rows are unchanged")
    }

    /// `contrast --gamut G` / `deltae --gamut G`: pairs of colors written in G and surely inside it take the batch
    /// path (as without --gamut: CSS Color 4 mapping gives them back as they are); the others (channels at 0 or 1,
    /// other spaces, colors outside G) are mapped one by one. Rows equal the per-line path's (`run(arguments:)`),
    /// the count of inputs outside sRGB too.
    @Test(arguments: ["srgb", "display-p3"])
    func pairsUnderGamutMatchThePerLinePath(gamut: String) throws {
        let wb = Workbench.standard
        var g = SplitMix64(seed: 0x9A)
        func hex() -> String { String(format: "#%06x", Int(g.next() % 0x1000000)) }
        let fixed = ["#ff0000", "#000", "#fff", "color(display-p3 0 1 0)", "color(display-p3 0.2 0.3 0.4)", "#12345680",
                     "oklch(0.7 0.3 150)", "color(srgb 0.5 0.5 none)", "color(srgb 1.2 0.5 0.5)"]
        let lines = (0..<3000).map { i in i % 5 == 0 ? fixed[(i / 5) % fixed.count] + "\t" + hex() : hex() + "\t" + hex() }
        for op in [ColorStream.Operation.contrast(method: "wcag21"), .contrast(method: "apca"), .deltaE(method: "ok")] {
            for json in [false, true] {
                let s = try ColorStream(op, json: json, workbench: wb, gamut: try wb.spaces.canonicalID(gamut))
                let batch = try Self.stream(s, lines, threads: 2).0
                let outside = s.tally.outsideSRGB
                var perLine = [UInt8]()
                let perLineStream = try ColorStream(op, json: json, workbench: wb, gamut: try wb.spaces.canonicalID(gamut))
                _ = perLineStream.run(arguments: lines, emit: { perLine.append(contentsOf: $0) }, message: { _ in }, label: { "argument \($0)" })
                #expect(batch == String(decoding: perLine, as: UTF8.self), "\(op) --gamut \(gamut) json=\(json)")
                #expect(outside == perLineStream.tally.outsideSRGB && outside > 0)
            }
        }
    }

    /// Labelled pair lines `LABEL<TAB>A<TAB>B` of contrast and deltae take the batch path: each row is the
    /// unlabelled pair's row with the label first (text) or `"label"` after the whole line as the input (JSON).
    @Test(arguments: [false, true])
    func labelledPairLinesTakeTheBatchPath(json: Bool) throws {
        let wb = Workbench.standard
        let colors = Self.colors(2000, seed: 43)
        let pairs = (0..<1000).map { colors[$0] + "\t" + colors[1999 - $0] }
        let labels = (0..<1000).map { i in i % 3 == 0 ? "" : i % 3 == 1 ? "pair.\(i)" : "e\u{1B}\(i)" }
        let lines = zip(labels, pairs).map { $0.isEmpty ? $1 : $0 + "\t" + $1 }
        for op in [ColorStream.Operation.contrast(method: "wcag21"), .contrast(method: "apca"), .deltaE(method: "2000")] {
            let s = try ColorStream(op, json: json, workbench: wb)
            let rows = try Self.stream(s, lines, threads: 2).0.split(separator: "\n").map(String.init)
            let plain = try Self.stream(s, pairs, threads: 1).0.split(separator: "\n").map(String.init)
            #expect(rows.count == 1000 && plain.count == 1000)
            for i in 0..<1000 {
                var want = plain[i]
                if !labels[i].isEmpty {
                    if json {
                        let input = "{\"input\":" + Self.jsonString(pairs[i])
                        want = "{\"input\":" + Self.jsonString(lines[i]) + ",\"label\":" + Self.jsonString(labels[i]) + want.dropFirst(input.count)
                    } else {
                        want = Escape.terminal(labels[i]) + "  " + want
                    }
                }
                #expect(rows[i] == want, "\(op) json=\(json) line \(i + 1)")
            }
        }
        // The README's labelled pair: WCAG 2 contrast of #777 on white, 4.48.
        let row = try Self.stream(try ColorStream(.contrast(method: "wcag21"), json: false, workbench: wb), ["body\t#777\twhite", "b\t#777\t#fff"], threads: 1).0
        #expect(row == "body        4.48  #777 on white\nb        4.48  #777 on #fff\n")
    }

    /// Labelled ASCII lines take the batch path of convert, gamut and simulate: each row is the unlabelled row
    /// with the label first (text, control characters shown as `\u{1B}`) or `"label"` after the input (JSON);
    /// non-ASCII labels, two TABs and an empty label take the per-line path, with the same rules.
    @Test(arguments: [false, true])
    func labelledLinesTakeTheBatchPath(json: Bool) throws {
        let wb = Workbench.standard
        let colors = Self.colors(2000, seed: 41)
        let lines = colors.enumerated().map { i, c -> String in
            switch i % 6 {
            case 0: return "tok.\(i)\t\(c)"
            case 1: return "--cp-\(i): \(c);"
            case 2: return "  spaced \(i) \t  \(c)  "
            case 3: return "esc\u{1B}[31m\(i)\t\(c)"
            case 4: return "ünï\(i)\t\(c)"
            default: return c
            }
        }
        for op in [ColorStream.Operation.convert(to: .oklch), .gamut(to: .srgb, method: "css4"), .simulate(try CVDSimulation(.protan))] {
            let s = try ColorStream(op, json: json, workbench: wb)
            let (got, _) = try Self.stream(s, lines, threads: 2)
            let rows = got.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let plain = try Self.stream(s, colors, threads: 1).0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (i, line) in lines.enumerated() {
                let label: String
                switch i % 6 {
                case 0: label = "tok.\(i)"
                case 1: label = "--cp-\(i)"
                case 2: label = "spaced \(i)"
                case 3: label = "esc\u{1B}[31m\(i)"
                case 4: label = "ünï\(i)"
                default: label = ""
                }
                var want = plain[i]
                if !label.isEmpty {
                    if json {
                        let input = "{\"input\":" + Self.jsonString(colors[i])
                        #expect(want.hasPrefix(input))
                        want = "{\"input\":" + Self.jsonString(line) + ",\"label\":" + Self.jsonString(label) + want.dropFirst(input.count)
                    } else {
                        want = Escape.terminal(label) + "  " + want
                    }
                }
                #expect(rows[i] == want, "\(op) json=\(json) line \(i + 1): \(line)")
            }
        }
    }

    /// Labels and a pair's colors were echoed raw into text rows, so a label holding ESC `[31m` or CSI U+009B
    /// wrote a terminal escape sequence to the user's terminal. Text rows show them as `\u{1B}` (as stderr
    /// does); JSON rows escape them (`\u001b`, `\u009b`, and DEL `\u007f`).
    @Test func controlCharactersInLabelsAreShownNotSent() throws {
        let wb = Workbench.standard
        let lines = ["a\u{1B}[31mb\t#00b386", "--x\u{9B}2J: #00b386;", "del\u{7F}\u{202E}\t#00b386", "ok\t#00b386"]
        let c = try wb.spaces.convert(try wb.parse("#00b386"), to: .oklch)
        let row = Self.colorRow("", c, json: false)
        let (out, messages) = try Self.stream(try ColorStream(.convert(to: .oklch), json: false), lines, threads: 1)
        #expect(out.split(separator: "\n").map(String.init) == [
            "a\\u{1B}[31mb  " + row, "--x\\u{9B}2J  " + row, "del\\u{7F}\\u{202E}  " + row, "ok  " + row,
        ])
        #expect(messages.isEmpty)
        #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        let (j, _) = try Self.stream(try ColorStream(.convert(to: .oklch), json: true), lines, threads: 1)
        let objects = j.split(separator: "\n").map(String.init)
        #expect(objects[0].hasPrefix("{\"input\":\"a\\u001b[31mb\\t#00b386\",\"label\":\"a\\u001b[31mb\","), "\(objects[0])")
        #expect(objects[1].hasPrefix("{\"input\":\"--x\\u009b2J: #00b386;\",\"label\":\"--x\\u009b2J\","), "\(objects[1])")
        #expect(objects[2].hasPrefix("{\"input\":\"del\\u007f\u{202E}\\t#00b386\",\"label\":\"del\\u007f\u{202E}\","), "\(objects[2])")
        // A pair's colors are echoed too: a comment is whitespace in CSS, so `#000/*ESC…*/` is a valid color.
        let pairs = ["#000/*\u{1B}]52;c;eA==\u{7}*/\twhite"]
        let (p, _) = try Self.stream(try ColorStream(.contrast(method: "wcag21"), json: false), pairs, threads: 1)
        #expect(p == "     21.00  #000/*\\u{1B}]52;c;eA==\\u{7}*/ on white\n", "\(p)")
    }

    /// `textStable` keeps a result only when every value within the tolerance prints the same text row digits
    /// (7 decimals) and CSS number: checked with the real writers at v − b, v and v + b, on random values, on
    /// values within a few b of a rounding boundary of either, and near the powers of ten and 5e-7.
    @Test func textStableValuesPrintTheSameWithinTheTolerance() throws {
        let b = BatchGamutMapper.resultTolerance
        func text(_ v: Double) -> String {
            let out = ByteText()
            out.appendFixedText(v, decimals: 7, width: 12)
            out.append(0x20)
            if !ColorStream.cssNumber(v, into: out) { out.append("?") }
            return String(decoding: out.buffer, as: UTF8.self)
        }
        var g = SplitMix64(seed: 0x7E57)
        var values: [Double] = [0, 1, 5e-7, 5e-7 + 2 * b, 0.1, 0.01, 1e-3, 1e-6, 0.12345675, 0.5, 0.99999995, 1 - b / 2]
        for _ in 0..<20_000 {
            let v = g.unit()
            values.append(v)
            values.append(v * pow(10, -Double(g.next() % 7)))
            // Near a half unit of the 7th decimal or of the CSS number's last digit.
            let d = Double(6 + g.next() % 4)
            let boundary = ((v * pow(10, d)).rounded(.down) + 0.5) / pow(10, d)
            values.append(boundary + (g.unit() - 0.5) * 8 * b)
        }
        var stable = 0
        for v in values where v >= 0 && v <= 1 && ColorStream.textStable(v, tolerance: b) {
            stable += 1
            let t = text(v)
            #expect(text(v - b) == t || v == 0 || v == 1, "\(v) − b: \(text(v - b)) ≠ \(t)")
            #expect(text(v + b) == t || v == 0 || v == 1, "\(v) + b: \(text(v + b)) ≠ \(t)")
        }
        #expect(stable > values.count / 2, "\(stable) of \(values.count) stable")
        #expect(!ColorStream.textStable(0.12345675, tolerance: b) && !ColorStream.textStable(0.1 + b / 2, tolerance: b))
        #expect(ColorStream.textStable(0, tolerance: b) && ColorStream.textStable(1, tolerance: b))
    }

    /// The decade of a CSS number (the digits it keeps) is libm's ⌊log₁₀ a⌋ — also right next to every power of
    /// ten, where a Double's 10^k and the exact one differ — and the number is `%.{5 − decade}f` with trailing
    /// zeros dropped, against `String(format:)` and the serializer's own rounding.
    @Test func cssNumbersKeepSixDigitsAsLibmCountsThem() {
        var values: [Double] = [5e-7, 1e-6, 0.5, 1, 0.9999995, 0.99999949999, 9.9999995, 99999.95, 999999.4, 0.123456789, 360]
        for k in -7...6 {
            let p = pow(10, Double(k))
            var x = p, y = p
            for _ in 0..<4 { x = x.nextUp; y = y.nextDown; values += [x, y] }
            values += [p, p * (1 + 1e-12), p * (1 - 1e-12), p * (1 + 2e-12), p * (1 - 2e-12), p * 1.0000005, p * 0.9999995]
        }
        var g = SplitMix64(seed: 0xC55)
        for _ in 0..<20_000 { values.append(g.unit() * pow(10, Double(Int(g.next() % 14)) - 7)) }
        var mismatches: [String] = []
        for a in values where a >= 5e-7 && a < 1e6 {
            let mag = Int(floor(log10(a)))
            if ColorStream.magnitude(a) != mag { mismatches.append("magnitude \(a): \(ColorStream.magnitude(a)) vs \(mag)") }
            for v in [a, -a] {
                var want = String(format: "%.\(max(0, 5 - mag))f", v)
                if want.contains(".") { while want.hasSuffix("0") { want.removeLast() }; if want.hasSuffix(".") { want.removeLast() } }
                let out = ByteText()
                #expect(ColorStream.cssNumber(v, into: out))
                let ours = String(decoding: out.bytes, as: UTF8.self)
                if ours != want { mismatches.append("\(v): \(ours) vs \(want)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
        let wb = Workbench.standard
        for v in [0.351002449, 0.0709585438828383, 306.4794108169921, 0.9999996] {
            let out = ByteText()
            _ = ColorStream.cssNumber(v, into: out)
            #expect(wb.serialize(Color(.srgb, coords: SIMD3(v, 0, 0))) == "color(srgb \(String(decoding: out.bytes, as: UTF8.self)) 0 0)")
        }
    }
}
