/// What a file whose content is of another kind than its name says is told: only a name makes
/// a token file or a resolver document (docs/SPEC.md, section 11, "Design tokens are theme
/// sources"), so such a file is read as its name says and its keys are errors there; the first
/// of those errors says what the file is and the name to give it.
enum FileKindHint {
    /// The most nodes looked at under one key: enough for the first token of any real group.
    private static let budget = 256
    /// The keys an older-form token may have beside `value` (Style Dictionary's).
    private static let olderFormKeys: Set<String> = ["value", "type", "description", "comment", "attributes"]
    /// The ends of the names of token files, longest first.
    private static let tokenFileSuffixes = [".tokens.json5", ".tokens.json", ".tokens.yaml", ".tokens.yml", ".tokens"]

    /// For a theme file (`.json`, `.yaml`, `.json5`) whose top-level keys are no theme's but
    /// groups of tokens, as Terrazzo's default `tokens.json` and Style Dictionary's `color.json`
    /// are: the note for its unknown top-level `key` when that holds a token, else `nil`.
    static func tokensInTheme(forKey key: String, value: DocumentNode, file: String) -> String? {
        var visited = 0
        guard let token = tokenPath(in: value, path: [key], visited: &visited) else { return nil }
        let name = BundleLocator.lastComponent(file)
        let what: String
        switch FormatRegistry.fileExtension(ofPath: name) {
        case let known? where ["json", "yaml", "yml", "json5"].contains(known):
            what = "only a name ending in .tokens.\(known) makes a token file of it: rename it \(name.dropLast(known.count + 1)).tokens.\(known) to read it so"
        default:
            what = "a token file's name ends in .tokens.json, .tokens.yaml or .tokens.json5"
        }
        return "; the file looks like design tokens (\(token.joined(separator: ".")) is a token), and \(what)"
    }

    /// For a token file with `resolutionOrder` at its top, which is a resolver document
    /// (Terrazzo's import from Figma writes one so): the note for that key's error.
    static func resolverInTokenFile(_ file: String) -> String {
        var stem = BundleLocator.lastComponent(file)
        if let suffix = tokenFileSuffixes.first(where: { stem.lowercased().hasSuffix($0) }) {
            stem.removeLast(suffix.count)
        } else if let fileExtension = FormatRegistry.fileExtension(ofPath: stem) {
            stem.removeLast(fileExtension.count + 1)
        }
        return "; a file with resolutionOrder is a resolver document, which is read as one when its name ends in .resolver.json: rename it \(stem).resolver.json"
    }

    /// The path of the first map under `node` that is a token (it has `$value`, or Style
    /// Dictionary's `value` among token properties alone), looking at no more than
    /// ``budget`` nodes.
    private static func tokenPath(in node: DocumentNode, path: [String], visited: inout Int) -> [String]? {
        guard case .map(let entries) = node.value else { return nil }
        visited += 1
        if entries.contains(where: { $0.key == "$value" }) { return path }
        if path.count > 1, entries.contains(where: { $0.key == "value" }), entries.allSatisfy({ olderFormKeys.contains($0.key) }) { return path }
        for entry in entries where visited < budget {
            if let found = tokenPath(in: entry.value, path: path + [entry.key], visited: &visited) { return found }
        }
        return nil
    }
}
