/// A unit of design tokens (one token file, or what one resolver context merges) read into the
/// entries of a theme's sections: the tree merged and extended, its tokens collected, their
/// aliases followed and their values converted.
struct DesignTokenTranslation {
    private(set) var entries: [TokenValueConverter.Entry] = []
    /// Descriptions and deprecations by section and entry, for the Swift keys and the theme's
    /// own references.
    private(set) var notes = TokenNotes()
    /// The names of the unit's own tokens that were reported and give no entry: joined with
    /// other styles' units, their entries are left out, so that a token reported in one style
    /// is not reported again as a value that style lacks.
    private(set) var failedNames: Set<String> = []
    /// The styles the unit's tokens give values for beside their `$value`
    /// (``TokenStyleOverrides``), in the order first named.
    private(set) var overrideStyles: [String] = []
    /// Where each of ``overrideStyles`` is first named.
    private(set) var overrideStyleLocations: [SourceLocation] = []

    /// Reads `sources` (raw token documents, in order: later tokens replace earlier ones).
    /// With `allowsExternalAliases`, a whole value that is an alias to a token the unit lacks
    /// becomes a theme reference, for a partial whose tokens refer to another included file's.
    /// `limits` bounds chains of aliases (``Limits/maxReferenceChain``), what aliases add to the
    /// values (``Limits/maxAliasExpandedNodes``) and chains of groups' `$extends`
    /// (``Limits/maxExtendsChain``).
    ///
    /// `ownSources`, when given, are the sources whose tokens become entries (a Tokens Studio
    /// theme's enabled sets): the others' tokens are there for aliases only. Every token is
    /// resolved, so an alias problem is reported wherever it is written. `tokensStudio` reads
    /// types and values as Tokens Studio writes them (``TokenValueConverter/tokensStudio``).
    /// `leftOutSets`, the sets the unit's style leaves out, are named where an alias points at
    /// no token and one of them has it. `includedFiles`, the other design-token files of the
    /// manifest that includes this one, give the values of parts of values that alias theirs.
    init(sources: [DocumentNode], ownSources: [DocumentNode]? = nil, tokensStudio: Bool = false, options: DesignTokenOptions, limits: Limits = .default,
         allowsExternalAliases: Bool, leftOutSets: LeftOutTokenSets? = nil, includedFiles: IncludedTokenFiles? = nil, diagnostics: inout DiagnosticCollector) {
        // Tokens Studio's `$group.token` aliases, read as the braced ones they stand for.
        var tree = TokenTree(sources: tokensStudio ? sources.map(TokensStudioDollarAlias.braced) : sources)
        tree.applyExtends(limits: limits, diagnostics: &diagnostics)
        let beforeCollecting = diagnostics
        var tokensStudio = tokensStudio
        var collector = TokenCollector(tree: tree, tokensStudio: tokensStudio, diagnostics: &diagnostics)
        // Tokens Studio's DTCG export of sets without themes is known by its types: read it as
        // the plugin's, its problems reported once.
        if !tokensStudio, collector.sawStudioTypes {
            tokensStudio = true
            diagnostics = beforeCollecting
            collector = TokenCollector(tree: tree, tokensStudio: true, diagnostics: &diagnostics)
        }
        overrideStyles = collector.overrideStyles
        overrideStyleLocations = collector.overrideStyleLocations
        let ownKeys = ownSources.map { Self.tokenKeys(of: $0, legacy: tree.isLegacy, tokensStudio: tokensStudio, limits: limits) }
        var resolver = TokenValueResolver(tree: tree, tokens: collector.tokens, deepestKey: collector.deepestKey, allowsExternalAliases: allowsExternalAliases,
                                          evaluatesText: tokensStudio || tree.isLegacy, limits: limits, leftOutSets: leftOutSets, includedFiles: includedFiles,
                                          diagnostics: diagnostics)
        var converter = TokenValueConverter(options: options, legacy: tree.isLegacy, tokensStudio: tokensStudio, tokenCount: collector.tokens.count)
        entries.reserveCapacity(collector.tokens.count)
        // Listed first, then added to tables made at their sizes.
        var noted: [NotedEntry] = []
        var notesBySection = [Int](repeating: 0, count: TokenValueConverter.Section.allCases.count)
        // Which token has each entry's name, by section, where Themeload's extension renames
        // some (``TokenCollector/entryNameKey``): paths alone give distinct names.
        // (A flag beside the tables rather than an optional of them: `!= nil` on an optional of
        // an `Equatable` type compares through generic witnesses, at every token.)
        let checksNames = collector.renamedTokens > 0
        var namedBy = [[String: String]](repeating: [:], count: checksNames ? TokenValueConverter.Section.allCases.count : 0)
        for token in collector.tokens {
            guard case .resolved(let resolved) = resolver.resolve(token), ownKeys?.contains(token.key) ?? true,
                  let converted = converter.entry(for: token, resolved, valueCategory: tree.isLegacy ? collector.tokens[resolved.owner].bareNumberCategory : nil,
                                                  diagnostics: &resolver.diagnostics) else {
                // (Rare: whether the token was its own is asked again only here.)
                if ownKeys?.contains(token.key) ?? true { failedNames.insert(token.themeName) }
                continue
            }
            if checksNames, !Self.claim(converted, for: token, in: &namedBy, diagnostics: &resolver.diagnostics) { continue }
            // Colors, typography and dimensions are what their sections say; other types are
            // noted for the export to write back. (The note first: the entry is then moved into
            // the list, not copied.)
            let type = converted.keptAsData ? nil : converted.readAs ?? resolved.type
            let typeNeedsNote = switch type {
            case nil: false
            // (Kept as data, a dimension or typography in a relative unit: `custom` says no type.)
            case .color, .typography, .dimension: converted.section == .custom
            default: true
            }
            if token.description != nil || token.deprecation != nil || typeNeedsNote {
                notesBySection[converted.section.rawValue] += 1
                noted.append(NotedEntry(section: converted.section, name: converted.name, note: TokenNote(description: token.description, deprecation: token.deprecation, type: type?.name)))
            }
            entries.append(converted)
        }
        for section in TokenValueConverter.Section.allCases {
            notes.reserveCapacity(notesBySection[section.rawValue], in: section)
        }
        // By position: each field read in place, no entry copied.
        for position in noted.indices { notes[noted[position].section, noted[position].name] = noted[position].note }
        diagnostics = resolver.diagnostics
    }

