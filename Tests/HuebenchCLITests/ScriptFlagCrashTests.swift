import Foundation
import Testing

/// Issue 14's crash one-liners in the script flags: `--memory-limit 1e13` (Int overflow), `--time-limit 1e300`
/// (Int overflow in the watchdog's message), `--seed 9223372036854775807` (math.randomseed of a float). Each is a
/// one-line usage error (exit 2) or simply works — never a signal.
struct ScriptFlagCrashTests {
    @Test(arguments: [
        (["eval", "1", "--memory-limit", "1e13"], Int32(2), "huebench eval: --memory-limit needs MiB in 1…1048576, got '1e13' (huebench eval)\n"),
        (["eval", "1", "--memory-limit", "0.5"], Int32(2), "huebench eval: --memory-limit needs MiB in 1…1048576, got '0.5' (huebench eval)\n"),
        (["eval", "1", "--time-limit", "1e300"], Int32(2), "huebench eval: --time-limit needs seconds in (0, 86400], got '1e300' (huebench eval)\n"),
        (["eval", "1", "--time-limit", "0"], Int32(2), "huebench eval: --time-limit needs seconds in (0, 86400], got '0' (huebench eval)\n"),
    ])
    func refusedInOneLine(_ c: ([String], Int32, String)) throws {
        let r = try PluginCLITests.run(c.0)
        #expect(r.status == c.1, "\(r.stderr)")
        #expect(r.stderr == c.2)
    }

    /// `tune --param margin=0.9:1:1000000000000` allocated 80 TB; `tune --objective` of 30,000 parentheses
    /// overflowed the stack. Both are one-line errors before any work.
    @Test(arguments: [
        ["tune", "--param", "margin=0.9:1:1000000000000"],
        ["tune", "--objective", String(repeating: "(", count: 30000) + "contrast" + String(repeating: ")", count: 30000)],
    ])
    func tuneRefusesHostileInputInOneLine(_ args: [String]) throws {
        let r = try PluginCLITests.run(args)
        #expect(r.status == 1 || r.status == 2, "\(r.status) \(r.stderr)")
        #expect(r.stderr.hasPrefix("huebench tune: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
    }

    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "0"])
    func everySeedWorks(_ seed: String) throws {
        let r = try PluginCLITests.run(["eval", "math.random(1, 100) >= 1", "--seed", seed])
        #expect(r.status == 0 && r.stdout == "true\n", "\(r.stderr)")
    }

    @Test func aLargeButValidMemoryLimitRuns() throws {
        let r = try PluginCLITests.run(["eval", "1 + 1", "--memory-limit", "1048576", "--time-limit", "86400"])
        #expect(r.status == 0 && r.stdout == "2\n", "\(r.stderr)")
    }

    /// L2: one `load` of a huge chunk runs in C; the watchdog ends it within 1.2× the budget (exit 3, one line).
    @Test func oneHugeLoadIsStoppedByTheWatchdog() throws {
        // The chunk takes ~0.6 s to compile on a quiet machine (more under load): 6× the 0.1 s budget, so the
        // call is still running when the watchdog fires. Exit 3 with the time-limit line proves the watchdog ended it.
        let r = try PluginCLITests.run(["eval", "local c = string.rep('a=1 ', 2e7) load(c)", "--time-limit", "0.1"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("huebench eval: eval:1: time limit of 0.1 s exceeded"), "\(r.stderr)")
    }
}
