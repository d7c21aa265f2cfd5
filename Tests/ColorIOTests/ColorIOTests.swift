import Testing
@testable import ColorIO

@Suite struct ColorIOTests {
    @Test func formatVersionIsOne() { #expect(IOFormat.version == 1) }
}
