import ColorScript
import Foundation
import HuebenchTestSupport

/// Collects what a script prints.
final class Printed: @unchecked Sendable {
    var text = ""
}

/// A state with a print collector: a 30 s time budget (cumulative over the state's runs, so a loaded CI machine never
/// trips it; the limit tests pass their own short budgets) and a 64 MiB memory cap.
func makeState(time: Double = 30, memoryMiB: Int = 64, output: String? = nil, allowed: [String] = []) throws -> (LuaInterpreter, Printed) {
    let printed = Printed()
    var o = ScriptOptions(timeLimit: time, memoryLimit: memoryMiB << 20)
    o.allowedFolders = allowed
    if let output { o.outputFolder = output }
    let s = try LuaInterpreter(options: o, print: { printed.text += $0 })
    return (s, printed)
}

/// Runs `source`; returns the error message or nil.
func errorOf(_ state: LuaInterpreter, _ source: String, name: String = "t") -> ColorScriptError? {
    do { try state.run(source: source, name: name); return nil } catch let e as ColorScriptError { return e } catch {
        return .script(message: "\(error)", traceback: "")
    }
}

/// A fresh temporary folder.
func tempFolder() -> String {
    TempFolder.make("lua").path
}

let packageRoot = CLI.packageRoot.path
