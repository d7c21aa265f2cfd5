import Foundation

/// CSS Values 4 math functions (§10, https://drafts.csswg.org/css-values-4/#math) inside color components:
/// `calc()`, `min()`, `max()`, `clamp()`, the stepped-value functions `round()`, `mod()`, `rem()`, the
/// trigonometric `sin()`, `cos()`, `tan()`, `asin()`, `acos()`, `atan()`, `atan2()`, the exponential `pow()`,
/// `sqrt()`, `hypot()`, `log()`, `exp()` and the sign-related `abs()`, `sign()`, with the constants `e`, `pi`,
/// `infinity`, `-infinity` and `NaN`.
///
/// Values are typed number, percentage or angle (angles in degrees). `+`/`-` and the comparison, stepped and
/// `hypot()`/`atan2()`/`abs()` arguments need one type; `*` needs a number on one side; `/` divides by a number
/// (type kept) or by the same type (a number). `sin()`/`cos()`/`tan()` take a number (radians) or an angle;
/// `asin()`/`acos()`/`atan()`/`atan2()` give an angle; `pow()`, `sqrt()`, `log()`, `exp()` take numbers.
/// Results inside a calculation follow IEEE-754 and the special cases of §10.7–10.9 (`round(A, 0)`,
/// `mod(A, 0)`, `sqrt(-1)` are NaN; `log(0)` is −∞). At the top level the caller censors NaN to 0 (§10.9) and
/// the color's parse-time clamps bound infinities. Nesting of math functions and parentheses is capped at
/// `CSSParser.maxDepth` levels.
extension CSSParser {
    enum CalcType: Equatable { case number, percent, angle }
    struct CalcValue { var value: Double; var type: CalcType }

    /// The math function names accepted in a color component (lowercased).
    static let mathFunctions: Set<String> = [
        "calc", "min", "max", "clamp", "round", "mod", "rem", "sin", "cos", "tan", "asin", "acos", "atan",
        "atan2", "pow", "sqrt", "hypot", "log", "exp", "abs", "sign",
    ]

    /// `round()`'s rounding strategies.
    static let roundingStrategies: Set<String> = ["nearest", "up", "down", "to-zero"]

    /// After `calc(` (or another math function's `(`): the arguments, the `)` and the function's value.
    mutating func calcFunction(_ name: String, start: Int, depth: Int) throws -> CalcValue {
        guard depth <= Self.maxDepth else { throw fail("math functions nested more than \(Self.maxDepth) levels deep", at: start) }
        var strategy = "nearest"
        if name == "round" {
            skipWS()
            if case .ident(let word) = cur.kind, Self.roundingStrategies.contains(word.lowercased()),
               channelKeywords[word.lowercased()] == nil {
                strategy = word.lowercased()
                advance()
                skipWS()
                guard case .comma = cur.kind else {
                    throw fail("expected ',' after the rounding strategy '\(word)' in round()", at: cur.start)
                }
                advance()
            }
        }
        var args: [CalcValue] = []
        while true {
            skipWS()
            args.append(try calcSum(depth: depth))
            skipWS()
            if case .comma = cur.kind, name != "calc" { advance(); continue }
            break
        }
        guard case .closeParen = cur.kind else {
            if case .eof = cur.kind { throw fail("missing ')' to close '\(name)('", at: cur.start) }
            throw fail("unexpected \(describe(cur)) in \(name)()", at: cur.start)
        }
        advance()
        return try evaluateMath(name, args, strategy: strategy, at: start)
    }

