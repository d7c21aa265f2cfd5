import ColorCore
import ColorScript
import Foundation
import Testing

/// L3h: `hb.load_colors` of an 18 MiB indented token file ran 34 s against a 1 s budget: the JSON was parsed in
/// one call that could not be interrupted and the token walk never looked at the deadline. Token files are now
/// parsed by a reader that polls the deadline and charges what it builds every 64 KiB, walked with polls, and
/// refused above 16 MiB.
struct BigTokenFileTests {
    /// An indented DTCG token file of about `mib` MiB (color objects in groups of 100, as design tools write).
    static func tokenFile(mib: Int, in dir: String) throws -> String {
        var s = "{\n  \"color\": {\n    \"$type\": \"color\""
        var g = 0
        while s.utf8.count < mib << 20 {
            s += ",\n    \"group-\(g)\": {\n      \"$description\": \"generated group \(g)\""
            for k in 0..<100 {
                s += ",\n      \"step-\(k)\": {\n        \"$value\": {\n          \"colorSpace\": \"oklch\",\n          \"components\": [\(Double(k) / 100), 0.12, \(g % 360)],\n          \"alpha\": 1\n        }\n      }"
            }
            s += "\n    }"
            g += 1
        }
        s += "\n  }\n}\n"
        let path = dir + "/big-\(mib).tokens.json"
        try s.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ path: String, time: Double, memoryMiB: Int, dir: String) throws -> (ColorScriptError?, LuaInterpreter) {
        let (s, _) = try makeState(time: time, memoryMiB: memoryMiB, allowed: [dir])
        return (errorOf(s, "local b = hb.load_colors('\(path)')\nprint(#b)", name: "attack"), s)
    }

    @Test func stopsAtTheTimeLimitInsideTheRead() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.tokenFile(mib: 15, in: dir)
        let (e, s) = try run(path, time: 0.25, memoryMiB: 512, dir: dir)
        guard case .limit(.time, let message, let at)? = e else { Issue.record("expected the time limit, got \(String(describing: e))"); return }
        #expect(message.hasPrefix("attack:1: time limit of 0.25 s exceeded"), "\(message)")
        #expect(at == ScriptLocation(chunk: "attack", line: 1))
        #expect(s.peakMemory < (512 + 64) << 20)
    }

    @Test func stopsAtTheMemoryLimitWhileParsing() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.tokenFile(mib: 15, in: dir)
        let (e, s) = try run(path, time: 60, memoryMiB: 32, dir: dir)
        guard case .limit(.memory, let message, let at)? = e else { Issue.record("expected the memory limit, got \(String(describing: e))"); return }
        #expect(message.hasPrefix("attack:1: ") && message.contains("hb.load_colors("), "\(message)")
        #expect(at == ScriptLocation(chunk: "attack", line: 1))
        #expect(s.peakMemory < (32 + 64) << 20, "\(s.peakMemory)")
        #expect(s.memoryInUse < 8 << 20, "the read's charge is given back: \(s.memoryInUse)")
    }

    @Test func aTokenFileOver16MiBIsRefusedNamingItsSize() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.tokenFile(mib: 17, in: dir)
        let (e, _) = try run(path, time: 60, memoryMiB: 512, dir: dir)
        let message = try #require(e).description
        #expect(message.hasPrefix("attack:1: hb.load_colors: cannot read '\(ColorCoreError.excerpt(path))': the token file is 17.0 MiB; token files are read up to 16 MiB"), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// Below the limits the same file reads: every token, in order.
    @Test func aLargeTokenFileReadsUnderGenerousLimits() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.tokenFile(mib: 2, in: dir)
        let (s, printed) = try makeState(time: 60, memoryMiB: 512, allowed: [dir])
        try s.run(source: "local b = hb.load_colors('\(path)') print(#b % 100, b:label(1), b:label(#b), b:get(2):css())", name: "ok")
        let fields = printed.text.split(separator: "\t").map(String.init)
        #expect(fields.count == 4 && fields[0] == "0" && fields[1] == "color.group-0.step-0", "\(printed.text)")
        #expect(fields[2].hasSuffix(".step-99") && fields[3].contains("0.12"), "\(printed.text)")
    }
}
