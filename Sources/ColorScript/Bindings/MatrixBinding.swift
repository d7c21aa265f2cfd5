import CLua
import CLuaShims
import ColorCore
import ColorKernels
import Dispatch
import Foundation

/// A matrix in memory: `values[i * cols + j]` (Float32) is the value of text color i on background j, with the
/// engine that computed it (for exact threshold counts, rechecked in Double near a threshold).
final class ScriptMatrix {
    let rows: Int, cols: Int
    let engine: ContrastMatrix
    let values: UnsafeMutablePointer<Float>
    /// Bytes charged to the script's memory cap (values and per-color terms), refunded by `__gc`.
    let byteCount: Int
    var method: String { engine.method.id }

    init(engine: ContrastMatrix, charged: Int) {
        self.engine = engine; rows = engine.rows; cols = engine.columns; byteCount = charged
        values = .allocate(capacity: max(1, rows * cols))
    }
    deinit { values.deallocate() }

    subscript(i: Int, j: Int) -> Float { values[i * cols + j] }
}

/// `hb.matrix(text_buf, bg_buf, {method=…})` and the matrix methods. Magnitudes are compared (APCA Lc is signed).
enum MatrixBinding {
    /// Per-color bytes of the engine's preparation (Double inputs, alpha, term planes).
    static let perColorBytes = 64

