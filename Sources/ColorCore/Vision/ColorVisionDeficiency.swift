/// A kind of color-vision deficiency a simulation can model.
public enum CVDType: String, Sendable, CaseIterable, Hashable {
    /// L-cone (red) anomaly; severity 1 is protanopia.
    case protan
    /// M-cone (green) anomaly; severity 1 is deuteranopia.
    case deutan
    /// S-cone (blue) anomaly; severity 1 is tritanopia.
    case tritan
    /// No hue perception (achromatopsia): the color's relative luminance on every channel.
    case achroma

    /// The model behind this type, as `huebench simulate --help` and the docs name it.
    public var model: String {
        self == .achroma
            ? "relative luminance Y of linear sRGB (the CSS Color 4 sRGB → XYZ matrix's Y row), blended with the color by severity"
            : "Machado, Oliveira & Fernandes (2009), precomputed matrices at severity 0.1…1.0, linear between them"
    }
}

/// Simulated color-vision deficiency as one 3×3 matrix in linear sRGB (`v ↦ M·v`, then clamped to 0…1 as a
/// display shows it).
///
/// - protan, deutan, tritan: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation
///   of Color Vision Deficiency", IEEE TVCG 15(6) 1291–1298, the matrices the authors published for severities
///   0.1, 0.2 … 1.0; a severity between two of them blends the two matrices linearly (severity 0 is the identity).
/// - achroma: every channel becomes the relative luminance Y = 0.212639 R + 0.715169 G + 0.072192 B (the Y row of
///   the CSS Color 4 sRGB → XYZ matrix), blended with the color: M = (1 − s)·I + s·[Y; Y; Y].
///
/// Accuracy: the matrices are the published values (6 decimals); Double arithmetic.
/// https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html
public struct CVDSimulation: Sendable, Equatable {
    public let type: CVDType
    /// 0 (normal vision) … 1 (dichromacy / achromatopsia).
    public let severity: Double
    /// The linear-sRGB matrix of this type at this severity.
    public let matrix: Matrix3

    /// A simulation; `severity` must be a finite number in 0…1 (`NumberError` naming it otherwise).
    public init(_ type: CVDType, severity: Double = 1) throws(NumberError) {
        _ = try Checked.finite(severity, "CVD severity", in: 0...1)
        self.type = type
        self.severity = severity
        self.matrix = Self.matrix(type, severity: severity)
    }

    /// The clinical names each type also answers to.
    static let aliases: [String: CVDType] = [
        "protanopia": .protan, "protanomaly": .protan, "deuteranopia": .deutan, "deuteranomaly": .deutan,
        "tritanopia": .tritan, "tritanomaly": .tritan, "achromatopsia": .achroma, "achromatomaly": .achroma,
    ]

    /// The type named `name` (protan, deutan, tritan, achroma, or a clinical name such as deuteranopia), or an
    /// error listing them.
    public static func type(named name: String) throws -> CVDType {
        let n = name.lowercased()
        if let t = CVDType(rawValue: n) ?? aliases[n] { return t }
        throw ColorCoreError.unknownID(kind: "CVD type", id: name, known: CVDType.allCases.map(\.rawValue))
    }

