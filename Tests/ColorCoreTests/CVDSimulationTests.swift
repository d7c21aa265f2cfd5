import ColorCore
import Foundation
import HuebenchTestSupport
import Testing

/// Color-vision deficiency against the published Machado, Oliveira & Fernandes (2009) matrices
/// (Fixtures/machado2009-cvd.json, copied from colour-science's CVD_MATRICES_MACHADO2010, which
/// `colour.matrix_cvd_Machado2009` returns): every type at severities 0.1 … 1.0.
struct CVDSimulationTests {
    struct Fixture: Decodable {
        let protan: [String: [[Double]]], deutan: [String: [[Double]]], tritan: [String: [[Double]]]
        func table(_ t: CVDType) -> [String: [[Double]]] {
            switch t { case .protan: protan; case .deutan: deutan; case .tritan: tritan; case .achroma: [:] }
        }
    }
    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/machado2009-cvd.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    static let cases: [(CVDType, Int)] = [CVDType.protan, .deutan, .tritan].flatMap { t in (1...10).map { (t, $0) } }

    @Test(arguments: cases)
    func matricesArePublished(_ type: CVDType, _ tenths: Int) throws {
        let key = tenths == 10 ? "1.0" : "0.\(tenths)"
        let want = try #require(Self.fixture.table(type)[key])
        let sim = try CVDSimulation(type, severity: Double(tenths) / 10)
        let got = [sim.matrix.r0, sim.matrix.r1, sim.matrix.r2]
        for r in 0..<3 { for c in 0..<3 {
            #expect(abs(got[r][c] - want[r][c]) <= 5e-7, "\(type) \(key) [\(r)][\(c)]: \(got[r][c]) vs \(want[r][c])")
        } }
        // Applied to linear sRGB: M·v, clamped to 0…1.
        for v in [SIMD3(0.8, 0.2, 0.1), SIMD3(0.05, 0.6, 0.9), SIMD3(0.5, 0.5, 0.5)] {
            let m = SIMD3(want[0][0] * v.x + want[0][1] * v.y + want[0][2] * v.z,
                          want[1][0] * v.x + want[1][1] * v.y + want[1][2] * v.z,
                          want[2][0] * v.x + want[2][1] * v.y + want[2][2] * v.z)
            let expected = m.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
            #expect(Tolerance.close(sim.simulate(linearSRGB: v), expected, absolute: 1e-6))
        }
    }

    /// Between the published severities the matrices blend linearly (as colour-science interpolates them);
    /// severity 0 is the identity.
    @Test func severitiesBetweenTheTableBlend() throws {
        let a = try #require(Self.fixture.deutan["0.2"]), b = try #require(Self.fixture.deutan["0.3"])
        let m = try CVDSimulation(.deutan, severity: 0.25).matrix
        let got = [m.r0, m.r1, m.r2]
        for r in 0..<3 { for c in 0..<3 { #expect(abs(got[r][c] - (a[r][c] + b[r][c]) / 2) <= 1e-9) } }
        let id = try CVDSimulation(.protan, severity: 0).matrix
        #expect(id == Matrix3(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)))
        #expect(throws: NumberError.self) { try CVDSimulation(.tritan, severity: 1.5) }
        #expect(throws: NumberError.self) { try CVDSimulation(.tritan, severity: .nan) }
    }

    /// Achromatopsia: every channel is the relative luminance Y (CSS Color 4's sRGB → XYZ Y row:
    /// 87098/409605 R + 175762/245763 G + 12673/175545 B = 0.212639 R + 0.715169 G + 0.072192 B).
    @Test func achromaIsLuminance() throws {
        let sim = try CVDSimulation(.achroma)
        let v = SIMD3(0.8, 0.2, 0.1)
        let y = 87098.0 / 409605 * 0.8 + 175762.0 / 245763 * 0.2 + 12673.0 / 175545 * 0.1
        #expect(Tolerance.close(sim.simulate(linearSRGB: v), SIMD3(repeating: y), absolute: 1e-7))
        // Pure red is seen as the gray of its luminance: linear 0.212639 → sRGB 0.498482 (encoded by the sRGB curve).
        let red = try sim.simulate(Color(.srgb, 1, 0, 0))
        #expect(abs(red.coords.x - red.coords.y) < 1e-12 && abs(red.coords.x - 0.498482) < 1e-5)
        #expect(try CVDSimulation.type(named: "deuteranopia") == .deutan)
        #expect(throws: ColorCoreError.self) { try CVDSimulation.type(named: "blue") }
    }
}
