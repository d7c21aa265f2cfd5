import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// The values one swept parameter takes: an evenly spaced range of numbers, or an explicit list.
public enum SweepValues: Sendable, Equatable {
    /// `steps` numbers from `from` to `to` inclusive: vₖ = from + (to − from)·k/(steps − 1) (steps = 1: from).
    case range(from: Double, to: Double, steps: Int)
    /// Explicit values: numbers, tables (20 numbers), curves, colors or text, as the generator reads them.
    case list([RampParameter])

    /// A range without labels: `.range(0.9, 1.0, 11)`.
    public static func range(_ from: Double, _ to: Double, _ steps: Int) -> SweepValues {
        .range(from: from, to: to, steps: steps)
    }

    /// The most steps one range may have (a sweep's rows are the product of its parameters' counts).
    public static let maxSteps = 1_000_000

    /// How many values this gives, without making them.
    public var count: Int {
        switch self {
        case let .range(_, _, n): return n
        case let .list(v): return v.count
        }
    }

    /// A list of numbers.
    public static func numbers(_ values: [Double]) -> SweepValues { .list(values.map { .number($0) }) }

    /// The values in order; throws when a range has fewer than one step or a bound is not finite.
    public func values(parameter name: String, generator: String) throws -> [RampParameter] {
        switch self {
        case let .range(a, b, n):
            guard n >= 1, n <= SweepValues.maxSteps, a.isFinite, b.isFinite else {
                throw PalettesError.invalidParameter(generator: generator, name: name,
                                                     reason: "sweep range needs finite bounds and 1…\(SweepValues.maxSteps) steps, got \(a):\(b):\(n)")
            }
            if n == 1 { return [.number(a)] }
            return (0..<n).map { k in .number(k == n - 1 ? b : a + (b - a) * Double(k) / Double(n - 1)) }
        case let .list(v):
            guard !v.isEmpty else {
                throw PalettesError.invalidParameter(generator: generator, name: name, reason: "sweep list is empty; give at least one value")
            }
            return v
        }
    }
}

/// One swept parameter: the name the user wrote, the generator's own name for it, and its values.
public struct SweptParameter: Sendable, Equatable {
    /// As the user wrote it (`margin`, `chroma_scale`); used as the column name.
    public let name: String
    /// The generator's parameter name (`gamutMargin`, `chromaScale`).
    public let generatorName: String
    public let values: [RampParameter]

    /// The parameter's column in the row and variant tables: its name, or `param_<name>` when the name is
    /// already a column of the table (`variant`, `hue` or a metric column), so a generator parameter called
    /// `hue` (oklch-curves' per-stop hue) never hides the row's hue.
    public var column: String { Self.column(for: name) }

    /// The table column of a swept parameter written `name` (see `column`).
    public static func column(for name: String) -> String {
        reservedColumns.contains(name) ? "param_" + name : name
    }

    /// Names a swept parameter's column cannot take.
    static let reservedColumns: Set<String> = Set(["variant", "hue"] + RampMetrics.allColumns)

    /// The number a value shows in a table: the number itself, else its position in the list (0-based).
    public func columnValue(_ index: Int) -> Double {
        if case .number(let v) = values[index] { return v }
        return Double(index)
    }

    /// Whether every value is a number (so plots can use it as an axis).
    public var isNumeric: Bool { values.allSatisfy { if case .number = $0 { return true } else { return false } } }
}

extension SweptParameter {
    /// Aliases accepted for generator parameter names, besides snake_case spellings of them.
    public static let aliases: [String: String] = [
        "margin": "gamutMargin", "cap_margin": "gamutMargin", "lstar": "lightnessStar", "l_star": "lightnessStar",
        "scale": "chromaScale",
    ]

    /// The generator's name for `name`: itself, an alias, or its snake_case spelling in camelCase
    /// (`chroma_scale` → `chromaScale`). Unknown names throw and list the generator's parameters.
    public static func resolve(_ name: String, generator: RampGenerator) throws -> String {
        let known = generator.parameterNames
        if known.isEmpty || known.contains(name) { return name }
        if let a = aliases[name], known.contains(a) { return a }
        let parts = name.split(separator: "_")
        let camel = (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if known.contains(camel) { return camel }
        throw PalettesError.invalidParameter(generator: generator.id, name: name,
                                             reason: "is not a parameter of this generator; known: \(known.joined(separator: ", "))")
    }
}
