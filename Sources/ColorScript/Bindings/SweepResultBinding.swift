import ColorIO
import CLua
import CLuaShims
import ColorCore
import ColorKernels
import Foundation
import Palettes
import RampLab

/// A sweep's table kept for the script: what `hb.sweep` computed, so a script can post-process it without
/// re-running the sweep. Its bytes are charged to the script's memory cap.
final class ScriptSweep {
    let result: SweepResult
    /// Ranked by the sweep's own objective, best first.
    let ranked: [SweepResult.Ranked]
    let goal: SweepResult.Goal
    let level: SweepResult.Level
    let top: Int
    var byteCount: Int { (result.values.count + result.variantValues.count) * 8 + result.rowCount * result.scale.count * 56 }

    init(result: SweepResult, ranked: [SweepResult.Ranked], goal: SweepResult.Goal, level: SweepResult.Level, top: Int) {
        self.result = result; self.ranked = ranked; self.goal = goal; self.level = level; self.top = top
    }
}

/// The methods of the table `hb.sweep` returns (its fields stay plain):
///
/// ```lua
/// r:rows()                  -- every row as {variant=, hue=, <param>=, <metric>=}
/// r:row(i)                  -- row i (1-based)
/// r:column("de_cv")         -- a rows-table column as a list; variant columns ("de_cv.max") per variant
/// r:best(k [, objective [, goal]])  -- like r.best; objective: expression text or function(v); default: the sweep's
/// r:save("t.csv" [, {table="variants", dtype="f8"}])  -- .csv/.npy/.json through the host writer (atomic, in --out)
/// ```
enum SweepResultBinding {
    static let tableMetatable = "huebench.sweep_result"
    static let bestListMetatable = "huebench.sweep_best"

    static let methods: [LuaBinding] = [
        LuaBinding("best", "(k?: integer, objective?: string|function, goal?: string): table[] | the k best variants (by another objective or goal if given)", best),
    ] + others

    /// `r:best(k [, objective [, goal]])`. The result's `best` field is the list of the sweep's own best entries;
    /// that list is callable (its `__call` forwards here), so the field and the method share the name.
    static let best: hb_swift_fn = { L in with("best", L) { host, lua, s in
            let a = Args(lua, "sweep:best", method: true)
            let k = a.isNil(1) ? s.top : try a.integer(1, "k", range: 0...Int.max)
            let r = s.result
            var goal = s.goal
            if !a.isNil(3) {
                let g = try a.string(3, "goal")
                guard let v: SweepResult.Goal = ["max": .maximize, "maximize": .maximize, "min": .minimize, "minimize": .minimize][g] else {
                    throw BindingError("sweep:best: argument 3 (goal) must be \"max\" or \"min\", got \"\(g)\"")
                }
                goal = v
            }
            let ranked: [SweepResult.Ranked]
            switch lua.type(a.slot(2)) {
            case LUA_TNONE, LUA_TNIL:
                ranked = goal == s.goal ? s.ranked : s.ranked.reversed()
            case LUA_TSTRING:
                do { ranked = try r.ranked(by: try Objective(expression: lua.string(a.slot(2))!), goal: goal, per: s.level) }
                catch { throw BindingError("sweep:best: argument 2 (objective): \(error)") }
            case LUA_TFUNCTION:
                let failure = LuaFailure()
                let cols = s.level == .variant ? r.variantColumns : r.columns
                ranked = try r.ranked(by: SweepBinding.luaObjective(L, function: a.slot(2), columns: cols, failure: failure), goal: goal, per: s.level)
                if let m = failure.message { throw BindingError("sweep:best: objective function failed: \(m)", located: true) }
            default:
                throw a.fail(2, "objective", "an expression string or a function(v)")
            }
            _ = host
            SweepBinding.pushRankedList(r, Array(ranked.prefix(k)), lua)
            return 1 } }

    /// `__call` of the `best` list: drops the list (argument 1) and runs `best`.
    static let bestCall: hb_swift_fn = { L in
        lua_rotate(L, 1, -1); hb_pop(L, 1)
        return best(L)
    }

