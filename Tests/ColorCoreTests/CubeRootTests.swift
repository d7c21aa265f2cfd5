import Testing
@testable import ColorCore

/// `CubeRoot.rounded` is ∛x correctly rounded: published digits, exact cubes, and, over seeded doubles of every
/// magnitude, the defining inequality checked with schoolbook big integers written here (independent of the
/// implementation's three-word arithmetic).
@Suite struct CubeRootTests {
    /// ∛2 = 1.25992104989487316476… (OEIS A002580): the nearest double is 1.2599210498948732 (glibc's `cbrt`
    /// gives …34); ∛10 = 2.15443469003188372175… (A010581) → 2.154434690031884; ∛3 = 1.44224957030740838232…
    /// (A002581) → 1.4422495703074083; ∛0.1 = 0.46415888336127788924… → 0.4641588833612779.
    @Test func publishedDigits() {
        #expect(CubeRoot.rounded(2) == 1.2599210498948732)
        #expect(CubeRoot.rounded(10) == 2.154434690031884)
        #expect(CubeRoot.rounded(3) == 1.4422495703074083)
        #expect(CubeRoot.rounded(0.1) == 0.4641588833612779)
        #expect(CubeRoot.rounded(-2) == -1.2599210498948732)
    }

    @Test func exactCubesAndSpecialValues() {
        for v in [1.0, 1.5, 2, 3, 0.75, 1.0 / 1024, 12345, 0x1p-300, 0x1p300] {
            #expect(CubeRoot.rounded(v * v * v) == v, "\(v)")
            #expect(CubeRoot.rounded(-(v * v * v)) == -v, "-\(v)")
        }
        // 2⁻¹⁰⁷⁴ (the least subnormal) = (2⁻³⁵⁸)³; the greatest finite double's root.
        #expect(CubeRoot.rounded(0x1p-1074) == 0x1p-358)
        #expect(CubeRoot.rounded(.greatestFiniteMagnitude) == 5.643803094122362e+102)
        #expect(CubeRoot.rounded(0).bitPattern == 0.0.bitPattern)
        #expect(CubeRoot.rounded(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(CubeRoot.rounded(.infinity) == .infinity)
        #expect(CubeRoot.rounded(-.infinity) == -.infinity)
        #expect(CubeRoot.rounded(.nan).isNaN)
    }

    /// For y = rounded(x) > 0 and its neighbours' halfway points h₋ = y − ulp₋/2, h₊ = y + ulp/2: h₋³ < x < h₊³,
    /// in exact integers, on seeded doubles from 2⁻¹⁰⁷⁴ to 2¹⁰²³ and on unit-interval values (the LMS range).
    @Test func seededDoublesAreCorrectlyRounded() {
        var state: UInt64 = 0xC0BE
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9; z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var failures = 0
        for k in 0..<20_000 {
            let x = k % 2 == 0 ? Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF) : Double(next() >> 11) * 0x1p-53
            guard x > 0 else { continue }
            if !Self.isCorrectlyRounded(CubeRoot.rounded(x), of: x) {
                failures += 1
                if failures < 5 { Issue.record("∛\(x) = \(CubeRoot.rounded(x)) is not the nearest double") }
            }
        }
        #expect(failures == 0)
    }

    /// Whether y is the double nearest ∛x (x, y > 0): with x = X·2^ex and the halfway points H·2^eh (integers),
    /// compares H³·2^(3eh) with X·2^ex after moving both to a common exponent.
    static func isCorrectlyRounded(_ y: Double, of x: Double) -> Bool {
        let up = y.nextUp, down = y.nextDown
        // Halfway points as (integer, exponent): (y + up)/2 and (down + y)/2, exactly, with one more bit.
        func halfway(_ a: Double, _ b: Double) -> (BigNatural, Int) {
            let e = min(a.exponent, b.exponent) - 53
            let ia = UInt64(a.significandBitPattern | (a.isNormal ? 1 << 52 : 0)) << UInt64(Int(a.exponent) - 52 - Int(e))
            let ib = UInt64(b.significandBitPattern | (b.isNormal ? 1 << 52 : 0)) << UInt64(Int(b.exponent) - 52 - Int(e))
            return (BigNatural(ia) + BigNatural(ib), Int(e) - 1)
        }
        func xParts() -> (BigNatural, Int) {
            if x.isNormal { return (BigNatural(x.significandBitPattern | 1 << 52), Int(x.exponent) - 52) }
            return (BigNatural(x.significandBitPattern), -1074)
        }
        let (X, ex) = xParts()
        /// Compares c³·2^(3e) with X·2^ex: −1, 0 or 1.
        func compareCube(_ c: BigNatural, _ e: Int) -> Int {
            let cube = c * c * c, ec = 3 * e
            let lo = min(ec, ex)
            return (cube.shifted(ec - lo)).compare(X.shifted(ex - lo))
        }
        let (hUp, eUp) = halfway(y, up), (hDown, eDown) = halfway(down, y)
        return compareCube(hDown, eDown) < 0 && compareCube(hUp, eUp) > 0
    }
}

/// A natural number as little-endian 32-bit limbs: just what the test needs (add, multiply, shift, compare).
struct BigNatural {
    var limbs: [UInt32]

    init(_ v: UInt64) { limbs = [UInt32(truncatingIfNeeded: v), UInt32(v >> 32)]; trim() }
    init(limbs: [UInt32]) { self.limbs = limbs; trim() }

    mutating func trim() { while let last = limbs.last, last == 0 { limbs.removeLast() } }

    static func + (a: BigNatural, b: BigNatural) -> BigNatural {
        var out = [UInt32](), carry: UInt64 = 0
        for i in 0..<max(a.limbs.count, b.limbs.count) {
            let s = UInt64(i < a.limbs.count ? a.limbs[i] : 0) + UInt64(i < b.limbs.count ? b.limbs[i] : 0) + carry
            out.append(UInt32(truncatingIfNeeded: s)); carry = s >> 32
        }
        if carry > 0 { out.append(UInt32(carry)) }
        return BigNatural(limbs: out)
    }

    static func * (a: BigNatural, b: BigNatural) -> BigNatural {
        var out = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count + 1)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let t = UInt64(x) * UInt64(y) + out[i + j] + carry
                out[i + j] = t & 0xFFFF_FFFF; carry = t >> 32
            }
            out[i + b.limbs.count] += carry
        }
        return BigNatural(limbs: out.map { UInt32(truncatingIfNeeded: $0) })
    }

    func shifted(_ bits: Int) -> BigNatural {
        precondition(bits >= 0)
        var out = [UInt32](repeating: 0, count: bits / 32) + limbs + [0]
        let s = bits % 32
        if s > 0 {
            for i in stride(from: out.count - 1, through: bits / 32, by: -1) {
                let lower = i > bits / 32 ? UInt64(out[i - 1]) : 0
                out[i] = UInt32(truncatingIfNeeded: (UInt64(out[i]) << s) | (lower >> (32 - s)))
            }
        }
        return BigNatural(limbs: out)
    }

    func compare(_ o: BigNatural) -> Int {
        if limbs.count != o.limbs.count { return limbs.count < o.limbs.count ? -1 : 1 }
        for i in stride(from: limbs.count - 1, through: 0, by: -1) where limbs[i] != o.limbs[i] {
            return limbs[i] < o.limbs[i] ? -1 : 1
        }
        return 0
    }
}
