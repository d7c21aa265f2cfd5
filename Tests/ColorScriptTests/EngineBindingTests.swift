import ColorCore
import ColorKernels
import ColorScript
import Foundation
import Testing

/// Lua batch calls run on the engine: the same bits as the kernels, the same method set as the CLI, memory
/// charged before allocation, streaming summaries, saves, translucent compositing, colors from files.
struct EngineBindingTests {
    func eval(_ code: String, memoryMiB: Int = 64, output: String? = nil) throws -> [String] {
        let (s, _) = try makeState(memoryMiB: memoryMiB, output: output)
        return try s.eval(code)
    }

    /// 2,000 OKLCH colors of a fixed pseudo-random sequence, as Lua builds them.
    static let colorsLua = """
    local t = {}
    local x = 12345
    local function r() x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648 end
    for i = 1, 2000 do t[i] = hb.oklch(1.02 * r() - 0.01, 0.4 * r(), 360 * r()) end
    """

    static func swiftColors() -> [Color] {
        var x: Int64 = 12345, out: [Color] = []
        func r() -> Double { x = (x &* 1103515245 &+ 12345) % 2147483648; return Double(x) / 2147483648 }
        for _ in 0..<2000 { let l = 1.02 * r() - 0.01, c = 0.4 * r(), h = 360 * r(); out.append(Color(.oklch, l, c, h)) }
        return out
    }

