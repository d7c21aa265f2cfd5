import ColorCore

/// `ColorListReader.finite` with the conversion plan of each source space looked up once per read: the check
/// runs on every color of a list, and a lookup through the registry (`Workbench.convert`) costs several times
/// the conversion itself. The same plans `Workbench.convert` applies, so the same verdicts.
final class FiniteCheck {
    let workbench: Workbench
    private var plans: [ColorSpaceID: ConversionPlan] = [:]
    /// The last plan used (lists mostly keep to one space: no hashing of the id per color).
    private var last: ConversionPlan? = nil
    private let target: ColorSpaceID?

    init(_ workbench: Workbench) {
        self.workbench = workbench
        target = try? workbench.spaces.canonicalID(ColorSpaceID.xyzD65.rawValue)
    }

    /// The color, if its conversion to XYZ is finite; otherwise `ColorListReader.finite`'s error.
    func callAsFunction(_ c: Color) throws -> Color {
        guard let target else { return try ColorListReader.finite(c, workbench) }
        let plan: ConversionPlan
        if let p = last, p.source == c.space {
            plan = p
        } else if let p = plans[c.space] {
            plan = p
            last = p
        } else {
            // A plan that cannot be built: the general check throws the registry's own error.
            guard let p = try? workbench.spaces.plan(from: c.space, to: target) else { return try ColorListReader.finite(c, workbench) }
            plans[c.space] = p
            last = p
            plan = p
        }
        let xyz = plan.apply(c.coordsForConversion)
        guard xyz.x.isFinite && xyz.y.isFinite && xyz.z.isFinite else { return try ColorListReader.finite(c, workbench) }
        return c
    }
}

/// The lines of a color list that need neither the general line splitter nor the full CSS parser — a bare color,
/// `label<TAB>color` or `--name: color;` whose color is one of `CSSQuickReader`'s forms (`#hex`, a space's
/// function form) — read straight from their bytes: the same entry `ColorListReader.readLine` makes of them
/// (label, text, color bit for bit, location), at a small part of its cost. Any other line (comments, CSS
/// structure, `var()`, `light-dark()`, non-ASCII text, an invalid color…) is left to `readLine`.
struct QuickLines {
    let reader: CSSQuickReader
    let finite: FiniteCheck

    init(workbench: Workbench) {
        reader = CSSQuickReader(spaces: workbench.spaces)
        finite = FiniteCheck(workbench)
    }

    @inline(__always) static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    /// Reads the line `buffer[range]` into `colors` when it is a quick line; false leaves it to `readLine`.
    func read(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int, source: String,
              vars: inout [String: String], into colors: inout [LabelledColor]) -> Bool {
        guard let p = buffer.baseAddress else { return false }
        var a = range.lowerBound, b = range.upperBound
        // One pass over the raw line: ASCII only (the splitter also trims Unicode spaces), at most one TAB, no
        // comment opener (`/*`, `//`) and no ` #` comment (`#` after a space and before a blank or the end).
        var tab = -1
        var k = a
        while k < b {
            let c = p[k]
            if c >= 0x80 { return false }
            if c == 0x09 {
                if tab >= 0 { return false }
                tab = k
            } else if c == 0x2F {
                if k + 1 < b && (p[k + 1] == 0x2A || p[k + 1] == 0x2F) { return false }
            } else if c == 0x23 && k > a && p[k - 1] == 0x20 && (k + 1 == b || Self.isBlank(p[k + 1])) {
                return false
            }
            k += 1
        }
        let rawStart = a, rawEnd = b
        while a < b && Self.isBlank(p[a]) { a += 1 }
        while b > a && Self.isBlank(p[b - 1]) { b -= 1 }
        guard a < b else { return false }
        // `#` alone or `# …` is a comment line; a line ending in `*/` a trailing comment.
        if p[a] == 0x23 && (a + 1 == b || Self.isBlank(p[a + 1])) { return false }
        if b - a >= 2 && p[b - 2] == 0x2A && p[b - 1] == 0x2F { return false }

        var label: Range<Int>? = nil, text: Range<Int>
        var declaration = false
        if b - a >= 2 && p[a] == 0x2D && p[a + 1] == 0x2D {
            // `--name: value;`: the name before the first colon, the value after it less one `;`, trimmed.
            var colon = a
            while colon < b && p[colon] != 0x3A { colon += 1 }
            guard colon < b else { return false }
            var ne = colon
            while ne > a && Self.isBlank(p[ne - 1]) { ne -= 1 }
            var vs = colon + 1
            while vs < b && Self.isBlank(p[vs]) { vs += 1 }
            var ve = b
            if ve > vs && p[ve - 1] == 0x3B { ve -= 1 }
            while ve > vs && Self.isBlank(p[ve - 1]) { ve -= 1 }
            label = a..<ne
            text = vs..<ve
            declaration = true
        } else if tab >= 0 {
            var ls = rawStart, le = tab
            while ls < le && Self.isBlank(p[ls]) { ls += 1 }
            while le > ls && Self.isBlank(p[le - 1]) { le -= 1 }
            var ts = tab + 1, te = rawEnd
            while ts < te && Self.isBlank(p[ts]) { ts += 1 }
            while te > ts && Self.isBlank(p[te - 1]) { te -= 1 }
            if ls < le {
                // A `--` label sets a custom property: left to `readLine`.
                if le - ls >= 2 && p[ls] == 0x2D && p[ls + 1] == 0x2D { return false }
                label = ls..<le
            }
            text = ts..<te
        } else {
            text = a..<b
        }
        guard !text.isEmpty else { return false }
        var parsed = CSSQuickReader.Parsed()
        // The color alone (its own spaces around it are the splitter's to keep in `text`); no TAB inside.
        guard reader.readLine(buffer, text, into: &parsed) else { return false }
        guard let color = try? finite(reader.color(parsed)) else { return false }
        let textString = String(decoding: UnsafeBufferPointer(rebasing: buffer[text]), as: UTF8.self)
        let labelString = label.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
        if declaration, let labelString { vars[labelString] = textString }
        colors.append(LabelledColor(label: labelString, text: textString, color: color,
                                    origin: source, line: number))
        return true
    }
}
