import ColorIO
import ColorCore
import Palettes
import ColorExport
import Foundation

/// A heatmap of a score over two swept parameters: one cell per pair of values, colored on a sequential scale
/// (dark blue → yellow, evenly spaced in OKLab), the best cell outlined, a color bar with the range, axis titles
/// and every value labelled (every k-th past 16). With more than two parameters, a cell shows the best score over
/// the other parameters' values. Cells are written with their value when the grid is at most 12 × 12.
public enum ObjectiveHeatmap {
    public typealias RGB = Scene.RGB

    /// The sequential color of t in [0, 1] (NaN: light grey).
    public static func color(_ t: Double) -> RGB {
        guard t.isFinite else { return (225, 225, 225) }
        let a = TokenMath.oklab(linearSRGB: TokenMath.decode(SIMD3(0.16, 0.11, 0.42)))
        let m = TokenMath.oklab(linearSRGB: TokenMath.decode(SIMD3(0.13, 0.55, 0.55)))
        let b = TokenMath.oklab(linearSRGB: TokenMath.decode(SIMD3(0.98, 0.90, 0.15)))
        let u = min(max(t, 0), 1)
        let lab = u < 0.5 ? a + (m - a) * (u * 2) : m + (b - m) * ((u - 0.5) * 2)
        let s = TokenMath.encode(TokenMath.linearSRGB(oklab: lab.x, lab.y, lab.z))
        func byte(_ v: Double) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
        return (byte(s.x), byte(s.y), byte(s.z))
    }

    /// The grid: `cells[yi * xCount + xi]` is the best of `scores` over variants with those two values.
    public static func grid(_ r: SweepResult, x: Int, y: Int, scores: [Double], goal: SweepResult.Goal) -> [Double] {
        let nx = r.parameters[x].values.count, ny = r.parameters[y].values.count
        var cells = [Double](repeating: .nan, count: nx * ny)
        for v in 0..<r.variantCount {
            let s = scores[v]
            guard s.isFinite else { continue }
            let k = r.choices[v][y] * nx + r.choices[v][x]
            if cells[k].isNaN || (goal == .maximize ? s > cells[k] : s < cells[k]) { cells[k] = s }
        }
        return cells
    }

    static func valueLabel(_ p: SweptParameter, _ i: Int) -> String {
        p.isNumeric ? SweepOutput.number((p.columnValue(i) * 1e4).rounded() / 1e4) : "#\(i)"
    }

    /// The heatmap of `scores` (one per variant) over parameters `x` and `y` (indexes into `r.parameters`).
    public static func scene(_ r: SweepResult, x: Int, y: Int, scores: [Double], goal: SweepResult.Goal, scoreName: String,
                             title: String? = nil) -> Scene {
        let px = r.parameters[x], py = r.parameters[y]
        let nx = px.values.count, ny = py.values.count
        let cells = grid(r, x: x, y: y, scores: scores, goal: goal)
        let finite = cells.filter(\.isFinite)
        let lo = finite.min() ?? 0, hi = finite.max() ?? 1
        let cell = max(6, min(48, 640 / max(nx, ny)))
        let left = 120, top = 76, barW = 18
        let plotW = nx * cell, plotH = ny * cell
        let width = left + plotW + 40 + barW + 90, height = top + plotH + 90
        let heading = title ?? "\(scoreName) over \(px.name) × \(py.name) (\(r.generator))"
        var sc = Scene(width: max(width, left + Int(Scene.textWidth(heading, size: 19, weight: .bold)) + 24), height: height, title: heading)
        let ink: RGB = (34, 34, 34)
        sc.text(heading, x: Double(left), y: 32, ink, size: 19, weight: .bold)
        if r.parameters.count > 2 {
            sc.text("each cell: the best over the other parameters (\(goal == .maximize ? "largest" : "smallest") score)",
                    x: Double(left), y: 54, (90, 90, 90), size: 13)
        }
        var bestK = -1
        for (k, v) in cells.enumerated() where v.isFinite {
            if bestK < 0 || (goal == .maximize ? v > cells[bestK] : v < cells[bestK]) { bestK = k }
        }
        let writeValues = nx <= 12 && ny <= 12 && cell >= 40
        for yi in 0..<ny {
            for xi in 0..<nx {
                let v = cells[yi * nx + xi]
                // Rows run upwards: the first value of y at the bottom.
                let cx = left + xi * cell, cy = top + (ny - 1 - yi) * cell
                let t = hi > lo ? (v - lo) / (hi - lo) : 0.5
                let c = color(v.isFinite ? t : .nan)
                sc.rect(cx, cy, cell, cell, c)
                if writeValues, v.isFinite {
                    let light = v.isFinite && t > 0.55
                    sc.text(SweepOutput.number((v * 1000).rounded() / 1000), x: Double(cx) + Double(cell) / 2, y: Double(cy) + Double(cell) / 2 + 4,
                            light ? ink : (245, 245, 245), size: 10, anchor: .middle)
                }
            }
        }
        if bestK >= 0 {
            let xi = bestK % nx, yi = bestK / nx
            let cx = Double(left + xi * cell) + 1, cy = Double(top + (ny - 1 - yi) * cell) + 1, s = Double(cell) - 2
            sc.polyline([(x: cx, y: cy), (x: cx + s, y: cy), (x: cx + s, y: cy + s), (x: cx, y: cy + s)], (220, 30, 30), width: 2.5, closed: true)
        }
        // Axis labels: every value, or every k-th past 16.
        let kx = max(1, (nx + 15) / 16), ky = max(1, (ny + 15) / 16)
        for xi in stride(from: 0, to: nx, by: kx) {
            sc.text(valueLabel(px, xi), x: Double(left + xi * cell) + Double(cell) / 2, y: Double(top + plotH + 18), ink, size: 12, anchor: .middle)
        }
        for yi in stride(from: 0, to: ny, by: ky) {
            sc.text(valueLabel(py, yi), x: Double(left - 8), y: Double(top + (ny - 1 - yi) * cell) + Double(cell) / 2 + 4, ink, size: 12, anchor: .end)
        }
        sc.text(px.name, x: Double(left) + Double(plotW) / 2, y: Double(top + plotH + 44), ink, size: 15, anchor: .middle)
        sc.text(py.name, x: 28, y: Double(top) + Double(plotH) / 2, ink, size: 15, anchor: .middle, rotation: -90)
        // Color bar with the range.
        let bx = left + plotW + 40
        let steps = 64
        for k in 0..<steps {
            let y0 = top + plotH - (k + 1) * plotH / steps, y1 = top + plotH - k * plotH / steps
            sc.rect(bx, y0, barW, max(1, y1 - y0), color((Double(k) + 0.5) / Double(steps)))
        }
        sc.text(SweepOutput.number((hi * 1e4).rounded() / 1e4), x: Double(bx + barW + 6), y: Double(top + 10), ink, size: 12)
        sc.text(SweepOutput.number((lo * 1e4).rounded() / 1e4), x: Double(bx + barW + 6), y: Double(top + plotH), ink, size: 12)
        sc.text(scoreName, x: Double(bx + barW / 2), y: Double(top - 10), ink, size: 12, anchor: .middle)
        sc.text("red outline: best (\(goal == .maximize ? "largest" : "smallest"))", x: Double(left), y: Double(height - 14), (90, 90, 90), size: 12)
        return sc
    }
}
