import Testing
import ColorCore

/// The reason and position of a rejected CSS input (nil when it parses); a non-CSS error is recorded as an issue.
func cssRejection(_ s: String, _ wb: Workbench = .standard) -> (reason: String, position: Int)? {
    do {
        _ = try wb.parse(s)
        return nil
    } catch let ColorCoreError.invalidCSS(input, reason, position) {
        #expect(input == s)
        return (reason, position)
    } catch {
        Issue.record("non-CSS error for '\(s)': \(error)")
        return nil
    }
}