    /// hb.convert and hb.map_gamut (every registered mapper) return the kernels' bits; f64 buffers agree with
    /// the Double reference to rounding.
    @Test func luaBatchEqualsKernelBits() throws {
        let colors = Self.swiftColors()
        let src = try ColorBuffer(colors, space: .oklch)
        var expected: [String] = []
        let conv = try BatchConversionPlan(from: .oklch, to: .srgb).convert(src, threads: 1)
        expected.append(String(conv.interleaved().map(\.bitPattern).reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }))
        for id in Workbench.standard.gamutMappers.ids {
            let m = try BatchGamutMapper(method: id, target: .displayP3).map(src, threads: 1)
            expected.append(String(m.interleaved().map(\.bitPattern).reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }))
        }
        let ids = Workbench.standard.gamutMappers.ids.map { "'\($0)'" }.joined(separator: ", ")
        let r = try eval(Self.colorsLua + "\n" + """
        local b = hb.buffer(t, 'oklch')
        local function hash(buf)
          local h = 0
          for i = 1, #buf do
            local c = buf:get(i)
            for _, v in ipairs{c:coords()} do h = h * 31 + string.unpack('<I4', string.pack('<f', v)) end
          end
          return h
        end
        local out = {hash(hb.convert(b, 'srgb'))}
        for _, m in ipairs{\(ids)} do out[#out + 1] = hash(hb.map_gamut(b, 'display-p3', m)) end
        return table.unpack(out)
        """)
        // Lua integers wrap like UInt64 arithmetic modulo 2^64; compare as unsigned text.
        #expect(r.map { UInt64(bitPattern: Int64($0) ?? 0) }.map(String.init) == expected)
    }

    /// hb.convert of an f64 buffer gives the Double reference's bits (`ConversionPlan.apply` per color): 9,000
    /// sRGB colors (three of the 4,096-color chunks the conversion runs on), sRGB → OKLCH (through the OKLab cube
    /// roots) and OKLCH → Display P3.
    @Test func f64ConvertEqualsTheReferenceBitForBit() throws {
        let hexes = (0..<9_000).map { String(format: "#%06x", ($0 &* 2_654_435_761) % 16_777_216) }
        let wb = Workbench.standard
        let toOKLCH = try wb.spaces.plan(from: .srgb, to: .oklch), toP3 = try wb.spaces.plan(from: .oklch, to: .displayP3)
        func hash(_ values: [SIMD3<Double>]) -> String {
            var h: UInt64 = 0
            for c in values { for v in [c.x, c.y, c.z] { h = h &* 31 &+ (v.isNaN ? 0 : v.bitPattern) } }
            return String(h)
        }
        let oklch = try hexes.map { toOKLCH.apply(try wb.parse($0).coords) }
        let expected = [hash(oklch), hash(oklch.map { toP3.apply($0) })]
        let r = try eval("""
        local t = {}
        for i = 0, 8999 do t[#t + 1] = string.format('#%06x', (i * 2654435761) % 16777216) end
        local function hash(buf)
          local h = 0
          for i = 1, #buf do
            for _, v in ipairs{buf:get(i):coords()} do
              h = h * 31 + (v ~= v and 0 or string.unpack('<i8', string.pack('<d', v)))
            end
          end
          return h
        end
        local oklch = hb.convert(hb.buffer(t, 'srgb', {precision = 'f64'}), 'oklch')
        return hash(oklch), hash(hb.convert(oklch, 'display-p3'))
        """)
        #expect(r.map { UInt64(bitPattern: Int64($0) ?? 0) }.map(String.init) == expected)
    }

    /// hb.matrix returns the kernels' bits (`ContrastMatrix.compute` on the same Float32 buffers) for every
    /// method with a batch form, for two buffers and for a self-matrix.
    @Test func luaMatrixEqualsKernelBits() throws {
        let colors = Self.swiftColors()
        let text = try ColorBuffer(Array(colors[0..<60]), space: .oklch), bg = try ColorBuffer(Array(colors[60..<105]), space: .oklch)
        let methods = Workbench.standard.pairMethodIDs.filter { (try? Workbench.standard.pairMethod($0).batch) != nil }
        #expect(Set(methods).isSuperset(of: ["wcag21", "apca", "deltae-ok", "deltae-76"]))
        func hash(_ m: ContrastMatrix) -> String {
            let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: m.rows * m.columns)
            defer { out.deallocate() }
            m.compute(into: out, threads: 2)
            return String(out.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1.bitPattern) })
        }
        var expected: [String] = []
        for id in methods {
            let method = try Workbench.standard.pairMethod(id)
            expected.append(hash(try ContrastMatrix(method: method, text: text, background: bg)))
            expected.append(hash(try ContrastMatrix(method: method, text: text)))
        }
        let list = methods.map { "'\($0)'" }.joined(separator: ", ")
        let r = try eval(Self.colorsLua + "\n" + """
        local a, b = {}, {}
        for i = 1, 60 do a[i] = t[i] end
        for i = 61, 105 do b[#b + 1] = t[i] end
        local text, bg = hb.buffer(a, 'oklch'), hb.buffer(b, 'oklch')
        local function hash(m)
          local h = 0
          for i = 1, m:rows() do
            for j = 1, m:cols() do h = h * 31 + string.unpack('<I4', string.pack('<f', m:get(i, j))) end
          end
          return h
        end
        local out = {}
        for _, id in ipairs{\(list)} do
          out[#out + 1] = hash(hb.matrix(text, bg, {method = id}))
          out[#out + 1] = hash(hb.matrix(text, text, {method = id}))
        end
        return table.unpack(out)
        """)
        #expect(r.map { UInt64(bitPattern: Int64($0) ?? 0) }.map(String.init) == expected)
    }

    /// Counts at thresholds placed exactly on pair values (where a Float32 value lands on either side) equal
    /// the Double path's (`c:contrast` per pair), in summary mode and in `m:count_at_least`. The colors are
    /// multiples of 1/64, so the Float32 buffer holds exactly the colors `c:contrast` sees.
    @Test(arguments: ["wcag21", "apca"])
    func thresholdCountsEqualTheDoublePath(_ method: String) throws {
        let r = try eval("""
        local t, b = {}, {}
        for i = 1, 40 do t[i] = hb.srgb(i / 64, (i * 7 % 64) / 64, (i * 13 % 64) / 64) end
        for j = 1, 30 do b[j] = hb.srgb((j * 5 % 64) / 64, (j * 11 % 64) / 64, (63 - j) / 64) end
        local refs = {}
        for i = 1, 40 do for j = 1, 30 do refs[#refs + 1] = math.abs(t[i]:contrast(b[j], '\(method)')) end end
        local ths = {}
        for k = 7, #refs, 97 do ths[#ths + 1] = refs[k] end
        local m = hb.matrix(hb.buffer(t), hb.buffer(b), {method = '\(method)'})
        local s = hb.matrix(hb.buffer(t), hb.buffer(b), {method = '\(method)', summary = true, thresholds = ths})
        local bad, naive = {}, 0
        for n, th in ipairs(ths) do
          local exact = 0
          for _, v in ipairs(refs) do if v >= th then exact = exact + 1 end end
          if s.counts[n].pairs ~= exact or m:count_at_least(th) ~= exact then
            bad[#bad + 1] = string.format('%.17g: summary %d, count_at_least %d, Double %d', th, s.counts[n].pairs, m:count_at_least(th), exact)
          end
          local f = 0
          for i = 1, 40 do for j = 1, 30 do if math.abs(m:get(i, j)) >= th then f = f + 1 end end end
          if f ~= exact then naive = naive + 1 end
        end
        return #ths, table.concat(bad, '; '), naive, s.rechecked
        """)
        #expect(Int(r[0]) == 13)
        #expect(r[1] == "", "\(method): \(r[1])")
        // Float32 values alone miscount some of these thresholds: the recheck is what makes them exact.
        #expect((Int(r[2]) ?? 0) > 0 && (Int(r[3]) ?? 0) >= 13, "\(method): naive misses \(r[2]), rechecked \(r[3])")
    }

    @Test func f64BuffersRunTheDoublePath() throws {
        let r = try eval("""
        local d = hb.buffer({'oklch(0.7 0.3 150)', '#ff000080'}, 'oklch', {precision = 'f64'})
        local s = hb.convert(d, 'srgb')
        local ref = hb.color('oklch(0.7 0.3 150)'):to('srgb')
        local g = hb.map_gamut(d, 'srgb', 'css4'):get(1)
        local gr = hb.color('oklch(0.7 0.3 150)'):map_gamut('srgb')
        return d:precision(), s:get(1):coords() == ref:coords(), select(2, s:get(1):coords()) == select(2, ref:coords()),
               g:css() == gr:css(), s:get(2):alpha()
        """)
        #expect(r == ["f64", "true", "true", "true", "0.50196078431373"])
    }

    /// Every registered contrast and ΔE method runs in hb.matrix (the CLI's set), equal to the per-pair
    /// reference within the documented Float32 bounds.
    @Test(arguments: Workbench.standard.pairMethodNames)
    func everyMatrixMethodRuns(_ name: String) throws {
        let method = try Workbench.standard.pairMethod(name)
        let r = try eval("""
        local t = hb.buffer({'#000', '#777', 'rebeccapurple', '#fafafa'})
        local b = hb.buffer({'white', '#336699', 'oklch(0.5 0.2 30)'})
        local m = hb.matrix(t, b, {method = '\(name)'})
        local s = hb.matrix(t, b, {method = '\(name)', summary = true})
        return m:rows(), m:cols(), m:method(), s.pairs, string.format('%.5g', m:get(1, 1))
        """)
        // The value is the method's, within the documented Float32 bounds.
        let wb = Workbench.standard
        let ref = method.evaluate(try wb.convert(wb.parse("#000"), to: method.inputSpace).coordsForConversion,
                                  try wb.convert(wb.parse("white"), to: method.inputSpace).coordsForConversion)
        #expect(Array(r.prefix(4)) == ["4", "3", method.id, "12"])
        #expect(abs((Double(r[4]) ?? .nan) - ref) <= 1e-3 * max(1, abs(ref)), "\(name): \(r[4]) vs \(ref)")
    }

    /// A plugin-registered contrast method (registered like the built-ins, without a batch form) runs in
    /// hb.matrix through its closure, on every core.
    @Test func registeredMethodWithoutKernelRuns() throws {
        var o = ScriptOptions(timeLimit: 30, memoryLimit: 64 << 20)
        o.allowedFolders = []
        var wb = Workbench.standard
        try wb.contrastMethods.register(ContrastMethod(id: "luma-diff", name: "test", inputSpace: .srgb, isSymmetric: true,
                                                      thresholds: [0.5]) { a, b in abs(a.x + a.y + a.z - b.x - b.y - b.z) / 3 })
        let s = try LuaInterpreter(options: o, workbench: wb, print: { _ in })
        let r = try s.eval("""
        local m = hb.matrix(hb.buffer{'#000', '#fff'}, hb.buffer{'#fff', '#808080'}, {method = 'luma-diff'})
        local sm = hb.matrix(hb.buffer{'#000', '#fff'}, hb.buffer{'#fff', '#808080'}, {method = 'luma-diff', summary = true})
        return m:get(1, 1), m:get(2, 1), sm.counts[1].threshold, sm.counts[1].pairs
        """)
        #expect(r == ["1.0", "0.0", "0.5", "2"])
    }

    /// Summary mode (row blocks, bounded memory) equals the in-memory matrix: counts, min/max, row extremes,
    /// the k worst pairs (3,000 × 1,000 APCA: the test-sized form of the 20,000 × 20,000 benchmark; a debug
    /// build computes ~1 µs a pair, so 3,000 × 3,000 would cost ~30 s here — multi-block summaries are checked
    /// against in-memory results at the kernel level, `ContrastMatrixTests`).
    @Test func summaryModeEqualsInMemory() throws {
        let r = try eval("""
        local t, u = {}, {}
        local x = 7
        local function r() x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648 end
        for i = 1, 3000 do t[i] = hb.srgb(r(), r(), r()) end
        for i = 1, 1000 do u[i] = hb.srgb(r(), r(), r()) end
        local a, b = hb.buffer(t), hb.buffer(u)
        local m = hb.matrix(a, b, {method = 'apca'})
        local s = hb.matrix(a, b, {method = 'apca', summary = true, worst = 5, thresholds = {45, 75}})
        local ok = s.rows == 3000 and s.cols == 1000 and s.pairs == 3000000
        for _, c in ipairs(s.counts) do ok = ok and c.pairs == m:count_at_least(c.threshold) end
        for k, p in ipairs(m:worst(5)) do
          ok = ok and s.worst[k].i == p.i and s.worst[k].j == p.j and s.worst[k].value == p.value
        end
        local lo, hi = math.huge, -math.huge
        for _, i in ipairs{1, 17, 3000} do
          for j = 1, 1000 do local v = m:get(i, j); lo = math.min(lo, v); hi = math.max(hi, v) end
          ok = ok and s.row_min[i] == lo and s.row_max[i] == hi
          lo, hi = math.huge, -math.huge
        end
        return ok and #s.worst == 5 and #s.row_min == 3000, s.counts[1].pairs > 0 and s.counts[2].pairs > 0
        """, memoryMiB: 128)
        #expect(r == ["true", "true"])
    }

    @Test func saveRoundTripsThroughNpy() throws {
        let out = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (s, _) = try makeState(output: out)
        let r = try s.eval("""
        local t = {}
        for i = 1, 30 do t[i] = hb.oklch(i / 31, 0.1, i * 12) end
        local m = hb.matrix(hb.buffer(t), hb.buffer{'white', 'black', '#336699'}, {method = 'apca'})
        m:save('m.npy'); m:save('m.f32'); m:save('m.csv')
        local s = hb.matrix(hb.buffer(t), hb.buffer{'white', 'black', '#336699'}, {method = 'apca', out = 'streamed.npy'})
        return m:get(7, 3), s.out
        """)
        try s.commitOutputs()
        let npy = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/m.npy")))
        #expect(npy.count == 128 + 90 * 4 && npy[8] == 0x76)
        #expect(Array(String(decoding: npy[10..<127], as: UTF8.self).utf8).starts(with: Array("{'descr': '<f4', 'fortran_order': False, 'shape': (30, 3), }".utf8)))
        let v = npy[128...].withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(Float(Double(r[0])!) == v[6 * 3 + 2])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/streamed.npy")) == Data(npy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/m.f32")) == Data(npy[128...]))
        let csv = try String(contentsOfFile: out + "/m.csv", encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 30 && Float(csv[6].split(separator: ",")[2]) == v[6 * 3 + 2])
        #expect(!FileManager.default.fileExists(atPath: out + "/.streamed.npy.stream-\(getpid())"))
    }

    @Test func translucentTextIsComposited() throws {
        let r = try eval("""
        local m = hb.matrix(hb.buffer{'#00000080'}, hb.buffer{'white'}, {method = 'wcag21'})
        local i = hb.matrix(hb.buffer{'#00000080'}, hb.buffer{'white'}, {method = 'wcag21', alpha = 'ignore'})
        local c = hb.matrix(hb.buffer{'#000'}, hb.buffer{'#ffffff00'}, {method = 'wcag21', canvas = 'black'})
        return string.format('%.2f', m:get(1, 1)), string.format('%.2f', hb.color('#00000080'):contrast('white')),
               i:get(1, 1), c:get(1, 1)
        """)
        #expect(r == ["4.00", "4.00", "21.0", "1.0"])
    }

    /// A text buffer keeps the prepared terms of its last matrix: the same buffers, method and alpha handling
    /// reuse them, anything else prepares afresh. Values from the published formulas: #00000080 (alpha 128/255)
    /// over white is gray 0.49804, WCAG luminance 0.21223, ratio 1.05 / 0.26223 = 4.004; opaque black on white
    /// 21; black on black 1; APCA-W3 0.1.9: that gray on white Lc 67.370.
    @Test func preparedTermsAreReusedOnlyForTheSameInputs() throws {
        let r = try eval("""
        local t, white, black = hb.buffer{'#00000080'}, hb.buffer{'white'}, hb.buffer{'black'}
        local out = {}
        for _, o in ipairs{{'wcag21', white}, {'wcag21', white}, {'wcag21', white, 'ignore'}, {'wcag21', white},
                           {'wcag21', black}, {'apca', white}, {'apca', white}} do
          out[#out + 1] = string.format('%.3f', hb.matrix(t, o[2], {method = o[1], alpha = o[3]}):get(1, 1))
        end
        return table.concat(out, ' ')
        """)
        #expect(r == ["4.004 4.004 21.000 4.004 1.000 67.370 67.370"])
    }

    /// The prepared terms a buffer keeps are charged to it and given back when it is collected.
    @Test func preparedTermsAreChargedToTheirBuffer() throws {
        let (s, _) = try makeState()
        _ = try s.eval("collectgarbage(); collectgarbage()")
        let before = s.memoryInUse
        _ = try s.eval("""
        local hb = require 'huebench'
        local b = hb.buffer{'#112233', '#445566', '#778899', '#aabbcc'}
        for _ = 1, 3 do hb.matrix(b, b, {method = 'apca'}) end
        b = nil; collectgarbage(); collectgarbage()
        """)
        _ = try s.eval("collectgarbage(); collectgarbage()")
        #expect(abs(s.memoryInUse - before) < 4 << 10, "\(s.memoryInUse - before) bytes still charged")
    }

    @Test func loadColorsReadsNamedFilesOnly() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "# palette\nbrand\t#336699\n#ff0000 # red\n\noklch(0.7 0.1 50)\n".write(toFile: dir + "/ok.txt", atomically: true, encoding: .utf8)
        try (["x"] + (1...25).map { "bad\($0)" }).joined(separator: "\n").write(toFile: dir + "/bad.txt", atomically: true, encoding: .utf8)
        try "#000\n".write(toFile: dir + "/other.txt", atomically: true, encoding: .utf8)
        try """
        local hb = require 'huebench'
        local b = hb.load_colors(arg[1])
        print(#b, b:label(1), b:label(2), b:get(2):hex())
        print(select(2, pcall(hb.load_colors, arg[2])))
        local t0 = hb.clock(); print(type(t0), hb.clock() >= t0)
        """.write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
        let (s, printed) = try makeState()
        try s.run(file: dir + "/s.lua", arguments: [dir + "/ok.txt", dir + "/bad.txt"])
        let lines = printed.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "3\tbrand\tnil\t#ff0000")
        #expect(lines[1].contains("26 bad lines") && printed.text.contains("bad.txt:1: invalid color 'x'"), "\(printed.text)")
        #expect(printed.text.contains("bad.txt:20:") && !printed.text.contains("bad.txt:21:") && printed.text.contains("and 6 more bad lines"))
        #expect(printed.text.contains("number\ttrue"))
        // A file outside the script's folder that the user did not name is refused.
        let outside = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "#000\n".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        let (s2, _) = try makeState()
        let e = errorOf(s2, "local hb = require 'huebench'; return hb.load_colors('\(outside)/secret.txt')")
        #expect("\(e!)".contains("is not readable by this script; pass it as a script argument or with --input FILE"))
    }

    /// `hb.load_colors` reads what `huebench matrix` reads: DTCG token files (dotted names, aliases resolved),
    /// CSS custom properties, and resolvers whose sources stay inside their folder.
    @Test func loadColorsReadsTokenFilesCustomPropertiesAndResolvers() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try ##"{"color": {"$type": "color", "brand": {"$value": "#00b386"}, "text": {"$value": "{color.brand}"}, "ink": {"$value": {"colorSpace": "srgb", "components": [0.2, 0.4, 0.6]}}}}"##
            .write(toFile: dir + "/t.tokens.json", atomically: true, encoding: .utf8)
        try ":root {\n  --brand-500: #00b386;\n  --ink: oklch(0.3 0.02 250); /* body text */\n}\n"
            .write(toFile: dir + "/vars.css", atomically: true, encoding: .utf8)
        try ##"{"resolutionOrder": [{"$ref": "#/sets/base"}], "sets": {"base": {"sources": [{"$ref": "../t.tokens.json"}]}}}"##
            .write(toFile: dir + "/escape.resolver.json", atomically: true, encoding: .utf8)
        try """
        local hb = require 'huebench'
        local a = hb.load_colors(arg[1])
        print(#a, a:label(1), a:label(2), a:label(3), a:get(2):hex(), a:get(3):hex())
        local b = hb.load_colors(arg[2])
        print(#b, b:label(1), b:label(2), b:get(1):hex())
        print(select(2, pcall(hb.load_colors, arg[3])))
        print(select(2, pcall(hb.load_colors, arg[1], nil, {contxt = 'dark'})))
        """.write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
        let (s, printed) = try makeState()
        try s.run(file: dir + "/s.lua", arguments: [dir + "/t.tokens.json", dir + "/vars.css", dir + "/escape.resolver.json"])
        let lines = printed.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "3\tcolor.brand\tcolor.ink\tcolor.text\t#336699\t#00b386", "\(printed.text)")
        #expect(lines[1] == "2\t--brand-500\t--ink\t#00b386", "\(printed.text)")
        #expect(lines[2].contains("must be a relative path inside the resolver's folder"), "\(printed.text)")
        #expect(lines[3].contains("contxt") && lines[3].contains("context"), "unknown option with did-you-mean: \(printed.text)")
    }
}