    /// Whether `token` is the first to be the entry `entry` names in its section (`namedBy`
    /// gives which token each name is); `duplicate-key` if another is. (Out of the tokens' loop:
    /// only a file whose tokens Themeload's extension renames asks.)
    @inline(never)
    private static func claim(_ entry: TokenValueConverter.Entry, for token: DesignToken, in namedBy: inout [[String: String]], diagnostics: inout DiagnosticCollector) -> Bool {
        guard let other = namedBy[entry.section.rawValue].updateValue(token.key, forKey: entry.name) else { return true }
        namedBy[entry.section.rawValue][entry.name] = other
        diagnostics.error(.duplicateKey, "the token \(token.key) and the token \(other) are both the \(entry.section.name) entry \"\(entry.name)\" "
                          + "(an \(DesignTokenExport.extensionKey) \(TokenCollector.entryNameKey) names it): rename one; the first is kept",
                          at: token.location, keyPath: token.keyPath)
        return false
    }

    /// A note for an entry, listed before it is added. (A struct rather than a tuple, whose
    /// copies Swift makes through generic value witnesses, some hundred instructions each.)
    private struct NotedEntry {
        var section: TokenValueConverter.Section
        var name: String
        var note: TokenNote
    }

    /// The keys of the tokens some sources hold, read as part of a unit in the unit's form
    /// (their problems are the unit's, reported when it is read).
    private static func tokenKeys(of sources: [DocumentNode], legacy: Bool, tokensStudio: Bool, limits: Limits) -> Set<String> {
        var ignored = DiagnosticCollector()
        var tree = TokenTree(sources: sources, legacy: legacy)
        tree.applyExtends(limits: limits, diagnostics: &ignored)
        return Set(TokenCollector(tree: tree, tokensStudio: tokensStudio, diagnostics: &ignored).tokens.map(\.key))
    }

