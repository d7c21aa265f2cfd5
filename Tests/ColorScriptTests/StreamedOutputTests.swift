import ColorCore
import Foundation
import Testing
@testable import ColorScript

/// `hb.matrix{out=…}` streams to a hidden temporary file in the output folder; the file is part of the run's
/// outputs (all or nothing): committed with the staged files, handed to a build with `takeStagedOutputs`, and
/// removed when the run fails.
struct StreamedOutputTests {
    static let script = """
    local t = hb.buffer{'#000', '#777', '#fff'}
    local s = hb.matrix(t, t, {method = 'wcag21', out = 'm/lc.f32'})
    hb.output('note.txt', 'pairs ' .. s.pairs)
    """

    @Test func streamedMatrixIsTakenWithTheStagedOutputs() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (s, _) = try makeState(output: dir)
        try s.run(source: Self.script, name: "t")
        let taken = try s.takeStagedOutputs()
        #expect(taken.map(\.path) == ["note.txt", "m/lc.f32"])
        let values = taken[1].bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(values.count == 9 && values[0] == 1 && abs(values[2] - 21) < 1e-4)
        // Nothing was written to the folder itself (the build writes it), and no temporary file is left.
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []
        #expect(left.filter { !$0.hasSuffix("m") }.isEmpty, "\(left)")
        #expect(try s.commitOutputs().isEmpty)
    }

    @Test func aFailedRunLeavesNoStreamedFile() throws {
        let dir = tempFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let (s, _) = try makeState(output: dir)
            #expect(errorOf(s, Self.script + "\nerror('late failure')") != nil)
        }
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []
        #expect(!left.contains { $0.hasSuffix(".f32") || $0.contains("stream") }, "\(left)")
    }
}
