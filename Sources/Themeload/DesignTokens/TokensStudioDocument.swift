/// A Tokens Studio export read into what a theme needs: for each of its styles, the token sets
/// to merge in order, and which of them are the theme's own. The export is one document (the
/// Figma plugin's single-file export and single-file sync), or a folder (its multi-file sync):
/// `$metadata.json`, `$themes.json` and a file `SET.json` for each set, `a/b.json` for a set
/// named `a/b` (see ``Parts``).
///
/// At the top stand the token sets, each a tree of groups and tokens; `$metadata.tokenSetOrder`
/// says the order they merge in (a later set's token replaces an earlier one's), and `$themes`
/// lists the plugin's themes, each turning sets on (`enabled`), on for references only
/// (`source`) or off (`disabled`). Aliases name tokens without their set (`{colors.blue}`), for
/// the sets a theme turns on are merged into one tree first.
///
/// The themes of the group named `theme`, else `mode` (any case), else the first group, are the
/// styles, in order, the first the fallback; themes without a group are a group of their own.
/// Every other group contributes the theme ``DesignTokenOptions/modifierContexts`` names for it,
/// else its first. Without themes the document is one unit of every set, but for its sets named
/// `light` and `dark` (also in a folder, `themes/light`), when it has one of each: those are the
/// styles, each merging every set but the other one.
struct TokensStudioDocument {
    /// How a theme uses a token set.
    enum SetStatus: String {
        case enabled, source, disabled
    }

    /// One set merged into a style: its tree, and whether its tokens are the theme's entries
    /// (`enabled`) or only what aliases may name (`source`).
    struct MergedSet {
        var node: DocumentNode
        var isReferenceOnly: Bool
    }

    /// The keys that make a design-token file a Tokens Studio document.
    static let documentKeys: Set<String> = ["$themes", "$metadata"]

    /// The styles, each with where its theme is named; empty when the document has no themes.
    var styles: [(name: String, location: SourceLocation)] = []
    /// The sets of each style in ``styles`` order (one list when there are no styles), in the
    /// order they merge.
    var sets: [[MergedSet]] = []
    /// The sets each style's themes neither turn on nor use for references, in ``styles`` order
    /// and the sets' order: where an alias misses a token one of them has, the error says so
    /// (``LeftOutTokenSets``). Empty when the document has no themes.
    var leftOutSets: [[(name: String, node: DocumentNode)]] = []
    /// The styles are themes in no group (so every such theme is a style, also one that is a
    /// layer to put together with others, as Element's platforms are).
    var stylesHaveNoGroup = false
    /// The document has no themes, and its styles are its sets named ``appearanceSets``: each
    /// style merges every set but the other's.
    var stylesAreAppearanceSets = false

    /// The styles a document without themes has when it has a set for each, in order (the first
    /// the fallback): a set named so, or so in a folder (`themes/light`).
    static let appearanceSets = ["light", "dark"]

    /// Whether the set `name` is the one of the style `style` (``appearanceSets``).
    private static func isAppearanceSet(_ name: String, of style: String) -> Bool {
        name == style || name.hasSuffix("/" + style)
    }

    /// `missing-variant` for a document without themes whose sets look like its appearances but
    /// are not named as ``appearanceSets`` (`NK-Light` and `NK-Dark`): they merge into one
    /// style, the later set's tokens replacing the earlier one's.
    private static func warnOfLookalikeSets(_ names: [String], at location: SourceLocation, diagnostics: inout DiagnosticCollector) {
        let lookalikes = appearanceSets.map { style in names.filter { $0.lowercased().contains(style) } }
        guard lookalikes.allSatisfy({ !$0.isEmpty }) else { return }
        let listed = lookalikes.joined().map { "\"\($0)\"" }.joined(separator: ", ")
        diagnostics.warning(.missingVariant, "without $themes, the sets \(listed) merge into one style, a later set's tokens replacing an earlier one's: "
                            + "name them light and dark (or themes/light and themes/dark), or give the document $themes, for the theme to have those styles",
                            at: location)
    }

