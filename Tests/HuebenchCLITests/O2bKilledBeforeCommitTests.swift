import Foundation
import HuebenchTestSupport
import Testing

/// A script killed (`kill -9`) before its commit left the temp file of its streamed matrix (`hb.matrix{out=…}`)
/// in the output folder, and no later run removed it. The temp files are recorded (`.huebench-streams.PID-N`,
/// locked while the process lives) before they are made: the next run or build into the folder removes what
/// a dead process's record lists, and never what a running one is writing.
@Suite(.serialized) struct O2bKilledBeforeCommitTests {
    static let script = """
    local t = {}
    for i = 1, 300 do t[i] = string.format("oklch(%.3f 0.1 200)", i / 301) end
    local b = hb.buffer(t)
    hb.matrix(b, b, {out = "m/ratios.npy", summary = true})
    while true do end
    """

    static func tree(_ dir: String) -> [String] {
        ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
    }

    /// Starts the script, waits (up to 120 s) until its streamed temp file is complete, then kills it with SIGKILL.
    static func startAndKill(_ root: String) throws -> [String] {
        try Data(script.utf8).write(to: URL(fileURLWithPath: root + "/s.lua"))
        let p = try CLI.start(["run", "--time-limit", "600", "--out", "out", "s.lua"], cwd: root)
        let full = 128 + 300 * 300 * 4
        var ready = false
        for _ in 0..<1200 where !ready {
            usleep(100_000)
            // The recorded temp name only (one marker): the writer's own temp file beside it is renamed to it
            // when the stream is complete.
            let temps = tree(root + "/out/m").filter { $0.components(separatedBy: ".tmp-huebench-").count == 2 }
            ready = temps.contains { (try? FileManager.default.attributesOfItem(atPath: root + "/out/m/" + $0)[.size] as? Int) == full }
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(ready, "the streamed temp file never appeared")
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL)
        return tree(root + "/out")
    }

    @Test func theNextRunRemovesTheStreamedTempFile() throws {
        let root = TempFolder.make("o2b").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let left = try Self.startAndKill(root)
        #expect(left.contains { $0.hasPrefix("m/.ratios.npy.tmp-huebench-") }, "\(left)")
        #expect(left.contains { $0.hasPrefix(".huebench-streams.") }, "\(left)")
        // A run that writes nothing still cleans the folder it is given.
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: root + "/noop.lua"))
        let next = try CLI.run(["run", "--out", "out", "noop.lua"], cwd: root)
        #expect(next.status == 0 && next.stdout == "1\n", "\(next.stderr)")
        #expect(Self.tree(root + "/out") == ["m"], "\(Self.tree(root + "/out"))")
    }

    @Test func theNextBuildRemovesItToo() throws {
        let root = TempFolder.make("o2b").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try Self.startAndKill(root)
        let next = try CLI.run(["build", "--family", "orange", "--formats", "css", "--out", root + "/out"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("removed 1 streamed temp file of a killed run"), "\(next.stderr)")
        let after = Self.tree(root + "/out")
        #expect(!after.contains { $0.contains(".tmp-huebench-") || $0.contains(".huebench-streams.") }, "\(after)")
        #expect(after.contains("huebench.css"))
    }

    @Test func aRunningProcessesStreamsAreLeftAlone() throws {
        let root = TempFolder.make("o2b").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: root + "/s.lua"))
        let p = try CLI.start(["run", "--time-limit", "600", "--out", "out", "s.lua"], cwd: root)
        defer { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
        // Waits until the stream is complete (its writer's own temp file renamed to the recorded temp name).
        let full = 128 + 300 * 300 * 4
        var temps: [String] = []
        for _ in 0..<1200 where temps.isEmpty {
            usleep(100_000)
            temps = Self.tree(root + "/out").filter {
                $0.components(separatedBy: ".tmp-huebench-").count == 2 && (try? FileManager.default.attributesOfItem(atPath: root + "/out/" + $0)[.size] as? Int) == full
            }
        }
        #expect(temps.count == 1)
        try Data("print(1)\n".utf8).write(to: URL(fileURLWithPath: root + "/noop.lua"))
        let other = try CLI.run(["run", "--out", "out", "noop.lua"], cwd: root)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(Self.tree(root + "/out").filter { $0.contains(".tmp-huebench-") } == temps)
    }
}
