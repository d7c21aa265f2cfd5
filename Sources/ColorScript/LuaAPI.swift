/// The Lua API as declarations: every function of the `huebench` module and every method of its objects, with
/// parameter and return types and one line of documentation, read from where the functions are installed — the
/// `LuaBinding` entries of the Swift binding tables and the `--- ` line above each function the prelude defines
/// in Lua. `huebench lua-types` writes LuaLS/EmmyLua annotations from it, the Lua reference in the docs is
/// generated from it, and a test compares it with the functions a live interpreter installs.
///
/// A declaration: `owner.name(param: type, opt?: type): returns | summary` for a module function (`hb.srgb`,
/// `hb.curve.linear`) or `Class:name(…)` for a method (`Color:to`); `...` is a variadic parameter.
public enum LuaAPI {
    /// The object types: name (as `getmetatable` reports it, `huebench.color`) and one line about it.
    public static let classes: [(name: String, summary: String)] = [
        ("Color", "an immutable color: a space and three coordinates plus alpha (nil coordinate = missing)"),
        ("Buffer", "a batch of colors of one space, Float32 planes (or f64), charged to the memory limit"),
        ("Matrix", "every text × background pair by one contrast or ΔE method, Float32"),
        ("Writer", "a file staged in the output folder, written atomically when the run succeeds"),
        ("SweepResult", "a generator sweep's tables (fields row_count, variants, columns, best, worst, summary, files)"),
        ("Family", "a color family: 20 stops _50 … _1000 (fields name, generator, hue, colors)"),
        ("Theme", "semantic tokens of one family per mode and contrast level (field token_list)"),
    ]

    /// Every declaration, one a line: the Swift binding tables (`LuaBinding` entries: the `hb` functions, then
    /// each class's methods), then the functions the prelude writes in Lua (a `--- ` line above each).
    public static let declarations: [String] = {
        var d = HostContext.moduleFunctions.map { "hb.\($0.name)\($0.declaration)" }
        for t in HostContext.methodTables { d += t.methods.map { "\(t.owner):\($0.name)\($0.declaration)" } }
        return d + prelude.map(\.declaration)
    }()

    /// A declaration in the prelude: the `--- hb.name(…): R | summary` line and the line below it, which must
    /// define that function (`hbraw.name = function`, `curve.name = function`, `function Family.name(`).
    struct PreludeDeclaration: Sendable {
        let declaration: String, definition: String, chunk: String
        var matches: Bool { LuaAPI.defines(definition, declaration) }
    }

    /// Whether a prelude line defines the function a declaration names (`hbraw.name = function`,
    /// `curve.name = function`, `function Family.name(`).
    public static func defines(_ definition: String, _ declaration: String) -> Bool {
            let f = LuaAPI.parse(declaration)
            switch f.owner {
            case "hb": return definition.hasPrefix("hbraw.\(f.name) = function")
            case "hb.curve": return definition.hasPrefix("curve.\(f.name) = function")
            default: return f.isMethod && definition.hasPrefix("function \(f.owner).\(f.name)(")
            }
    }

    static let prelude: [PreludeDeclaration] = {
        let chunks = [("families.lua", PackageResources.families_lua), ("themes.lua", PackageResources.themes_lua),
                      ("audit.lua", PackageResources.audit_lua), ("environment.lua", PackageResources.environment_lua),
                      ("sandbox.lua", PackageResources.sandbox_lua)]
        var out: [PreludeDeclaration] = []
        for (chunk, bytes) in chunks {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, l) in lines.enumerated() where l.hasPrefix("--- ") && l.contains(" | ") && l.contains("(") {
                out.append(PreludeDeclaration(declaration: String(l.dropFirst(4)), definition: i + 1 < lines.count ? String(lines[i + 1]) : "",
                                              chunk: chunk))
            }
        }
        return out
    }()

    /// Prelude declarations whose next line does not define the declared function (`chunk: declaration`).
    public static var preludeMismatches: [String] {
        prelude.filter { !$0.matches }.map { "\($0.chunk): \($0.declaration)" }
    }

    /// Module fields that are not functions: name, type, summary.
    public static let fields: [(name: String, type: String, summary: String)] = [
        ("version", "string", "the huebench version"),
        ("curve", "huebench.curve", "curve constructors for generator parameters"),
        ("families", "table<string, huebench.Family>", "built-in and registered families by name (hb.families.orange)"),
    ]

    /// One parsed declaration.
    public struct Function: Sendable, Equatable {
        /// `hb`, `hb.curve`, or a class name (`Color`).
        public let owner: String
        public let name: String
        /// A method (`Class:name`) rather than a module function.
        public let isMethod: Bool
        public let parameters: [(name: String, type: String, optional: Bool)]
        public let returns: [String]
        public let summary: String
        public var qualifiedName: String { owner + (isMethod ? ":" : ".") + name }

        public static func == (a: Function, b: Function) -> Bool { a.qualifiedName == b.qualifiedName }
    }

    /// Every declaration, parsed.
    public static let functions: [Function] = declarations.map(parse)

    static func parse(_ line: String) -> Function {
        let parts = line.components(separatedBy: " | ")
        precondition(parts.count == 2, "LuaAPI: '\(line)' needs ' | summary'")
        let sig = parts[0]
        let open = sig.firstIndex(of: "(")!, close = sig.lastIndex(of: ")")!
        let head = String(sig[..<open])
        let isMethod = head.contains(":")
        let sep = isMethod ? head.lastIndex(of: ":")! : head.lastIndex(of: ".")!
        let owner = String(head[..<sep]), name = String(head[head.index(after: sep)...])
        var params: [(String, String, Bool)] = []
        let inner = sig[sig.index(after: open)..<close]
        if !inner.isEmpty {
            for p in inner.components(separatedBy: ", ") {
                let kv = p.components(separatedBy: ": ")
                var pname = kv[0]
                let optional = pname.hasSuffix("?")
                if optional { pname.removeLast() }
                params.append((pname, kv.count > 1 ? kv[1] : "any", optional))
            }
        }
        let after = sig[sig.index(after: close)...]
        let returns = after.hasPrefix(": ") ? after.dropFirst(2).components(separatedBy: ", ") : []
        return Function(owner: owner, name: name, isMethod: isMethod, parameters: params,
                        returns: returns == ["nil"] ? [] : returns, summary: parts[1])
    }
}
