import CLua
import CLuaShims
import ColorCore
import ColorKernels
import Dispatch
import Foundation

/// A contrast matrix: `values[i * cols + j]` is the contrast of text color i on background j.
final class ScriptMatrix {
    let rows: Int, cols: Int
    let method: String
    let values: [Double]
    var byteCount: Int { values.count * 8 }
    init(rows: Int, cols: Int, method: String, values: [Double]) {
        self.rows = rows; self.cols = cols; self.method = method; self.values = values
    }

    /// Every pair's value by the engine (`ContrastMatrix`): the method's declared batch kernel, or its Double
    /// closure over rows on every core; translucent colors composited over white.
    /// - Complexity: O(rows × cols), rows split across all cores.
    static func compute(text: ScriptBuffer, background: ScriptBuffer, method m: PairMethod, _ w: Workbench) throws -> ScriptMatrix {
        func buffer(_ s: ScriptBuffer) throws -> (ColorBuffer, [Color]) {
            var flat: [Double] = []
            flat.reserveCapacity(s.coords.count * 4)
            for (i, v) in s.coords.enumerated() { flat.append(v.x); flat.append(v.y); flat.append(v.z); flat.append(s.alpha[i]) }
            let colors = s.coords.indices.map { Color(s.space, coords: s.coords[$0], alpha: s.alpha[$0]) }
            return (try ColorBuffer(interleaved: flat, space: s.space, channels: 4), colors)
        }
        let (tb, tc) = try buffer(text)
        let (bb, bc) = text === background ? (tb, tc) : try buffer(background)
        let cm = try ContrastMatrix(method: m, text: tb, background: bb, textColors: tc, backgroundColors: bc, workbench: w)
        var out = [Float](repeating: 0, count: cm.rows * cm.columns)
        out.withUnsafeMutableBufferPointer { cm.compute(into: $0) }
        return ScriptMatrix(rows: cm.rows, cols: cm.columns, method: m.id, values: out.map(Double.init))
    }
}

struct UnsafeSendable: @unchecked Sendable {
    let value: UnsafeMutablePointer<Double>
    init(_ v: UnsafeMutablePointer<Double>) { value = v }
}

/// `hb.matrix(text_buf, bg_buf, {method=…})` and the matrix methods. Magnitudes are compared (APCA Lc is signed).
enum MatrixBinding {
    static let hbMatrix: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.matrix")
            let text = try a.buffer(1, "text"), bg = try a.buffer(2, "background")
            var method = "wcag21"
            if !a.isNil(3) {
                let t = try a.table(3, "options")
                try lua.checkFields(t, Fields.matrixOptions, "hb.matrix: argument 3 (options)")
                method = try lua.fieldString(t, "method", "hb.matrix: argument 3 (options)") ?? method
            }
            let m = try a.core(3, "options.method") { try host.workbench.pairMethod(method) }
            let result = try a.core(3, "options.method") { try ScriptMatrix.compute(text: text, background: bg, method: m, host.workbench) }
            ObjectBox.push(result, kind: .matrix, bytes: result.byteCount, on: L!)
            return 1
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

    static let methods: [(String, hb_swift_fn)] = [
        ("get", { L in with("get", L) { _, a, m in
            let i = try a.integer(1, "row", range: 1...max(1, m.rows)), j = try a.integer(2, "column", range: 1...max(1, m.cols))
            a.lua.push(m.values[(i - 1) * m.cols + j - 1]); return 1 } }),
        ("rows", { L in with("rows", L) { _, a, m in a.lua.push(m.rows); return 1 } }),
        ("cols", { L in with("cols", L) { _, a, m in a.lua.push(m.cols); return 1 } }),
        ("method", { L in with("method", L) { _, a, m in a.lua.push(m.method); return 1 } }),
        ("count_at_least", { L in with("count_at_least", L) { _, a, m in
            let x = try a.number(1, "threshold")
            a.lua.push(m.values.reduce(0) { abs($1) >= x ? $0 + 1 : $0 }); return 1 } }),
        ("worst", { L in with("worst", L) { _, a, m in
            let k = try a.integer(1, "k", range: 0...Int(Int32.max))
            // One pass keeping the k smallest magnitudes (ties in row, column order): O(n·k) for small k.
            var order: [Int] = []
            order.reserveCapacity(k + 1)
            m.values.withUnsafeBufferPointer { v in
                for idx in 0..<v.count where k > 0 {
                    let x = abs(v[idx])
                    if order.count == k, x >= abs(v[order[k - 1]]) { continue }
                    var at = order.count
                    while at > 0, abs(v[order[at - 1]]) > x { at -= 1 }
                    order.insert(idx, at: at)
                    if order.count > k { order.removeLast() }
                }
            }
            a.lua.newTable(array: Int32(order.count))
            for (n, idx) in order.enumerated() {
                a.lua.newTable(record: 3)
                a.lua.push(idx / m.cols + 1); a.lua.setField(-2, "i")
                a.lua.push(idx % m.cols + 1); a.lua.setField(-2, "j")
                a.lua.push(m.values[idx]); a.lua.setField(-2, "value")
                a.lua.setIndex(-2, n + 1)
            }
            return 1 } }),
        ("row_min", { L in with("row_min", L) { _, a, m in
            let i = try a.integer(1, "row", range: 1...max(1, m.rows))
            var best = 0
            for j in 0..<m.cols where abs(m.values[(i - 1) * m.cols + j]) < abs(m.values[(i - 1) * m.cols + best]) { best = j }
            a.lua.push(m.values[(i - 1) * m.cols + best]); a.lua.push(best + 1); return 2 } }),
        ("save", { L in with("save", L) { host, a, m in
            let path = try a.string(1, "path")
            var text = "row," + (1...max(1, m.cols)).map { "bg\($0)" }.prefix(m.cols).joined(separator: ",") + "\n"
            for i in 0..<m.rows {
                text += "text\(i + 1)"
                for j in 0..<m.cols { text += "," + String(format: "%.4f", m.values[i * m.cols + j]) }
                text += "\n"
            }
            do { try host.outputs.stage(path, Data(text.utf8)) } catch let e as BindingError {
                throw BindingError("matrix:save: argument 1 (path): \(e.message)")
            }
            a.lua.push(path); return 1 } }),
    ]

    static let gc: hb_swift_fn = { L in ObjectBox<ScriptMatrix>.collect(L, kind: .matrix) { $0.byteCount } }
    static let tostring: hb_swift_fn = { L in
        HostContext.guarded(L) { _, lua in
            let m = ObjectBox<ScriptMatrix>.get(L!, 1, kind: .matrix)
            lua.push("matrix(\(m?.rows ?? 0)×\(m?.cols ?? 0), \(m?.method ?? "?"))"); return 1
        }
    }
}
