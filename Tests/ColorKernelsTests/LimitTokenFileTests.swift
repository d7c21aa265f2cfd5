import ColorCore
import ColorIO
import Foundation
import Testing
@testable import ColorKernels

/// Token files under limits: an 18 MiB indented token file once ran 34 s against a 1 s budget in
/// `hb.load_colors`, because the JSON was parsed in one uninterruptible call and the DTCG walk never looked at
/// the deadline. Token files are now read up to 16 MiB (refused above, naming file, size and limit), parsed by a
/// reader that polls the deadline and charges what it builds every 64 KiB, and walked with polls per 4,096
/// groups and tokens; alias chains are followed once and at most 64 deep.
@Suite struct LimitTokenFileTests {
    struct Stop: Error {}

    /// `n` color tokens in groups of 100, indented as design tools write them.
    static func tokenFile(_ n: Int) -> String {
        var s = "{\n  \"color\": {\n    \"$type\": \"color\""
        for g in 0..<(n + 99) / 100 {
            s += ",\n    \"g\(g)\": {\n      \"$description\": \"group \(g)\""
            for k in 0..<min(100, n - g * 100) {
                let i = g * 100 + k
                s += ",\n      \"t\(k)\": { \"$value\": { \"colorSpace\": \"oklch\", \"components\": [\(Double(i % 90) / 100 + 0.05), 0.1, \(i % 360)], \"alpha\": 1 } }"
            }
            s += "\n    }"
        }
        return s + "\n  }\n}\n"
    }

    static func write(_ text: String, _ name: String) -> (dir: URL, path: String) {
        let dir = ColorListTests.temp()
        return (dir, ColorListTests.write(text, name, in: dir))
    }

