import ColorCore
import Foundation
import Testing
@testable import ColorScript

/// `hb.simulate(buf_or_color, type, severity)`: the batch engine for Float32 buffers, the Double model for f64
/// buffers and single colors, results in the input's space, equal to `CVDSimulation` within the Float32 bound.
struct SimulateBindingTests {
    @Test func buffersAndColorsMatchTheModel() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
        local list = {'red', '#00b386', 'oklch(0.6 0.2 260)', '#33669980'}
        local b = hb.simulate(hb.buffer(list, 'oklch'), 'deutan', 0.6)
        local d = hb.simulate(hb.buffer(list, 'srgb', {precision = 'f64'}), 'deuteranomaly', 0.6)
        local c = hb.simulate(hb.color('#00b386'), 'deutan', 0.6)
        local out = {b:space(), d:space(), b:precision(), d:precision(), c:css()}
        for i = 1, 4 do
          local x = hb.convert(hb.buffer({b:get(i)}), 'srgb'):get(1)
          local r, g, bb = x:coords() local r2, g2, b2 = d:get(i):coords()
          out[#out + 1] = string.format('%.4f %.4f %.4f|%.4f %.4f %.4f', r, g, bb, r2, g2, b2)
        end
        out[#out + 1] = tostring(b:get(4):alpha())
        return table.unpack(out)
        """)
        #expect(Array(r.prefix(4)) == ["oklch", "srgb", "f32", "f64"])
        let sim = try CVDSimulation(.deutan, severity: 0.6)
        let wb = Workbench.standard
        for (k, text) in ["red", "#00b386", "oklch(0.6 0.2 260)", "#33669980"].enumerated() {
            let want = try sim.simulate(try wb.parse(text)).coords
            let parts = r[5 + k].split(separator: "|").map { $0.split(separator: " ").compactMap { Double($0) } }
            for p in parts { for j in 0..<3 { #expect(abs(p[j] - want[j]) < 2e-4, "\(text): \(p) vs \(want)") } }
        }
        #expect(r[4].hasPrefix("color(srgb ") || r[4].hasPrefix("#") || r[4].hasPrefix("rgb"), "\(r[4])")
        #expect(r[9] == "0.50196078431373" || r[9].hasPrefix("0.50196"), "\(r[9])")
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        let (s, _) = try makeState()
        let e1 = errorOf(s, "hb.simulate(hb.color('red'), 'purple')")
        #expect("\(e1!)".contains("hb.simulate: argument 2 (type)") && "\(e1!)".contains("protan, deutan, tritan, achroma"), "\(e1!)")
        let e2 = errorOf(s, "hb.simulate(hb.color('red'), 'protan', 3)")
        #expect("\(e2!)".contains("outside 0…1"), "\(e2!)")
        let e3 = errorOf(s, "hb.simulate({}, 'protan')")
        #expect("\(e3!)".contains("hb.simulate: argument 1 (colors) must be a buffer (hb.buffer{…}), a color or CSS color text, got table"), "\(e3!)")
        let e4 = errorOf(s, "hb.simulate('#00b38', 'protan')")
        #expect("\(e4!)".contains("hb.simulate: argument 1 (color) must be a color or CSS color text, got string \"#00b38\""), "\(e4!)")
        let e5 = errorOf(s, "hb.simulate('red', 'protn')")
        #expect("\(e5!)".contains("must be one of protan, deutan, tritan, achroma, got string \"protn\" (did you mean 'protan'?)"), "\(e5!)")
    }

    /// CSS text is read as `hb.color` reads it and gives a color: the Machado 2009 deuteranomaly matrix at
    /// severity 0.6 applied to #00b386's linear sRGB, as `CVDSimulation` (the Double model) computes it.
    @Test func cssTextGivesAColor() throws {
        let (s, _) = try makeState()
        let r = try s.eval("""
        local a = hb.simulate('#00b386', 'deutan', 0.6)
        local b = hb.simulate(hb.color('#00b386'), 'deutan', 0.6)
        local x, y, z = a:coords()
        return a:css(), b:css(), a:space(), x, y, z
        """)
        #expect(r[0] == r[1] && r[2] == "srgb", "\(r)")
        let want = try CVDSimulation(.deutan, severity: 0.6).simulate(try Workbench.standard.parse("#00b386")).coords
        for j in 0..<3 { #expect(abs(Double(r[3 + j])! - want[j]) < 1e-12, "\(r) vs \(want)") }
    }
}
