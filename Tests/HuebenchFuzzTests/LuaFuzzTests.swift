import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorScript

/// Every `hb.*` function and every method of the values scripts hold (colors, buffers, matrices, writers,
/// families, themes, sweep results), called with hostile arguments from a seeded generator inside
/// `huebench run`: each call must return or fail with a one-line error at the script's file:line, and the
/// process must end with exit 0 (or 3 for a limit, one line), never a signal or a hang.
@Suite(.serialized) struct LuaFuzzTests {
    /// Objects the calls use as receivers and as arguments (made once per script, before the calls).
    static let setup = """
    local C = hb.color("oklch(0.6 0.1 200)")
    local B = hb.buffer({"red", "blue", "white"})
    local M = hb.matrix(B, B)
    local F = hb.families.orange
    local T = hb.theme{family = "orange"}
    local W = hb.output("fuzz/w.txt")
    local R = hb.sweep{generator = "uniform-lstar", params = {margin = hb.range(0.9, 1.0, 2)}, hues = {200}, top = 1}
    local function report(n, ok, e)
      if ok then print("ok " .. n) return end
      if type(e) ~= "string" then print("bad " .. n .. " error value is a " .. type(e)) return end
      if e:find("\\n") then print("bad " .. n .. " multi-line error: " .. e:sub(1, 300):gsub("\\n", "\\\\n")) return end
      if #e > 2000 then print("bad " .. n .. " error of " .. #e .. " bytes: " .. e:sub(1, 200)) return end
      if not e:find("^fuzz%.lua:%d+: ") then print("bad " .. n .. " no file:line: " .. e:sub(1, 300)) return end
      print("err " .. n .. " " .. e:sub(1, 300))
    end
    """

    /// Receivers and the names of their methods (userdata method tables come from the bindings themselves).
    static var receivers: [(String, [String])] {
        [("C", (ColorBinding.methods + ColorFunctionsBinding.methods).map(\.name)),
         ("B", BufferBinding.methods.map(\.name)),
         ("M", MatrixBinding.methods.map(\.name)),
         ("W", WriterBinding.methods.map(\.name)),
         ("R", SweepResultBinding.methods.map(\.name)),
         ("F", ["stop", "stops"]),
         ("T", ["resolve", "tokens"])]
    }

    /// The `hb` functions a script can reach, found by walking `hb` (pairs of the read-only proxies).
    static func discoverFunctions(in dir: URL) throws -> [String] {
        let script = """
        local seen, out = {}, {}
        local function walk(t, name, depth)
          if depth > 2 or seen[t] then return end
          seen[t] = true
          local keys = {}
          for k in pairs(t) do if type(k) == "string" then keys[#keys + 1] = k end end
          table.sort(keys)
          for _, k in ipairs(keys) do
            local v = t[k]
            if type(v) == "function" then out[#out + 1] = name .. "." .. k
            elseif type(v) == "table" and k ~= "families" then walk(v, name .. "." .. k, depth + 1) end
          end
        end
        walk(hb, "hb", 0)
        local F, T = hb.families.orange, hb.theme{family = "orange"}
        for _, m in ipairs({"stop", "stops"}) do if type(F[m]) ~= "function" then out[#out + 1] = "missing F:" .. m end end
        for _, m in ipairs({"resolve", "tokens"}) do if type(T[m]) ~= "function" then out[#out + 1] = "missing T:" .. m end end
        print(table.concat(out, "\\n"))
        """
        try Data(script.utf8).write(to: dir.appendingPathComponent("discover.lua"))
        let o = try Binary.run(["run", "discover.lua"], cwd: dir)
        #expect(o.status == 0, "discovery: \(o.stderr)")
        return o.stdout.split(separator: "\n").map(String.init)
    }

    /// One generated call: `pcall(callee, args…)` reported by line.
    struct Call { let text: String }

