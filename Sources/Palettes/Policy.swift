import ColorCore

/// One rule of a policy: every foreground token against every background token must reach `minimum` by
/// `method`, in the listed modes and contrast levels.
public struct PolicyRule: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// A contrast method id of ColorCore (`wcag21`, `apca`); the absolute value is compared (APCA's |Lc|).
        case contrast
        /// Telling colors apart: a ΔE method id (`ok`, `2000`, `76`), also checked under each of `simulations`.
        case distinct
    }

    public var name: String
    public var kind: Kind
    public var foregrounds: [String]
    public var backgrounds: [String]
    public var method: String
    public var minimum: Double
    public var modes: [Mode]
    public var contrastLevels: [ContrastLevel]
    /// For `distinct` rules: the deficiencies to simulate (normal vision is always checked).
    public var simulations: [CVD]

    public init(_ name: String, kind: Kind = .contrast, foregrounds: [String], backgrounds: [String],
                method: String = "wcag21", minimum: Double, modes: [Mode] = Mode.allCases,
                contrastLevels: [ContrastLevel] = ContrastLevel.allCases, simulations: [CVD] = []) {
        self.name = name; self.kind = kind; self.foregrounds = foregrounds; self.backgrounds = backgrounds
        self.method = method; self.minimum = minimum; self.modes = modes; self.contrastLevels = contrastLevels
        self.simulations = simulations
    }
}

/// A policy as data: an id, a name, token rules and optionally a `check` closure run once per family (a Lua
/// policy's stop rules and check function). Built-ins: `wcag-aa`, `wcag-aaa`, `apca-body`, `cvd-distinct`.
public struct Policy: RegistryEntry, Equatable {
    /// Checks one family's ramp beyond the token rules; returns its findings.
    public typealias Check = @Sendable (_ family: Family, _ ramp: [RampColor]) throws -> [PolicyFinding]

    public let id: String
    public let name: String
    public var rules: [PolicyRule]
    public var check: Check?

    public init(id: String, name: String, rules: [PolicyRule], check: Check? = nil) {
        self.id = id; self.name = name; self.rules = rules; self.check = check
    }
    public var registryID: String { id }

    /// Equal ids, names and rules, and both with or both without a check.
    public static func == (a: Policy, b: Policy) -> Bool {
        a.id == b.id && a.name == b.name && a.rules == b.rules && (a.check == nil) == (b.check == nil)
    }

    static let text = ["foregroundPrimary", "foregroundSecondary"]
    static let largeText = ["foregroundTertiary"]
    static let backgrounds = ["backgroundPrimary", "backgroundSecondary", "backgroundTertiary"]
    static let invertedText = ["invertedForegroundPrimary", "invertedForegroundSecondary"]
    static let invertedLargeText = ["invertedForegroundTertiary"]
    static let invertedBackgrounds = ["invertedBackgroundPrimary", "invertedBackgroundSecondary", "invertedBackgroundTertiary"]
    /// Borders that identify components (WCAG 1.4.11); secondary and tertiary outlines are decorative.
    static let borders = ["outlinePrimary"]
    static let borderBackgrounds = ["backgroundPrimary", "backgroundSecondary"]

    /// Text tokens are body text; tertiary text is treated as large text; borders as non-text.
    static func levels(id: String, name: String, method: String, body: Double, large: Double, nonText: Double) -> Policy {
        Policy(id: id, name: name, rules: [
            PolicyRule("body-text", foregrounds: text, backgrounds: backgrounds, method: method, minimum: body),
            PolicyRule("large-text", foregrounds: largeText, backgrounds: backgrounds, method: method, minimum: large),
            PolicyRule("inverted-body-text", foregrounds: invertedText, backgrounds: invertedBackgrounds, method: method, minimum: body),
            PolicyRule("inverted-large-text", foregrounds: invertedLargeText, backgrounds: invertedBackgrounds, method: method, minimum: large),
            PolicyRule("borders", foregrounds: borders, backgrounds: borderBackgrounds, method: method, minimum: nonText),
        ])
    }

    public static let wcagAA = levels(id: "wcag-aa", name: "WCAG 2.1 AA: text 4.5, large text and borders 3",
                                      method: "wcag21", body: 4.5, large: 3, nonText: 3)
    public static let wcagAAA = levels(id: "wcag-aaa", name: "WCAG 2.1 AAA: text 7, large text 4.5, borders 3",
                                       method: "wcag21", body: 7, large: 4.5, nonText: 3)
    public static let apcaBody = levels(id: "apca-body", name: "APCA: |Lc| 75 body text, 60 large, 45 non-text",
                                        method: "apca", body: 75, large: 60, nonText: 45)
    /// Borders and tertiary text stay distinguishable from their backgrounds (ΔEOK ≥ 0.1) under protan,
    /// deutan and tritan simulation.
    public static let cvdDistinct = Policy(id: "cvd-distinct", name: "telling apart under simulated CVD: ΔEOK ≥ 0.1", rules: [
        PolicyRule("borders-distinct", kind: .distinct, foregrounds: borders, backgrounds: borderBackgrounds,
                   method: "ok", minimum: 0.1, simulations: CVD.allCases),
        PolicyRule("tertiary-text-distinct", kind: .distinct, foregrounds: largeText, backgrounds: backgrounds,
                   method: "ok", minimum: 0.1, simulations: CVD.allCases),
    ])

    public static let builtins: [Policy] = [wcagAA, wcagAAA, apcaBody, cvdDistinct]
}
