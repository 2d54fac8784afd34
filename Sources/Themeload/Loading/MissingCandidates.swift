/// Candidate paths that share a prefix (`Themes/Moments.theme/theme` and `.yaml`, `.json`, …),
/// less the ones found (or not looked for): the missing ones are made into paths only when asked
/// for.
struct MissingCandidates: Sendable {
    let prefix: String
    let suffixes: [String]
    /// The positions in ``suffixes`` of the candidates left out: none or a few.
    private var excluded: [Int] = []

    init(prefix: String, suffixes: [String]) {
        self.prefix = prefix
        self.suffixes = suffixes
    }

    /// The candidate path at a position.
    func path(at position: Int) -> String {
        String.concatenated(prefix, suffixes[position])
    }

    /// Leaves the candidate at a position out of the missing paths: it was found, or not
    /// looked for.
    mutating func exclude(_ position: Int) {
        excluded.append(position)
    }

    /// Whether any candidate is missing.
    var hasMissing: Bool {
        suffixes.indices.contains { !excluded.contains($0) }
    }

    /// Calls `body` with each missing candidate's path, in order.
    func forEachPath(_ body: (String) -> Void) {
        for position in suffixes.indices where !excluded.contains(position) {
            body(path(at: position))
        }
    }
}
