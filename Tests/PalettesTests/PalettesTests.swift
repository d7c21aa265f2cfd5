import Testing
@testable import Palettes

@Test func quick() throws {
    let p = Palette.standard
    for f in ["orange", "gray"] { for s in Stop.all { print(f, s, p.color(f, s)!.css, p.color(f, s)!.oklch) } }
}
