/// A token's values for other styles kept beside its `$value` in an extension:
///
/// - GitHub Primer's `$extensions["org.primer.overrides"]` (its ADR "Token overrides"), a map
///   from a theme's name to the value it takes there:
///
///   ```json5
///   {bgColor: {muted: {$value: '{base.color.neutral.1}', $type: 'color',
///     $extensions: {'org.primer.overrides': {
///       dark: '{base.color.neutral.2}',
///       'dark-dimmed': {$value: '{base.color.neutral.3}', alpha: 0.5}}}}}}
///   ```
///
///   An override is the token's `$value` in that style, or, written as a map of token
///   properties (`$value`, `alpha`, `$description`, … : its keys start with `$` or are
///   `alpha`), those properties laid over the token's, as Primer's `themeOverrides`
///   preprocessor does.
/// - Terrazzo's (Cobalt UI's) modes, `$extensions.mode`, a map from a mode's name to the
///   token's whole `$value` in that mode, which its Swift plugin makes an asset catalog's
///   appearances (`dark`) and its CSS plugin a selector's variables:
///
///   ```json
///   {"blue": {"1": {"$value": "#fbfdff", "$extensions": {"mode": {"light": "#fbfdff", "dark": "#0d1520"}}}}}
///   ```
///
///   A `mode` that is no map is another tool's and is not read.
///
/// `$value` is the value of every style neither names. Sources are rewritten for one style
/// before anything else reads them, so an alias to an overridden token takes that style's value,
/// as in Primer's build and Terrazzo's, and every override is checked where it is written.
enum TokenStyleOverrides {
    /// Primer's extension's key in a token's `$extensions`.
    static let extensionKey = "org.primer.overrides"
    /// Terrazzo's modes' key in a token's `$extensions`.
    static let modesKey = "mode"

    /// The style names a token's `$extensions` gives values for, each with where it is written
    /// (none when it has no overrides). Primer's extension that is not a map is a warning, and
    /// ignored: it is a tool's extension, which DTCG says to ignore when not understood.
    /// `keyPath` is the `$extensions` entry's.
    static func styles(inExtensions extensions: DocumentNode, keyPath: @autoclosure () -> DocumentPath,
                       diagnostics: inout DiagnosticCollector) -> [(name: String, location: SourceLocation)] {
        guard case .map(let entries) = extensions.value else { return [] }
        var styles: [(name: String, location: SourceLocation)] = []
        if let position = entries.firstIndex(where: { $0.key == extensionKey }) {
            if case .map(let overrides) = entries[position].value.value {
                styles = overrides.map { ($0.key, $0.keyLocation) }
            } else {
                diagnostics.warning(.type, "\(extensionKey) holds a map from a style's name to the token's value there, not \(entries[position].value.value.kindDescription); ignored",
                                    at: entries[position].value.location, keyPath: keyPath().appending(extensionKey))
            }
        }
        if let position = entries.firstIndex(where: { $0.key == modesKey }), case .map(let modes) = entries[position].value.value {
            styles += modes.map { ($0.key, $0.keyLocation) }
        }
        return styles
    }

    /// `sources` as they read in a style: each token whose overrides name one of `styles` (the
    /// style, then its fallbacks) takes the first one's value; the nodes themselves where none
    /// does (one walk, copying a map only where something under it changed).
    static func sources(_ sources: [DocumentNode], for styles: [String]) -> [DocumentNode] {
        sources.map { rewritten($0, for: styles) ?? $0 }
    }

    /// A group with its tokens read in a style, or `nil` when none changes.
    private static func rewritten(_ group: DocumentNode, for styles: [String]) -> DocumentNode? {
        guard case .map(let entries) = group.value else { return nil }
        var changed: [DocumentEntry]?
        for position in entries.indices {
            let key = entries[position].key
            // A group's own properties (its `$extensions` among them) hold no tokens; `$root` is
            // the group's token.
            if key.utf8.first == UInt8(ascii: "$"), key != "$root" { continue }
            let child = entries[position].value
            let replacement = TokenTree.isToken(child, legacy: false) ? token(child, for: styles) : rewritten(child, for: styles)
            guard let replacement else { continue }
            if changed == nil { changed = entries }
            changed![position].value = replacement
        }
        return changed.map { DocumentNode(.map($0), at: group.location) }
    }

    /// A token as it reads in a style, or `nil` when its overrides name none of `styles`. At
    /// each style in turn, Primer's override is taken before Terrazzo's mode.
    private static func token(_ token: DocumentNode, for styles: [String]) -> DocumentNode? {
        guard case .map(var entries) = token.value, let extensions = token["$extensions"] else { return nil }
        let overrides: [DocumentEntry] = if case .map(let found)? = extensions[extensionKey]?.value { found } else { [] }
        let modes: [DocumentEntry] = if case .map(let found)? = extensions[modesKey]?.value { found } else { [] }
        guard !overrides.isEmpty || !modes.isEmpty else { return nil }
        var override: DocumentEntry?
        var isMode = false
        for style in styles {
            if let found = overrides.first(where: { $0.key == style }) {
                override = found
            } else if let found = modes.first(where: { $0.key == style }) {
                (override, isMode) = (found, true)
            }
            if override != nil { break }
        }
        guard let override else { return nil }
        if !isMode, case .map(let properties) = override.value.value, properties.allSatisfy({ $0.key.utf8.first == UInt8(ascii: "$") || $0.key == "alpha" }) {
            // Primer's form with properties: each replaces the token's of its name, or is added.
            for property in properties {
                if let position = entries.firstIndex(where: { $0.key == property.key }) {
                    entries[position] = property
                } else {
                    entries.append(property)
                }
            }
        } else if let position = entries.firstIndex(where: { $0.key == "$value" }) {
            entries[position].value = override.value
        }
        return DocumentNode(.map(entries), at: token.location)
    }
}
