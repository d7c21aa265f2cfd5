/// "Did you mean" for names users type: the closest known name by edit distance (case-insensitive), or a
/// hint given for a common mistake (`color` → `anchor`).
public enum Suggest {
    /// The known name closest to `word` when it is close enough to be a typo (at most 1 edit for names up to
    /// 4 characters, 2 up to 8, 3 beyond), or the hint for `word`. Ties go to the earlier known name.
    /// Words over 64 characters get no suggestion (no name is that long, and the distance costs their length).
    public static func closest(_ word: String, among known: [String], hints: [String: String] = [:]) -> String? {
        guard word.utf8.count <= 64 else { return nil }
        let w = Array(word.lowercased())
        var best: (String, Int)? = nil
        for k in known {
            let d = distance(w, Array(k.lowercased()))
            if d < (best?.1 ?? Int.max) { best = (k, d) }
        }
        let limit = w.count <= 4 ? 1 : w.count <= 8 ? 2 : 3
        if let (k, d) = best, d <= limit { return k }
        if let h = hints[word] ?? hints[word.lowercased()], known.contains(h) { return h }
        return nil
    }

    /// ` (did you mean 'x'?)` or an empty string.
    public static func phrase(_ word: String, among known: [String], hints: [String: String] = [:]) -> String {
        closest(word, among: known, hints: hints).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cur[j] = min(cur[j], prev2[j - 2] + 1) }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
