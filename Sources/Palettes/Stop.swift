/// A palette stop by its name in a scale: `450` (written `_450`), `950`, `12`, a Material tone `99`, or a custom
/// scale's own name.
///
/// A stop is only a name; where it sits (its index, its neighbours, its target lightness) is given by the
/// `Scale` of the family it belongs to.
public struct Stop: Hashable, Sendable, CustomStringConvertible {
    /// The stop's name without the underscore: `450`, `subtle`.
    public let label: String

    /// The stop named by a number (`Stop(450)`).
    public init(_ value: Int) { label = String(value) }

    /// The stop with this label (not checked: a scale checks its own stops).
    public init(label: String) { self.label = label }

    /// Parses `_450`, `450` or a custom stop name (letters, digits, `-`, `.`, 1…32 characters); throws
    /// `PalettesError.invalidStop` otherwise. Whether the stop exists is up to the family's scale.
    public init(parsing text: String) throws {
        var t = Substring(text)
        if t.hasPrefix("_") { t = t.dropFirst() }
        guard Stop.isValidLabel(t) else { throw PalettesError.invalidStop(text) }
        label = String(t)
    }

    static func isValidLabel<S: StringProtocol>(_ t: S) -> Bool {
        !t.isEmpty && t.count <= 32 && t.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    /// The stop's number when its name is one (`450` → 450), else nil.
    public var value: Int? { Int(label) }
    /// The stop's name as ColorTokensKit writes it: `_450`.
    public var name: String { "_" + label }
    public var description: String { name }

    public static let s50 = Stop(50), s100 = Stop(100), s150 = Stop(150), s200 = Stop(200), s250 = Stop(250)
    public static let s300 = Stop(300), s350 = Stop(350), s400 = Stop(400), s450 = Stop(450), s500 = Stop(500)
    public static let s550 = Stop(550), s600 = Stop(600), s650 = Stop(650), s700 = Stop(700), s750 = Stop(750)
    public static let s800 = Stop(800), s850 = Stop(850), s900 = Stop(900), s950 = Stop(950), s1000 = Stop(1000)
}
