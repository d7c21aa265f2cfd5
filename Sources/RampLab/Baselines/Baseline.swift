import ColorIO
import ColorCore
import Palettes
import Foundation

/// A published family of ramps scored beside a sweep's variants with the same metrics: what a study compares
/// its generator against.
///
/// Built-ins (`Baseline.known`), each with its source recorded (`source`, also in `summary.json`):
/// - `tailwind`: Tailwind CSS v4's default palette (the 17 chromatic colors red … rose, stops 50 … 950, the
///   OKLCH values of its `theme.css`; its nine grays slate, gray, zinc, neutral, stone, mauve, olive, mist and
///   taupe are left out).
/// - `radix`: Radix Colors' light scales (the 25 chromatic scales, steps 1 … 12, their sRGB hex values; the six
///   grays gray, mauve, slate, sage, olive and sand are left out).
/// - `material`: Material Color Utilities' tonal palettes at the study's hues (`hct-tonal` on the `material`
///   scale: tones 100, 99, 95, 90 … 10, 0; HCT chroma 48, MCU's primary-palette floor), 8-bit sRGB as MCU returns.
/// - `leonardo`: a Leonardo-style contrast-target ramp at the study's hues on the study's scale: the key color
///   is the sRGB cusp of the hue (the most chromatic sRGB color at that OKLCH hue); colors run white → key →
///   black, interpolated in CIELAB D65 with the key placed at 1 − L\*/100; each stop is the color nearest white
///   on that path whose WCAG 2.1 ratio against white reaches its target (`ContrastTargets.defaultTargets(scale)`:
///   1.08 … 18.5 on ColorTokensKit's 20 stops, a gray at each target L\* on other scales), found by bisection on
///   the path and output as 8-bit sRGB, as Leonardo (`@adobe/leonardo-contrast-colors`: `createScale`,
///   `searchColors`) does with its own key colors and ratios.
///
/// Fixed palettes (tailwind, radix) keep their own hues; generated ones (material, leonardo) are made at the
/// study's hues. Each is scored on its own stops (Tailwind 11, Radix 12, Material 13, Leonardo the study's
/// scale): per-stop metric columns (named by the study's scale) are filled for a baseline with the same stops
/// and NaN for the others, and counting metrics (stops passing a threshold) and ladders count that baseline's
/// stops.
public struct Baseline: Sendable {
    /// One ramp of a baseline, lightest first.
    public struct Ramp: Sendable {
        public let name: String
        /// The hue the ramp is compared at: the OKLCH hue of its most chromatic stop (fixed palettes) or the hue it
        /// was made for (generated ones).
        public let hue: Double
        /// OKLCH (L 0…1, C, h°) per stop; h is NaN for achromatic stops.
        public let oklch: [SIMD3<Double>]
    }

    public let id: String
    public let title: String
    /// Where the values or the method come from: URL, commit or version.
    public let source: String
    public let stopNames: [String]
    public let ramps: [Ramp]
    public var stops: Int { stopNames.count }

    /// The built-in baselines' ids.
    public static let known = ["tailwind", "radix", "material", "leonardo"]

