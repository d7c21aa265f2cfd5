import Foundation

/// `huebench tune SCRIPT.lua`: placeholder until the Lua binding lands in this branch.
enum TuneScript {
    static func run(script: String, args: [String]) throws -> Int32 {
        throw UsageError("script '\(script)': Lua sweeps need hb.sweep; use --generator and --param for now")
    }
}
