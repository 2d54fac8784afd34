/// A DTCG resolver document (Resolver module 2025.10) read into what a theme needs: for each of
/// its styles, the token sources to merge in order.
///
/// The contexts of the modifier named `theme` (any case; else the first modifier of
/// `resolutionOrder`) are the styles, in order, the first the fallback. Every other modifier
/// contributes the context ``DesignTokenOptions/modifierContexts`` names, else its `default`,
/// else its first. Sets and modifiers are taken from `resolutionOrder`, by reference
/// (`{"$ref": "#/sets/NAME"}`) or inline (`{"type": "set", "name": …}`); a source is a token
/// file relative to the resolver (`{"$ref": "base/color.tokens.json"}`, optionally with a
/// `#/pointer` into it), a set (`{"$ref": "#/sets/NAME"}`), tokens elsewhere in the document
/// (`{"$ref": "#/$defs/base.json"}`, the module's bundling with `$defs`), or inline tokens. Keys
/// written beside a `$ref` replace the tokens' top-level entries of their names (the module's
/// "Extending", shallowly).
struct TokenResolverDocument {
    /// Where tokens come from.
    enum Source {
        /// A token file, or the part of it `pointer` names, with the entries written beside its
        /// `$ref` (``extended(_:by:)``).
        case file(path: String, pointer: String?, overrides: [DocumentEntry], location: SourceLocation, keyPath: DocumentPath)
        case inline(DocumentNode)

        /// Where the source is named, for its problems.
        var place: (location: SourceLocation, keyPath: DocumentPath?) {
            switch self {
            case .file(_, _, _, let location, let keyPath): (location, keyPath)
            case .inline(let node): (node.location, nil)
            }
        }
    }

    /// The only version of the Resolver module there is.
    static let version = "2025.10"
    /// `$defs` holds what sources point at, if anything (the module says to accept it).
    static let rootKeys: Set<String> = ["name", "version", "description", "sets", "modifiers", "resolutionOrder", "$schema", "$extensions", "$defs"]

    var name: String?
    /// The style modifier's contexts, each with where it is named (its context's key; the
    /// document, for the styles of Themeload's own extension), so a problem with a style's name
    /// is reported there; empty when the document has no modifier.
    var styles: [(name: String, location: SourceLocation)] = []
    /// The sources of each style in ``styles`` order (one list when there are no styles).
    var sources: [[Source]] = []
    /// The sets `resolutionOrder` never reaches (neither names, nor through a context of a
    /// modifier it names, nor through another set), in the document's order, each with its own
    /// token files and inline tokens: where an alias points at no token, one of them may hold
    /// it (see ``LeftOutTokenSets``).
    private(set) var unlistedSets: [(name: String, sources: [Source])] = []

    private struct Modifier {
        var name: String
        var contexts: [(name: String, sources: [DocumentNode], keyPath: DocumentPath, location: SourceLocation)]
        var defaultContext: String?
    }

    private enum Item {
        case set(sources: [DocumentNode], keyPath: DocumentPath)
        case modifier(Modifier)
    }

    private var sets: [String: (sources: [DocumentNode], keyPath: DocumentPath)] = [:]
    /// The sources set references add to the styles' lists (a set of `n` sources named in
    /// place adds `n - 1`), bounded as aliases are: sets that name a set more than once grow
    /// at each step.
    private var expansion: ExpansionBudget
    /// The document's own nodes, for the bound.
    private let ownNodes: () -> Int
    /// The document, which sources may point into (`#/$defs/…`).
    private let root: DocumentNode