    static let hbMatrix: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.matrix")
            let text = try a.buffer(1, "text"), bg = try a.buffer(2, "background")
            let ctx = "hb.matrix: argument 3 (options)"
            var method = "wcag21", alpha = MatrixAlpha.standard, summary = false
            var out: String? = nil, thresholds: [Double]? = nil, worst = 10
            if !a.isNil(3) {
                let t = try a.table(3, "options")
                try lua.checkFields(t, Fields.matrixOptions, ctx)
                if lua.getField(t, "method") == LUA_TNUMBER, let i = lua.integer(-1) { method = String(i) }
                lua.pop()
                if let m = try? lua.fieldString(t, "method", ctx) { method = m ?? method }
                let mode = try lua.fieldString(t, "alpha", ctx) ?? "composite"
                var canvas = Color(.srgb, 1, 1, 1)
                if lua.getField(t, "canvas") != LUA_TNIL {
                    if let p = luaL_testudata(L, -1, UserdataKind.color.metatableName) {
                        canvas = host.color(of: p.assumingMemoryBound(to: ColorPayload.self).pointee)
                    } else if let s = lua.string(-1) {
                        do { canvas = try host.parseColor(s) } catch { lua.pop(); throw BindingError("\(ctx): field 'canvas': \(error)") }
                    } else {
                        let d = lua.describe(-1); lua.pop()
                        throw BindingError("\(ctx): field 'canvas' must be a color or CSS color text, got \(d)")
                    }
                }
                lua.pop()
                switch mode {
                case "composite": alpha = .composite(canvas: canvas)
                case "ignore": alpha = .ignore
                default: throw BindingError("\(ctx): field 'alpha': '\(mode)' is not one of composite, ignore")
                }
                if lua.getField(t, "summary") != LUA_TNIL {
                    guard lua.type(-1) == LUA_TBOOLEAN else { let d = lua.describe(-1); lua.pop(); throw BindingError("\(ctx): field 'summary' must be a boolean, got \(d)") }
                    summary = lua_toboolean(L, -1) != 0
                }
                lua.pop()
                out = try lua.fieldString(t, "out", ctx)
                if let w = try lua.fieldNumber(t, "worst", ctx) { worst = try Checked.int(w, "\(ctx): field 'worst'", in: 0...100_000) }
                if lua.getField(t, "thresholds") != LUA_TNIL {
                    guard lua.type(-1) == LUA_TTABLE else { let d = lua.describe(-1); lua.pop(); throw BindingError("\(ctx): field 'thresholds' must be a list of numbers, got \(d)") }
                    var ths: [Double] = []
                    for k in 0..<min(lua.rawLength(-1), 64) {
                        lua.getIndex(-1, k + 1)
                        guard let x = lua.number(-1) else { let d = lua.describe(-1); lua.pop(2); throw BindingError("\(ctx): thresholds[\(k + 1)] must be a number, got \(d)") }
                        lua.pop()
                        ths.append(try Checked.finite(x, "\(ctx): thresholds[\(k + 1)]"))
                    }
                    thresholds = ths
                }
                lua.pop()
            }
            let m: PairMethod
            do { m = try host.workbench.pairMethod(method) } catch {
                throw BindingError("hb.matrix: argument 3 (options.method): \(error)")
            }
            let rows = text.count, cols = bg.count
            try host.charge(bytes: try Checked.product(rows + cols, perColorBytes, "hb.matrix colors"),
                            for: "hb.matrix: per-color terms of \(rows) + \(cols) colors")
            let prep = (rows + cols) * perColorBytes
            let engine: ContrastMatrix
            // Kernel methods only (a plugin's method may hold per-call state); the key names everything the
            // terms depend on besides the two buffers.
            let key = m.batch == nil ? nil : "\(m.id)|\(alpha)"
            if let key, let p = text.prepared, p.key == key, p.background === bg {
                engine = p.engine
            } else {
                do {
                    let tb = text.floatBuffer(), same = text === bg
                    engine = try ContrastMatrix(method: m, text: tb, background: same ? nil : bg.floatBuffer(),
                                                textColors: text.isDouble ? text.colors() : nil,
                                                backgroundColors: bg.isDouble && !same ? bg.colors() : nil,
                                                alpha: alpha, workbench: host.workbench)
                } catch {
                    host.refund(bytes: prep)
                    throw BindingError("hb.matrix: \(error)")
                }
                if let key {
                    // The buffer keeps this engine instead of the previous one: its bytes move to the buffer.
                    let kept = text.prepared?.bytes ?? 0
                    if (try? host.charge(bytes: prep, for: "hb.matrix: prepared terms kept by the text buffer")) != nil {
                        host.refund(bytes: kept)
                        text.prepared = ScriptBuffer.Prepared(background: bg, key: key, engine: engine, bytes: prep)
                    }
                }
            }
            if summary || out != nil {
                defer { host.refund(bytes: prep) }
                let s = try stream(engine, host: host, out: out, thresholds: thresholds, worst: worst)
                pushSummary(s, out: out, lua)
                return 1
            }
            // In memory: Float32 values, charged before they are allocated.
            let bytes: Int
            do { bytes = try Checked.product(try Checked.product(rows, cols, "hb.matrix size"), 4, "hb.matrix size") } catch {
                host.refund(bytes: prep)
                throw BindingError("hb.matrix: \(rows) × \(cols) is too large to hold; stream it with {out=…} / {summary=true}")
            }
            do { try host.charge(bytes: bytes, for: "hb.matrix: \(rows) × \(cols) float32") } catch let e as MemoryRefusal {
                host.refund(bytes: prep)
                var r = e; r.advice = "or stream it with {out=…} / {summary=true}"
                host.interpreter.limitDetail = r.description
                throw r
            }
            host.collectBeforeAllocating(bytes: bytes)
            let result = ScriptMatrix(engine: engine, charged: bytes + prep)
            let deadline = host.deadline
            do {
                if m.serial {
                    // A method that runs in Lua: row blocks of ~16K pairs, the deadline and its first error
                    // checked between blocks.
                    let block = max(1, (1 << 14) / max(1, cols))
                    var r0 = 0
                    while r0 < rows {
                        try deadline.check()
                        let r1 = min(rows, r0 + block)
                        engine.compute(rows: r0..<r1, into: result.values + r0 * cols, threads: 1)
                        try m.checkFailure?()
                        r0 = r1
                    }
                } else {
                    // One dispatch over every core; the deadline is polled before each chunk.
                    try engine.compute(rows: 0..<rows, into: result.values, threads: 0, deadline: deadline)
                }
            } catch {
                host.refund(bytes: result.byteCount)
                throw error
            }
            // Charged, and the collector already stepped for these bytes before they were allocated: no second step.
            ObjectBox.push(result, kind: .matrix, bytes: 0, on: L!, charged: true)
            return 1
        }
    }

    /// Streams the matrix in row blocks (bounded memory): the summary, and the values written to `out` when given.
    static func stream(_ engine: ContrastMatrix, host: HostContext, out: String?, thresholds: [Double]?, worst: Int) throws -> MatrixSummary {
        try host.charge(bytes: engine.rows * 8 + worst * 24, for: "hb.matrix summary of \(engine.rows) rows")
        defer { host.refund(bytes: engine.rows * 8 + worst * 24) }
        guard let out else { return try engine.run(thresholds: thresholds, worst: worst, threads: 0, deadline: host.deadline) }
        guard MatrixWriter.format(for: out) != nil else {
            throw BindingError("hb.matrix: option 'out' ('\(out)'): unknown extension; use .npy, .csv or .f32")
        }
        let temp: String
        do { temp = try host.outputs.streamPath(out) } catch let e as BindingError {
            throw BindingError("hb.matrix: option 'out': \(e.message)")
        }
        let writer = try MatrixWriter(path: temp, rows: engine.rows, columns: engine.columns, format: MatrixWriter.format(for: out))
        do {
            let s = try engine.run(thresholds: thresholds, worst: worst, threads: 0, blockBytes: 16 << 20, deadline: host.deadline,
                                   sink: { p, n in try writer.write(rows: p, count: n) })
            try writer.finish()
            return s
        } catch {
            writer.abandon()
            host.outputs.dropStream(out)
            throw error
        }
    }

    /// The summary as a Lua table: method, rows, cols, pairs, min, max, counts = {{threshold=, pairs=}…},
    /// worst = {{i=, j=, value=}…}, row_min, row_max (lists), rechecked, out.
    static func pushSummary(_ s: MatrixSummary, out: String?, _ lua: Lua) {
        lua.newTable(record: 12)
        lua.push(s.method.id); lua.setField(-2, "method")
        lua.push(s.rows); lua.setField(-2, "rows")
        lua.push(s.columns); lua.setField(-2, "cols")
        lua.push(s.pairs); lua.setField(-2, "pairs")
        lua.pushNumberOrNil(Double(s.minimum)); lua.setField(-2, "min")
        lua.pushNumberOrNil(Double(s.maximum)); lua.setField(-2, "max")
        lua.push(s.rechecked); lua.setField(-2, "rechecked")
        if let out { lua.push(out); lua.setField(-2, "out") }
        lua.newTable(array: Int32(s.thresholds.count))
        for (k, (t, c)) in zip(s.thresholds, s.counts).enumerated() {
            lua.newTable(record: 2)
            lua.push(t); lua.setField(-2, "threshold")
            lua.push(c); lua.setField(-2, "pairs")
            lua.setIndex(-2, k + 1)
        }
        lua.setField(-2, "counts")
        lua.newTable(array: Int32(s.worst.count))
        for (k, w) in s.worst.enumerated() {
            lua.newTable(record: 3)
            lua.push(w.row + 1); lua.setField(-2, "i")
            lua.push(w.column + 1); lua.setField(-2, "j")
            lua.push(Double(w.value)); lua.setField(-2, "value")
            lua.setIndex(-2, k + 1)
        }
        lua.setField(-2, "worst")
        for (name, list) in [("row_min", s.rowMin), ("row_max", s.rowMax)] {
            lua.newTable(array: Int32(list.count))
            for (k, v) in list.enumerated() { lua.pushNumberOrNil(Double(v)); lua.setIndex(-2, k + 1) }
            lua.setField(-2, name)
        }
    }

    static func receiver(_ a: Args) throws -> ScriptMatrix {
        guard let m = ObjectBox<ScriptMatrix>.get(a.lua.L, 1, kind: .matrix) else {
            throw BindingError("\(a.function): call it with ':' on a matrix, got \(a.lua.describe(1)) as the receiver")
        }
        return m
    }

    static func with(_ name: String, _ L: OpaquePointer?, _ body: (HostContext, Args, ScriptMatrix) throws -> Int32) -> Int32 {
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "matrix:" + name, method: true)
            return try body(host, a, try receiver(a))
        }
    }

    static let methods: [LuaBinding] = [
        LuaBinding("get", "(row: integer, column: integer): number | the value of one pair (1-based)", { L in with("get", L) { _, a, m in
            let i = try a.integer(1, "row", range: 1...max(1, m.rows)), j = try a.integer(2, "column", range: 1...max(1, m.cols))
            a.lua.push(Double(m[i - 1, j - 1])); return 1 } }),
        LuaBinding("rows", "(): integer | the number of text colors", { L in with("rows", L) { _, a, m in a.lua.push(m.rows); return 1 } }),
        LuaBinding("cols", "(): integer | the number of background colors", { L in with("cols", L) { _, a, m in a.lua.push(m.cols); return 1 } }),
        LuaBinding("method", "(): string | the method id", { L in with("method", L) { _, a, m in a.lua.push(m.method); return 1 } }),
        LuaBinding("count_at_least", "(threshold: number): integer | pairs whose magnitude is at least threshold (exact)", { L in with("count_at_least", L) { host, a, m in
            let x = try Checked.finite(try a.number(1, "threshold"), "matrix:count_at_least: argument 1 (threshold)")
            // Row blocks of ~1M values: the deadline is polled between them.
            let deadline = host.deadline, block = max(1, (1 << 20) / max(1, m.cols))
            var n = 0, r0 = 0
            while r0 < m.rows {
                try deadline.check()
                let r1 = min(m.rows, r0 + block)
                n += m.engine.count(atLeast: x, values: m.values + r0 * m.cols, firstRow: r0, rowCount: r1 - r0)
                r0 = r1
            }
            a.lua.push(n); return 1 } }),
        LuaBinding("worst", "(k: integer): table[] | the k lowest pairs as {i=, j=, value=}", { L in with("worst", L) { host, a, m in
            let k = min(try a.integer(1, "k", range: 0...Int(Int32.max)), m.rows * m.cols)
            // The index heap and the returned tables are charged before they are built.
            try host.charge(bytes: k * 96, for: "matrix:worst(\(k))")
            defer { host.refund(bytes: k * 96) }
            // The selection polls the deadline per 65,536 values, the tables are built in blocks that poll it too.
            let deadline = host.deadline
            let order = try ContrastMatrix.smallestMagnitudes(m.values, count: m.rows * m.cols, k: k, deadline: deadline)
            a.lua.newTable(array: Int32(order.count))
            for (n, idx) in order.enumerated() {
                if n & 0x3FFF == 0x3FFF { try deadline.check() }
                a.lua.newTable(record: 3)
                a.lua.push(idx / m.cols + 1); a.lua.setField(-2, "i")
                a.lua.push(idx % m.cols + 1); a.lua.setField(-2, "j")
                a.lua.push(Double(m.values[idx])); a.lua.setField(-2, "value")
                a.lua.setIndex(-2, n + 1)
            }
            return 1 } }),
        LuaBinding("row_min", "(i: integer): number | the lowest magnitude in row i", { L in with("row_min", L) { _, a, m in
            let i = try a.integer(1, "row", range: 1...max(1, m.rows))
            var best = 0
            for j in 0..<m.cols where abs(m[i - 1, j]) < abs(m[i - 1, best]) { best = j }
            a.lua.push(Double(m[i - 1, best])); a.lua.push(best + 1); return 2 } }),
        LuaBinding("save", "(path: string): string | writes .npy, .f32 or .csv into the output folder; returns the path", { L in with("save", L) { host, a, m in
            let path = try a.string(1, "path")
            guard let format = MatrixWriter.format(for: path) else {
                throw BindingError("matrix:save: argument 1 (path): '\(path)' has no known extension; use .npy, .f32 or .csv")
            }
            // While the file's bytes are made: at most 16 bytes a value (the longest Float32 text and its comma)
            // for the chunks' text and as much again for the joined text; once staged, only the file's size
            // stays charged (it is held until the commit).
            let n = m.rows * m.cols
            let building = try Checked.product(n, format == .csv ? 32 : 4, "matrix:save size") + 128
            try host.charge(bytes: building, for: "matrix:save('\(path)')")
            let data: [UInt8]
            do { data = try saveData(m, format, deadline: host.deadline) } catch {
                host.refund(bytes: building); throw error
            }
            host.refund(bytes: building)
            do { try host.stage(path, bytes: data, for: "matrix:save('\(path)')") } catch let e as BindingError {
                throw BindingError("matrix:save: argument 1 (path): \(e.message)")
            }
            a.lua.push(path); return 1 } }),
    ]

    /// The file bytes of a matrix: `.npy` (NumPy 1.0 '<f4', shape (rows, cols)), `.f32` (raw little-endian),
    /// `.csv` (one row per line, each value the shortest text that reads back to the same Float32).
    /// - Complexity: O(rows × cols); `.npy`/`.f32` are one copy of the values (in 16 MiB blocks), `.csv` is
    ///   formatted on every core; `deadline` is polled once per block or chunk.
    static func saveData(_ m: ScriptMatrix, _ format: MatrixWriter.Format, deadline: Deadline? = nil) throws(DeadlineExceeded) -> [UInt8] {
        let n = m.rows * m.cols
        switch format {
        case .npy, .f32:
            var d = format == .npy ? MatrixWriter.npyHeader(rows: m.rows, columns: m.cols) : []
            d.reserveCapacity(d.count + n * 4)
            let raw = UnsafeRawPointer(m.values)
            var done = 0
            while done < n * 4 {
                try deadline?.check()
                let step = min(16 << 20, n * 4 - done)
                d.append(contentsOf: UnsafeRawBufferPointer(start: raw + done, count: step))
                done += step
            }
            return d
        case .csv:
            return try MatrixWriter.csvText(m.values, rows: m.rows, columns: m.cols, threads: 0, deadline: deadline)
        }
    }

    static let gc: hb_swift_fn = { L in ObjectBox<ScriptMatrix>.collect(L, kind: .matrix) { $0.byteCount } }
    static let tostring: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in
            let m = ObjectBox<ScriptMatrix>.get(L!, 1, kind: .matrix)
            lua.push("matrix(\(m?.rows ?? 0)×\(m?.cols ?? 0), \(m?.method ?? "?"))"); return 1
        }
    }
}