    /// The files of a Tokens Studio folder that say what it holds: either makes a folder one.
    static let metadataFile = "$metadata.json"
    static let themesFile = "$themes.json"

    /// Whether a path names a Tokens Studio folder's `$metadata.json` or `$themes.json`.
    static func isFolderEntry(_ path: String) -> Bool {
        let name = BundleLocator.lastComponent(path)
        return name == metadataFile || name == themesFile
    }

    /// The parts of an export, however it is stored, and where its problems are said to be.
    struct Parts {
        /// The sets in the order the export gives them (a document's order, a folder's order of
        /// first mention), each with the key path of its tree's root.
        var sets: [(name: String, node: DocumentNode, keyPath: DocumentPath)] = []
        var metadata: DocumentNode?
        var themes: DocumentNode?
        /// Where `$metadata`'s and `$themes`' problems start: their keys in a document, the root
        /// of their files in a folder.
        var metadataPath = DocumentPath(keys: "$metadata")
        var themesPath = DocumentPath(keys: "$themes")
        /// What holds the sets, for "which the document does not have".
        var holder = "the document"
        /// Sets that are there but could not be read (a folder's missing or unreadable files,
        /// a set that is not a map): each has been reported, so naming them is not reported
        /// again.
        var unreadableSets: Set<String> = []
        /// Where a problem of the whole export is said to be (a loader option naming a theme
        /// it does not have).
        var location: SourceLocation
    }

    /// Whether a parsed design-token file is a Tokens Studio document: a map with `$themes` or
    /// `$metadata` at the top (a DTCG file may have neither there), or an export from before the
    /// plugin wrote them, whose aliases show its top-level groups are sets
    /// (``UndeclaredTokenSets``).
    static func isTokensStudio(_ document: DocumentNode) -> Bool {
        guard case .map(let entries) = document.value else { return false }
        return entries.contains { documentKeys.contains($0.key) } || UndeclaredTokenSets.areSets(document)
    }

    private struct Theme {
        var name: String
        var group: String?
        /// The plugin's `id`, where the entry has one.
        var id: String?
        var location: SourceLocation
        /// The status of each set it names, by set name.
        var statuses: [String: SetStatus]
    }

    /// Reads a single-file document; `nil` when it is too broken to give a theme (the reasons are
    /// in `diagnostics`).
    init?(_ document: DocumentNode, options: DesignTokenOptions, statedContexts: [String: StatedDesignTokenOptions.Stated<String>] = [:],
          diagnostics: inout DiagnosticCollector) {
        guard case .map(let entries) = document.value else { return nil }
        var parts = Parts(location: document.location)
        parts.metadata = document["$metadata"]
        parts.themes = document["$themes"]
        parts.sets = entries.filter { !Self.documentKeys.contains($0.key) }.map { ($0.key, $0.value, DocumentPath(keys: $0.key)) }
        self.init(parts, options: options, statedContexts: statedContexts, diagnostics: &diagnostics)
    }