    /// The theme sections of one or more translations, one per style (`nil` for a unit without
    /// styles), as the entries of a manifest's content. An entry with the same value in every
    /// style is written once; otherwise it is a variant map holding the value of each style that
    /// has it (a style without one takes the first style's, the theme's fallback). When every
    /// unit is a style's, an entry the first style lacks is left out (``StyleOnlyTokens``): the
    /// theme would have no value for it in that style, nor in the others that lack it; its
    /// warning ends with `styleOnlyHint` when given, and the tokens are added to `leftOut`.
    static func sections(_ units: [(style: String?, translation: DesignTokenTranslation)], at location: SourceLocation, styleOnlyHint: String? = nil,
                         leftOut: inout StyleOnlyTokens, diagnostics: inout DiagnosticCollector) -> [NodeMap.Entry] {
        if units.count == 1 { return sections(of: units[0].translation, at: location) }
        typealias Section = TokenValueConverter.Section
        // By section, each entry's name in first-seen order and its value in each style.
        var order = [[String]](repeating: [], count: Section.allCases.count)
        var values = [[String: [(style: String?, value: ThemeNode)]]](repeating: [:], count: Section.allCases.count)
        let failed = units.reduce(into: Set<String>()) { $0.formUnion($1.translation.failedNames) }
        for (style, translation) in units {
            for entry in translation.entries where !failed.contains(entry.name) {
                let section = entry.section.rawValue
                if values[section][entry.name] == nil { order[section].append(entry.name) }
                values[section][entry.name, default: []].append((style, entry.value))
            }
        }
        var result: [NodeMap.Entry] = []
        let styles = units.allSatisfy { $0.style != nil } ? units.compactMap(\.style) : nil
        var styleOnly = StyleOnlyTokens()
        for section in Section.allCases where !order[section.rawValue].isEmpty {
            var sectionEntries: [NodeMap.Entry] = []
            for name in order[section.rawValue] {
                let perStyle = values[section.rawValue][name]!
                let first = perStyle[0].value
                if let styles, perStyle.count < units.count, !perStyle.contains(where: { $0.style == styles[0] }) {
                    styleOnly.leaveOut(name, inSection: section.name, givenBy: perStyle.compactMap(\.style), among: styles, at: first.location)
                    continue
                }
                let node: ThemeNode
                if perStyle.count == units.count, perStyle.allSatisfy({ $0.value.hasSameData(as: first) }) {
                    node = first
                } else {
                    let variants = perStyle.map { NodeMap.Entry(key: $0.style ?? "default", keyLocation: $0.value.location, node: $0.value) }
                    node = ThemeNode(.map(NodeMap(distinctEntries: variants)), at: first.location)
                }
                sectionEntries.append(NodeMap.Entry(key: name, keyLocation: first.location, node: node))
            }
            if !sectionEntries.isEmpty { result.append(section: section.name, entries: sectionEntries, at: location) }
        }
        styleOnly.report(into: &diagnostics, hint: styleOnlyHint)
        leftOut.formUnion(styleOnly)
        return result
    }
}

extension DesignTokenTranslation {
    /// The sections of one translation: its entries grouped by section, in token order.
    private static func sections(of translation: DesignTokenTranslation, at location: SourceLocation) -> [NodeMap.Entry] {
        var bySection = [[NodeMap.Entry]](repeating: [], count: TokenValueConverter.Section.allCases.count)
        var counts = [Int](repeating: 0, count: bySection.count)
        for entry in translation.entries { counts[entry.section.rawValue] += 1 }
        for section in bySection.indices { bySection[section].reserveCapacity(counts[section]) }
        for entry in translation.entries {
            bySection[entry.section.rawValue].append(NodeMap.Entry(key: entry.name, keyLocation: entry.value.location, node: entry.value))
        }
        var result: [NodeMap.Entry] = []
        for section in TokenValueConverter.Section.allCases where !bySection[section.rawValue].isEmpty {
            result.append(section: section.name, entries: bySection[section.rawValue], at: location)
        }
        return result
    }
}

private extension [NodeMap.Entry] {
    /// Appends a section of entries whose names are distinct (a unit's tokens have distinct
    /// paths, and each type goes to one section).
    mutating func append(section: String, entries: [NodeMap.Entry], at location: SourceLocation) {
        append(NodeMap.Entry(key: section, keyLocation: location, node: ThemeNode(.map(NodeMap(distinctEntries: entries)), at: location)))
    }
}

/// What a design token says about itself: its `$description`, whether it is `$deprecated`, and
/// its type, which the DTCG export writes back.
package struct TokenNote: Sendable, Hashable {
    package var description: String?
    /// `nil` when not deprecated; the reason, possibly empty, when it is.
    package var deprecation: String?
    /// The token's DTCG type, when known.
    package var type: String?
}
