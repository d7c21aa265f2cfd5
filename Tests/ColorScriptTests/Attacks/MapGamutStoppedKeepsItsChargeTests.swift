import ColorScript
import Testing

/// `hb.map_gamut` charges its result buffer before mapping; when the mapping stopped at the time limit the
/// charge was never given back, so the budget shrank by one buffer per stopped call. The charge is now refunded
/// on every path but the one that pushes the buffer.
struct MapGamutStoppedKeepsItsChargeTests {
    /// 200,000 f64 colors far outside sRGB (mapping them takes far longer than the budget), the Lua heap
    /// printed just before the call on line 4.
    static let code = """
    local t = {} for i = 1, 200000 do t[i] = 'oklch(0.7 0.4 30)' end
    local b = hb.buffer(t, 'oklch', {precision = 'f64'}) t = nil
    collectgarbage() print(math.floor(collectgarbage('count') * 1024))
    hb.map_gamut(b, 'srgb', 'css4')
    """

    /// What one 200,000-color f64 buffer is charged: the coordinates and the alpha of each color.
    static let bufferBytes = 200_000 * (MemoryLayout<SIMD3<Double>>.stride + 8)

    @Test(arguments: ["f64", "f32"])
    func theChargeIsBackAfterTheTimeLimit(precision: String) throws {
        let (s, printed) = try makeState(time: 3, memoryMiB: 64)
        let e = errorOf(s, Self.code.replacingOccurrences(of: "'f64'", with: "'\(precision)'"), name: "attack")
        guard case .limit(.time, _, let at)? = e else { Issue.record("expected the time limit, got \(String(describing: e))"); return }
        #expect(at == ScriptLocation(chunk: "attack", line: 4), "stopped inside hb.map_gamut")
        let heap = try #require(Int(printed.text.trimmingCharacters(in: .whitespacesAndNewlines)))
        // In use now: the Lua heap (as before the call, plus the error's few KiB) and the input buffer `b` —
        // not the result buffer the stopped call had charged.
        let host = s.memoryInUse - heap
        let input = precision == "f64" ? Self.bufferBytes : 4 * 4 * 200_000
        #expect(host >= input && host < input + (256 << 10), "host bytes \(host), input buffer \(input)")
    }
}
