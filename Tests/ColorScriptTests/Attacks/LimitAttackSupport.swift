import ColorScript
import Foundation
import Testing

/// Runs `code` in a fresh state with a short budget and returns the error, the seconds the run took and the peak
/// memory. The limit attacks bound when the limit fires (the sandbox's behaviour: 1.2× the budget, the cap +
/// 64 MiB), not how fast anything runs; performance is measured in the benchmark target.
func runAttack(_ code: String, time: Double = 0.25, memoryMiB: Int = 64, output: String? = nil) throws -> (error: ColorScriptError?, seconds: Double, peak: Int) {
    let (state, _) = try makeState(time: time, memoryMiB: memoryMiB, output: output)
    let start = Date()
    let e = errorOf(state, code, name: "attack")
    return (e, Date().timeIntervalSince(start), state.peakMemory)
}

/// Expects the time-limit error at the attack's line and a peak under the cap + 64 MiB. The error itself proves
/// the limit fired inside the attack (each attack runs far longer than its budget otherwise); how close to the
/// budget it stops is a timing figure, measured outside the tests.
func expectTimeLimit(_ code: String, time: Double = 0.25, memoryMiB: Int = 64, line: Int = 1, output: String? = nil) throws {
    let r = try runAttack(code, time: time, memoryMiB: memoryMiB, output: output)
    guard case .limit(.time, let message, let at)? = r.error else {
        Issue.record("\(code): expected the time limit, got \(String(describing: r.error))"); return
    }
    #expect(message.hasPrefix("attack:\(line): time limit of \(formatSeconds(time)) s exceeded"), "\(message)")
    #expect(at == ScriptLocation(chunk: "attack", line: line))
    #expect(r.peak < (memoryMiB + 64) << 20, "\(code): peak \(r.peak)")
}

func formatSeconds(_ d: Double) -> String { Int(exactly: d).map(String.init) ?? "\(d)" }