    /// Reads an export from its parts; `nil` when it is too broken to give a theme (the reasons
    /// are in `diagnostics`).
    init?(_ parts: Parts, options: DesignTokenOptions, statedContexts: [String: StatedDesignTokenOptions.Stated<String>] = [:],
          diagnostics: inout DiagnosticCollector) {
        let errorsBefore = diagnostics.errorCount
        // The sets, in the order the export has them.
        var setNodes: [(name: String, node: DocumentNode)] = []
        var setPositions: [String: Int] = [:]
        var parts = parts
        for (name, node, keyPath) in parts.sets {
            guard case .map = node.value else {
                diagnostics.error(.type, "\"\(name)\" must be a token set (a map of groups and tokens), not \(node.value.kindDescription)",
                                  at: node.location, keyPath: keyPath)
                // Reported here: naming it is not reported again.
                parts.unreadableSets.insert(name)
                continue
            }
            setPositions[name] = setNodes.count
            setNodes.append((name, node))
        }
        let order = Self.setOrder(parts, sets: setNodes.map(\.name), positions: setPositions, diagnostics: &diagnostics)
        let themes = Self.themes(parts, setNames: setNodes.map(\.name), positions: setPositions, diagnostics: &diagnostics)
        guard diagnostics.errorCount == errorsBefore else { return nil }

        guard !themes.isEmpty else {
            // The plugin's themes are a paid feature: a free export keeps its appearances as
            // sets named after them, turned on one at a time.
            let appearances = Self.appearanceSets.compactMap { style -> (String, Int)? in
                let named = setNodes.indices.filter { Self.isAppearanceSet(setNodes[$0].name, of: style) }
                return named.count == 1 ? (style, named[0]) : nil
            }
            guard appearances.count == Self.appearanceSets.count else {
                Self.warnOfLookalikeSets(setNodes.map(\.name), at: parts.location, diagnostics: &diagnostics)
                sets = [order.map { MergedSet(node: setNodes[$0].node, isReferenceOnly: false) }]
                return
            }
            stylesAreAppearanceSets = true
            for (name, position) in appearances {
                styles.append((name, setNodes[position].node.location))
                let others = appearances.filter { $0.1 != position }.map(\.1)
                sets.append(order.filter { !others.contains($0) }.map { MergedSet(node: setNodes[$0].node, isReferenceOnly: false) })
                leftOutSets.append(others.map { setNodes[$0] })
            }
            return
        }
        // The groups in the order their first theme comes; themes without a group are one.
        var groups: [(name: String?, themes: [Theme])] = []
        for theme in themes {
            if let position = groups.firstIndex(where: { $0.name == theme.group }) {
                groups[position].themes.append(theme)
            } else {
                groups.append((theme.group, [theme]))
            }
        }
        let styleGroup = groups.firstIndex { $0.name?.lowercased() == "theme" } ?? groups.firstIndex { $0.name?.lowercased() == "mode" } ?? 0
        for (name, theme) in options.modifierContexts.sorted(by: { $0.key < $1.key }) {
            // A theme's manifest that states the choice is where it is reported.
            let stated = statedContexts[name]
            let chooser = StatedDesignTokenOptions.chooser(of: stated)
            guard let group = groups.first(where: { $0.name == name }) else {
                diagnostics.error(.unknownKey, "\(chooser) the theme \"\(theme)\" of a group \"\(name)\", which $themes does not have"
                                  + Suggestion.phrase(for: name, among: groups.compactMap(\.name)), at: stated?.keyLocation ?? parts.location, keyPath: stated?.keyPath)
                continue
            }
            if !group.themes.contains(where: { $0.name == theme }) {
                diagnostics.error(.unknownStyle, "the group \"\(name)\" has no theme \"\(theme)\" (it has \(group.themes.map(\.name).joined(separator: ", ")))"
                                  + Suggestion.phrase(for: theme, among: group.themes.map(\.name)), at: stated?.location ?? parts.location, keyPath: stated?.keyPath)
            } else if group.name == groups[styleGroup].name {
                diagnostics.warning(.unknownKey, StatedDesignTokenOptions.unusedStyleChoice(chooser: chooser, choice: "the theme \"\(theme)\" of the group \"\(name)\"", members: "themes",
                                                                                             styles: group.themes.map(\.name)),
                                    at: stated?.keyLocation ?? parts.location, keyPath: stated?.keyPath)
            }
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }
        // The theme each other group contributes to every style.
        let others = groups.indices.filter { $0 != styleGroup }.map { index in
            let group = groups[index]
            let chosen = group.name.flatMap { options.modifierContexts[$0] }
            return group.themes.first { $0.name == chosen } ?? group.themes[0]
        }
        stylesHaveNoGroup = groups[styleGroup].name == nil
        for theme in groups[styleGroup].themes {
            styles.append((theme.name, theme.location))
            let chosen = [theme] + others
            var merged: [MergedSet] = []
            var leftOut: [(name: String, node: DocumentNode)] = []
            for position in order {
                let name = setNodes[position].name
                // A set one theme turns on and another uses for references is turned on.
                let statuses = chosen.compactMap { $0.statuses[name] }
                if statuses.contains(.enabled) {
                    merged.append(MergedSet(node: setNodes[position].node, isReferenceOnly: false))
                } else if statuses.contains(.source) {
                    merged.append(MergedSet(node: setNodes[position].node, isReferenceOnly: true))
                } else {
                    leftOut.append(setNodes[position])
                }
            }
            sets.append(merged)
            leftOutSets.append(leftOut)
        }
    }

