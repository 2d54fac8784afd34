/// The sets a resolver document defines but its `resolutionOrder` never reaches
/// (``TokenResolverDocument/unlistedSets``), for the error of an alias that points at no token:
/// when one of them holds that token, the error names the set to add.
///
/// The sets' files are read only when an alias first misses, once for every style, and
/// quietly: a set the theme does not use is not the theme's to report on.
final class UnlistedTokenSets {
    private let sets: [(name: String, sources: [TokenResolverDocument.Source])]
    /// A token file by its path as a source writes it; `nil` where it cannot be read.
    private let readFile: (String) -> DocumentNode?
    /// Each set's token documents, read at the first question.
    private var documents: [(name: String, documents: [DocumentNode])]?

    init(_ sets: [(name: String, sources: [TokenResolverDocument.Source])], readFile: @escaping (String) -> DocumentNode?) {
        self.sets = sets
        self.readFile = readFile
    }

    /// The first set (in the document's order) with a token at `key` (`group.token`, as an
    /// alias writes it).
    func set(holding key: String) -> String? {
        if documents == nil { documents = sets.map { ($0.name, $0.sources.compactMap(document)) } }
        let names = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for set in documents ?? [] where set.documents.contains(where: { Self.hasToken(at: names, in: $0) }) {
            return set.name
        }
        return nil
    }

    private func document(_ source: TokenResolverDocument.Source) -> DocumentNode? {
        switch source {
        case .inline(let node):
            return node
        case .file(let path, let pointer, _, _):
            guard let file = readFile(path) else { return nil }
            guard let pointer else { return file }
            return TokenTree.node(atPointer: pointer, in: file)
        }
    }

    /// Whether the group path `names` leads to a token (a map with `$value`, or `value` in the
    /// older form) in `document`.
    private static func hasToken(at names: [String], in document: DocumentNode) -> Bool {
        var node = document
        for name in names {
            guard let child = node[name] else { return false }
            node = child
        }
        return node["$value"] != nil || node["value"] != nil
    }
}
