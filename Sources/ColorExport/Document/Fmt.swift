import ColorIO
import Foundation
import ColorCore

/// Fixed number formatting for generated files: the same bytes on every run and machine (no locale,
/// no shortest-round-trip surprises, no negative zero).
public enum Fmt {
    /// `v` with exactly `decimals` decimals (`0.500`); −0 prints as 0 (ColorIO's `ByteText.fixed`).
    public static func fixed(_ v: Double, _ decimals: Int) -> String { ByteText.fixed(v, decimals) }

    /// `v` with at most `decimals` decimals, trailing zeros and a trailing point removed (`0.79`, `1`).
    public static func trimmed(_ v: Double, _ decimals: Int) -> String { ByteText.trimmed(v, decimals) }

    /// Two lowercase hex digits.
    public static func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }

    /// A byte from a 0…1 channel: round(v·255), clamped.
    public static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }

    /// `foregroundPrimary` → `foreground-primary`.
    public static func kebab(_ s: String) -> String {
        var out = ""
        for c in s {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    /// `orange` + `foregroundPrimary` → `orangeForegroundPrimary`; `orange` + `450` → `orange450`.
    public static func camel(_ a: String, _ b: String) -> String {
        if a.isEmpty { return b }
        guard let f = b.first else { return a }
        return a + f.uppercased() + b.dropFirst()
    }

    /// `foregroundPrimary` → `foreground_primary`.
    public static func snake(_ s: String) -> String { kebab(s).replacingOccurrences(of: "-", with: "_") }
}