    /// The sets a folder's `$metadata.json` and `$themes.json` name, each once, where it is
    /// first named: `tokenSetOrder`'s, then each theme's `selectedTokenSets`. Anything of
    /// another shape is left for the reading of the parts to report.
    static func setsNamed(metadata: DocumentNode?, themes: DocumentNode?) -> [(name: String, location: SourceLocation, keyPath: DocumentPath)] {
        var named: [(name: String, location: SourceLocation, keyPath: DocumentPath)] = []
        var seen: Set<String> = []
        if case .list(let items)? = metadata?["tokenSetOrder"]?.value {
            for (index, item) in items.enumerated() {
                guard let name = item.value.string, seen.insert(name).inserted else { continue }
                named.append((name, item.location, DocumentPath(keys: "tokenSetOrder").appending(index: index)))
            }
        }
        if case .list(let items)? = themes?.value {
            for (index, item) in items.enumerated() {
                guard case .map(let entries)? = item["selectedTokenSets"]?.value else { continue }
                for entry in entries where seen.insert(entry.key).inserted {
                    named.append((entry.key, entry.keyLocation, DocumentPath().appending(index: index).appending("selectedTokenSets").appending(entry.key)))
                }
            }
        }
        return named
    }

    /// The sets the themes of `$themes` name in their `selectedTokenSets`, whatever their status.
    static func setsSelected(themes: DocumentNode?) -> Set<String> {
        guard case .list(let items)? = themes?.value else { return [] }
        var names: Set<String> = []
        for item in items {
            if case .map(let entries)? = item["selectedTokenSets"]?.value { names.formUnion(entries.map(\.key)) }
        }
        return names
    }

    /// The positions of the sets in the order they merge: `$metadata.tokenSetOrder`, then the
    /// sets it leaves out, in the document's order.
    private static func setOrder(_ parts: Parts, sets: [String], positions: [String: Int], diagnostics: inout DiagnosticCollector) -> [Int] {
        var order: [Int] = []
        var listed = Set<Int>()
        if let metadata = parts.metadata {
            guard case .map = metadata.value else {
                diagnostics.error(.type, "$metadata is a map, not \(metadata.value.kindDescription)", at: metadata.location, keyPath: parts.metadataPath)
                return Array(sets.indices)
            }
            if let orderNode = metadata["tokenSetOrder"] {
                let keyPath = parts.metadataPath.appending("tokenSetOrder")
                guard case .list(let items) = orderNode.value else {
                    diagnostics.error(.type, "tokenSetOrder is a list of token set names, not \(orderNode.value.kindDescription)", at: orderNode.location, keyPath: keyPath)
                    return Array(sets.indices)
                }
                for (index, item) in items.enumerated() {
                    let itemPath = keyPath.appending(index: index)
                    guard let name = item.value.string else {
                        diagnostics.error(.type, "a token set name is a string, not \(item.value.kindDescription)", at: item.location, keyPath: itemPath)
                        continue
                    }
                    guard let position = positions[name] else {
                        // The plugin passes over a name in the order that no set has (a set
                        // renamed or deleted since): so does this reading, saying so.
                        if !parts.unreadableSets.contains(name) {
                            diagnostics.warning(.unknownReference, "tokenSetOrder names the set \"\(name)\", which \(parts.holder) does not have, and is passed over"
                                                + Suggestion.phrase(for: name, among: sets), at: item.location, keyPath: itemPath)
                        }
                        continue
                    }
                    guard listed.insert(position).inserted else {
                        diagnostics.error(.duplicateKey, "tokenSetOrder names the set \"\(name)\" twice", at: item.location, keyPath: itemPath)
                        continue
                    }
                    order.append(position)
                }
            }
        }
        return order + sets.indices.filter { !listed.contains($0) }
    }

