import Foundation
import Testing
@testable import ColorCore

/// Every case of the published vector files (conversions, contrast, ΔE, gamut mapping). Each test prints its
/// pass count and asserts that the ids that do not pass are exactly those listed in Fixtures/vector-skips.json.
@Suite struct VectorTests {
    let wb = Workbench.standard

    /// Checks one file's outcomes against the skip list and prints the counts.
    func check(_ file: String, _ outcomes: [(id: String, outcome: Vectors.Outcome)]) throws {
        let skips = try Vectors.skips()
        let ids = Set(outcomes.map(\.id))
        let listed = Set(skips.keys.filter { ids.contains($0) })
        let notPassing = Set(outcomes.filter { !$0.outcome.passed }.map(\.id))
        let passed = outcomes.count - notPassing.count
        print("vectors \(file): \(passed)/\(outcomes.count) pass, \(listed.count) listed as skipped")
        for (id, o) in outcomes where !listed.contains(id) {
            switch o {
            case .pass: break
            case .fail(let why): Issue.record("\(id) fails: \(why)")
            case .unsupported(let why): Issue.record("\(id) unsupported and not in vector-skips.json: \(why)")
            }
        }
        for id in listed.subtracting(notPassing).sorted() {
            Issue.record("\(id) is listed in vector-skips.json (\(skips[id]!)) but passes: remove it from the list")
        }
    }

    func parse(_ s: String) throws -> Color { try wb.parse(s) }

    /// `.unsupported` when one of the inputs is written in a space Huebench does not implement.
    func unsupportedInput(_ inputs: Any?...) -> Vectors.Outcome? {
        for case let s as String in inputs {
            if let name = Vectors.unimplementedSpace(in: s, wb) { return .unsupported("input space \(name) not implemented") }
        }
        return nil
    }

    func hueIndex(_ space: ColorSpaceID) -> Int? {
        (try? wb.spaces.space(space))?.coordinates.firstIndex { $0.isHue }
    }

    // MARK: conversions.json

    func conversion(_ c: [String: Any]) -> Vectors.Outcome {
        let to = ColorSpaceID(c["to"] as! String)
        guard wb.spaces.spaces.contains(to.rawValue) else { return .unsupported("space \(to) not registered") }
        if c["superseded_definition"] as? Bool == true {
            return .unsupported("superseded definition (old rec2020 curve)")
        }
        if let u = unsupportedInput(c["input"]) { return u }
        let tol = c["tolerance"] as! [String: Any]
        do {
            let color = try wb.convert(try parse(c["input"] as! String), to: to)
            if let why = Vectors.compare(color.coords, c["expected"] as! [Any], tolerance: tol, hueIndex: hueIndex(to)) {
                return .fail("\(c["input"]!) → \(to): \(why); all \(Vectors.describe(color.coords))")
            }
            if let ea = c["expected_alpha"] {
                let ok = ea is NSNull ? color.alpha.isNaN : Vectors.close(color.alpha, Vectors.number(ea)!, tolerance: tol)
                if !ok { return .fail("alpha \(color.alpha), expected \(ea)") }
            }
            return .pass
        } catch {
            return .fail("threw \(error)")
        }
    }

    @Test func conversions() throws {
        let cases = try Vectors.load("conversions.json")
        try check("conversions.json", cases.map { ($0["id"] as! String, conversion($0)) })
    }

    // MARK: contrast.json

    func contrast(_ c: [String: Any]) -> Vectors.Outcome {
        let method = c["method"] as! String
        guard wb.contrastMethods.contains(method) else { return .unsupported("contrast method \(method) not registered") }
        if let u = unsupportedInput(c["text"], c["background"]) { return u }
        do {
            let v = try wb.contrast(text: try parse(c["text"] as! String), background: try parse(c["background"] as! String),
                                    method: method)
            let e = Vectors.number(c["expected"])!
            return Vectors.close(v, e, tolerance: c["tolerance"] as! [String: Any])
                ? .pass : .fail("\(method) \(c["text"]!) on \(c["background"]!): expected \(e), got \(v)")
        } catch {
            return .fail("threw \(error)")
        }
    }

    @Test func contrastVectors() throws {
        let cases = try Vectors.load("contrast.json")
        try check("contrast.json", cases.map { ($0["id"] as! String, contrast($0)) })
    }

    // MARK: delta-e.json

