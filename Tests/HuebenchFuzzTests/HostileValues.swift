import Foundation
import HuebenchTestSupport

/// Hostile arguments drawn from a seeded generator: numbers at the edges (NaN, ±inf, 1e300, −0, huge counts),
/// huge and strange strings, wrong types, tables with hostile fields, missing arguments.
///
/// Paths are never absolute except inside the fuzz folder (`abs`): the tests run as whatever user runs
/// `swift test` (often root in containers), so a path that escaped its check must land somewhere the test
/// can see and no system file can be reached.
struct Hostile {
    var rng: SplitMix64
    /// An absolute folder inside the fuzz folder; anything appearing there is an escape.
    let abs: String

    init(seed: UInt64, abs: String) { rng = SplitMix64(seed: seed); self.abs = abs }

    mutating func chance(_ p: Double) -> Bool { rng.unit() < p }
    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }

    // MARK: Lua

    static let luaNumbers = ["0/0", "1/0", "-1/0", "1e300", "-1e300", "-0.0", "0", "1", "-1", "0.5", "2", "20", "2^31-1",
                             "2^31", "2^53", "math.maxinteger", "math.mininteger", "1e12", "1e-320", "255", "360", "-360",
                             "1e15", "3.5", "50", "1000", "9007199254740993"]
    static let luaStrings = ["''", "'red'", "'oklch'", "'srgb'", "'display-p3'", "'wcag21'", "'apca'", "'css4'", "'clip'",
                             "'deltae-ok'", "'2000'", "'f32'", "'f64'", "'orange'", "'oklch-curves'", "'flat-ramp'", "'light'",
                             "'dark'", "'max'", "'min'", "'text'", "'#ff0000'", "'rgb(1e309 0 0)'", "'oklch(0.5 1e300 nan)'",
                             "'rgb(300 0 0)'", "'color(srgb 1e400 0 0)'", "string.rep('x', 3 * 1024 * 1024)", "'\\0'",
                             "'a\\nb'", "'../x'", "'.git/config'", "'huebench-plugins/p.lua'", "'%s%n%d'", "'}'", "'*/'",
                             "'<x>'", "string.rep('(', 30000) .. '1' .. string.rep(')', 30000)", "'fuzz/out.txt'",
                             "'fuzz/x.csv'", "'fuzz/x.npy'", "'fuzz/x.json'", "'chroma_mean - 0.01*out_srgb'", "'de_cv'",
                             "'1/0'", "'0/0'", "'complementary'", "'shorter'", "'.'", "'fuzz/../../x'", "'link/x'"]
    static let luaOthers = ["nil", "true", "false", "{}", "{1, 2, 3}", "{'red', 'blue'}", "{0/0, 1/0}", "{1e300}",
                            "function() end", "function() error('boom') end", "function() error({}) end",
                            "function() return 1e300 end", "function(...) return ... end",
                            "function() local t = {} for i = 1, 20 do t[i] = hb.oklch(0.5, 1e300, 0/0) end return t end",
                            "function() local t = {} for i = 1, 20 do t[i] = hb.oklch(0.9 - i * 0.04, 0.1, 200) end return t end",
                            "C", "B", "M", "F", "T", "R", "W", "coroutine.create(function() end)",
                            "setmetatable({}, {__index = function() error('index') end})", "hb", "string", "_ENV"]
    /// Field names of the Lua host's table arguments (and generator parameters) to put hostile values in.
    static let fields = ["name", "generator", "hue", "anchor", "light", "dark", "light_high", "dark_high", "opacity", "role",
                         "family", "states", "tokens", "families", "theme", "policy", "prefix", "title", "rules", "check",
                         "kind", "foreground", "background", "method", "min", "modes", "mode", "contrast", "levels",
                         "text", "generate", "summary", "parameters", "extension", "write", "params", "set", "hues",
                         "metrics", "goal", "per", "top", "out", "plots", "dtype", "objective", "from", "to", "steps",
                         "values", "alpha", "canvas", "thresholds", "worst", "precision", "table", "base", "peak",
                         "center", "width", "exponent", "value", "lightness", "chroma", "margin", "stop", "color",
                         "simulations", "backgrounds", "foregrounds"]

    /// One hostile Lua value (an expression), `depth` limits nested tables.
    mutating func luaValue(depth: Int = 0) -> String {
        switch int(10) {
        case 0...2: return rng.pick(Self.luaNumbers)
        case 3...5:
            if chance(0.05) { return "'\(abs)/x'" }
            return rng.pick(Self.luaStrings)
        case 6...7: return rng.pick(Self.luaOthers)
        default:
            guard depth < 2 else { return rng.pick(Self.luaNumbers) }
            var parts: [String] = []
            for _ in 0..<(1 + int(3)) {
                parts.append("\(rng.pick(Self.fields)) = \(luaValue(depth: depth + 1))")
            }
            if chance(0.3) { parts.append(luaValue(depth: depth + 1)) }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// 0…4 hostile arguments (0 is the missing-arguments case).
    mutating func luaArguments() -> [String] {
        (0..<int(5)).map { _ in luaValue() }
    }

    // MARK: Command line

    static let cliNumbers = ["nan", "NaN", "inf", "-inf", "1e300", "-1e300", "-0", "0", "1", "-1", "1e13", "1e309",
                             "9223372036854775807", "-9223372036854775808", "18446744073709551616", "2147483648", "1e-320",
                             "0x10", "1_000", "", " ", "0.5", "3", "0.9:1:1000000000000", "0:1:0", "1:0:5", "a:b:c",
                             "chroma=1e309", "margin=0.9:1:1000000000000", "chroma=nan", "lightness=-inf", "hue=1e300",
                             "a=b=c", "=", "chroma=0.02:0.14:1e12"]
    static let cliStrings = ["red", "white", "oklch", "srgb", "wcag21", "apca", "css4", "json", "css", "swift", "all",
                             "orange", "oklch-curves", "flat-ramp", "oklch(0.5 1e300 nan)", "rgb(1e309 0 0)", "rgb(300 0 0)",
                             "color(srgb 1e400 0 0)", "#ff", "#ff0000", "hsl(none none none)", "\u{1B}[31m", "a\nb",
                             "%s%n", "..", ".", ".git", "huebench-plugins", "a", "b", "out", "out/x.npy", "out/x.csv",
                             "dir", "link", "link/x", "colors.txt", "fuzz.lua", "nope.lua", "plugins.lua",
                             "chroma_mean - 0.01*out_srgb", "-", "--", "--help-not", "de_cv"]

    mutating func cliValue() -> String {
        switch int(10) {
        case 0...3: return rng.pick(Self.cliNumbers)
        case 4...7: return rng.pick(Self.cliStrings)
        case 8: return String(repeating: "(", count: 30000) + "1" + String(repeating: ")", count: 30000)
        default: return String(repeating: "x", count: 100_000)
        }
    }
}
