/// The registries of the color core: spaces, contrast methods, ΔE methods and gamut mappers.
///
/// `Workbench.standard` is built by registering the built-ins with the same `register` calls plugins use.
/// It is an immutable value; make a copy and register more to extend it.
public struct Workbench: Sendable {
    public var spaces = ColorSpaceRegistry()
    public var contrastMethods = Registry<ContrastMethod>(kind: "contrast method")
    public var deltaEMethods = Registry<DeltaEMethod>(kind: "delta-E method")
    public var gamutMappers = Registry<GamutMapper>(kind: "gamut-mapping method")

    /// An empty workbench (no spaces at all).
    public init() {}

    /// The built-in spaces in dependency order (every base before the spaces built on it).
    public static let builtinSpaces: [ColorSpace] = [
        .xyzD65, .xyzD50, .srgbLinear, .srgb, .displayP3Linear, .displayP3, .rec2020Linear, .rec2020,
        .a98RGBLinear, .a98RGB, .prophotoRGBLinear, .prophotoRGB, .lab, .lch, .labD65, .oklab, .oklch,
        .hsl, .hwb, .hsv,
        .xyzAbsD65, .jzazbz, .jzczhz, .ictcp, .rec2100PQ, .rec2100HLG, .acescg, .acescc, .luv, .lchuv, .hpluv, .cam16JMh, .hct,
    ]

    /// A workbench with every built-in registered.
    public static func makeStandard() -> Workbench {
        var w = Workbench()
        do {
            for s in builtinSpaces { try w.spaces.register(s) }
            for m in [WCAG21.method, APCA.method, LStarContrast.method, WeberContrast.method, MichelsonContrast.method] {
                try w.contrastMethods.register(m)
            }
            // ΔE: the CSS-Lab (D50) variant of each Lab method first, then its Lab-D65 twin (`<id>-d65`).
            for white in [ColorSpaceID.lab, .labD65] {
                try w.deltaEMethods.register(DeltaE2000.method(labSpace: white))
                try w.deltaEMethods.register(DeltaE76.method(labSpace: white))
                try w.deltaEMethods.register(DeltaE94.method(labSpace: white))
                try w.deltaEMethods.register(DeltaECMC.method(labSpace: white))
                try w.deltaEMethods.register(DeltaEHyAB.method(labSpace: white))
            }
            try w.deltaEMethods.register(DeltaEOK.method)
            try w.deltaEMethods.register(DeltaEITP.method)
            try w.deltaEMethods.register(DeltaEJz.method)
            try w.gamutMappers.register(GamutCSS4.mapper)
            try w.gamutMappers.register(GamutClip.mapper)
            try w.gamutMappers.register(GamutRaytrace.mapper)
        } catch {
            preconditionFailure("built-in registration failed: \(error)")
        }
        return w
    }

    /// The standard workbench (immutable).
    public static let standard = makeStandard()

    // MARK: Conveniences over the registries

    public func convert(_ color: Color, to space: ColorSpaceID) throws -> Color {
        try spaces.convert(color, to: spaces.canonicalID(space.rawValue))
    }

    /// Contrast of `text` on `background` by the method with this id (`wcag21`, `apca`, `lstar`, `weber`,
    /// `michelson`).
    ///
    /// Translucent text (alpha < 1) is first composited over the background (source-over in the method's
    /// input space, c = α·text + (1 − α)·background), as WCAG 2 and apca-w3's `calcAPCA` do; the background
    /// is taken as opaque. A missing (`none`) alpha counts as 1.
    public func contrast(text: Color, background: Color, method: String = "wcag21") throws -> Double {
        let m = try contrastMethods.lookup(method)
        let bg = try computationCoords(background, in: m.inputSpace)
        var fg = try computationCoords(text, in: m.inputSpace)
        if !text.alpha.isNaN && text.alpha < 1 {
            let a = max(text.alpha, 0)
            fg = fg * a + bg * (1 - a)
        }
        return m.evaluate(fg, bg)
    }

    /// Color difference by the method with this id (`2000`, `76`, `ok`…).
    public func deltaE(_ a: Color, _ b: Color, method: String = "2000") throws -> Double {
        let m = try deltaEMethods.lookup(method)
        return m.evaluate(try computationCoords(a, in: m.inputSpace), try computationCoords(b, in: m.inputSpace))
    }

    /// A color's coordinates in a method's input space, as `contrast` and `deltaE` compute with them: missing
    /// (`none`) components and a powerless hue read as 0 (`coordsForConversion`), but a NaN that the conversion
    /// computed from present coordinates (an overflow, inf − inf, as in `oklch(0.5 1e300 30)`) stays NaN, so
    /// the value is NaN, not the value of black.
    func computationCoords(_ color: Color, in space: ColorSpaceID) throws -> SIMD3<Double> {
        let converted = try convert(color, to: space)
        var coords = converted.coordsForConversion
        let c = converted.coords
        guard c.x.isNaN || c.y.isNaN || c.z.isNaN else { return coords }
        // Converted from coordinates with no missing component, a NaN is computed, or a powerless hue.
        let computed = try convert(Color(color.space, coords: color.coordsForConversion, alpha: color.alpha), to: space).coords
        let axes = try spaces.space(space).coordinates
        for k in 0..<3 where computed[k].isNaN && !(k < axes.count && axes[k].isHue) { coords[k] = .nan }
        return coords
    }

    public func inGamut(_ color: Color, of space: ColorSpaceID, epsilon: Double = 1e-6) throws -> Bool {
        try spaces.inGamut(color, of: spaces.canonicalID(space.rawValue), epsilon: epsilon)
    }

    /// Maps a color into the gamut of `space` by the method with this id (`css4`, `clip`).
    public func mapGamut(_ color: Color, to space: ColorSpaceID, method: String = "css4") throws -> Color {
        try gamutMappers.lookup(method).map(color, spaces.canonicalID(space.rawValue), spaces)
    }
}
