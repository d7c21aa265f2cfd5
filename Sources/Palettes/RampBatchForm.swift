/// How a ramp generator's batch may run faster than its `generate` closure per ramp, declared as data on the
/// `RampGenerator` entry. RampLab's batch engine maps each form to its kernel; it never looks at an id.
public enum RampBatchForm: Sendable, Equatable {
    /// A CIELab L\* per stop shared by every hue; stop chroma = min(requested, margin · Cmax(Y, h)), where Cmax
    /// (the largest OKLCH chroma Display P3 shows at luminance Y and hue h) depends only on (L\*, hue), so it is
    /// solved once per distinct pair; OKLab L solved for Y; hue rounded to 0.01°. The names say which
    /// parameters carry the L\* table (default: the spec's scale's target L\*, one per stop) and the margin
    /// (with its default); the requested chroma comes from the entry's `requestedChroma`. ColorTokensKit's
    /// `uniform-lstar` declares it.
    case lightnessStarCap(lightnessStar: String, margin: String, defaultMargin: Double)

    /// Each stop's luminance bisected for a contrast target against a background (`contrast-targets`: 48
    /// halvings, `ContrastTargets.solveCertified`'s decisions), the color at each luminance built as in
    /// `lightnessStarCap` (chroma = min(requested, margin · Display P3 cap), OKLab L solved for Y). The batch
    /// kernel builds those colors with the batch lightness solve and shares nothing else, so results are the
    /// entry's `generate` bit for bit. The spec's parameters are resolved by `ContrastTargets.setup`.
    case contrastBisection
}
