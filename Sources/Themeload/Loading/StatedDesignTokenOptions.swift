/// The design-token options a theme's manifest states for itself (`designTokens:`, docs/SPEC.md
/// section 11, "A theme's own design-token options"): the points of a `rem` and the contexts
/// of a resolver's modifiers that its token files are read with, whatever loads it (an app's
/// ``ThemeLoader``, the tool, the build plugins).
///
/// In a chain of themes the nearest statement wins, option by option (a child's over its
/// parent's); a statement wins over the loader's ``DesignTokenOptions``, which stay for what no
/// manifest says.
struct StatedDesignTokenOptions {
    /// A stated value and where: the diagnostics about it point there (about its key, at the
    /// key).
    struct Stated<Value> {
        var value: Value
        var location: SourceLocation
        var keyLocation: SourceLocation
        var keyPath: DocumentPath
    }

    static let key = "designTokens"
    static let remSizeKey = "remSize"
    static let modifierContextsKey = "modifierContexts"

    var remSize: Stated<Double>?
    /// By modifier name.
    var modifierContexts: [String: Stated<String>] = [:]

    init() {}

    /// Reads a manifest's `designTokens` map; what is wrong in it is reported and left out.
    init(_ node: DocumentNode, diagnostics: inout DiagnosticCollector) {
        let path = DocumentPath(keys: Self.key)
        guard case .map(let entries) = node.value else {
            diagnostics.error(.type, "designTokens must be a map of remSize and modifierContexts, not \(node.value.kindDescription)", at: node.location, keyPath: path)
            return
        }
        for entry in entries {
            let entryPath = path.appending(entry.key)
            switch entry.key {
            case Self.remSizeKey:
                guard let points = entry.value.value.number, points.isFinite, points > 0 else {
                    diagnostics.error(.type, "designTokens.remSize is the points of a rem, a number greater than 0, not \(entry.value.value.summary)",
                                      at: entry.value.location, keyPath: entryPath)
                    continue
                }
                remSize = Stated(value: points, location: entry.value.location, keyLocation: entry.keyLocation, keyPath: entryPath)
            case Self.modifierContextsKey:
                guard case .map(let choices) = entry.value.value else {
                    diagnostics.error(.type, "designTokens.modifierContexts maps a resolver modifier's name to the context to read, not \(entry.value.value.kindDescription)",
                                      at: entry.value.location, keyPath: entryPath)
                    continue
                }
                for choice in choices {
                    let choicePath = entryPath.appending(choice.key)
                    guard case .string(let context) = choice.value.value, !context.isEmpty else {
                        diagnostics.error(.type, "the context of the modifier \"\(choice.key)\" is a context's name, not \(choice.value.value.summary)",
                                          at: choice.value.location, keyPath: choicePath)
                        continue
                    }
                    modifierContexts[choice.key] = Stated(value: context, location: choice.value.location, keyLocation: choice.keyLocation, keyPath: choicePath)
                }
            default:
                let known = [Self.remSizeKey, Self.modifierContextsKey]
                diagnostics.error(.unknownKey, "unknown key \"\(entry.key)\" in designTokens (it has \(known.joined(separator: " and ")))"
                                  + Suggestion.phrase(for: entry.key, among: known), at: entry.keyLocation, keyPath: entryPath)
            }
        }
    }

    /// Who chose a modifier's context, for the diagnostics of a resolver document or a Tokens
    /// Studio document that has no such modifier or context: the manifest that `stated` it, else
    /// the loader.
    static func chooser(of stated: Stated<String>?) -> String {
        stated == nil ? "the loader chooses" : "the theme's designTokens.modifierContexts chooses"
    }

    /// The warning for a `choice` of the modifier (or Tokens Studio group) whose `members`
    /// (contexts, or themes) are the theme's `styles`: every one of them is read as a style, so
    /// choosing one changes nothing, and the app picks the style it shows.
    static func unusedStyleChoice(chooser: String, choice: String, members: String, styles: [String]) -> String {
        "\(chooser) \(choice), whose \(members) are the theme's styles (\(styles.joined(separator: ", "))): each is read as its style, "
            + "so the choice is not used; an app shows one with ThemeManager.setStyle(_:) or a StyleMapping"
    }

    /// Takes what an ancestor's manifest states where this (its descendants' statements, read
    /// first) states nothing.
    mutating func inherit(_ ancestor: StatedDesignTokenOptions) {
        if remSize == nil { remSize = ancestor.remSize }
        modifierContexts.merge(ancestor.modifierContexts) { descendant, _ in descendant }
    }

    /// The loader's options with these stated over them.
    func applied(to options: DesignTokenOptions) -> DesignTokenOptions {
        var result = options
        if let remSize { result.remSize = remSize.value }
        for (modifier, context) in modifierContexts { result.modifierContexts[modifier] = context.value }
        return result
    }
}