    static func calls(_ n: Int, functions: [String], abs: String, seed: UInt64) -> [Call] {
        var h = Hostile(seed: seed, abs: abs)
        var out: [Call] = []
        let methodTargets = receivers.flatMap { r in r.1.map { (r.0, $0) } }
        for i in 0..<n {
            // Every function and method once, in order, then random ones.
            let total = functions.count + methodTargets.count
            let pick = i < total ? i : h.int(total)
            var args = h.luaArguments()
            let callee: String
            if pick < functions.count {
                callee = functions[pick]
            } else {
                let (r, m) = methodTargets[pick - functions.count]
                callee = "\(r).\(m)"
                // The receiver: usually the right one, sometimes another object or missing.
                if h.chance(0.85) { args.insert(r, at: 0) } else if h.chance(0.7) { args.insert(h.luaValue(), at: 0) }
            }
            out.append(Call(text: "pcall(\(callee)\(args.isEmpty ? "" : ", ")\(args.joined(separator: ", ")))"))
        }
        return out
    }

    static func script(_ calls: ArraySlice<Call>) -> String {
        var s = setup + "\n"
        for (n, c) in zip(calls.indices, calls) { s += "do report(\(n), \(c.text)) end\n" }
        return s
    }

    /// Files anywhere under `root` (to see that nothing escaped the output folder).
    static func files(_ root: URL) -> Set<String> {
        var out = Set<String>()
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return out }
        while let p = e.nextObject() as? String { out.insert(p) }
        return out
    }

    @Test func everyHostFunctionAndMethodFailsCleanly() throws {
        let root = try Binary.folder("lua")
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("work"), abs = root.appendingPathComponent("abs")
        let outDir = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: outDir.appendingPathComponent("link").path, withDestinationPath: "../../elsewhere")
        let functions = try Self.discoverFunctions(in: work)
        #expect(functions.count >= 30, "found only \(functions)")
        #expect(!functions.contains { $0.hasPrefix("missing") }, "\(functions.filter { $0.hasPrefix("missing") })")
        let all = Self.calls(FuzzSize.count(240) + functions.count, functions: functions.filter { !$0.hasPrefix("missing") },
                             abs: abs.path, seed: FuzzSize.seed)
        let before = Self.files(root)
        var next = 0, limits = 0, batches = 0
        var problems: [String] = []
        while next < all.count && problems.count < 10 {
            let batch = all[next..<min(all.count, next + 40)]
            let text = Self.script(batch)
            try Data(text.utf8).write(to: work.appendingPathComponent("fuzz.lua"))
            let o = try Binary.run(["run", "--out", "out", "--time-limit", "3", "--memory-limit", "128", "fuzz.lua"], cwd: work)
            batches += 1
            var reached = next - 1
            for line in o.stdout.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let n = Int(parts[1]) else { continue }
                reached = max(reached, n)
                if parts[0] == "bad" { problems.append("\(all[n].text.prefix(300)): \(line.prefix(400))") }
            }
            if o.status == 3, Clean.problems(o) == nil, o.stderr.contains("limit") {
                limits += 1
            } else if o.status == 1, reached == batch.endIndex - 1, Clean.problems(o) == nil,
                      o.stderr.hasPrefix("huebench run: cannot write output") {
                // Every call returned; the outputs they staged were refused at the commit (all or nothing).
            } else if let p = Clean.problems(o) ?? (o.status == 0 ? nil : "exit \(o.status)") {
                // Name the call that was running: the one after the last reported.
                let culprit = reached + 1 < all.count ? all[reached + 1].text : "(after the last call)"
                problems.append("\(p) at \(culprit.prefix(300)): \(o.stderr.prefix(300))")
            }
            next = o.status == 0 ? batch.endIndex : reached + 2
        }
        let escaped = Self.files(root).subtracting(before).filter { !$0.hasPrefix("work/out") && $0 != "work/fuzz.lua" && $0 != "work/discover.lua" }
        #expect(escaped.isEmpty, "files written outside --out: \(escaped.sorted())")
        #expect(problems.isEmpty, "\(problems.count) unclean results (seed \(FuzzSize.seed)):\n\(problems.joined(separator: "\n"))")
        #expect(batches > 0 && limits <= batches)
    }
}
