import ColorCore

extension ColorBuffer {
    /// From CSS color strings, one per line, converted into `space` (Double reference path, then Float).
    /// Blank lines are skipped; `lineNumbers` (1-based) maps each color back to its line.
    /// - Throws: `ColorKernelsError.badLine(source:line:message:)` for the first line that is not a color,
    ///   naming `source` (a file name) and the 1-based line.
    /// - Complexity: O(total characters).
    public static func parsingCSS(_ lines: [String], source: String = "input", space: ColorSpaceID = .srgb,
                                  workbench: Workbench = .standard) throws -> (buffer: ColorBuffer, lineNumbers: [Int]) {
        let p = try parsingCSSColors(lines, source: source, space: space, workbench: workbench)
        return (p.buffer, p.lineNumbers)
    }

    /// As `parsingCSS`, also returning the parsed colors in Double (for exact rechecks).
    public static func parsingCSSColors(_ lines: [String], source: String = "input", space: ColorSpaceID = .srgb,
                                        workbench: Workbench = .standard) throws -> (buffer: ColorBuffer, colors: [Color], lineNumbers: [Int]) {
        var colors: [Color] = [], numbers: [Int] = []
        colors.reserveCapacity(lines.count); numbers.reserveCapacity(lines.count)
        for (k, raw) in lines.enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty { continue }
            do {
                colors.append(try workbench.parse(line))
                numbers.append(k + 1)
            } catch let e as ColorCoreError {
                throw ColorKernelsError.badLine(source: source, line: k + 1, message: "\(e); write one CSS color per line, e.g. #336699 or oklch(0.6 0.1 250)")
            }
        }
        return (try ColorBuffer(colors, space: space, workbench: workbench), colors, numbers)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let a = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let b = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[a...b])
    }
}