    static let others: [LuaBinding] = [
        LuaBinding("rows", "(): table[] | every row {variant=, hue=, <param>=, <metric>=}", { L in with("rows", L) { host, lua, s in
            let r = s.result
            try requireRows(r, "rows")
            lua.newTable(array: Int32(r.rowCount))
            for i in 0..<r.rowCount {
                if i & 4095 == 0 { try host.deadline.check() }  // a long list of tables: the time limit holds inside
                pushRow(r, i, lua); lua.setIndex(-2, i + 1)
            }
            return 1 } }),
        LuaBinding("row", "(i: integer): table | row i (1-based)", { L in with("row", L) { _, lua, s in
            try requireRows(s.result, "row")
            let i = try Args(lua, "sweep:row", method: true).integer(1, "i", range: 1...max(1, s.result.rowCount))
            pushRow(s.result, i - 1, lua)
            return 1 } }),
        LuaBinding("column", "(name: string): number[] | a column of the rows or variants table", { L in with("column", L) { host, lua, s in
            let name = try Args(lua, "sweep:column", method: true).string(1, "name")
            let r = s.result
            let values: [Double]
            if let v = r.column(name) {
                values = v
            } else if let c = r.variantColumns.firstIndex(of: name) {
                values = (0..<r.variantCount).map { r.variantValues[$0 * r.variantColumns.count + c] }
            } else if r.columns.contains(name) {
                try requireRows(r, "column")
                values = []
            } else {
                throw BindingError("sweep:column: argument 1 (name): no column '\(name)'; rows have \(r.columns.joined(separator: ", ")); variants also have \(VariantStat.suffixes.filter { s in r.variantColumns.contains { $0.hasSuffix(s) } }.joined(separator: ", ")) columns")
            }
            lua.newTable(array: Int32(values.count))
            for (i, v) in values.enumerated() {
                if i & 65535 == 0 { try host.deadline.check() }
                lua.pushNumberOrNil(v); lua.setIndex(-2, i + 1)
            }
            return 1 } }),
        LuaBinding("save", "(path: string, options?: table): string | writes .csv, .npy or .json into the output folder", { L in with("save", L) { host, lua, s in
            let a = Args(lua, "sweep:save", method: true)
            let path = try a.string(1, "path")
            var which = "rows", dtype = MatrixWriter.NPYType.f4
            if !a.isNil(2) {
                let t = try a.table(2, "options")
                let ctx = "sweep:save: argument 2 (options)"
                try lua.checkFields(t, Fields.saveOptions, ctx)
                which = try lua.fieldString(t, "table", ctx) ?? "rows"
                guard which == "rows" || which == "variants" else {
                    throw BindingError("\(ctx): field 'table' must be \"rows\" or \"variants\", got \"\(which)\"")
                }
                let d = try lua.fieldString(t, "dtype", ctx) ?? "f4"
                guard let v = MatrixWriter.NPYType(rawValue: d) else {
                    throw BindingError("\(ctx): field 'dtype' must be \"f4\" or \"f8\", got \"\(d)\"")
                }
                dtype = v
            }
            let r = s.result
            if which == "rows" { try requireRows(r, "save") }
            let cols = which == "rows" ? r.columns : r.variantColumns
            let values = which == "rows" ? r.values : r.variantValues
            let bytes: [UInt8]
            switch PathText.fileExtension(path) {
            case "csv": bytes = Array(SweepOutput.csv(columns: cols, values: values).utf8)
            case "json": bytes = Array(SweepOutput.rowsJSON(columns: cols, values: values).utf8)
            case "npy": bytes = MatrixWriter.npy(values: values, columns: cols.count, dtype: dtype)
            default: throw BindingError("sweep:save: argument 1 (path): '\(path)' must end in .csv, .npy or .json")
            }
            do { try host.stage(path, bytes: bytes, for: "sweep:save('\(path)')") } catch let e as BindingError {
                throw BindingError("sweep:save: argument 1 (path): \(e.message)")
            }
            lua.push(path)
            return 1 } }),
    ]

    /// Throws when the sweep streamed its rows to its output files instead of keeping them.
    static func requireRows(_ r: SweepResult, _ method: String) throws {
        guard r.rowsKept else {
            throw BindingError("sweep:\(method): the rows were streamed to the output files and not kept (keep_rows = false, the default with out =); read rows.csv or rows.npy, use the variant columns, or pass keep_rows = true")
        }
    }

    /// Pushes row `i` (0-based) as a table column → value.
    static func pushRow(_ r: SweepResult, _ i: Int, _ lua: Lua) {
        lua.newTable(record: Int32(r.columns.count))
        for (c, name) in r.columns.enumerated() {
            lua.pushNumberOrNil(r.values[i * r.columns.count + c]); lua.setField(-2, name)
        }
    }

    /// Runs a method body with the sweep of `self` (argument 1).
    static func with(_ name: String, _ L: OpaquePointer?, _ body: (HostContext, Lua, ScriptSweep) throws -> Int32) -> Int32 {
        HostContext.guarded(L) { host, lua in
            guard lua.type(1) == LUA_TTABLE else {
                throw BindingError("sweep:\(name): call it with ':' on the result of hb.sweep (r:\(name)(…)), got \(lua.describe(1))")
            }
            lua.getField(1, "_sweep")
            let found = ObjectBox<ScriptSweep>.get(L!, -1, kind: .sweep)
            lua.pop()  // the table still holds the userdata (and so the object) while the method runs
            guard let s = found else {
                throw BindingError("sweep:\(name): this table is not a result of hb.sweep (its _sweep field is missing)")
            }
            return try body(host, lua, s)
        }
    }

    /// Stores the sweep in the table at `index` (field `_sweep`) and gives the table the method metatable.
    static func attach(_ s: ScriptSweep, to index: Int32, _ lua: Lua) {
        let t = lua.absolute(index)
        ObjectBox.push(s, kind: .sweep, bytes: s.byteCount, on: lua.L)
        lua.setField(t, "_sweep")
        _ = hb_getmetatable_named(lua.L, tableMetatable)
        lua_setmetatable(lua.L, t)
        if lua.getField(t, "best") == LUA_TTABLE {
            _ = hb_getmetatable_named(lua.L, bestListMetatable)
            lua_setmetatable(lua.L, -2)
        }
        lua.pop()
    }

    static let gc: hb_swift_fn = { L in ObjectBox<ScriptSweep>.collect(L, kind: .sweep) { $0.byteCount } }

    /// Registers the userdata metatable (`__gc`) and the result table's metatable (methods, locked).
    static func install(_ L: OpaquePointer) {
        let lua = Lua(L: L)
        _ = luaL_newmetatable(L, tableMetatable)
        lua.newTable(record: Int32(methods.count))
        for m in methods { lua.push(m.function); lua.setField(-2, m.name) }
        lua.setField(-2, "__index")
        lua.push("huebench.sweep"); lua.setField(-2, "__metatable")
        lua.pop()
        _ = luaL_newmetatable(L, bestListMetatable)
        lua.push(bestCall); lua.setField(-2, "__call")
        lua.push("huebench.sweep_best"); lua.setField(-2, "__metatable")
        lua.pop()
    }
}