    /// Reads the document; `nil` when it is too broken to give a theme (the reasons are in
    /// `diagnostics`).
    ///
    /// `limits` bounds what set references add to the styles' lists of sources
    /// (``Limits/maxAliasExpandedNodes``, ``Limits/maxAliasExpansionRatio``).
    init?(_ document: DocumentNode, options: DesignTokenOptions, limits: Limits = .default,
          statedContexts: [String: StatedDesignTokenOptions.Stated<String>] = [:], diagnostics: inout DiagnosticCollector) {
        expansion = ExpansionBudget(limits: limits)
        ownNodes = { document.nodeCount }
        root = document
        guard case .map(let entries) = document.value else {
            diagnostics.error(.type, "a resolver document holds a map at the top, not \(document.value.kindDescription)", at: document.location)
            return nil
        }
        let errorsBefore = diagnostics.errorCount
        for entry in entries where !Self.rootKeys.contains(entry.key) {
            diagnostics.error(.unknownKey, "unknown key \"\(entry.key)\" in a resolver document" + Suggestion.phrase(for: entry.key, among: Self.rootKeys.sorted()),
                              at: entry.keyLocation, keyPath: DocumentPath(keys: entry.key))
        }
        switch document["version"] {
        case nil:
            // The module requires it, but the reports' own examples leave it out: read as 2025.10.
            diagnostics.warning(.type, "a resolver document should say its version, \"version\": \"\(Self.version)\"; read as \(Self.version)", at: document.location)
        case let node? where node.value.string != Self.version:
            diagnostics.error(.unsupportedFormat, "this loader reads resolver documents of version \"\(Self.version)\", not \(node.value.kindDescription == "a string" ? "\"\(node.value.string!)\"" : node.value.kindDescription)",
                              at: node.location, keyPath: "version")
        default: break
        }
        name = document["name"]?.value.string
        var modifiers: [String: Modifier] = [:]
        var setOrder: [String] = []
        if let setsNode = document["sets"] {
            for entry in Self.mapEntries(setsNode, what: "sets", keyPath: "sets", diagnostics: &diagnostics) {
                let keyPath = DocumentPath(keys: "sets", entry.key)
                if let sources = Self.sourceList(entry.value["sources"], owner: entry.value, keyPath: keyPath.appending("sources"), diagnostics: &diagnostics) {
                    sets[entry.key] = (sources, keyPath)
                    setOrder.append(entry.key)
                }
            }
        }
        if let modifiersNode = document["modifiers"] {
            for entry in Self.mapEntries(modifiersNode, what: "modifiers", keyPath: "modifiers", diagnostics: &diagnostics) {
                if let modifier = Self.modifier(entry.value, name: entry.key, keyPath: DocumentPath(keys: "modifiers", entry.key), diagnostics: &diagnostics) {
                    modifiers[entry.key] = modifier
                }
            }
        }
        guard let orderNode = document["resolutionOrder"] else {
            diagnostics.error(.type, "a resolver document needs a resolutionOrder: the sets and modifiers to merge, in order", at: document.location)
            return nil
        }
        guard case .list(let orderItems) = orderNode.value else {
            diagnostics.error(.type, "resolutionOrder is a list, not \(orderNode.value.kindDescription)", at: orderNode.location, keyPath: "resolutionOrder")
            return nil
        }
        var items: [Item] = []
        var inlineNames: Set<String> = []
        // The sets resolutionOrder names itself.
        var listedSets: Set<String> = []
        for (index, itemNode) in orderItems.enumerated() {
            let keyPath = DocumentPath(keys: "resolutionOrder").appending(index: index)
            if let pointer = TokenTree.reference(itemNode) {
                if pointer.hasPrefix("#/sets/"), let set = sets[String(pointer.dropFirst(7))] {
                    items.append(.set(sources: set.sources, keyPath: set.keyPath))
                    listedSets.insert(String(pointer.dropFirst(7)))
                } else if pointer.hasPrefix("#/modifiers/"), let modifier = modifiers[String(pointer.dropFirst(12))] {
                    items.append(.modifier(modifier))
                } else {
                    diagnostics.error(.unknownReference, "resolutionOrder refers to \"\(pointer)\", which is no set or modifier of this document", at: itemNode.location, keyPath: keyPath)
                }
                continue
            }
            guard let type = itemNode["type"]?.value.string, let itemName = itemNode["name"]?.value.string else {
                diagnostics.error(.type, "an inline entry of resolutionOrder needs a \"type\" (\"set\" or \"modifier\") and a \"name\"", at: itemNode.location, keyPath: keyPath)
                continue
            }
            guard inlineNames.insert(itemName).inserted else {
                diagnostics.error(.duplicateKey, "the name \"\(itemName)\" is used twice in resolutionOrder", at: itemNode.location, keyPath: keyPath.appending("name"))
                continue
            }
            switch type {
            case "set":
                if let sources = Self.sourceList(itemNode["sources"], owner: itemNode, keyPath: keyPath.appending("sources"), diagnostics: &diagnostics) {
                    items.append(.set(sources: sources, keyPath: keyPath))
                }
            case "modifier":
                if let modifier = Self.modifier(itemNode, name: itemName, keyPath: keyPath, diagnostics: &diagnostics) {
                    items.append(.modifier(modifier))
                }
            default:
                diagnostics.error(.type, "the type of an inline entry is \"set\" or \"modifier\", not \"\(type)\"", at: itemNode["type"]!.location, keyPath: keyPath.appending("type"))
            }
        }
        let modifiersInOrder = items.compactMap { if case .modifier(let modifier) = $0 { modifier } else { nil } }
        let styleModifier = modifiersInOrder.first(where: { $0.name.lowercased() == "theme" }) ?? modifiersInOrder.first
        for (name, context) in options.modifierContexts.sorted(by: { $0.key < $1.key }) {
            // A theme's manifest that states the choice is where it is reported; the loader's
            // own is reported at the document.
            let stated = statedContexts[name]
            let chooser = StatedDesignTokenOptions.chooser(of: stated)
            guard let modifier = modifiersInOrder.first(where: { $0.name == name }) else {
                diagnostics.error(.unknownKey, "\(chooser) the context \"\(context)\" of a modifier \"\(name)\", which resolutionOrder does not have"
                                  + Suggestion.phrase(for: name, among: modifiersInOrder.map(\.name)), at: stated?.keyLocation ?? document.location, keyPath: stated?.keyPath)
                continue
            }
            if !modifier.contexts.contains(where: { $0.name == context }) {
                diagnostics.error(.unknownStyle, "the modifier \"\(name)\" has no context \"\(context)\" (it has \(modifier.contexts.map(\.name).joined(separator: ", ")))"
                                  + Suggestion.phrase(for: context, among: modifier.contexts.map(\.name)), at: stated?.location ?? document.location, keyPath: stated?.keyPath)
            } else if modifier.name == styleModifier?.name {
                diagnostics.warning(.unknownKey, StatedDesignTokenOptions.unusedStyleChoice(chooser: chooser, choice: "the context \"\(context)\" of the modifier \"\(name)\"", members: "contexts",
                                                                                             styles: modifier.contexts.map(\.name)),
                                    at: stated?.keyLocation ?? document.location, keyPath: stated?.keyPath)
            }
        }
        styles = styleModifier?.contexts.map { ($0.name, $0.location) } ?? []
        // Themeload's own export names the one style of a single-style theme here, as a
        // modifier needs two contexts.
        if styles.isEmpty, case .list(let names)? = document["$extensions"]?[DesignTokenExport.extensionKey]?["styles"]?.value {
            styles = names.compactMap { node in node.value.string.map { (name: $0, location: node.location) } }
        }
        for style in styles.isEmpty ? [nil] : styles.map({ Optional.some($0.name) }) {
            var list: [Source] = []
            for item in items {
                switch item {
                case .set(let sources, let keyPath):
                    list += expand(sources, keyPath: keyPath.appending("sources"), diagnostics: &diagnostics)
                case .modifier(let modifier):
                    let chosen = modifier.name == styleModifier?.name ? style
                        : options.modifierContexts[modifier.name] ?? modifier.defaultContext ?? modifier.contexts.first?.name
                    if let context = modifier.contexts.first(where: { $0.name == chosen }) {
                        list += expand(context.sources, keyPath: context.keyPath, diagnostics: &diagnostics)
                    }
                }
            }
            sources.append(list)
        }
        let errorsAfter = diagnostics.errorCount
        if errorsAfter > errorsBefore { return nil }
        let reached = reachedSets(from: items, listed: listedSets)
        for name in setOrder where !reached.contains(name) {
            guard let set = sets[name] else { continue }
            // Its own files and inline tokens; the sets it names are looked at on their own.
            var own: [Source] = []
            for (index, node) in set.sources.enumerated() {
                switch Self.reference(ofSource: node) {
                case nil: own.append(.inline(node))
                case let (reference, overrides)? where !reference.hasPrefix("#"):
                    own.append(Self.fileSource(reference, overrides: overrides, at: node.location, keyPath: set.keyPath.appending("sources").appending(index: index)))
                default: break
                }
            }
            unlistedSets.append((name, own))
        }
    }

    /// The sets `listed` in resolutionOrder, with every set a source reaches from them or from
    /// any context of a modifier in `items` (chosen or not).
    private func reachedSets(from items: [Item], listed: Set<String>) -> Set<String> {
        var reached = listed
        var pending: [[DocumentNode]] = items.flatMap { item -> [[DocumentNode]] in
            switch item {
            case .set(let sources, _): [sources]
            case .modifier(let modifier): modifier.contexts.map(\.sources)
            }
        }
        while let nodes = pending.popLast() {
            for node in nodes {
                guard let (written, _) = Self.reference(ofSource: node) else { continue }
                let reference = Self.pointer(written)
                guard reference.hasPrefix("#/sets/") else { continue }
                let name = String(reference.dropFirst(7))
                if let set = sets[name], reached.insert(name).inserted { pending.append(set.sources) }
            }
        }
        return reached
    }

    /// A source naming a token file (`path`, or `path#/pointer` into it), with the entries
    /// written beside its `$ref`.
    private static func fileSource(_ reference: String, overrides: [DocumentEntry], at location: SourceLocation, keyPath: DocumentPath) -> Source {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        return .file(path: String(parts[0]), pointer: parts.count == 2 ? pointer("#" + parts[1]) : nil, overrides: overrides, location: location, keyPath: keyPath)
    }

    /// A reference's fragment as a JSON Pointer: `#light` is `#/light`, as the module's own
    /// example of a reference object writes `example.json#sets/MySet` ("only a part of
    /// example.json: sets/MySet"), and as Terrazzo reads `modes.json#light`.
    static func pointer(_ fragment: String) -> String {
        guard fragment.hasPrefix("#"), fragment.count > 1, !fragment.dropFirst().hasPrefix("/") else { return fragment }
        return "#/" + fragment.dropFirst()
    }

    /// The reference a source is (a map with a string `$ref`), and the entries written beside
    /// it; `nil` for inline tokens.
    static func reference(ofSource node: DocumentNode) -> (reference: String, overrides: [DocumentEntry])? {
        guard case .map(var entries) = node.value, let position = entries.firstIndex(where: { $0.key == "$ref" }),
              let reference = entries[position].value.value.string else { return nil }
        entries.remove(at: position)
        return (reference, entries)
    }

    /// Why a file source gives no tokens (``tokens(inFile:pointer:overrides:)``).
    enum FileSourceProblem: Error {
        /// Its pointer names nothing in the file.
        case pointsAtNothing
        /// Entries are written beside its `$ref`, and what it names is this node, no map.
        case notExtensible(DocumentNode)
    }

    /// The tokens a file source names in its parsed `file`: the part its `pointer` names, with
    /// the entries written beside its `$ref` laid over them (``extended(_:by:)``).
    static func tokens(inFile file: DocumentNode, pointer: String?, overrides: [DocumentEntry]) -> Result<DocumentNode, FileSourceProblem> {
        var node = file
        if let pointer {
            guard let part = TokenTree.node(atPointer: pointer, in: file) else { return .failure(.pointsAtNothing) }
            node = part
        }
        guard !overrides.isEmpty else { return .success(node) }
        return extended(node, by: overrides).map { .success($0) } ?? .failure(.notExtensible(node))
    }

    /// Tokens with the entries written beside the `$ref` that names them laid over their
    /// top-level entries, each replacing the one of its name whole or added after them: the
    /// module's "Extending", which flattens shallowly. `nil` when the tokens are no map.
    static func extended(_ tokens: DocumentNode, by overrides: [DocumentEntry]) -> DocumentNode? {
        guard case .map(var entries) = tokens.value else { return nil }
        for override in overrides {
            if let position = entries.firstIndex(where: { $0.key == override.key }) {
                entries[position] = override
            } else {
                entries.append(override)
            }
        }
        return DocumentNode(.map(entries), at: tokens.location)
    }

    /// Sources with set references replaced by the sets' own sources, and references into the
    /// document by the tokens they point at.
    private mutating func expand(_ nodes: [DocumentNode], keyPath: DocumentPath, diagnostics: inout DiagnosticCollector, depth: Int = 0) -> [Source] {
        var result: [Source] = []
        for (index, node) in nodes.enumerated() {
            let itemPath = keyPath.appending(index: index)
            guard let (written, overrides) = Self.reference(ofSource: node) else {
                result.append(.inline(node))
                continue
            }
            switch target(of: written, overrides: overrides, at: node.location, keyPath: itemPath, diagnostics: &diagnostics) {
            case nil:
                continue
            case .tokens(let tokens):
                result.append(.inline(tokens))
            case .file(let reference, let overrides):
                result.append(Self.fileSource(reference, overrides: overrides, at: node.location, keyPath: itemPath))
            case .set(let set):
                guard depth < 16 else {
                    diagnostics.error(.referenceCycle, "sets refer to each other in a loop through \"\(written)\"", at: node.location, keyPath: itemPath)
                    continue
                }
                switch expansion.add(set.sources.count - 1, ownNodes: ownNodes) {
                case .within:
                    result += expand(set.sources, keyPath: set.keyPath.appending("sources"), diagnostics: &diagnostics, depth: depth + 1)
                case .passed:
                    diagnostics.error(.limitExceeded, "set references add more than the limit of \(expansion.limit) sources to the styles' lists (sets that name a set more than once grow at each step)",
                                      at: node.location, keyPath: itemPath)
                case .alreadyPassed:
                    break
                }
            }
        }
        return result
    }

    /// What a source's reference names.
    private enum Target {
        /// Tokens in the document (`#/$defs/…`), read as inline tokens are.
        case tokens(DocumentNode)
        /// A token file (`path` or `path#fragment`), with the entries to lay over its tokens.
        case file(String, overrides: [DocumentEntry])
        case set((sources: [DocumentNode], keyPath: DocumentPath))
    }

    /// What the reference `written` (with the entries written beside it) names, a reference
    /// found at a pointer into the document followed to what it names in turn, each one's
    /// entries laid over its target's; `nil` when it names nothing a source may be (reported).
    private func target(of written: String, overrides writtenOverrides: [DocumentEntry], at location: SourceLocation, keyPath: DocumentPath,
                        diagnostics: inout DiagnosticCollector) -> Target? {
        func refused(_ reason: String) -> Target? {
            diagnostics.error(.unknownReference, "a source refers to \"\(written)\": \(reason)", at: location, keyPath: keyPath)
            return nil
        }
        var (reference, overrides) = (written, writtenOverrides)
        var followed: Set<String> = []
        while reference.hasPrefix("#") {
            reference = Self.pointer(reference)
            if reference.hasPrefix("#/modifiers/") || reference == "#/modifiers" {
                return refused("a source is a token file, inline tokens, a set (\"#/sets/NAME\") or tokens elsewhere in the document, never a modifier")
            }
            if reference.hasPrefix("#/resolutionOrder/") || reference == "#/resolutionOrder" {
                return refused("no reference may point into resolutionOrder")
            }
            if reference == "#" { return refused("it names the whole document, which holds this reference") }
            if reference == "#/sets" { return refused("it names every set; name one (\"#/sets/NAME\")") }
            if reference.hasPrefix("#/sets/") {
                let name = String(reference.dropFirst(7))
                guard let set = sets[name] else { return refused("the document has no set \"\(name)\"" + Suggestion.phrase(for: name, among: sets.keys)) }
                guard overrides.isEmpty else {
                    return refused("a set's sources are a list, which the keys beside its $ref cannot extend; write them as inline tokens after it")
                }
                return .set(set)
            }
            guard followed.insert(reference).inserted else {
                diagnostics.error(.referenceCycle, "sources refer to each other in a loop through \"\(reference)\"", at: location, keyPath: keyPath)
                return nil
            }
            guard let found = TokenTree.node(atPointer: reference, in: root) else {
                return refused(reference == written ? "it points at nothing in this document" : "\"\(reference)\", which it leads to, points at nothing in this document")
            }
            guard case .map = found.value else { return refused("it points at \(found.value.kindDescription), not tokens") }
            guard let (next, own) = Self.reference(ofSource: found) else {
                return .tokens(overrides.isEmpty ? found : Self.extended(found, by: overrides)!)
            }
            (reference, overrides) = (next, own + overrides)
        }
        return .file(reference, overrides: overrides)
    }

    private static func mapEntries(_ node: DocumentNode, what: String, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> [DocumentEntry] {
        guard case .map(let entries) = node.value else {
            diagnostics.error(.type, "\(what) is a map, not \(node.value.kindDescription)", at: node.location, keyPath: keyPath)
            return []
        }
        return entries
    }

    private static func sourceList(_ node: DocumentNode?, owner: DocumentNode, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> [DocumentNode]? {
        guard let node else {
            diagnostics.error(.type, "a set needs a sources list", at: owner.location, keyPath: keyPath)
            return nil
        }
        guard case .list(let items) = node.value else {
            diagnostics.error(.type, "sources is a list of token files, sets and inline tokens, not \(node.value.kindDescription)", at: node.location, keyPath: keyPath)
            return nil
        }
        return items
    }

    private static func modifier(_ node: DocumentNode, name: String, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> Modifier? {
        guard let contextsNode = node["contexts"], case .map(let entries) = contextsNode.value else {
            diagnostics.error(.type, "the modifier \"\(name)\" needs a contexts map", at: node.location, keyPath: keyPath.appending("contexts"))
            return nil
        }
        guard entries.count >= 2 else {
            diagnostics.error(.type, "the modifier \"\(name)\" has \(entries.count) context\(entries.count == 1 ? "" : "s"); a modifier has two or more (one is a set)",
                              at: contextsNode.location, keyPath: keyPath.appending("contexts"))
            return nil
        }
        var contexts: [(name: String, sources: [DocumentNode], keyPath: DocumentPath, location: SourceLocation)] = []
        for entry in entries {
            let contextPath = keyPath.appending("contexts").appending(entry.key)
            guard case .list(let sources) = entry.value.value else {
                diagnostics.error(.type, "the context \"\(entry.key)\" is a list of sources, not \(entry.value.value.kindDescription)", at: entry.value.location, keyPath: contextPath)
                continue
            }
            contexts.append((entry.key, sources, contextPath, entry.keyLocation))
        }
        var defaultContext: String?
        if let defaultNode = node["default"] {
            guard let text = defaultNode.value.string, contexts.contains(where: { $0.name == text }) else {
                diagnostics.error(.unknownStyle, "the default of the modifier \"\(name)\" is \(defaultNode.value.string.map { "\"\($0)\"" } ?? defaultNode.value.kindDescription), not one of its contexts (\(contexts.map(\.name).joined(separator: ", ")))"
                                  + (defaultNode.value.string.map { Suggestion.phrase(for: $0, among: contexts.map(\.name)) } ?? ""),
                                  at: defaultNode.location, keyPath: keyPath.appending("default"))
                return Modifier(name: name, contexts: contexts, defaultContext: nil)
            }
            defaultContext = text
        }
        return Modifier(name: name, contexts: contexts, defaultContext: defaultContext)
    }
}
