import ColorScript
import Testing

/// L1: `table.move({}, 1, 1e12, 2)` ran forever under a 1 s limit (one C call, no hook). It now checks the
/// deadline every 4096 elements and keeps the library's meaning.
struct TableMoveRunsForeverTests {
    @Test(arguments: [
        "table.move({}, 1, 1e12, 2)",
        "local t = {} table.move(t, 1, math.maxinteger - 1, 2)",
        "while true do pcall(table.move, {}, 1, 1e9, 2) end",
        "table.move({}, 1, 1e12, 2, {})",
    ])
    func stopsAtTheTimeLimit(_ code: String) throws {
        try expectTimeLimit(code)
    }

    @Test func stillMovesLikeTheLibrary() throws {
        let (s, _) = try makeState()
        #expect(try s.eval("table.concat(table.move({1, 2, 3, 4, 5}, 2, 4, 1), ',')") == ["2,3,4,4,5"])
        #expect(try s.eval("table.concat(table.move({1, 2, 3, 4, 5}, 1, 3, 3), ',')") == ["1,2,1,2,3"])
        #expect(try s.eval("table.concat(table.move({1, 2, 3}, 1, 3, 2, {9}), ',')") == ["9,1,2,3"])
        #expect(try s.eval("#table.move({1, 2}, 3, 1, 1)") == ["2"])
        let e = try #require(errorOf(s, "table.move({}, -1, math.maxinteger, 1)"))
        #expect(e.description.contains("too many elements to move"), "\(e)")
        let w = try #require(errorOf(s, "table.move({1}, 1, 2, math.maxinteger)"))
        #expect(w.description.contains("destination wrap around"), "\(w)")
    }
}
