/// Tells a Tokens Studio export written before the plugin had `$themes` and `$metadata` from a
/// token file of the older form: both are maps of groups of `value`/`type` tokens, but the
/// export's top-level groups are token sets (`global`, `light`, `dark`), and its aliases name
/// tokens without their set (`{spacing.xs}` for `global.spacing.xs`), as the plugin merges the
/// sets before reading them. The aliases decide: the document is read as sets when more of them
/// name a token that way than as written. (The plugin's own starter file of that time, and
/// exports such as Reby's and Arduino's, are such documents.)
enum UndeclaredTokenSets {
    /// Whether `document`, which has neither `$themes` nor `$metadata`, is such an export: a map
    /// of groups, none a token, in the older form (no `$value` anywhere), whose aliases, braced
    /// or the plugin's `$group.token`, whole or inside text, name tokens of its sets more often
    /// than tokens at the paths they write.
    static func areSets(_ document: DocumentNode) -> Bool {
        guard case .map(let entries) = document.value, !entries.isEmpty else { return false }
        // First the walk, which stops at the first `$value`: a DTCG file, the most common,
        // is told at its first token, before its groups are searched for `value`.
        var aliases: [[String]] = []
        guard collectAliases(in: document, into: &aliases),
              entries.allSatisfy({ entry in
                  if case .map = entry.value.value { !TokenTree.isToken(entry.value, legacy: true) } else { false }
              }) else { return false }
        var asWritten = 0, asSets = 0
        for names in aliases {
            if LeftOutTokenSets.hasToken(at: names, in: document) { asWritten += 1 }
            if entries.contains(where: { LeftOutTokenSets.hasToken(at: names, in: $0.value) }) { asSets += 1 }
        }
        return asSets > asWritten
    }

    /// Adds the names of every alias in the strings under `node` to `aliases`; `false` when the
    /// document is in DTCG's form (a `$value` is in it), which this reading is not for.
    private static func collectAliases(in node: DocumentNode, into aliases: inout [[String]]) -> Bool {
        switch node.value {
        case .string(let text):
            let braced = TokensStudioDollarAlias.braced(text) ?? text
            var rest = Substring(braced)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if var names = DesignTokenAlias.path(in: String(rest[open...close])) {
                    // The older form lets an alias end in `.value`.
                    if names.count > 1, names.last == "value" { names.removeLast() }
                    aliases.append(names)
                }
                rest = rest[rest.index(after: close)...]
            }
            return true
        case .map(let entries):
            for entry in entries {
                if entry.key == "$value" { return false }
                guard collectAliases(in: entry.value, into: &aliases) else { return false }
            }
            return true
        case .list(let items):
            return items.allSatisfy { collectAliases(in: $0, into: &aliases) }
        default:
            return true
        }
    }
}
