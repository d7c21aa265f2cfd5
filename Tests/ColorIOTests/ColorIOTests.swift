import Testing
@testable import ColorIO

@Suite struct ColorIOTests {
    @Test func formatVersionIsOne() { #expect(ColorIO.formatVersion == 1) }
}
