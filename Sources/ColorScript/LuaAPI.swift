/// The Lua API as declarations: every function of the `huebench` module and every method of its objects, with
/// parameter and return types and one line of documentation. `huebench lua-types` writes LuaLS/EmmyLua
/// annotations from it, the Lua reference in the docs is generated from it, and a test compares it with the
/// functions a live interpreter installs (a binding without a declaration, or a declaration without a binding,
/// fails the test). A new binding adds one line here.
///
/// One declaration per line: `owner.name(param: type, opt?: type): returns | summary` for a module function
/// (`hb.srgb`, `hb.curve.linear`) or `Class:name(…)` for a method (`Color:to`); `...` is a variadic parameter.
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

    public static let declarations: [String] = [
        // Colors
        "hb.color(css: string): Color | a color from CSS Color 4 text",
        "hb.srgb(r: number?, g: number?, b: number?, alpha?: number): Color | a color in sRGB (0…1); nil = missing",
        "hb.srgb_linear(r: number?, g: number?, b: number?, alpha?: number): Color | a color in linear-light sRGB",
        "hb.display_p3(r: number?, g: number?, b: number?, alpha?: number): Color | a color in Display P3 (0…1)",
        "hb.rec2020(r: number?, g: number?, b: number?, alpha?: number): Color | a color in Rec. 2020 (0…1)",
        "hb.oklch(l: number?, c: number?, h: number?, alpha?: number): Color | a color in OKLCH (L 0…1, hue in degrees)",
        "hb.oklab(l: number?, a: number?, b: number?, alpha?: number): Color | a color in OKLab",
        "hb.lab(l: number?, a: number?, b: number?, alpha?: number): Color | a color in CIE Lab (D50, L 0…100)",
        "hb.lch(l: number?, c: number?, h: number?, alpha?: number): Color | a color in CIE LCH (D50)",
        "hb.hsl(h: number?, s: number?, l: number?, alpha?: number): Color | a color in HSL (s, l 0…100)",
        "hb.hwb(h: number?, w: number?, b: number?, alpha?: number): Color | a color in HWB (w, b 0…100)",
        "hb.xyz(x: number?, y: number?, z: number?, alpha?: number): Color | a color in CIE XYZ (D65)",
        "hb.new(space: string, a: number?, b: number?, c: number?, alpha?: number): Color | a color in any registered space",
        "hb.spaces(): string[] | the registered color space ids",
        "Color:to(space: string): Color | the color converted to space",
        "Color:coords(space?: string): number?, number?, number? | the three coordinates (nil for a missing hue), in space if given",
        "Color:space(): string | the color's space id",
        "Color:alpha(): number | the alpha, 0…1",
        "Color:with_alpha(alpha: number): Color | the same color with another alpha",
        "Color:css(): string | CSS Color 4 text",
        "Color:hex(): string | #rrggbb after CSS Color 4 gamut mapping into sRGB",
        "Color:contrast(background: Color|string, method?: string): number | contrast of this text color on background (wcag21 default, apca, lstar…)",
        "Color:delta_e(other: Color|string, method?: string): number | color difference (2000 default, 76, ok…)",
        "Color:deltaE(other: Color|string, method?: string): number | the same as delta_e",
        "Color:in_gamut(space?: string): boolean | whether the color is inside space's gamut (default srgb)",
        "Color:map_gamut(space?: string, method?: string): Color | the color mapped into space's gamut (css4 default, clip, raytrace)",
        "Color:mix(other: Color|string, t?: number, space?: string): Color | interpolation toward other (t 0…1, default 0.5, in oklch)",
        "Color:lighten(steps?: number): Color | steps up the palette's L* ladder, keeping hue and chroma",
        "Color:darken(steps?: number): Color | steps down the palette's L* ladder",
        "Color:soften(steps?: number, mode?: string): Color | toward the page background of mode (light or dark)",
        "Color:strengthen(steps?: number, mode?: string): Color | away from the page background of mode",
        "Color:invert(): Color | the stop mirrored on the L* ladder",
        "Color:saturate(amount?: number): Color | more chroma",
        "Color:desaturate(amount?: number): Color | less chroma",
        "Color:rotate_hue(degrees: number): Color | the hue turned by degrees",
        "Color:blend(other: Color|string, t?: number): Color | a blend with other",
        "Color:harmony(kind: string): Color[] | complement, triad, tetrad, square, split_complement, analogous, monochromatic, tints, shades",
        // Batches
        "hb.buffer(colors: (Color|string)[], space?: string, options?: table): Buffer | a batch of colors in space; options {precision = \"f32\"|\"f64\"}",
        "hb.load_colors(path: string, space?: string, options?: table): Buffer | a buffer from a colors file the user named (labels kept)",
        "hb.convert(buffer: Buffer, space: string): Buffer | every color converted to space, one engine call",
        "hb.map_gamut(buffer: Buffer, space?: string, method?: string): Buffer | every color mapped into space's gamut",
        "hb.matrix(text: Buffer, background: Buffer, options: table): Matrix|table | every pair by options.method; {summary=true} or {out=…} return the summary table",
        "hb.clock(): number | monotonic wall-clock seconds",
        "hb.simulate(colors: Buffer|Color, type: string, severity?: number): Buffer|Color | as a color-vision deficiency sees them (protan, deutan, tritan: Machado 2009; achroma), in the input's space",
        "Buffer:get(i: integer): Color | color i (1-based)",
        "Buffer:size(): integer | the number of colors (also #buffer)",
        "Buffer:space(): string | the buffer's space id",
        "Buffer:precision(): string | \"f32\" or \"f64\"",
        "Buffer:label(i: integer): string? | the label of color i from its file, or nil",
        "Buffer:colors(): Color[] | every color as a list",
        "Matrix:get(row: integer, column: integer): number | the value of one pair (1-based)",
        "Matrix:rows(): integer | the number of text colors",
        "Matrix:cols(): integer | the number of background colors",
        "Matrix:method(): string | the method id",
        "Matrix:count_at_least(threshold: number): integer | pairs whose magnitude is at least threshold (exact)",
        "Matrix:worst(k: integer): table[] | the k lowest pairs as {i=, j=, value=}",
        "Matrix:row_min(i: integer): number | the lowest magnitude in row i",
        "Matrix:save(path: string): string | writes .npy, .f32 or .csv into the output folder; returns the path",
        // Outputs
        "hb.output(path: string): Writer | a file in the output folder (relative path, written when the run succeeds)",
        "Writer:write(...: any): Writer | appends the values as text",
        "Writer:line(...: any): Writer | appends the values and a newline",
        "Writer:path(): string | the file's path inside the output folder",
        "Writer:file(path: string): Writer | a writer for another file next to this one",
        "hb.export(name: string, families: Family[], path?: string): string | runs a registered exporter on the families; returns the path",
        "hb.exporters(): string[] | the registered exporter ids",
        "hb.build(spec: table): nil | what `huebench build SCRIPT.lua` exports: {name=, families=, theme=, tokens=, policy=}",
        // Families, themes, policies
        "hb.family(spec: table): Family | a family: {name=, generator=, hue=, anchor=, <generator parameters>}",
        "hb.register_family(spec: table): Family | a family registered for the CLI and later scripts",
        "hb.register_generator(spec: table): nil | a ramp generator: {name=, parameters=, generate=function(spec) return 20 colors end}",
        "hb.register_exporter(spec: table): nil | an exporter: {name=, extension=, write=function(doc, out) end}",
        "hb.register_policy(spec: table): nil | a policy registered for the CLI: {name=, rules=, check=}",
        "hb.register_contrast(spec: table): nil | a contrast method for hb.matrix, c:contrast and huebench matrix: {name=, evaluate=function(text, background), space=, symmetric=, thresholds=, title=}",
        "hb.register_deltae(spec: table): nil | a ΔE method for hb.matrix and huebench matrix: {name=, evaluate=function(a, b), space=, thresholds=, title=}",
        "hb.generators(): table[] | each ramp generator with its parameters (name, kind, min, max, default, summary)",
        "Family:stop(stop: integer): Color | the color at stop (50, 100 … 1000)",
        "Family:stops(): Color[] | the 20 stops, _50 first",
        "hb.theme(spec: table): Theme | semantic tokens of spec.family ({family=, tokens=}), or an app theme whose tokens name their family ({families=, tokens=})",
        "Theme:resolve(name: string, mode?: string, level?: string): Color, integer | a token's color (alpha = its opacity) and stop",
        "Theme:tokens(mode?: string, level?: string): table | every token resolved for mode (light, dark) and level (standard, high)",
        "hb.policy(spec: table): table | a policy value for hb.audit: {name=, rules=, check=function(ctx) end}",
        "hb.audit(subject: Theme|Family|Family[], policy: string|table): table | the audit report {policy, checked, passed, checks, failures}; an app theme is audited on its own tokens",
        "hb.curve.linear(spec?: table): table | a curve from `from` to `to` (default 0 → 1)",
        "hb.curve.ease(spec?: table): table | an ease curve {from=, to=, exponent=}",
        "hb.curve.bell(spec?: table): table | a bell curve {base=, peak=, center=, width=}",
        "hb.curve.points(points: table): table | a curve through control points",
        // Research
        "hb.sweep(spec: table): SweepResult | sweeps a generator's parameters over hues and scores every ramp",
        "hb.range(from: number, to: number, steps: integer): table | an evenly spaced range for hb.sweep params (a plain list is a list)",
        "SweepResult:best(k?: integer, objective?: string|function, goal?: string): table[] | the k best variants (by another objective or goal if given)",
        "SweepResult:rows(): table[] | every row {variant=, hue=, <param>=, <metric>=}",
        "SweepResult:row(i: integer): table | row i (1-based)",
        "SweepResult:column(name: string): number[] | a column of the rows or variants table",
        "SweepResult:save(path: string, options?: table): string | writes .csv, .npy or .json into the output folder",
    ]

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
