/// JSON text for the hand-written, deterministic JSON every layer prints (CLI lines, exports, sweep tables).
public enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7), DEL and the C1
    /// controls (U+007F…U+009F) too, so no control character reaches a terminal that shows the JSON.
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || (0x7F...0x9F).contains(u.value) {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
