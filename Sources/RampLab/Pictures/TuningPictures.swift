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

    public static let cellWidth = 34, cellHeight = 14, labelWidth = 64, margin = 16

    /// One block of a strip sheet: a heading, the stop names over its columns and one labelled row of swatches
    /// per ramp.
    public struct StripBlock: Sendable {
        public var heading: String
        public var stopNames: [String]
        public var rows: [(label: String, colors: [RampColor])]
        public init(heading: String, stopNames: [String], rows: [(label: String, colors: [RampColor])]) {
            self.heading = heading; self.stopNames = stopNames; self.rows = rows
        }
    }

    /// A strip sheet: for each block its heading, every stop's name above its column, and a row of swatches per
    /// ramp (labelled at the left). Stops outside sRGB (shown clipped) get a small corner mark.
    public static func stripSheet(title: String, blocks: [StripBlock], note: String? = nil) -> Scene {
        let rowLabel = max(Double(labelWidth), (blocks.flatMap { $0.rows.map { Scene.textWidth($0.label, size: 11) } }.max() ?? 0) + 14)
        let lw = Int(rowLabel.rounded(.up))
        let stops = blocks.map(\.stopNames.count).max() ?? 0
        let texts = [Scene.textWidth(title, size: 17, weight: .bold)] + blocks.map { Scene.textWidth($0.heading, size: 13, weight: .bold) }
            + [note.map { Scene.textWidth($0, size: 12) } ?? 0]
        let width = max(margin * 2 + lw + stops * cellWidth, margin * 2 + Int((texts.max() ?? 0).rounded(.up)))
        let height = 44 + blocks.reduce(0) { $0 + 26 + 16 + $1.rows.count * cellHeight + 16 } + 24
        var sc = Scene(width: width, height: height, title: title)
        let ink: RGB = (34, 34, 34)
        sc.text(title, x: Double(margin), y: 30, ink, size: 17, weight: .bold)
        var y = 44
        for block in blocks {
            sc.text(block.heading, x: Double(margin), y: Double(y + 16), ink, size: 13, weight: .bold)
            y += 26
            // Every stop is named over its column (10 px type fits "1000" in a 34 px cell).
            for (i, name) in block.stopNames.enumerated() {
                sc.text(name, x: Double(margin + lw + i * cellWidth + cellWidth / 2), y: Double(y + 10), (90, 90, 90), size: 10, anchor: .middle)
            }
            y += 16
            for row in block.rows {
                sc.text(row.label, x: Double(margin + lw - 8), y: Double(y + 11), ink, size: 11, anchor: .end)
                for (i, c) in row.colors.enumerated() {
                    let x = margin + lw + i * cellWidth
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
        sc.text(note ?? "Corner mark: outside sRGB (drawn clipped)", x: Double(margin), y: Double(height - 8), (90, 90, 90), size: 12)
        return sc
    }

    static func hueText(_ hue: Double) -> String {
        (hue == hue.rounded() ? "\(Int(hue))" : String(format: "%.1f", hue)) + "°"
    }

    /// Ramp strips: for each variant, one row of swatches per hue, headed by the variant's label, every stop named.
    public static func strips(_ result: SweepResult, variants: [(label: String, variant: Int)], title: String,
                              ramps: ((_ variant: Int, _ hueIndex: Int) -> [RampColor])? = nil) -> Scene {
        let names = result.scale.stops.map(\.label)
        let blocks = variants.map { v in
            StripBlock(heading: v.label, stopNames: names, rows: result.hues.indices.map { h in
                (label: hueText(result.hues[h]), colors: ramps?(v.variant, h) ?? result.ramps.ramp(result.row(variant: v.variant, hueIndex: h)))
            })
        }
        return stripSheet(title: title, blocks: blocks)
    }

    /// Strips of scored baselines: one block per baseline (its title, source and score), a row per ramp named
    /// by the ramp (Tailwind's and Radix's color names, the hue for generated ones), every stop named.
    public static func baselineStrips(_ baselines: [BaselineScores], scores: [Double]? = nil, objective: String? = nil) -> Scene {
        let blocks = baselines.enumerated().map { k, b -> StripBlock in
            var heading = "baseline \(b.baseline.id): \(b.baseline.title), \(b.baseline.ramps.count) ramps × \(b.baseline.stops) stops"
            if let s = scores?[k] { heading += "  score " + SweepOutput.number((s * 1e4).rounded() / 1e4) }
            return StripBlock(heading: heading, stopNames: b.baseline.stopNames, rows: b.baseline.ramps.indices.map { r in
                let ramp = b.batch.ramp(r)
                let name = b.baseline.ramps[r].name
                return (label: name.hasPrefix("h") && Double(name.dropFirst()) != nil ? hueText(b.baseline.ramps[r].hue) : name, colors: ramp)
            })
        }
        return stripSheet(title: "Baselines" + (objective.map { " (scored by \($0))" } ?? ""), blocks: blocks)
    }

    /// A short label for a variant: `margin=0.95 chroma_scale=1.1`.
    public static func label(_ result: SweepResult, variant: Int) -> String {
        result.parameterValues(variant: variant).map { name, value -> String in
            if case .number(let x) = value { return "\(name)=\(SweepOutput.number((x * 1e6).rounded() / 1e6))" }
            return "\(name)=#\(result.choices[variant][result.parameters.firstIndex { $0.name == name }!])"
        }.joined(separator: " ")
    }

    /// Colors of baseline reference lines and markers (dark, distinct from the series palette).
    public static let baselineColors: [RGB] = [(120, 40, 140), (150, 90, 20), (30, 110, 60), (170, 30, 60), (60, 60, 60), (20, 90, 150)]

    /// Lines highlighted in a crowded plot (the rest are grey, without legend entries).
    public static let highlightedLines = 6

    /// `metric` (a variant-table column: the mean over hues, or a statistic such as `.p90`) against parameter `x`;
    /// one line per value of the parameter `series` (or per combination of the other parameters when nil).
    ///
    /// Up to 10 lines get distinct colors and legend entries (with up to 3 lines, each has a band from the
    /// metric's `.min` to `.max` over hues). More lines: the `highlightedLines` best (by `scores`, the variants'
    /// objective scores with `goal`; else by their largest metric value) are drawn in color with legend entries,
    /// the best one with its min–max band, and the rest in grey; past 2,000 lines the grey ones become one grey
    /// band (their range at each x). Baselines are dashed horizontal lines at their value of the same column.
    /// A parameter whose values are tables (or other non-numbers) is plotted by index: x ticks `#0`, `#1` …,
    /// with the values in a side table.
    public static func plot(_ result: SweepResult, metric: String, x: String, series: String? = nil, title: String? = nil,
                            scores: [Double]? = nil, goal: SweepResult.Goal = .maximize,
                            baselines: [BaselineScores] = []) throws -> LinePlot {
        guard let xp = result.parameters.firstIndex(where: { $0.name == x }) else {
            throw ColorExportError.invalidOption(name: "plot x", value: x, allowed: result.parameters.map(\.name))
        }
        guard result.variantColumns.contains(metric) else {
            throw ColorExportError.invalidOption(name: "plot metric", value: metric, allowed: result.variantColumns.filter { $0 != "variant" })
        }
        let param = result.parameters[xp]
        let others = result.parameters.indices.filter { $0 != xp }
        let groupBy = series.flatMap { s in result.parameters.firstIndex { $0.name == s } }.map { [$0] } ?? others
        let hasBand = result.variantColumns.contains(metric + ".min") && result.variantColumns.contains(metric + ".max")
        struct Line { var key: [Int]; var pts: [(x: Double, y: Double)] = []; var band: [(x: Double, lo: Double, hi: Double)] = []; var best = Double.nan }
        var lines: [Line] = [], index: [Int: Int] = [:]
        // Column positions found once (a plot reads three values of every variant).
        let width = result.variantColumns.count, vals = result.variantValues
        let yc = result.variantColumnIndex[metric]!
        let loc = hasBand ? result.variantColumnIndex[metric + ".min"]! : 0, hic = hasBand ? result.variantColumnIndex[metric + ".max"]! : 0
        let numeric = param.isNumeric
        for v in 0..<result.variantCount {
            let picks = result.choices[v]
            // The line's key as one number (mixed radix over the grouping parameters' value counts).
            var code = 0
            for p in groupBy { code = code * result.parameters[p].values.count + picks[p] }
            let k: Int
            if let i = index[code] { k = i } else { k = lines.count; index[code] = k; lines.append(Line(key: groupBy.map { picks[$0] })) }
            let xv = numeric ? param.columnValue(picks[xp]) : Double(picks[xp])
            let y = vals[v * width + yc]
            lines[k].pts.append((x: xv, y: y))
            if hasBand { lines[k].band.append((x: xv, lo: vals[v * width + loc], hi: vals[v * width + hic])) }
            // A line's rank: its best variant score (or its largest value of the metric).
            let sc = scores.map { $0[v] } ?? y
            let better = scores == nil || goal == .maximize ? sc > lines[k].best : sc < lines[k].best
            if sc.isFinite, lines[k].best.isNaN || better { lines[k].best = sc }
        }
        for k in lines.indices {
            let order = lines[k].pts.indices.sorted { lines[k].pts[$0].x < lines[k].pts[$1].x }
            lines[k].pts = order.map { lines[k].pts[$0] }
            if hasBand { lines[k].band = order.map { lines[k].band[$0] } }
        }
        func name(_ key: [Int]) -> String {
            groupBy.isEmpty ? metric : zip(groupBy, key).map { p, i in
                let q = result.parameters[p]
                return "\(q.name)=" + (q.isNumeric ? SweepOutput.number((q.columnValue(i) * 1e4).rounded() / 1e4) : "#\(i)")
            }.joined(separator: " ")
        }
        let suffix = result.hues.count > 1 && !metric.contains(".") ? " (mean over hues)" : ""
        var plot = LinePlot(title: title ?? "\(metric) vs \(x) (\(result.generator), \(result.hues.count) hues)",
                            xLabel: param.isNumeric ? x : "\(x) (value index)", yLabel: metric + suffix, series: [])
        var out: [LinePlot.Series] = []
        if lines.count <= LinePlot.palette.count {
            for (k, line) in lines.enumerated() {
                var se = LinePlot.Series(name: lines.count == 1 ? metric : name(line.key), color: LinePlot.palette[k], points: line.pts)
                if lines.count <= 3 { se.band = line.band }
                out.append(se)
            }
            if hasBand, lines.count <= 3 { plot.legendNotes.append("band: min–max over hues") }
        } else {
            let ranked = lines.indices.sorted { a, b in
                let x = lines[a].best, y = lines[b].best
                if x.isNaN != y.isNaN { return !x.isNaN }
                if x != y, !x.isNaN { return scores == nil || goal == .maximize ? x > y : x < y }
                return a < b
            }
            let top = Array(ranked.prefix(highlightedLines)), rest = Array(ranked.dropFirst(highlightedLines))
            let grey: RGB = (200, 200, 200)
            if rest.count > 2000 {
                var byX: [Double: (lo: Double, hi: Double)] = [:]
                for k in rest { for p in lines[k].pts where p.y.isFinite { let e = byX[p.x] ?? (.infinity, -.infinity); byX[p.x] = (min(e.lo, p.y), max(e.hi, p.y)) } }
                var env = LinePlot.Series(name: "other lines", color: (150, 150, 150), points: [], lines: false)
                env.band = byX.keys.sorted().map { (x: $0, lo: byX[$0]!.lo, hi: byX[$0]!.hi) }
                env.inLegend = false; env.marker = .none
                out.append(env)
                plot.legendNotes.append("grey band: range of \(rest.count) other lines")
            } else {
                for k in rest {
                    var se = LinePlot.Series(name: name(lines[k].key), color: grey, points: lines[k].pts)
                    se.width = 1; se.marker = .none; se.inLegend = false
                    out.append(se)
                }
                if !rest.isEmpty { plot.legendNotes.append("+ \(rest.count) more lines (grey)") }
            }
            for (j, k) in top.enumerated() {
                var se = LinePlot.Series(name: "\(j + 1). " + name(lines[k].key), color: LinePlot.palette[j], points: lines[k].pts)
                se.radius = 3
                if j == 0 { se.band = lines[k].band }
                out.append(se)
            }
            plot.legendNotes.insert("top \(top.count) of \(lines.count) lines by " + (scores == nil ? "largest \(metric)" : "score"), at: 0)
            if hasBand { plot.legendNotes.append("band: min–max over hues (line 1)") }
        }
        plot.series = out
        plot.references = baselines.enumerated().compactMap { k, b in
            // A baseline whose value is undefined (NaN: e.g. chroma retained, unknown for published palettes) is left out.
            b.value(metric).flatMap { $0.isFinite ? LinePlot.Reference(y: $0, name: "\(b.baseline.id) (baseline)", color: baselineColors[k % baselineColors.count]) : nil }
        }
        if !param.isNumeric {
            plot.xCategories = param.values.indices.map { "#\($0)" }
            plot.sideTable = ["\(x) values:"] + param.values.enumerated().map { k, v in "#\(k): " + describe(v) }
        }
        return plot
    }

    /// A short text for a parameter value in a side table: numbers (the first 4 and the count), text, a color.
    public static func describe(_ v: RampParameter) -> String {
        switch v {
        case .number(let x): return SweepOutput.number(x)
        case .numbers(let xs):
            let head = xs.prefix(4).map { SweepOutput.number(($0 * 1e4).rounded() / 1e4) }.joined(separator: ", ")
            return xs.count > 4 ? "\(head), … (\(xs.count))" : head
        case .text(let t): return t.count > 28 ? String(t.prefix(27)) + "…" : t
        case .color(let c): return c.hex
        case .curve: return "curve"
        }
    }
}
