/// Design-token files and resolver documents as theme sources (docs/SPEC.md, section 11,
/// "Design tokens").
extension LoadSession {
    /// The theme sections one unit of token documents gives, as a manifest's content entries.
    /// `includedFiles`: for a partial, the manifest's design-token files read together.
    /// With `readsStyleOverrides`, a token's values for other styles (``TokenStyleOverrides``)
    /// make its entry a variant map, `$value` its `default`: the unit is read once more for each
    /// style of the theme (the styles of the manifests read so far, else the default ones) that
    /// the tokens name, itself or along its fallbacks, each token taking the value of the first
    /// style along that chain it names, as Primer's build takes a theme's, then its fallback's.
    /// A part that takes a value from `includedFiles` takes it in each style too.
    mutating func translateTokens(_ sources: [DocumentNode], tokensStudio: Bool = false, allowsExternalAliases: Bool,
                                  includedFiles: IncludedTokenFiles? = nil, readsStyleOverrides: Bool = false) -> [NodeMap.Entry] {
        func translated(_ sources: [DocumentNode], includedFiles: IncludedTokenFiles?) -> DesignTokenTranslation {
            DesignTokenTranslation(sources: sources, tokensStudio: tokensStudio, options: designTokenOptions, limits: loader.limits,
                                   allowsExternalAliases: allowsExternalAliases, includedFiles: includedFiles, diagnostics: &diagnostics)
        }
        let lookups = includedFiles?.lookups
        let translation = translated(sources, includedFiles: includedFiles)
        tokenNotes.merge(translation.notes, keepingEarlier: false)
        var units: [(style: String?, translation: DesignTokenTranslation)] = [(nil, translation)]
        // The styles the unit's tokens name, and those of the other files' tokens its parts took
        // values from.
        var named = Set(translation.overrideStyles)
        if let includedFiles, includedFiles.lookups != lookups { named.formUnion(includedFiles.overrideStyles) }
        if readsStyleOverrides, !named.isEmpty {
            // The entries of every style's reading count against the theme's limit of values,
            // so that many styles over many tokens cannot ask for endless work.
            var values = ResolvedValueBudget(limit: loader.limits.maxResolvedValues)
            _ = values.add(translation.entries.count)
            let chains = (declaredStyles ?? .standard).chains(reaching: named)
            if chains.isEmpty { warnNoStyleReads(translation) }
            for (style, chain) in chains {
                let styled = translated(TokenStyleOverrides.sources(sources, for: chain), includedFiles: includedFiles?.reading(styles: chain))
                if values.add(styled.entries.count) {
                    diagnostics.error(.limitExceeded, "the tokens' values in the styles up to \"\(style)\" pass the limit of \(values.limit) values",
                                      at: sources.first?.location ?? SourceLocation(file: "<tokens>"))
                    isBroken = true
                    break
                }
                units.append((style, styled))
            }
        }
        return DesignTokenTranslation.sections(units, at: sources.first?.location ?? SourceLocation(file: "<tokens>"), leftOut: &styleOnlyTokens, diagnostics: &diagnostics)
    }

    /// A manifest made of token sections: with an empty `normal` level (a palette needs no
    /// levels, but a theme has that one), the document's name and its styles. The name and
    /// styles are checked as a manifest's are; the sections, made here, need no check and are
    /// taken as they are.
    mutating func tokenManifest(sections: [NodeMap.Entry], name: String?, styles: [(name: String, location: SourceLocation)], at location: SourceLocation) -> Manifest? {
        var entries: [DocumentEntry] = []
        if let name {
            entries.append(DocumentEntry(key: "name", keyLocation: location, value: DocumentNode(.string(name), at: location)))
        }
        if !styles.isEmpty {
            // Each style where it is named (a resolver's context keys).
            let list = styles.map { DocumentNode(.string($0.name), at: $0.location) }
            entries.append(DocumentEntry(key: "styles", keyLocation: location, value: DocumentNode(.list(list), at: location)))
        }
        let normal = DocumentEntry(key: "normal", keyLocation: location, value: DocumentNode(.map([]), at: location))
        entries.append(DocumentEntry(key: "levels", keyLocation: location, value: DocumentNode(.map([normal]), at: location)))
        guard var manifest = Manifest(DocumentNode(.map(entries), at: location), isPartial: false, maxFallbackChain: loader.limits.maxExtendsChain,
                                          diagnostics: &diagnostics) else { return nil }
        // The sections come first in the content, as they would in a written manifest.
        manifest.content = NodeMap(distinctEntries: sections + manifest.content.entries)
        return manifest
    }

