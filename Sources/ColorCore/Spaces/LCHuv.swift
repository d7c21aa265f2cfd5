/// CIE LCh(uv): the polar form of L*u*v*: C = √(u² + v²), h = atan2(v, u) in degrees.
extension ColorSpace {
    /// `lchuv`: serialized as `color(--lchuv …)`; 100% is L 100, C 220. Hue powerless at C ≤ 0.0015.
    public static let lchuv = ColorSpace(
        id: .lchuv, name: "CIE LCHuv", base: .luv,
        coordinates: [Coordinate("l", 0...100, percentReference: 100), Coordinate("c", 0...220, percentReference: 220), .hue()],
        cssForm: .custom,
        powerlessHue: PowerlessHue(hueIndex: 2, rule: .chromaAtMost(index: 1, threshold: 0.0015)),
        kernels: .polar, toBase: polarToRect, fromBase: rectToPolar)
}
