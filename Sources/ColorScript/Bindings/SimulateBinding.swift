import CLua
import CLuaShims
import ColorCore
import ColorKernels
import Foundation

/// `hb.simulate(buf_or_color, type [, severity])` (a color may be CSS text): colors as a color-vision deficiency
/// sees them (`CVDSimulation`: Machado et al. 2009 for protan/deutan/tritan, luminance for achroma), in the input's
/// space.
enum SimulateBinding {
    /// A Float32 buffer runs the batch engine (`BatchCVD`: the spaces' batch plans and one SIMD 3×3 matrix,
    /// every core; ≤ 2e-6 per sRGB channel from the Double model); an f64 buffer runs the Double model on every
    /// core; a color returns a color.
    static let hbSimulate: hb_swift_fn = { L in
        HostContext.guarded(L) { host, lua in
            let a = Args(lua, "hb.simulate")
            let typeName = try a.string(2, "type")
            let type: CVDType
            do { type = try CVDSimulation.type(named: typeName) } catch {
                let known = CVDType.allCases.map(\.rawValue)
                throw BindingError(a.fail(2, "type", "one of \(known.joined(separator: ", "))").message + Suggest.phrase(typeName, among: known))
            }
            let severity = try a.number(3, "severity", default: 1)
            let sim: CVDSimulation
            do { sim = try CVDSimulation(type, severity: severity) } catch {
                throw BindingError("hb.simulate: argument 3 (severity): \(NumberError.show(severity)) is outside 0…1; give a number from 0 (normal vision) to 1 (full)")
            }
            let wb = host.workbench
            // A color or CSS color text gives a color; anything else must be a buffer.
            if luaL_testudata(L, a.slot(1), UserdataKind.color.metatableName) != nil || lua_type(L, a.slot(1)) == LUA_TSTRING {
                let c = try a.color(1, "color", host)
                let s = try a.core(1, "color") { try wb.spaces.convert(try sim.simulate(c, workbench: wb), to: c.space) }
                host.push(s)
                return 1
            }
            guard luaL_testudata(L, a.slot(1), UserdataKind.buffer.metatableName) != nil else {
                throw a.fail(1, "colors", "a buffer (hb.buffer{…}), a color or CSS color text")
            }
            let b = try a.buffer(1, "buffer")
            let deadline = host.deadline
            try deadline.check()
            try BufferBinding.charge(host, "hb.simulate", count: b.count, double: b.isDouble)
            var done = false
            defer { if !done { host.refund(bytes: ScriptBuffer.bytes(count: b.count, double: b.isDouble)) } }
            let out: ScriptBuffer
            if let f = b.floats {
                let engine = try a.core(1, "buffer") { try BatchCVD(sim, source: b.space, spaces: wb.spaces) }
                do {
                    out = ScriptBuffer(try engine.simulateRefusingOverflow(f, threads: 0, deadline: deadline))
                } catch let e as BatchCVD.Overflow {
                    throw BindingError("hb.simulate: argument 1 (buffer), color \(e.index + 1): \(e)")
                }
            } else {
                let src = b, space = b.space
                let plan = try a.core(1, "buffer") { try wb.spaces.plan(from: .srgb, to: space) }
                var coords = [SIMD3<Double>](repeating: .zero, count: b.count)
                let lock = NSLock()
                nonisolated(unsafe) var failure: (index: Int, error: Error)? = nil
                try coords.withUnsafeMutableBufferPointer { dst throws(DeadlineExceeded) in
                    let d = UncheckedPointer(dst.baseAddress)
                    try Parallel.forChunks(count: src.count, chunk: 2048, threads: 0, deadline: deadline) { r in
                        for i in r {
                            do {
                                d.value![i] = plan.apply(try sim.simulate(src.color(i), workbench: wb).coords)
                            } catch {
                                // The first failing color (lowest index) is the one reported.
                                lock.lock(); if failure.map({ i < $0.index }) ?? true { failure = (i, error) }; lock.unlock()
                                return
                            }
                        }
                    }
                }
                if let f = failure { throw BindingError("hb.simulate: argument 1 (buffer), color \(f.index + 1): \(f.error)") }
                out = ScriptBuffer(space: space, coords: coords, alpha: b.alpha)
            }
            done = true
            out.labels = b.labels
            BufferBinding.push(out, L!)
            return 1
        }
    }
}
