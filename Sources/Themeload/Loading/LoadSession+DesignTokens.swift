/// Design-token files and resolver documents as theme sources (docs/SPEC.md, section 11,
/// "Design tokens").
extension LoadSession {
    /// The theme sections one unit of token documents gives, as a manifest's content entries.
    mutating func translateTokens(_ sources: [DocumentNode], allowsExternalAliases: Bool) -> [NodeMap.Entry] {
        let translation = DesignTokenTranslation(sources: sources, options: loader.designTokens, limits: loader.limits, allowsExternalAliases: allowsExternalAliases,
                                                 diagnostics: &diagnostics)
        addTokenNotes(translation.notes, keepingEarlier: false)
        return DesignTokenTranslation.sections([(nil, translation)], at: sources.first?.location ?? SourceLocation(file: "<tokens>"))
    }

    /// Adds a unit's notes to the load's; where both have a note for an entry, `keepingEarlier`
    /// keeps the one already there. The first unit's notes are taken whole rather than inserted
    /// one by one.
    private mutating func addTokenNotes(_ notes: [String: TokenNote], keepingEarlier: Bool) {
        if tokenNotes.isEmpty {
            tokenNotes = notes
        } else {
            tokenNotes.merge(notes) { earlier, later in keepingEarlier ? earlier : later }
        }
    }

    /// A manifest made of token sections: with an empty `normal` level (a palette needs no
    /// levels, but a theme has that one), the document's name and its styles. The name and
    /// styles are checked as a manifest's are; the sections, made here, need no check and are
    /// taken as they are.
    mutating func tokenManifest(sections: [NodeMap.Entry], name: String?, styles: [String], at location: SourceLocation) -> Manifest? {
        var entries: [DocumentEntry] = []
        if let name {
            entries.append(DocumentEntry(key: "name", keyLocation: location, value: DocumentNode(.string(name), at: location)))
        }
        if !styles.isEmpty {
            let list = styles.map { DocumentNode(.string($0), at: location) }
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
    mutating func resolverManifest(_ document: DocumentNode, of bundle: ThemeBundle) -> Manifest? {
        guard let resolver = TokenResolverDocument(document, options: loader.designTokens, diagnostics: &diagnostics) else { return nil }
        let directory = bundle.directory ?? bundle.containingDirectory
        var files: [String: DocumentNode?] = [:]
        var units: [(style: String?, translation: DesignTokenTranslation)] = []
        for (index, sources) in resolver.sources.enumerated() {
            var documents: [DocumentNode] = []
            for source in sources {
                switch source {
                case .inline(let node):
                    documents.append(node)
                case .file(let path, let pointer, let location, let keyPath):
                    if files[path] == nil {
                        let fullPath = checkedBundleFile(path, what: "token file", at: location, keyPath: keyPath, directory: directory)
                        files[path] = .some(fullPath.flatMap { read($0, bundleDirectory: directory) })
                    }
                    guard let file = files[path] ?? nil else { continue }
                    guard let pointer else {
                        documents.append(file)
                        continue
                    }
                    guard let part = TokenTree.node(atPointer: pointer, in: file) else {
                        diagnostics.error(.unknownReference, "\"\(path)\(pointer)\" points at nothing in that file", at: location, keyPath: keyPath)
                        continue
                    }
                    documents.append(part)
                }
            }
            let translation = DesignTokenTranslation(sources: documents, options: loader.designTokens, limits: loader.limits, allowsExternalAliases: false,
                                                     diagnostics: &diagnostics)
            addTokenNotes(translation.notes, keepingEarlier: true)
            units.append((resolver.styles.isEmpty ? nil : resolver.styles[index], translation))
        }
        guard !isBroken else { return nil }
        let sections = DesignTokenTranslation.sections(units, at: document.location)
        return tokenManifest(sections: sections, name: resolver.name, styles: resolver.styles, at: document.location)
    }
}
