import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// Pictures of a ramp sweep: ramp strips of chosen variants and plots of a metric against a parameter.
public enum TuningPictures {
    public typealias RGB = Scene.RGB

    /// 8-bit sRGB of an extended sRGB color, clamped (wide colors are shown clipped; strips mark them).
    static func rgb(_ v: SIMD3<Double>) -> RGB {
        func b(_ x: Double) -> UInt8 { UInt8(min(max((x * 255).rounded(), 0), 255)) }
        return (b(v.x), b(v.y), b(v.z))
    }

    public static let cellWidth = 30, cellHeight = 14, labelWidth = 64, margin = 16

    /// Ramp strips: for each variant, one row of 20 swatches per hue, headed by the variant's label.
    /// Stops outside sRGB (shown clipped) get a small dark corner mark.
    public static func strips(_ result: SweepResult, variants: [(label: String, variant: Int)], title: String,
                              ramps: ((_ variant: Int, _ hueIndex: Int) -> [RampColor])? = nil) -> Scene {
        let hueCount = result.hues.count
        let block = 26 + hueCount * cellHeight + 16
        let labels = [Scene.textWidth(title, size: 17, weight: .bold)] + variants.map { Scene.textWidth($0.label, size: 13, weight: .bold) }
        let width = max(margin * 2 + labelWidth + Scale.ctk.count * cellWidth, margin * 2 + Int((labels.max() ?? 0).rounded(.up)))
        let height = 44 + 18 + variants.count * block + 24
        var sc = Scene(width: width, height: height, title: title)
        let ink: RGB = (34, 34, 34)
        sc.text(title, x: Double(margin), y: 30, ink, size: 17, weight: .bold)
        var y = 44
        for (i, s) in Scale.ctk.stops.enumerated() where i % 2 == 0 {
            sc.text(s.label, x: Double(margin + labelWidth + i * cellWidth + cellWidth / 2), y: Double(y + 11), (90, 90, 90), size: 11, anchor: .middle)
        }
        y += 18
        for v in variants {
            sc.text(v.label, x: Double(margin), y: Double(y + 16), ink, size: 13, weight: .bold)
            y += 26
            for h in 0..<hueCount {
                let r = result.row(variant: v.variant, hueIndex: h)
                let hue = result.hues[h]
                sc.text((hue == hue.rounded() ? "\(Int(hue))" : String(format: "%.1f", hue)) + "°", x: Double(margin + labelWidth - 8), y: Double(y + 11),
                        ink, size: 11, anchor: .end)
                for (i, c) in (ramps?(v.variant, h) ?? result.ramps.ramp(r)).enumerated() {
                    let x = margin + labelWidth + i * cellWidth
                    sc.rect(x, y, cellWidth, cellHeight, rgb(c.srgb))
                    let lin = c.linearSRGB
                    if lin.min() < -1e-6 || lin.max() > 1 + 1e-6 {
                        let mark: RGB = c.lightnessStar > 55 ? (40, 40, 40) : (235, 235, 235)
                        sc.rect(x + cellWidth - 5, y + 1, 4, 4, mark)
                    }
                }
                y += cellHeight
            }
            y += 16
        }
        sc.text("Corner mark: outside sRGB (drawn clipped)", x: Double(margin), y: Double(height - 8), (90, 90, 90), size: 12)
        return sc
    }

    /// A short label for a variant: `margin=0.95 chroma_scale=1.1`.
    public static func label(_ result: SweepResult, variant: Int) -> String {
        result.parameterValues(variant: variant).map { name, value -> String in
            if case .number(let x) = value { return "\(name)=\(SweepOutput.number((x * 1e6).rounded() / 1e6))" }
            return "\(name)=#\(result.choices[variant][result.parameters.firstIndex { $0.name == name }!])"
        }.joined(separator: " ")
    }

    /// `metric` (a variant-table column: the mean over hues, or `.min`/`.max`) against parameter `x`; one
    /// line per value of the parameter `series` (or per combination of the other parameters when nil,
    /// up to 10 lines; beyond that a scatter plot).
    public static func plot(_ result: SweepResult, metric: String, x: String, series: String? = nil, title: String? = nil) throws -> LinePlot {
        guard let xp = result.parameters.firstIndex(where: { $0.name == x }) else {
            throw ColorExportError.invalidOption(name: "plot x", value: x, allowed: result.parameters.map(\.name))
        }
        guard result.variantColumns.contains(metric) else {
            throw ColorExportError.invalidOption(name: "plot metric", value: metric, allowed: result.variantColumns.filter { $0 != "variant" })
        }
        let others = result.parameters.indices.filter { $0 != xp }
        let groupBy = series.flatMap { s in result.parameters.firstIndex { $0.name == s } }.map { [$0] } ?? others
        var groups: [[Int]: [(Double, Double)]] = [:]
        var order: [[Int]] = []
        for v in 0..<result.variantCount {
            let key = groupBy.map { result.choices[v][$0] }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((result.parameters[xp].columnValue(result.choices[v][xp]), result.value(variant: v, metric)!))
        }
        // Up to 10 lines in distinct colors, up to 24 in a blue → orange sequence, beyond that a scatter plot.
        let scatter = order.count > 24
        func color(_ k: Int) -> RGB {
            if order.count <= LinePlot.palette.count { return LinePlot.palette[k] }
            let t = Double(k) / Double(max(order.count - 1, 1))
            let a = (20.0, 60.0, 160.0), m = (40.0, 160.0, 120.0), b = (225.0, 110.0, 10.0)
            func mix(_ x: (Double, Double, Double), _ y: (Double, Double, Double), _ u: Double) -> RGB {
                (UInt8(x.0 + (y.0 - x.0) * u), UInt8(x.1 + (y.1 - x.1) * u), UInt8(x.2 + (y.2 - x.2) * u))
            }
            return t < 0.5 ? mix(a, m, t * 2) : mix(m, b, (t - 0.5) * 2)
        }
        let lines: [LinePlot.Series] = order.enumerated().map { k, key in
            let name = groupBy.isEmpty ? metric : zip(groupBy, key).map { p, i in
                let param = result.parameters[p]
                return "\(param.name)=" + (param.isNumeric ? SweepOutput.number((param.columnValue(i) * 1e4).rounded() / 1e4) : "#\(i)")
            }.joined(separator: " ")
            let pts = groups[key]!.sorted { $0.0 < $1.0 }.map { (x: $0.0, y: $0.1) }
            return LinePlot.Series(name: name, color: scatter ? (0, 114, 178) : color(k), points: pts, lines: !scatter)
        }
        var p = LinePlot(title: title ?? "\(metric) vs \(x) (\(result.generator), \(result.hues.count) hues)",
                         xLabel: x, yLabel: metric + (metric.contains(".") ? "" : " (mean over hues)"),
                         series: scatter ? [LinePlot.Series(name: metric, color: (0, 114, 178), points: lines.flatMap(\.points), lines: false)] : lines)
        if p.series.count == 1 { p.series[0].name = metric }
        return p
    }
}