    /// The manifest a resolver document stands for: each style's sources merged and resolved
    /// on their own, then joined into variant maps. `nil` when the document is too broken.
    ///
    /// Two bounds keep a small document from asking for endless work: a source a style merges
    /// again (a file, or a set's inline tokens, named twice in its list) adds its nodes, bounded
    /// as aliases are (``Limits/maxAliasExpandedNodes``); and the styles' tokens together count
    /// against ``Limits/maxResolvedValues`` as each style is read.
    mutating func resolverManifest(_ document: DocumentNode, of bundle: ThemeBundle) -> Manifest? {
        readsModifiers = true
        guard let resolver = TokenResolverDocument(document, options: designTokenOptions, limits: loader.limits, statedContexts: statedTokenOptions.modifierContexts,
                                                   diagnostics: &diagnostics) else { return nil }
        let directory = bundle.directory ?? bundle.containingDirectory
        var files: [UTF8Key: DocumentNode?] = [:]
        var units: [(style: String?, translation: DesignTokenTranslation)] = []
        var repeats = ExpansionBudget(limits: loader.limits)
        // The nodes of the document and of each file it reads, each counted once.
        var ownNodes = document.nodeCount
        var values = ResolvedValueBudget(limit: loader.limits.maxResolvedValues)
        // The node counts of the sources merged again, each counted once.
        var sizes: [SourceLocation: Int] = [:]
        let leftOutSets = resolver.unlistedSets.isEmpty ? nil : LeftOutTokenSets(names: resolver.unlistedSets.map(\.name)) { name in
            "resolutionOrder leaves that set out (add {\"$ref\": \"#/sets/\(name)\"} to it)"
        } load: { [loader] in
            // Quietly, and as a token file of the bundle would be: the sets are not the theme's.
            func read(_ source: TokenResolverDocument.Source) -> DocumentNode? {
                switch source {
                case .inline(let node):
                    return node
                case .file(let path, let pointer, let overrides, _, _):
                    guard let file = loader.quietlyParsed(path, inBundle: directory) else { return nil }
                    return try? TokenResolverDocument.tokens(inFile: file, pointer: pointer, overrides: overrides).get()
                }
            }
            return resolver.unlistedSets.map { $0.sources.compactMap(read) }
        }
        for (index, sources) in resolver.sources.enumerated() {
            var documents: [DocumentNode] = []
            var merged: Set<SourceLocation> = []
            for source in sources {
                let node: DocumentNode
                switch source {
                case .inline(let inline):
                    node = inline
                case .file(let path, let pointer, let overrides, let location, let keyPath):
                    if files[UTF8Key(path)] == nil {
                        let fullPath = checkedBundleFile(path, what: "token file", at: location, keyPath: keyPath, directory: directory)
                        let file = fullPath.flatMap { read($0, bundleDirectory: directory) }
                        files[UTF8Key(path)] = .some(file)
                        ownNodes += file?.nodeCount ?? 0
                    }
                    guard let file = files[UTF8Key(path)] ?? nil else { continue }
                    // The part the pointer names, entries written beside the `$ref` replacing its own.
                    switch TokenResolverDocument.tokens(inFile: file, pointer: pointer, overrides: overrides) {
                    case .success(let tokens):
                        node = tokens
                    case .failure(.pointsAtNothing):
                        diagnostics.error(.unknownReference, "\"\(path)\(pointer ?? "")\" points at nothing in that file", at: location, keyPath: keyPath)
                        continue
                    case .failure(.notExtensible(let found)):
                        diagnostics.error(.type, "the keys beside this $ref extend a map of tokens, and \"\(path)\(pointer ?? "")\" holds \(found.value.kindDescription)",
                                          at: location, keyPath: keyPath)
                        continue
                    }
                }
                // A source is known by where its tokens start: a file's top, a part of it, or
                // inline tokens. Merging one again repeats its nodes' work.
                if !merged.insert(node.location).inserted {
                    if repeats.isPassed { continue }
                    let nodes = sizes[node.location] ?? node.nodeCount
                    sizes[node.location] = nodes
                    switch repeats.add(nodes, ownNodes: { ownNodes }) {
                    case .within:
                        break
                    case .passed:
                        let (location, keyPath) = source.place
                        diagnostics.error(.limitExceeded, "merging sources again (a file or a set named twice in a style's sources) adds more than the limit of \(repeats.limit) nodes",
                                          at: location, keyPath: keyPath)
                        continue
                    case .alreadyPassed:
                        continue
                    }
                }
                documents.append(node)
            }
            let style = resolver.styles.isEmpty ? nil : resolver.styles[index]
            // A context's tokens take their values for it (``TokenStyleOverrides``).
            if let style { documents = TokenStyleOverrides.sources(documents, for: [style.name]) }
            guard let translation = translateStyle(documents, style: style, leftOutSets: leftOutSets, at: document.location, values: &values) else { return nil }
            units.append((style?.name, translation))
            // Without styles, the theme has the default ones (or a child's): values for them are
            // variants, as a token file's are.
            if style == nil {
                let chains = (declaredStyles ?? .standard).chains(reaching: Set(translation.overrideStyles))
                if chains.isEmpty, !translation.overrideStyles.isEmpty { warnNoStyleReads(translation) }
                for (name, chain) in chains {
                    guard let styled = translateStyle(TokenStyleOverrides.sources(documents, for: chain), style: nil, leftOutSets: leftOutSets, at: document.location,
                                                      values: &values) else { return nil }
                    units.append((name, styled))
                }
            }
        }
        guard !isBroken else { return nil }
        let sections = DesignTokenTranslation.sections(units, at: document.location, leftOut: &styleOnlyTokens, diagnostics: &diagnostics)
        return tokenManifest(sections: sections, name: resolver.name, styles: resolver.styles, at: document.location)
    }

