/// A palette stop: `_50`, `_100` … `_1000` in steps of 50, lightest first.
///
/// `index` is the 0-based position in the ramp (`_50` → 0, `_1000` → 19).
public struct Stop: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The stop's number: 50, 100 … 1000.
    public let value: Int

    /// Every stop, lightest first.
    public static let all: [Stop] = (1...20).map { Stop(uncheckedValue: $0 * 50) }
    /// How many stops a ramp has.
    public static let count = 20

    private init(uncheckedValue: Int) { value = uncheckedValue }

    /// The stop with this number (50…1000, a multiple of 50), or nil.
    public init?(_ value: Int) {
        guard value % 50 == 0, (50...1000).contains(value) else { return nil }
        self.value = value
    }

    /// The stop at a ramp index, clamped to `_50`…`_1000`.
    public init(clampedIndex i: Int) { value = (min(max(i, 0), Stop.count - 1) + 1) * 50 }

    /// Parses `_450`, `450` or `s450`; throws `PalettesError.invalidStop` otherwise.
    public init(parsing text: String) throws {
        var t = Substring(text)
        if t.hasPrefix("_") { t = t.dropFirst() }
        guard let n = Int(t), let s = Stop(n) else { throw PalettesError.invalidStop(text) }
        self = s
    }

    public var index: Int { value / 50 - 1 }
    /// The stop's name as ColorTokensKit writes it: `_450`.
    public var name: String { "_\(value)" }
    public var description: String { name }

    /// The stop `n` steps darker (positive) or lighter (negative), stuck at `_50`/`_1000`.
    public func offset(by n: Int) -> Stop { Stop(clampedIndex: index + n) }

    /// The mirror stop across the ramp (`_200` ↔ `_850`).
    public var inverted: Stop { Stop(clampedIndex: Stop.count - 1 - index) }

    public static func < (a: Stop, b: Stop) -> Bool { a.value < b.value }

    public static let s50 = Stop(uncheckedValue: 50), s100 = Stop(uncheckedValue: 100), s150 = Stop(uncheckedValue: 150)
    public static let s200 = Stop(uncheckedValue: 200), s250 = Stop(uncheckedValue: 250), s300 = Stop(uncheckedValue: 300)
    public static let s350 = Stop(uncheckedValue: 350), s400 = Stop(uncheckedValue: 400), s450 = Stop(uncheckedValue: 450)
    public static let s500 = Stop(uncheckedValue: 500), s550 = Stop(uncheckedValue: 550), s600 = Stop(uncheckedValue: 600)
    public static let s650 = Stop(uncheckedValue: 650), s700 = Stop(uncheckedValue: 700), s750 = Stop(uncheckedValue: 750)
    public static let s800 = Stop(uncheckedValue: 800), s850 = Stop(uncheckedValue: 850), s900 = Stop(uncheckedValue: 900)
    public static let s950 = Stop(uncheckedValue: 950), s1000 = Stop(uncheckedValue: 1000)
}