    /// The registered method id for a case's method name and Lab white: `space: lab-d65` and culori's cases
    /// (culori's ΔE uses Lab D65) read Lab D65 (`<id>-d65`); `space: lab` and Color.js's cases read CSS Lab (D50).
    func deltaEMethodID(_ name: String, _ c: [String: Any]) -> String? {
        let base: String
        let space = c["space"] as? String
        switch name {
        case "OK": return "ok"
        case "ITP": return space == nil || space == "ictcp (scalar 720)" ? "itp" : nil
        case "Jz": return space == nil || space == "jzczhz" ? "jz" : nil
        case "76", "2000", "94": base = name
        case "CMC": base = "cmc"
        case "HyAB": base = "hyab"
        default: return nil
        }
        if let space, space != "lab", space != "lab-d65" { return nil }
        let d65 = space == "lab-d65" || (space == nil && (c["source"] as? String) == "culori")
        return d65 ? base + "-d65" : base
    }

    func deltaE(_ c: [String: Any], method name: String, expected e: Double) -> Vectors.Outcome {
        let tol = c["tolerance"] as! [String: Any]
        if let l1 = c["lab1"] as? [Double], let l2 = c["lab2"] as? [Double] {
            // Sharma (2005): raw CIELAB triplets; CIEDE2000 is symmetric, so check both orders.
            let a = SIMD3(l1[0], l1[1], l1[2]), b = SIMD3(l2[0], l2[1], l2[2])
            let v = DeltaE2000.distance(a, b), w = DeltaE2000.distance(b, a)
            return Vectors.close(v, e, tolerance: tol) && Vectors.close(w, e, tolerance: tol)
                ? .pass : .fail("expected \(e), got \(v) / swapped \(w)")
        }
        guard let id = deltaEMethodID(name, c), wb.deltaEMethods.contains(id) else {
            return .unsupported("ΔE method \(name) in \(c["space"] ?? "its default space") not registered")
        }
        if let u = unsupportedInput(c["color1"], c["color2"]) { return u }
        do {
            let v = try wb.deltaE(try parse(c["color1"] as! String), try parse(c["color2"] as! String), method: id)
            return Vectors.close(v, e, tolerance: tol)
                ? .pass : .fail("\(id) \(c["color1"]!) vs \(c["color2"]!): expected \(e), got \(v)")
        } catch {
            return .fail("threw \(error)")
        }
    }

    @Test func deltaEVectors() throws {
        var outcomes: [(id: String, outcome: Vectors.Outcome)] = []
        for c in try Vectors.load("delta-e.json") {
            let id = c["id"] as! String, method = c["method"] as! String
            if let multi = c["expected"] as? [String: Any] {
                // One sub-case per method: `id#method`.
                for (m, e) in multi.sorted(by: { $0.key < $1.key }) {
                    outcomes.append(("\(id)#\(m)", deltaE(c, method: m, expected: Vectors.number(e)!)))
                }
            } else {
                outcomes.append((id, deltaE(c, method: method, expected: Vectors.number(c["expected"])!)))
            }
        }
        try check("delta-e.json", outcomes)
    }

    // MARK: gamut-mapping.json

    func gamut(_ c: [String: Any]) -> Vectors.Outcome {
        let methods = ["css": "css4", "clip": "clip", "raytrace": "raytrace"]
        let name = c["method"] as! String
        guard let method = methods[name] else { return .unsupported("gamut-mapping method \(name) not implemented") }
        let to = ColorSpaceID(c["to"] as! String)
        if let u = unsupportedInput(c["input"]) { return u }
        let tol = c["tolerance"] as! [String: Any]
        do {
            let mapped = try wb.mapGamut(try parse(c["input"] as! String), to: to, method: method)
            if mapped.space != to { return .fail("result in \(mapped.space), expected \(to)") }
            if let why = Vectors.compare(mapped.coords, c["expected"] as! [Any], tolerance: tol, hueIndex: hueIndex(to)) {
                return .fail("\(c["input"]!) → \(to) by \(method): \(why); all \(Vectors.describe(mapped.coords))")
            }
            if let ea = c["expected_alpha"], let a = Vectors.number(ea), mapped.alpha != a {
                return .fail("alpha \(mapped.alpha), expected \(a)")
            }
            return .pass
        } catch {
            return .fail("threw \(error)")
        }
    }

    @Test func gamutMappingVectors() throws {
        let cases = try Vectors.load("gamut-mapping.json")
        try check("gamut-mapping.json", cases.map { ($0["id"] as! String, gamut($0)) })
    }
}