    /// The value of math function `name` over its evaluated arguments (CSS Values 4 §10.3–10.9).
    func evaluateMath(_ name: String, _ args: [CalcValue], strategy: String, at start: Int) throws -> CalcValue {
        func count(_ allowed: ClosedRange<Int>) throws {
            guard allowed.contains(args.count) else {
                let want = allowed.lowerBound == allowed.upperBound ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) or \(allowed.upperBound)"
                throw fail("\(name)() takes \(want) argument\(allowed.upperBound == 1 ? "" : "s"), got \(args.count)", at: start)
            }
        }
        func sameType() throws -> CalcType {
            let t = args[0].type
            guard args.allSatisfy({ $0.type == t }) else {
                throw fail("\(name)() arguments must all have the same type", at: start)
            }
            return t
        }
        func numbers() throws -> [Double] {
            guard let bad = args.first(where: { $0.type != .number }) else { return args.map(\.value) }
            throw fail("\(name)() takes numbers, not \(Self.typeName(bad.type))s", at: start)
        }
        /// Radians of a trigonometric argument: a number is radians, an angle is degrees.
        func radians(_ a: CalcValue) throws -> Double {
            switch a.type {
            case .number: return a.value
            case .angle: return a.value * .pi / 180
            case .percent: throw fail("\(name)() takes a number or an angle, not a percentage", at: start)
            }
        }
        let toDegrees = 180 / Double.pi
        switch name {
        case "calc":
            try count(1...1)
            return args[0]
        case "min", "max":
            let t = try sameType()
            var r = args[0].value
            for a in args.dropFirst() {
                if a.value.isNaN || r.isNaN { r = .nan } else { r = name == "min" ? Swift.min(r, a.value) : Swift.max(r, a.value) }
            }
            return CalcValue(value: r, type: t)
        case "clamp":
            try count(3...3)
            let t = try sameType()
            let lo = args[0].value, v = args[1].value, hi = args[2].value
            if lo.isNaN || v.isNaN || hi.isNaN { return CalcValue(value: .nan, type: t) }
            return CalcValue(value: Swift.max(lo, Swift.min(v, hi)), type: t)  // min wins over max (§10.3)
        case "round":
            try count(1...2)
            let t = try sameType()
            guard args.count == 2 || t == .number else {
                throw fail("round() of \(Self.withArticle(t)) needs the rounding interval as its second argument", at: start)
            }
            return CalcValue(value: Self.round(args[0].value, args.count == 2 ? args[1].value : 1, strategy: strategy), type: t)
        case "mod", "rem":
            try count(2...2)
            let t = try sameType()
            let a = args[0].value, b = args[1].value
            return CalcValue(value: name == "mod" ? Self.mod(a, b) : Self.rem(a, b), type: t)
        case "sin", "cos", "tan":
            try count(1...1)
            let x = try radians(args[0])
            let v = name == "sin" ? Foundation.sin(x) : name == "cos" ? Foundation.cos(x) : Foundation.tan(x)
            return CalcValue(value: v, type: .number)
        case "asin", "acos", "atan":
            try count(1...1)
            let x = try numbers()[0]
            let v = name == "asin" ? Foundation.asin(x) : name == "acos" ? Foundation.acos(x) : Foundation.atan(x)
            return CalcValue(value: v * toDegrees, type: .angle)
        case "atan2":
            try count(2...2)
            _ = try sameType()
            return CalcValue(value: Foundation.atan2(args[0].value, args[1].value) * toDegrees, type: .angle)
        case "pow":
            try count(2...2)
            let v = try numbers()
            return CalcValue(value: Foundation.pow(v[0], v[1]), type: .number)
        case "sqrt":
            try count(1...1)
            return CalcValue(value: Foundation.sqrt(try numbers()[0]), type: .number)
        case "hypot":
            let t = try sameType()
            var r = 0.0
            for a in args { r = Foundation.hypot(r, a.value) }  // scaled: no overflow for large finite arguments
            if args.contains(where: { $0.value.isNaN }) { r = .nan }  // §10.9: NaN in, NaN out (hypot(∞, NaN) too)
            return CalcValue(value: r, type: t)
        case "log":
            try count(1...2)
            let v = try numbers()
            let l = Foundation.log(v[0])
            return CalcValue(value: v.count == 2 ? l / Foundation.log(v[1]) : l, type: .number)
        case "exp":
            try count(1...1)
            return CalcValue(value: Foundation.exp(try numbers()[0]), type: .number)
        case "abs":
            try count(1...1)
            return CalcValue(value: Swift.abs(args[0].value), type: args[0].type)
        case "sign":
            try count(1...1)
            let x = args[0].value
            return CalcValue(value: x > 0 ? 1 : x < 0 ? -1 : x, type: .number)  // ±0 and NaN are kept
        default:
            throw fail("unsupported function '\(name)()' in calc()", at: start)
        }
    }

    /// "a number", "a percentage", "an angle".
    static func withArticle(_ t: CalcType) -> String { t == .angle ? "an angle" : "a \(typeName(t))" }

    static func typeName(_ t: CalcType) -> String {
        switch t {
        case .number: return "number"
        case .percent: return "percentage"
        case .angle: return "angle"
        }
    }

    /// `round(<strategy>, A, B)` (CSS Values 4 §10.5): A to a multiple of |B|; `nearest` takes the upper
    /// multiple on a tie. B = 0, or both infinite, is NaN; an infinite A stays; an infinite B gives 0 with A's
    /// sign, or ±∞ for `up`/`down` on the side A lies.
    static func round(_ a: Double, _ b: Double, strategy: String) -> Double {
        if a.isNaN || b.isNaN || b == 0 || (a.isInfinite && b.isInfinite) { return .nan }
        if a.isInfinite { return a }
        if b.isInfinite {
            switch strategy {
            case "up": return a > 0 ? .infinity : (a.sign == .minus ? -0.0 : 0)
            case "down": return a < 0 ? -.infinity : (a.sign == .minus ? -0.0 : 0)
            default: return a.sign == .minus ? -0.0 : 0
            }
        }
        let step = Swift.abs(b), q = a / step
        let lower = q.rounded(.down), upper = q.rounded(.up)
        let k: Double
        switch strategy {
        case "up": k = upper
        case "down": k = lower
        case "to-zero": k = q.rounded(.towardZero)
        default: k = (q - lower) < (upper - q) ? lower : upper  // a tie goes up (toward +∞)
        }
        let r = k * step
        return r == 0 ? (a.sign == .minus ? -0.0 : 0) : r
    }

    /// `mod(A, B)` (CSS Values 4 §10.5): the result has B's sign. B = 0 or an infinite A is NaN; an infinite B
    /// gives A when A has B's sign, NaN when a non-zero A has the other sign, and a zero of B's sign for a
    /// zero A (the result lies between zero and B: w3c/csswg-drafts#4723).
    static func mod(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN || b == 0 || a.isInfinite { return .nan }
        if b.isInfinite {
            if a == 0 { return b > 0 ? 0 : -0.0 }
            return (a > 0) == (b > 0) ? a : .nan
        }
        let r = a.truncatingRemainder(dividingBy: b)
        return r != 0 && (r < 0) != (b < 0) ? r + b : r
    }

    /// `rem(A, B)` (CSS Values 4 §10.5): the result has A's sign. B = 0 or an infinite A is NaN; an infinite B
    /// gives A.
    static func rem(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN || b == 0 || a.isInfinite { return .nan }
        if b.isInfinite { return a }
        return a.truncatingRemainder(dividingBy: b)
    }

    mutating func calcSum(depth: Int) throws -> CalcValue {
        var a = try calcProduct(depth: depth)
        while true {
            let save = p
            let before = skipWS()
            guard case .delim(let op) = cur.kind, op == "+" || op == "-" else { p = save; return a }
            let opPos = cur.start
            advance()
            let after = skipWS()
            guard before && after else {
                throw fail("'\(op)' in calc() needs whitespace on both sides", at: opPos)
            }
            let b = try calcProduct(depth: depth)
            guard a.type == b.type else {
                throw fail("cannot \(op == "+" ? "add" : "subtract") \(Self.typeName(a.type)) and \(Self.typeName(b.type)) in calc()", at: opPos)
            }
            let r = op == "+" ? a.value + b.value : a.value - b.value
            try checkCalc(r, a.value, b.value, String(op), at: opPos)
            a.value = r
        }
    }

    mutating func calcProduct(depth: Int) throws -> CalcValue {
        var a = try calcValue(depth: depth)
        while true {
            let save = p
            skipWS()
            let opPos = cur.start
            if case .delim("*") = cur.kind {
                advance(); skipWS()
                let b = try calcValue(depth: depth)
                guard a.type == .number || b.type == .number else {
                    throw fail("cannot multiply \(Self.typeName(a.type)) by \(Self.typeName(b.type)) in calc()", at: opPos)
                }
                let r = a.value * b.value
                try checkCalc(r, a.value, b.value, "*", at: opPos)
                a = CalcValue(value: r, type: a.type == .number ? b.type : a.type)
            } else if case .slash = cur.kind {
                advance(); skipWS()
                let b = try calcValue(depth: depth)
                guard b.type == .number || b.type == a.type else {
                    throw fail("cannot divide \(Self.typeName(a.type)) by \(Self.typeName(b.type)) in calc()", at: opPos)
                }
                let r = a.value / b.value
                try checkCalc(r, a.value, b.value, "/", at: opPos)
                a = CalcValue(value: r, type: b.type == .number ? a.type : .number)
            } else {
                p = save
                return a
            }
        }
    }

    mutating func calcValue(depth: Int) throws -> CalcValue {
        let t = cur
        switch t.kind {
        case .number(let v):
            advance(); return CalcValue(value: v, type: .number)
        case .percentage(let v):
            advance(); return CalcValue(value: v, type: .percent)
        case .dimension(let v, let unit):
            guard let d = Self.degrees(v, unit: unit) else { throw fail("unknown unit '\(unit)' in calc()", at: t.start) }
            try checkAngle(d, t)
            advance(); return CalcValue(value: d, type: .angle)
        case .ident(let name):
            if let v = channelKeywords[name.lowercased()] {
                advance(); return CalcValue(value: v, type: .number)
            }
            let c: Double
            switch name.lowercased() {
            case "e": c = M_E
            case "pi": c = Double.pi
            case "infinity": c = .infinity
            case "-infinity": c = -.infinity
            case "nan": c = .nan
            default: throw fail("unknown constant '\(name)' in calc()", at: t.start)
            }
            advance(); return CalcValue(value: c, type: .number)
        case .openParen:
            guard depth < Self.maxDepth else { throw fail("math functions nested more than \(Self.maxDepth) levels deep", at: t.start) }
            advance(); skipWS()
            let v = try calcSum(depth: depth + 1)
            skipWS()
            guard case .closeParen = cur.kind else {
                if case .eof = cur.kind { throw fail("missing ')' in calc()", at: cur.start) }
                throw fail("unexpected \(describe(cur)) in calc()", at: cur.start)
            }
            advance(); return v
        case .function(let name):
            let lower = name.lowercased()
            guard Self.mathFunctions.contains(lower) else {
                throw fail("unsupported function '\(name)()' in calc()", at: t.start)
            }
            advance()
            return try calcFunction(lower, start: t.start, depth: depth + 1)
        case .eof:
            throw fail("calc() ends early: expected a value", at: t.start)
        default:
            throw fail("unexpected \(describe(t)) in calc(): expected a value", at: t.start)
        }
    }
}