    /// The themes of `$themes`, checked: each has a name, distinct within its group, and names
    /// only sets the document has, each with a status.
    private static func themes(_ parts: Parts, setNames: [String], positions: [String: Int], diagnostics: inout DiagnosticCollector) -> [Theme] {
        guard let node = parts.themes else { return [] }
        let keyPath = parts.themesPath
        guard case .list(let items) = node.value else {
            diagnostics.error(.type, "$themes is a list of themes, not \(node.value.kindDescription)", at: node.location, keyPath: keyPath)
            return []
        }
        var themes: [Theme] = []
        /// Each theme's place in `themes`, by its group and name.
        var names: [[String?]: Int] = [:]
        for (index, item) in items.enumerated() {
            let themePath = keyPath.appending(index: index)
            guard case .map = item.value else {
                diagnostics.error(.type, "a theme is a map with a name and its selectedTokenSets, not \(item.value.kindDescription)", at: item.location, keyPath: themePath)
                continue
            }
            guard let nameNode = item["name"], let name = nameNode.value.string, !name.isEmpty else {
                let found = switch item["name"]?.value {
                case nil: ""
                case .string?: ", not an empty one"
                case let other?: ", not \(other.kindDescription)"
                }
                diagnostics.error(.type, "a theme needs a name, a non-empty string\(found)", at: item["name"]?.location ?? item.location, keyPath: themePath.appending("name"))
                continue
            }
            var group: String?
            if let groupNode = item["group"] {
                guard let text = groupNode.value.string else {
                    diagnostics.error(.type, "a theme's group is a string, not \(groupNode.value.kindDescription)", at: groupNode.location, keyPath: themePath.appending("group"))
                    continue
                }
                group = text
            }
            // A theme written in parts, each entry with the same id (Adobe Spectrum's export),
            // is one theme whose sets are all its parts' sets.
            let id = item["id"]?.value.string
            let earlier = names[[group, name]]
            if let earlier, id == nil || themes[earlier].id != id {
                let within = group.map { "the group \"\($0)\"" } ?? "the themes without a group"
                diagnostics.error(.duplicateKey, "the theme \"\(name)\" is named twice in \(within)" + (id == nil ? "" : " with another id"),
                                  at: nameNode.location, keyPath: themePath.appending("name"))
                continue
            }
            var statuses: [String: SetStatus] = [:]
            if let selected = item["selectedTokenSets"] {
                let selectedPath = themePath.appending("selectedTokenSets")
                guard case .map(let entries) = selected.value else {
                    diagnostics.error(.type, "selectedTokenSets is a map of token set names to enabled, source or disabled, not \(selected.value.kindDescription)",
                                      at: selected.location, keyPath: selectedPath)
                    continue
                }
                for entry in entries {
                    let entryPath = selectedPath.appending(entry.key)
                    guard positions[entry.key] != nil else {
                        if !parts.unreadableSets.contains(entry.key) {
                            diagnostics.error(.unknownReference, "the theme \"\(name)\" selects the set \"\(entry.key)\", which \(parts.holder) does not have"
                                              + Suggestion.phrase(for: entry.key, among: setNames), at: entry.keyLocation, keyPath: entryPath)
                        }
                        continue
                    }
                    guard let status = entry.value.value.string.flatMap(SetStatus.init(rawValue:)) else {
                        let written = entry.value.value.string.map { "\"\($0)\"" } ?? entry.value.value.kindDescription
                        diagnostics.error(.type, "a set's status is enabled, source or disabled, not \(written)", at: entry.value.location, keyPath: entryPath)
                        continue
                    }
                    statuses[entry.key] = status
                }
            }
            if let earlier {
                themes[earlier].statuses.merge(statuses) { _, later in later }
            } else {
                names[[group, name]] = themes.count
                themes.append(Theme(name: name, group: group, id: id, location: nameNode.location, statuses: statuses))
            }
        }
        return themes
    }
}