    @Test func theParserGivesWhatJSONSerializationGives() throws {
        let text = #"{"a": [1, -2.5e3, 0, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83c\udfa8"], "b": {}, "c": [], "a2": 1e400}"#
        let mine = try TokenJSONParser.parse(Array(text.utf8)) as! [String: Any]
        let theirs = try JSONSerialization.jsonObject(with: Data(#"{"a": [1, -2.5e3, 0, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83c\udfa8"], "b": {}, "c": []}"#.utf8)) as! [String: Any]
        let a = mine["a"] as! [Any], t = theirs["a"] as! [Any]
        #expect(a.count == 7)
        for k in 0..<3 { #expect((a[k] as! NSNumber).doubleValue == (t[k] as! NSNumber).doubleValue) }
        #expect(String(cString: (a[3] as! NSNumber).objCType) == "c" && (a[3] as! NSNumber).boolValue)
        #expect(String(cString: (a[4] as! NSNumber).objCType) == "c" && !(a[4] as! NSNumber).boolValue)
        #expect(a[5] is NSNull)
        #expect(a[6] as? String == "x\"\\/\u{8}\u{c}\n\r\té🎨" && a[6] as? String == t[6] as? String)
        #expect((mine["b"] as? [String: Any])?.isEmpty == true && (mine["c"] as? [Any])?.isEmpty == true)
        #expect((mine["a2"] as! NSNumber).doubleValue == .infinity)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "line 1, column 9: expected a quoted key"),
        ("{\"a\"\n  1}", "line 2, column 3: expected ':' after an object key"),
        ("{\"a\": [1 2]}", "line 1, column 10: expected ',' or ']' in an array"),
        ("{\"a\": 01}", "line 1, column 8: expected ',' or '}' in an object"),
        ("{\"a\": \"\u{1}\"}", "line 1, column 8: a control character inside a string (write it as \\u00XX)"),
        ("{\"a\": \"\\ud800\"}", "line 1, column 14: an unpaired surrogate in a \\u escape"),
        ("{\"a\": tru}", "line 1, column 7: expected a value"),
        ("{\"a\": 1} x", "line 1, column 10: unexpected text after the JSON value"),
        ("{\"a\": \"open", "line 1, column 12: a string is not closed with '\"'"),
    ])
    func malformedJSONIsOneLineWithLineAndColumn(text: String, message: String) throws {
        let e = try #require(throws: TokenJSONParser.Failure.self) { _ = try TokenJSONParser.parse(Array(text.utf8)) }
        #expect(e.message == message)
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let e = try #require(throws: TokenJSONParser.Failure.self) { _ = try TokenJSONParser.parse(Array(("{\"a\": " + deep + "}").utf8)) }
        #expect(e.message == "line 1, column 262: objects and arrays nested more than 256 levels deep")
        let ok = String(repeating: "[", count: 255) + String(repeating: "]", count: 255)
        #expect(throws: Never.self) { _ = try TokenJSONParser.parse(Array(("{\"a\": " + ok + "}").utf8)) }
    }

    /// The parse itself calls its hook every 64 KiB (with the bytes it built), so a hook that throws stops it
    /// part way.
    @Test func theParsePollsEvery64KiB() throws {
        let bytes = Array(Self.tokenFile(20_000).utf8)  // about 2.4 MB
        var calls = 0, built = 0
        _ = try TokenJSONParser.parse(bytes) { calls += 1; built += $0 }
        #expect(calls >= bytes.count >> 16 && calls <= (bytes.count >> 16) + 2, "\(calls) polls for \(bytes.count) bytes")
        // 20,000 tokens, each two objects, an array of 3 numbers, a number and a string (about 20 Foundation
        // objects and boxes for ~120 bytes of text): the estimate is several times the text, as a real tree is
        // (a 15 MiB file of these peaks near 170 MiB read whole).
        #expect(built > 4 * bytes.count && built < 16 * bytes.count, "\(built) for \(bytes.count)")
        var seen = 0
        #expect(throws: Stop.self) { _ = try TokenJSONParser.parse(bytes) { _ in seen += 1; if seen == 3 { throw Stop() } } }
        #expect(seen == 3)
    }

    @Test func anExpiredDeadlineStopsTheWalkAndTheResolution() throws {
        let json = try TokenJSONParser.parse(Array(Self.tokenFile(10_000).utf8))
        let stopped = Deadline.none()
        stopped.cancel()
        var walk = DTCGTree(limits: .init(deadline: stopped, charge: nil))
        #expect(throws: DeadlineExceeded.self) { try walk.merge(json, file: "t.json") }
        var tree = DTCGTree()
        try tree.merge(json, file: "t.json")
        #expect(tree.order.count == 10_000)
        var late = DTCGTree(limits: .init(deadline: stopped, charge: nil))
        late.tokens = tree.tokens; late.order = tree.order
        #expect(throws: DeadlineExceeded.self) { _ = try late.colors(workbench: .standard) }
        let all = try tree.colors(workbench: .standard)
        #expect(all.colors.count == 10_000 && all.problems.isEmpty)
        let t = try #require(all.colors.first { $0.name == "color.g12.t34" })
        #expect(t.color == Color(.oklch, Double(1234 % 90) / 100 + 0.05, 0.1, Double(1234 % 360)))
        #expect(t.location == "t.json: color.g12.t34")
    }

    /// What a read holds is charged as it grows: a hook that refuses past 1 MiB stops a 2.4 MB token file.
    @Test func theReadChargesWhatItHolds() throws {
        let (dir, path) = Self.write(Self.tokenFile(20_000), "big.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        var total = 0
        let read = try ColorListReader.read(path: path) { total += $0 }
        #expect(read.colors.count == 20_000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(total > 2 * size, "charged \(total) for a \(size)-byte file")
        var refused = 0
        #expect(throws: Stop.self) {
            _ = try ColorListReader.read(path: path) { refused += $0; if refused > 1 << 20 { throw Stop() } }
        }
        // A line file charges its colors per batch of lines.
        let lines = (0..<10_000).map { "c\($0)\t#\(String(format: "%06x", $0 * 1677))" }.joined(separator: "\n")
        let (ldir, lpath) = Self.write(lines, "colors.txt")
        defer { try? FileManager.default.removeItem(at: ldir) }
        var lineTotal = 0
        #expect(try ColorListReader.read(path: lpath) { lineTotal += $0 }.colors.count == 10_000)
        #expect(lineTotal >= 10_000 * MemoryLayout<LabelledColor>.stride)
    }

    /// A minified token file (one line of several MiB) is read whole; over 16 MiB it is refused before parsing,
    /// naming the file, its size and the limit.
    @Test func tokenFilesAreReadUpTo16MiB() throws {
        let minified = Self.tokenFile(12_000).replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: "")
        #expect(minified.utf8.count > 1 << 20)
        let (dir, path) = Self.write(minified, "min.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ColorListReader.read(path: path).colors.count == 12_000)
        let big = path + ".big"
        let padding = String(repeating: " ", count: (16 << 20) + 1 - minified.utf8.count)
        try Data((minified + padding).utf8).write(to: URL(fileURLWithPath: big))
        let e = try #require(throws: ColorListReadError.self) { _ = try ColorListReader.read(path: big) }
        #expect(e.description == "cannot read '\(ColorCoreError.excerpt(big))': the token file is 16.0 MiB; token files are read up to 16 MiB — split it into several files and list them in a resolver (huebench.resolver.json)")
        // Standard input (size unknown until read) stops at the limit too.
        let fd = open(big, O_RDONLY)
        defer { close(fd) }
        let pipeLike = try #require(throws: ColorListReadError.self) { _ = try ColorListReader.readDescriptor(fd, source: "standard input") }
        #expect(pipeLike.description.contains("the token file is 16.0 MiB"))
    }

    /// Aliases: a chain of 64 aliases resolves, longer chains are refused per token (whatever order the tokens
    /// are resolved in); 5,000 tokens aliasing one chain
    /// resolve each link once.
    @Test func aliasChainsAreBoundedAndFollowedOnce() throws {
        var s = "{\"c\": {\"$type\": \"color\", \"a0\": {\"$value\": \"#336699\"}"
        for k in 1...70 { s += ", \"a\(k)\": {\"$value\": \"{c.a\(k - 1)}\"}" }
        for k in 0..<5_000 { s += ", \"u\(k)\": {\"$value\": \"{c.a60}\"}" }
        s += "}}"
        let (dir, path) = Self.write(s, "chain.tokens.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ColorListReader.read(path: path)
        let names = Set(r.colors.map(\.name))
        #expect(names.contains("c.a64") && !names.contains("c.a65"))
        #expect(r.colors.count == 65 + 5_000)
        #expect(r.colors.allSatisfy { $0.color == (try? Workbench.standard.parse("#336699")) })
        #expect(r.problems.count == 6)
        #expect(r.problems.contains { $0.description.hasSuffix("c.a65: alias chain of more than 64 aliases from {c.a65}; point the alias closer to its color") },
                "\(r.problems.map(\.description))")
    }
}
