/// The token sets a style of a theme leaves out, for the error of an alias that points at no
/// token: when one of them holds that token, the error names the set and says how to take it in.
/// They are a resolver document's sets that its `resolutionOrder` never reaches
/// (``TokenResolverDocument/unlistedSets``), or the sets of a Tokens Studio export that a theme
/// does not use (``TokensStudioDocument/leftOutSets``).
///
/// The sets are read only when an alias first misses, and quietly: a set the theme does not use
/// is not the theme's to report on.
final class LeftOutTokenSets {
    private let names: [String]
    /// Each set's token documents, in ``names`` order; asked once, at the first miss.
    private let load: () -> [[DocumentNode]]
    /// What the error adds after "the set "NAME" has it, but", for a set's name.
    private let advice: (String) -> String
    private var documents: [[DocumentNode]]?

    init(names: [String], advice: @escaping (String) -> String, load: @escaping () -> [[DocumentNode]]) {
        self.names = names
        self.advice = advice
        self.load = load
    }

    /// What the error of an alias to `key` (`group.token`, as an alias writes it) adds when a
    /// left-out set has that token (the first such, in the sets' order); `nil` when none has.
    func note(forMissing key: String) -> String? {
        if documents == nil { documents = load() }
        let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (name, sets) in zip(names, documents ?? []) where sets.contains(where: { Self.hasToken(at: path, in: $0) }) {
            return "; the set \"\(name)\" has it, but \(advice(name))"
        }
        return nil
    }

    /// Whether the group path `names` leads to a token (a map with `$value`, or `value` in the
    /// older form) in `document`.
    static func hasToken(at names: [String], in document: DocumentNode) -> Bool {
        var node = document
        for name in names {
            guard let child = node[name] else { return false }
            node = child
        }
        return node["$value"] != nil || node["value"] != nil
    }
}
