/// Candidate paths that share a prefix (`Themes/Moments.theme/theme` and `.yaml`, `.json`, …),
/// with which of them were found: the missing ones are made into paths only when asked for.
struct MissingCandidates: Sendable {
    let prefix: String
    let suffixes: [String]
    /// The positions in ``suffixes`` of the candidates found: none or a few.
    private var found: [Int] = []

    init(prefix: String, suffixes: [String]) {
        self.prefix = prefix
        self.suffixes = suffixes
    }

    /// The candidate path at a position.
    func path(at position: Int) -> String {
        String.concatenated(prefix, suffixes[position])
    }

    /// Notes the candidate at a position as found, not missing.
    mutating func markFound(_ position: Int) {
        found.append(position)
    }

    /// Whether any candidate is missing.
    var hasMissing: Bool {
        suffixes.indices.contains { !found.contains($0) }
    }

    /// Calls `body` with each missing candidate's path, in order.
    func forEachPath(_ body: (String) -> Void) {
        for position in suffixes.indices where !found.contains(position) {
            body(path(at: position))
        }
    }
}
