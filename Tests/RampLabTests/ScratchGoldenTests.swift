import Foundation
import Testing
import ColorCore
@testable import Palettes
@testable import RampLab

// Scratch (not committed): dumps sweep outputs bit for bit; compares with the first dump on later runs.
@Suite("Scratch golden")
struct ScratchGoldenTests {
    static func bits(_ r: SweepResult) -> [UInt64] {
        var out = r.values.map(\.bitPattern)
        for v in r.ramps.oklch { out += [v.x.bitPattern, v.y.bitPattern, v.z.bitPattern] }
        for v in r.ramps.linear { out += [v.x.bitPattern, v.y.bitPattern, v.z.bitPattern] }
        out += r.ramps.requestedChroma.map(\.bitPattern)
        out += r.variantValues.map(\.bitPattern)
        return out
    }
    static func check(_ name: String, _ r: SweepResult) throws {
        let path = "/work/tmp/output-golden/\(name).bin"
        let b = bits(r)
        let data = b.withUnsafeBytes { Data($0) }
        if let old = FileManager.default.contents(atPath: path) {
            let o: [UInt64] = old.withUnsafeBytes { Array($0.bindMemory(to: UInt64.self)) }
            #expect(o.count == b.count, "\(name): count")
            let diff = zip(o, b).enumerated().filter { $0.element.0 != $0.element.1 }
            #expect(diff.isEmpty, "\(name): \(diff.count) differ, first at \(diff.first?.offset ?? -1) of \(b.count) (values \(r.values.count))")
        } else { try data.write(to: URL(fileURLWithPath: path)) }
    }
    @Test func golden() throws {
        let hues = (0..<12).map { Double($0 * 30) + 0.37 }
        try Self.check("uniform", Sweep(generator: UniformLStar.id, params: ["margin": .range(0.9, 1.0, 7), "chroma_scale": .range(0.8, 1.2, 9)],
                                        hues: hues, metrics: ["all"], threads: 2).run())
        let tables: [RampParameter] = (0..<3).map { k in .numbers(UniformLStar.lightnessStar.map { min($0 + Double(k) * 0.04, 99) }) }
        try Self.check("tables", Sweep(generator: UniformLStar.id, parameters: [("lightnessStar", .list(tables))],
                                       hues: [0, 45, 123.4, 300], metrics: ["all"], threads: 2).run())
        try Self.check("curves", Sweep(generator: OKLCHCurves.id, parameters: [("hue", .numbers([0, 77, 200]))],
                                       hues: [10, 190], metrics: ["all"], threads: 2).run())
        try Self.check("ct", Sweep(generator: ContrastTargets.id, params: ["gamutMargin": .numbers([0.9, 1])],
                                   hues: [20, 250], metrics: ["all"], threads: 2).run())
        try Self.check("ctapca", Sweep(generator: ContrastTargets.id, params: ["method": .list([.text("apca")])], fixed: ["background": .color(RampColor(srgb: SIMD3(0.1, 0.1, 0.12)))],
                                   hues: [140], metrics: ["all"], threads: 2).run())
    }
}

@Suite("Scratch dup")
struct ScratchDupTests {
    @Test func dupRate() throws {
        let variants = 1000
        let s = Sweep(generator: UniformLStar.id, params: ["margin": .range(0.90, 1.00, variants / 100), "chroma_scale": .range(0.8, 1.2, 100)],
                      hues: (0..<12).map { Double($0 * 30) })
        let b = try s.ramps(variants: Array(0..<682))
        struct K: Hashable { let x: UInt64, y: UInt64, z: UInt64 }
        let set = Set(b.linear.map { K(x: $0.x.bitPattern, y: $0.y.bitPattern, z: $0.z.bitPattern) })
        var capped = 0
        for i in 0..<b.oklch.count where b.oklch[i].y < b.requestedChroma[i] { capped += 1 }
        print("DUP stops \(b.linear.count) distinct \(set.count) capped \(capped)")
    }
}