    /// Parses `tailwind,radix,…` or `all`; unknown ids are errors with a suggestion.
    public static func parseList(_ text: String) throws -> [String] {
        var out: [String] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            if part == "all" { for k in known where !out.contains(k) { out.append(k) }; continue }
            guard known.contains(part) else {
                throw RampLabError.invalid("baseline '\(part)' is not known\(Suggest.phrase(part, among: known)); use \(known.joined(separator: ", ")) or all")
            }
            if !out.contains(part) { out.append(part) }
        }
        guard !out.isEmpty else { throw RampLabError.invalid("no baseline given; use \(known.joined(separator: ", ")) or all") }
        return out
    }

    /// A built-in baseline; `hues` and `scale` are the study's (used by the generated ones: Leonardo is made on
    /// the scale, Material always on its own tones).
    public static func make(_ id: String, hues: [Double], scale: Scale = .ctk) throws -> Baseline {
        switch id {
        case "tailwind": return tailwind
        case "radix": return radix
        case "material": return try material(hues: hues)
        case "leonardo": return try leonardo(hues: hues, scale: scale)
        default: _ = try parseList(id); fatalError("unreachable")
        }
    }

    /// A ramp's compare hue: the OKLCH hue of its most chromatic stop.
    static func dominantHue(_ oklch: [SIMD3<Double>]) -> Double {
        var best = 0.0, h = 0.0
        for c in oklch where c.y > best && c.z.isFinite { best = c.y; h = c.z }
        return h
    }

    /// The gray families each source names (left out: sweeps make chromatic ramps).
    static let tailwindGrays: Set<String> = ["slate", "gray", "zinc", "neutral", "stone", "mauve", "olive", "mist", "taupe"]
    static let radixGrays: Set<String> = ["gray", "mauve", "slate", "sage", "olive", "sand"]

    // MARK: Tailwind

    /// Tailwind CSS v4's chromatic default palette, parsed from `tailwindThemeLines`.
    public static let tailwind: Baseline = {
        var order: [String] = [], stops: [String] = [], colors: [String: [SIMD3<Double>]] = [:]
        for line in tailwindThemeLines.split(separator: "\n") {
            // --color-red-50: oklch(97.1% 0.013 17.38);
            guard line.hasPrefix("--color-"), let colon = line.firstIndex(of: ":"),
                  let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") else { continue }
            let key = line[line.index(line.startIndex, offsetBy: 8)..<colon]
            guard let dash = key.lastIndex(of: "-") else { continue }
            let family = String(key[..<dash]), stop = String(key[key.index(after: dash)...])
            let parts = line[line.index(after: open)..<close].split(separator: " ")
            guard parts.count == 3, parts[0].hasSuffix("%"), let l = Double(parts[0].dropLast()), let c = Double(parts[1]) else { continue }
            let h = parts[2] == "none" ? Double.nan : (Double(parts[2]) ?? .nan)
            if colors[family] == nil { order.append(family) }
            if order.first == family { stops.append(stop) }
            colors[family, default: []].append(SIMD3(l / 100, c, h))
        }
        let ramps = order.compactMap { f -> Ramp? in
            let c = colors[f]!
            guard c.count == stops.count, !tailwindGrays.contains(f) else { return nil }
            return Ramp(name: f, hue: dominantHue(c), oklch: c)
        }
        return Baseline(id: "tailwind", title: "Tailwind CSS v4 default palette", source: tailwindSource, stopNames: stops, ramps: ramps)
    }()

    // MARK: Radix

    /// Radix Colors' chromatic light scales, parsed from `radixLightLines` (hex → OKLCH through Ottosson's matrices).
    public static let radix: Baseline = {
        var order: [String] = [], colors: [String: [SIMD3<Double>]] = [:]
        for line in radixLightLines.split(separator: "\n") {
            let p = line.split(separator: " ")
            guard p.count == 3, p[2].count == 7, let v = Int(p[2].dropFirst(), radix: 16) else { continue }
            let name = String(p[0])
            let rgb = SIMD3(Double((v >> 16) & 255), Double((v >> 8) & 255), Double(v & 255)) / 255
            if colors[name] == nil { order.append(name) }
            colors[name, default: []].append(RampColor(srgb: rgb).oklch)
        }
        let ramps = order.compactMap { f -> Ramp? in
            let c = colors[f]!
            guard c.count == 12, !radixGrays.contains(f) else { return nil }
            return Ramp(name: f, hue: dominantHue(c), oklch: c)
        }
        return Baseline(id: "radix", title: "Radix Colors light scales", source: radixSource,
                        stopNames: (1...12).map(String.init), ramps: ramps)
    }()

    // MARK: Material

    static let materialSource = "https://github.com/material-foundation/material-color-utilities (commit 6112292fddb5bc0ad0ef6fd0d4a97743f59950d0): TonalPalette tones through huebench's hct-tonal generator, HCT chroma 48 (CorePalette primary)"

    /// Material tonal palettes at `hues` (the `hct-tonal` generator on the `material` scale, chroma 48).
    public static func material(hues: [Double]) throws -> Baseline {
        let g = try PaletteWorkbench.standard.generators.lookup(HCTTonal.id)
        let ramps = try hues.map { h -> Ramp in
            let colors = try g.generate(RampSpec(hue: h, parameters: ["hctChroma": .number(HCTTonal.defaultChroma)], scale: .material), .standard)
            return Ramp(name: "h" + SweepOutput.number(h), hue: h, oklch: colors.map(\.oklch))
        }
        return Baseline(id: "material", title: "Material tonal palettes (HCT chroma 48)", source: materialSource,
                        stopNames: Scale.material.stops.map(\.label), ramps: ramps)
    }

    // MARK: Leonardo-style

    static let leonardoSource = "https://github.com/adobe/leonardo (commit eb6481da40df27654ac8efa42038007f6fad2431, @adobe/leonardo-contrast-colors 1.1.0): method of createScale + searchColors; key = the hue's sRGB cusp, CIELAB interpolation, WCAG 2.1 targets 1.08 … 18.5 on white"

    /// Leonardo-style contrast-target ramps at `hues` on `scale` (see the type's documentation); `ratios`
    /// default to `ContrastTargets.defaultTargets(scale)`, one per stop.
    public static func leonardo(hues: [Double], scale: Scale = .ctk, ratios: [Double]? = nil) throws -> Baseline {
        let ratios = ratios ?? ContrastTargets.defaultTargets(scale)
        guard ratios.count == scale.count else {
            throw RampLabError.invalid("leonardo baseline: \(ratios.count) contrast ratios for the \(scale.count) stops of scale '\(scale.id)'; give one per stop")
        }
        let core = Workbench.standard
        let toLab = try core.spaces.plan(from: .srgbLinear, to: .labD65)
        let fromLab = try core.spaces.plan(from: .labD65, to: .srgbLinear)
        let ramps = hues.map { h -> Ramp in
            let key = srgbCusp(hue: h)
            let keyLab = toLab.apply(TokenMath.linearSRGB(oklch: key.x, key.y, key.z))
            let white = SIMD3<Double>(100, 0, 0), black = SIMD3<Double>(0, 0, 0)
            let tk = min(max(1 - keyLab.x / 100, 1e-6), 1 - 1e-6)
            // The 8-bit sRGB color at position t of the white → key → black path.
            func color(_ t: Double) -> SIMD3<Double> {
                let lab = t <= tk ? white + (keyLab - white) * (t / tk) : keyLab + (black - keyLab) * ((t - tk) / (1 - tk))
                let enc = TokenMath.encode(fromLab.apply(lab))
                return SIMD3((min(max(enc.x, 0), 1) * 255).rounded() / 255, (min(max(enc.y, 0), 1) * 255).rounded() / 255,
                             (min(max(enc.z, 0), 1) * 255).rounded() / 255)
            }
            func ratio(_ srgb: SIMD3<Double>) -> Double { WCAG21.ratio(WCAG21.luminance(srgb: srgb), 1) }
            let colors = ratios.map { target -> SIMD3<Double> in
                var lo = 0.0, hi = 1.0
                if ratio(color(hi)) < target { return color(hi) }
                for _ in 0..<48 {
                    let mid = (lo + hi) / 2
                    if ratio(color(mid)) >= target { hi = mid } else { lo = mid }
                }
                return color(hi)
            }
            return Ramp(name: "h" + SweepOutput.number(h), hue: h, oklch: colors.map { RampColor(srgb: $0).oklch })
        }
        return Baseline(id: "leonardo", title: "Leonardo-style contrast targets (WCAG on white)", source: leonardoSource,
                        stopNames: scale.stops.map(\.label), ramps: ramps)
    }

    /// The most chromatic sRGB color at OKLCH hue `h`: the largest chroma sRGB holds at each L (bisection, 40
    /// halvings), searched on a 0.01 grid of L and then on a 0.0005 grid within ±0.01 of the best; the best (L, C, h).
    public static func srgbCusp(hue h: Double) -> SIMD3<Double> {
        func inside(_ l: Double, _ c: Double) -> Bool {
            let v = TokenMath.linearSRGB(oklch: l, c, h)
            return v.min() >= -1e-9 && v.max() <= 1 + 1e-9
        }
        func chroma(_ l: Double) -> Double {
            var lo = 0.0, hi = 0.5
            for _ in 0..<40 { let m = (lo + hi) / 2; if inside(l, m) { lo = m } else { hi = m } }
            return lo
        }
        var best = SIMD3<Double>(0.5, 0, h)
        for k in 1..<100 {
            let l = Double(k) * 0.01, c = chroma(l)
            if c > best.y { best = SIMD3(l, c, h) }
        }
        let center = best.x
        for k in -20...20 {
            let l = center + Double(k) * 0.0005
            guard l > 0, l < 1 else { continue }
            let c = chroma(l)
            if c > best.y { best = SIMD3(l, c, h) }
        }
        return best
    }

    // MARK: Batch

    /// The baseline's ramps as a batch (requested chroma unknown: NaN).
    public var batch: RampBatch {
        RampBatch(oklch: ramps.flatMap(\.oklch), stops: stops, hues: ramps.map(\.hue),
                  requestedChroma: Array(repeating: .nan, count: ramps.count * stops))
    }
}