    /// The matrix of `type` at `severity` (0…1): the published matrices, linear between neighbors.
    public static func matrix(_ type: CVDType, severity s: Double) -> Matrix3 {
        let identity = Matrix3(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))
        let clamped = Swift.min(Swift.max(s, 0), 1)
        if type == .achroma {
            let y = ColorSpace.srgbLinearToXYZ.r1
            return blend(identity, Matrix3(rows: y, y, y), clamped)
        }
        let table: [Matrix3]
        switch type {
        case .protan: table = protan
        case .deutan: table = deutan
        case .tritan: table = tritan
        case .achroma: table = []
        }
        // table[k] is severity (k + 1)/10; severity 0 is the identity.
        let x = clamped * 10
        let k = Swift.min(Int(x.rounded(.down)), 9)
        let t = x - Double(k)
        let lo = k == 0 ? identity : table[k - 1]
        if t == 0 { return lo }
        return blend(lo, table[k], t)
    }

    static func blend(_ a: Matrix3, _ b: Matrix3, _ t: Double) -> Matrix3 {
        Matrix3(rows: a.r0 * (1 - t) + b.r0 * t, a.r1 * (1 - t) + b.r1 * t, a.r2 * (1 - t) + b.r2 * t)
    }

    /// Linear sRGB as this deficiency sees it, clamped to 0…1.
    public func simulate(linearSRGB v: SIMD3<Double>) -> SIMD3<Double> {
        (matrix * v).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
    }

    /// `color` as this deficiency sees it, in sRGB (alpha kept). Missing components count as 0; a color whose
    /// conversion to linear sRGB overflows (∞, or the NaN of inf − inf, which would read as a missing 0) is an
    /// error: the simulation of `oklch(0.5 1e300 30)` was black.
    public func simulate(_ color: Color, workbench: Workbench = .standard) throws -> Color {
        let converted = try workbench.spaces.convert(color, to: .srgbLinear).coords
        let lin = SIMD3(converted.x.isNaN ? 0 : converted.x, converted.y.isNaN ? 0 : converted.y, converted.z.isNaN ? 0 : converted.z)
        var overflows = !(lin.x.isFinite && lin.y.isFinite && lin.z.isFinite)
        if !overflows && (converted.x.isNaN || converted.y.isNaN || converted.z.isNaN) {
            // A NaN here is a missing component carried over, or computed: the conversion with none read as 0 tells.
            let computed = try workbench.spaces.convert(Color(color.space, coords: color.coordsForConversion), to: .srgbLinear).coords
            overflows = !(computed.x.isFinite && computed.y.isFinite && computed.z.isFinite)
        }
        if overflows {
            throw ColorCoreError.unsupported("cannot simulate a color whose conversion to linear sRGB overflows (a "
                + "coordinate too large for \(color.space.rawValue)); use coordinates of a displayable size")
        }
        let s = simulate(linearSRGB: lin)
        let tf = TransferFunction.srgb
        return Color(.srgb, tf.toEncoded(s.x), tf.toEncoded(s.y), tf.toEncoded(s.z), alpha: color.alpha)
    }

    // Published matrices (Machado et al. 2009), severities 0.1 … 1.0, rows of linear sRGB.
    static let protan: [Matrix3] = [
        Matrix3([[0.856167, 0.182038, -0.038205], [0.029342, 0.955115, 0.015544], [-0.002880, -0.001563, 1.004443]]),
        Matrix3([[0.734766, 0.334872, -0.069637], [0.051840, 0.919198, 0.028963], [-0.004928, -0.004209, 1.009137]]),
        Matrix3([[0.630323, 0.465641, -0.095964], [0.069181, 0.890046, 0.040773], [-0.006308, -0.007724, 1.014032]]),
        Matrix3([[0.539009, 0.579343, -0.118352], [0.082546, 0.866121, 0.051332], [-0.007136, -0.011959, 1.019095]]),
        Matrix3([[0.458064, 0.679578, -0.137642], [0.092785, 0.846313, 0.060902], [-0.007494, -0.016807, 1.024301]]),
        Matrix3([[0.385450, 0.769005, -0.154455], [0.100526, 0.829802, 0.069673], [-0.007442, -0.022190, 1.029632]]),
        Matrix3([[0.319627, 0.849633, -0.169261], [0.106241, 0.815969, 0.077790], [-0.007025, -0.028051, 1.035076]]),
        Matrix3([[0.259411, 0.923008, -0.182420], [0.110296, 0.804340, 0.085364], [-0.006276, -0.034346, 1.040622]]),
        Matrix3([[0.203876, 0.990338, -0.194214], [0.112975, 0.794542, 0.092483], [-0.005222, -0.041043, 1.046265]]),
        Matrix3([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
    ]
    static let deutan: [Matrix3] = [
        Matrix3([[0.866435, 0.177704, -0.044139], [0.049567, 0.939063, 0.011370], [-0.003453, 0.007233, 0.996220]]),
        Matrix3([[0.760729, 0.319078, -0.079807], [0.090568, 0.889315, 0.020117], [-0.006027, 0.013325, 0.992702]]),
        Matrix3([[0.675425, 0.433850, -0.109275], [0.125303, 0.847755, 0.026942], [-0.007950, 0.018572, 0.989378]]),
        Matrix3([[0.605511, 0.528560, -0.134071], [0.155318, 0.812366, 0.032316], [-0.009376, 0.023176, 0.986200]]),
        Matrix3([[0.547494, 0.607765, -0.155259], [0.181692, 0.781742, 0.036566], [-0.010410, 0.027275, 0.983136]]),
        Matrix3([[0.498864, 0.674741, -0.173604], [0.205199, 0.754872, 0.039929], [-0.011131, 0.030969, 0.980162]]),
        Matrix3([[0.457771, 0.731899, -0.189670], [0.226409, 0.731012, 0.042579], [-0.011595, 0.034333, 0.977261]]),
        Matrix3([[0.422823, 0.781057, -0.203881], [0.245752, 0.709602, 0.044646], [-0.011843, 0.037423, 0.974421]]),
        Matrix3([[0.392952, 0.823610, -0.216562], [0.263559, 0.690210, 0.046232], [-0.011910, 0.040281, 0.971630]]),
        Matrix3([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
    ]
    static let tritan: [Matrix3] = [
        Matrix3([[0.926670, 0.092514, -0.019184], [0.021191, 0.964503, 0.014306], [0.008437, 0.054813, 0.936750]]),
        Matrix3([[0.895720, 0.133330, -0.029050], [0.029997, 0.945400, 0.024603], [0.013027, 0.104707, 0.882266]]),
        Matrix3([[0.905871, 0.127791, -0.033662], [0.026856, 0.941251, 0.031893], [0.013410, 0.148296, 0.838294]]),
        Matrix3([[0.948035, 0.089490, -0.037526], [0.014364, 0.946792, 0.038844], [0.010853, 0.193991, 0.795156]]),
        Matrix3([[1.017277, 0.027029, -0.044306], [-0.006113, 0.958479, 0.047634], [0.006379, 0.248708, 0.744913]]),
        Matrix3([[1.104996, -0.046633, -0.058363], [-0.032137, 0.971635, 0.060503], [0.001336, 0.317922, 0.680742]]),
        Matrix3([[1.193214, -0.109812, -0.083402], [-0.058496, 0.979410, 0.079086], [-0.002346, 0.403492, 0.598854]]),
        Matrix3([[1.257728, -0.139648, -0.118081], [-0.078003, 0.975409, 0.102594], [-0.003316, 0.501214, 0.502102]]),
        Matrix3([[1.278864, -0.125333, -0.153531], [-0.084748, 0.957674, 0.127074], [-0.000989, 0.601151, 0.399838]]),
        Matrix3([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
    ]
}
