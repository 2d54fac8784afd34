/// What a theme file that holds design tokens is told: a `.json` theme (or `.yaml`, `.json5`)
/// whose top-level keys are no theme's but groups of tokens, as Terrazzo's default
/// `tokens.json` and Style Dictionary's `color.json` are. Only the compound extension makes a
/// token file (docs/SPEC.md, section 11, "Design tokens are theme sources"), so such a file is
/// read as a theme and each group is an `unknown-key` error; the first of them says what the
/// file is and the name to give it.
enum TokenFileHint {
    /// The most nodes looked at under one key: enough for the first token of any real group.
    private static let budget = 256
    /// The keys an older-form token may have beside `value` (Style Dictionary's).
    private static let olderFormKeys: Set<String> = ["value", "type", "description", "comment", "attributes"]

    /// The note for an unknown top-level `key` of `file` whose value holds a token; `nil`
    /// when it holds none within the first nodes.
    static func note(forKey key: String, value: DocumentNode, file: String) -> String? {
        var visited = 0
        guard let token = tokenPath(in: value, path: [key], visited: &visited) else { return nil }
        let name = BundleLocator.lastComponent(file)
        let fileExtension = FormatRegistry.fileExtension(ofPath: name)
        let what: String
        switch fileExtension {
        case let known? where ["json", "yaml", "yml", "json5"].contains(known):
            what = "only a name ending in .tokens.\(known) makes a token file of it: rename it \(name.dropLast(known.count + 1)).tokens.\(known) to read it so"
        default:
            what = "a token file's name ends in .tokens.json, .tokens.yaml or .tokens.json5"
        }
        return "; the file looks like design tokens (\(token.joined(separator: ".")) is a token), and \(what)"
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
