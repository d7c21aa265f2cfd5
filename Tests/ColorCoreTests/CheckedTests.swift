import Testing
import ColorCore

@Suite struct CheckedTests {
    @Test func intAcceptsExactIntegers() throws {
        #expect(try Checked.int(42, "n") == 42)
        #expect(try Checked.int(-0.0, "n") == 0)
        #expect(try Checked.int(9007199254740992, "n") == 9007199254740992)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9.223372036854775807e18, 0.5])
    func intRefusesWhatWouldTrap(_ v: Double) {
        #expect(throws: NumberError.self) { try Checked.int(v, "steps") }
    }

    @Test func rangeAndMessages() {
        #expect(throws: NumberError(name: "steps", value: 1e12, reason: .outOfRange(0, 1_000_000))) {
            try Checked.count(1e12, "steps", limit: 1_000_000)
        }
        let e = NumberError(name: "hb.sweep steps", value: .infinity, reason: .notFinite)
        #expect(e.description == "hb.sweep steps: inf is not a finite number; give a finite value")
        #expect(NumberError(name: "top", value: 2.5, reason: .notInteger).description
                == "top: 2.5 is not a whole number; give an integer")
    }

    @Test func productOverflowThrows() throws {
        #expect(throws: NumberError.self) { try Checked.product(Int.max / 2, 3, "bytes") }
        #expect(try Checked.product(100_000, 100_000, "pairs") == 10_000_000_000)
    }

    @Test func deadlineExpiresAndCancels() throws {
        let none = Deadline.none()
        #expect(!none.expired)
        none.cancel()
        #expect(none.expired)
        let past = Deadline(limitNanos: 1)
        #expect(past.expired)
        #expect(throws: DeadlineExceeded.self) { try past.check() }
        #expect(!Deadline(seconds: 100).expired)
        #expect(!Deadline(seconds: .infinity).expired)
    }
}
