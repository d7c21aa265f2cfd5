import Foundation

/// A sign-preserving RGB transfer function (encoded ↔ linear), as data so kernels can read its parameters.
///
/// Every curve is odd-symmetric: f(−x) = −f(x), so extended values below 0 and above 1 survive round trips.
public enum TransferFunction: Sendable, Equatable {
    /// The piecewise sRGB curve (IEC 61966-2-1), also used by Display P3.
    case srgb
    /// A pure power: linear = encoded^gamma (rec2020 in CSS Color 4: 2.4; a98-rgb: 563/256).
    case gamma(Double)
    /// ProPhoto (ROMM RGB): linear part below 16/512 encoded, then power 1.8.
    case prophoto

    public func toLinear(_ v: Double) -> Double {
        let a = abs(v), s: Double = v < 0 ? -1 : 1
        switch self {
        case .srgb: return a <= 0.04045 ? v / 12.92 : s * pow((a + 0.055) / 1.055, 2.4)
        case .gamma(let g): return s * pow(a, g)
        case .prophoto: return a <= 16.0 / 512.0 ? v / 16 : s * pow(a, 1.8)
        }
    }

    public func toEncoded(_ v: Double) -> Double {
        let a = abs(v), s: Double = v < 0 ? -1 : 1
        switch self {
        case .srgb: return a > 0.0031308 ? s * (1.055 * pow(a, 1 / 2.4) - 0.055) : 12.92 * v
        case .gamma(let g): return s * pow(a, 1 / g)
        case .prophoto: return a >= 1.0 / 512.0 ? s * pow(a, 1 / 1.8) : 16 * v
        }
    }
}

/// `TransferFunction.toLinear` with the 256 eight-bit values k/255 (`#hex`, `rgb(0…255)`) looked up in a table
/// made by the same function, so every result is the same Double; any other value is computed.
public struct EightBitDecoder: Sendable {
    let transfer: TransferFunction
    let linear: [Double]
    /// k/255 for each k (the comparison below without a division per channel).
    let eightBit: [Double]

    init(_ transfer: TransferFunction) {
        self.transfer = transfer
        eightBit = (0...255).map { Double($0) / 255 }
        linear = eightBit.map { transfer.toLinear($0) }
    }

    @inline(__always) func callAsFunction(_ v: Double) -> Double {
        if v <= 1 && v.sign == .plus {  // not −0, whose linear value keeps its sign
            let k = Int(v * 255 + 0.5)
            if eightBit[k] == v { return linear[k] }
        }
        return transfer.toLinear(v)
    }
}

