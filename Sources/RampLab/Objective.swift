import ColorIO
import ColorCore
import ColorKernels
import Palettes
import ColorExport
import Foundation

/// A score over a table row: an arithmetic expression over column names, or a Swift closure.
///
/// Expressions: numbers, column names (letters, digits, `_`, `.`), `+ - * / ^`, unary minus, parentheses,
/// and the functions `abs`, `sqrt`, `log`, `exp`, `min(a, b, …)`, `max(a, b, …)`.
/// Example: `chroma_mean - 0.5 * de_cv - 0.01 * out_srgb`. A NaN score ranks last.
public struct Objective: Sendable {
    public let text: String
    let evaluate: @Sendable (_ value: (String) -> Double?) -> Double
    let names: [String]

    /// A closure that reads columns by name (unknown names give nil).
    public init(_ description: String = "closure", _ body: @escaping @Sendable (_ column: (String) -> Double) -> Double) {
        text = description; names = []
        evaluate = { lookup in body { lookup($0) ?? .nan } }
    }

    /// Parses an expression; throws `PalettesError.invalidParameter` naming the position at fault.
    public init(expression: String) throws {
        var p = ExprParser(Array(expression), source: expression)
        let node = try p.parseExpression()
        p.skipSpace()
        if p.i < p.chars.count { throw p.fail("unexpected '\(p.chars[p.i])'") }
        text = expression
        names = node.names
        evaluate = { lookup in node.eval(lookup) }
    }

    /// Throws when the expression names a column not in `columns`.
    public func check(columns: [String]) throws {
        let known = Set(columns)
        for n in names where !known.contains(n) {
            let metrics = columns.filter { c in !VariantStat.suffixes.contains { c.hasSuffix($0) } }
            let suffixes = VariantStat.suffixes.filter { s in columns.contains { $0.hasSuffix(s) } }
            throw PalettesError.invalidObjective(text, reason: "'\(n)' is not a column; use \(metrics.joined(separator: ", "))"
                + (suffixes.isEmpty ? "" : " (metrics may end in \(suffixes.joined(separator: ", ")))"))
        }
    }

    /// The score of one row given a column reader.
    public func score(_ column: (String) -> Double?) -> Double { evaluate(column) }
}

indirect enum ExprNode: Sendable {
    case number(Double)
    case name(String)
    case unary(Character, ExprNode)
    case binary(Character, ExprNode, ExprNode)
    case call(String, [ExprNode])

    var names: [String] {
        switch self {
        case .number: return []
        case .name(let n): return [n]
        case .unary(_, let a): return a.names
        case .binary(_, let a, let b): return a.names + b.names
        case .call(_, let args): return args.flatMap(\.names)
        }
    }

    func eval(_ lookup: (String) -> Double?) -> Double {
        switch self {
        case .number(let v): return v
        case .name(let n): return lookup(n) ?? .nan
        case .unary(_, let a): return -a.eval(lookup)
        case let .binary(op, a, b):
            let x = a.eval(lookup), y = b.eval(lookup)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            case "/": return x / y
            default: return pow(x, y)
            }
        case let .call(f, args):
            let v = args.map { $0.eval(lookup) }
            switch f {
            case "abs": return abs(v[0])
            case "sqrt": return v[0].squareRoot()
            case "log": return log(v[0])
            case "exp": return exp(v[0])
            case "min": return v.contains { $0.isNaN } ? .nan : v.min()!
            default: return v.contains { $0.isNaN } ? .nan : v.max()!
            }
        }
    }
}

struct ExprParser {
    let chars: [Character]
    let source: String
    var i = 0
    /// Nesting of parentheses, unary signs, powers and function calls; capped so a hostile expression (30,000
    /// parentheses) is an error, not a stack overflow.
    var depth = 0
    static let maxDepth = 100
    init(_ chars: [Character], source: String) { self.chars = chars; self.source = source }

    func fail(_ why: String) -> PalettesError {
        .invalidObjective(source, reason: "\(why) at character \(i + 1)")
    }
    mutating func skipSpace() { while i < chars.count, chars[i].isWhitespace { i += 1 } }
    mutating func peek() -> Character? { skipSpace(); return i < chars.count ? chars[i] : nil }

    mutating func parseExpression() throws -> ExprNode {
        var lhs = try parseTerm()
        while let c = peek(), c == "+" || c == "-" { i += 1; lhs = .binary(c, lhs, try parseTerm()) }
        return lhs
    }
    mutating func parseTerm() throws -> ExprNode {
        var lhs = try parseUnary()
        while let c = peek(), c == "*" || c == "/" { i += 1; lhs = .binary(c, lhs, try parseUnary()) }
        return lhs
    }
    mutating func parseUnary() throws -> ExprNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= ExprParser.maxDepth else { throw fail("expression nested deeper than \(ExprParser.maxDepth) levels") }
        if peek() == "-" { i += 1; return .unary("-", try parseUnary()) }
        if peek() == "+" { i += 1; return try parseUnary() }
        return try parsePower()
    }
    mutating func parsePower() throws -> ExprNode {
        let base = try parsePrimary()
        if peek() == "^" { i += 1; return .binary("^", base, try parseUnary()) }
        return base
    }
    mutating func parsePrimary() throws -> ExprNode {
        guard let c = peek() else { throw fail("expression ends early") }
        if c == "(" {
            i += 1
            let e = try parseExpression()
            guard peek() == ")" else { throw fail("missing ')'") }
            i += 1
            return e
        }
        if c.isNumber || c == "." {
            let start = i
            while i < chars.count, chars[i].isNumber || chars[i] == "." { i += 1 }
            if i < chars.count, chars[i] == "e" || chars[i] == "E" {
                i += 1
                if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
                while i < chars.count, chars[i].isNumber { i += 1 }
            }
            guard let v = Double(String(chars[start..<i])) else { i = start; throw fail("bad number") }
            return .number(v)
        }
        if c.isLetter || c == "_" {
            let start = i
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" || chars[i] == "." { i += 1 }
            let name = String(chars[start..<i])
            if peek() == "(" {
                let fns = ["abs": 1, "sqrt": 1, "log": 1, "exp": 1, "min": -1, "max": -1]
                guard let arity = fns[name] else { i = start; throw fail("unknown function '\(name)' (abs, sqrt, log, exp, min, max)") }
                i += 1
                var args: [ExprNode] = []
                if peek() != ")" {
                    args.append(try parseExpression())
                    while peek() == "," { i += 1; args.append(try parseExpression()) }
                }
                guard peek() == ")" else { throw fail("missing ')' after the arguments of \(name)") }
                i += 1
                if arity > 0 ? args.count != arity : args.isEmpty { throw fail("\(name) takes \(arity > 0 ? "\(arity)" : "one or more") argument(s)") }
                return .call(name, args)
            }
            return .name(name)
        }
        throw fail("unexpected '\(c)'")
    }
}