    /// `unknown-style` when a unit's tokens give values for styles (Primer's overrides,
    /// Terrazzo's modes) and no style of the theme reads any of them, itself or along its
    /// fallbacks: each style then takes `$value`, which would look like a theme without modes.
    /// Figma names its modes `Light` and `Dark`, and style names are case-sensitive. At the
    /// first style named.
    @inline(never)
    mutating func warnNoStyleReads(_ translation: DesignTokenTranslation) {
        guard let location = translation.overrideStyleLocations.first else { return }
        let styles = (declaredStyles ?? .standard).names
        let named = translation.overrideStyles
        let listed = StyleList.listed(named)
        let nearly = named.compactMap { name in styles.first { $0.lowercased() == name.lowercased() } }
        let advice = nearly.isEmpty
            ? "to read them, declare those styles in the manifest of a theme that includes the file"
            : "style names are case-sensitive: did you mean \(nearly.joined(separator: ", "))?"
        diagnostics.warning(.unknownStyle, "the tokens give values for \(listed) beside $value, but no style of the theme (\(styles.joined(separator: ", "))) is one of them, "
                            + "so every style takes $value; \(advice)", at: location)
    }

    /// One style's token sources (the sources of the whole theme when it has no styles) resolved
    /// as one unit, its notes added to the load's (an earlier style's kept), and its entries
    /// counted against ``Limits/maxResolvedValues`` with the styles' before it; `nil` once they
    /// pass it (reported at the style, where the document names it). With `ownSources`, only
    /// their tokens are entries; `leftOutSets` are named where an alias misses a token one of
    /// them has (``DesignTokenTranslation/init(sources:ownSources:tokensStudio:options:limits:allowsExternalAliases:leftOutSets:diagnostics:)``).
    mutating func translateStyle(_ sources: [DocumentNode], ownSources: [DocumentNode]? = nil, tokensStudio: Bool = false,
                                         style: (name: String, location: SourceLocation)?, leftOutSets: LeftOutTokenSets? = nil,
                                         at documentLocation: SourceLocation, values: inout ResolvedValueBudget) -> DesignTokenTranslation? {
        let translation = DesignTokenTranslation(sources: sources, ownSources: ownSources, tokensStudio: tokensStudio, options: designTokenOptions,
                                                 limits: loader.limits, allowsExternalAliases: false, leftOutSets: leftOutSets, diagnostics: &diagnostics)
        tokenNotes.merge(translation.notes, keepingEarlier: true)
        if values.add(translation.entries.count) {
            diagnostics.error(.limitExceeded, "the tokens of the styles up to \(style.map { "\"\($0.name)\"" } ?? "the first") pass the limit of \(values.limit) values",
                              at: style?.location ?? documentLocation)
            return nil
        }
        return translation
    }
}
