/// Tokens Studio exports as theme sources (docs/SPEC.md, section 11, "Tokens Studio documents
/// are theme sources too"): a single-file document, or a folder of the plugin's multi-file sync.
extension LoadSession {
    /// The manifest a Tokens Studio document stands for (see
    /// ``tokensStudioManifest(_:at:)``). `nil` when the document is too broken.
    mutating func tokensStudioManifest(_ document: DocumentNode) -> Manifest? {
        guard let studio = TokensStudioDocument(document, options: designTokenOptions, statedContexts: statedTokenOptions.modifierContexts, diagnostics: &diagnostics)
        else { return nil }
        return tokensStudioManifest(studio, at: document.location)
    }

    /// The manifest a Tokens Studio folder stands for: as a document's, its files read as one.
    /// `nil` when the folder is too broken.
    mutating func tokensStudioFolderManifest(_ folder: String) -> Manifest? {
        guard let parts = tokensStudioFolderParts(folder),
              let studio = TokensStudioDocument(parts, options: designTokenOptions, statedContexts: statedTokenOptions.modifierContexts, diagnostics: &diagnostics)
        else { return nil }
        return tokensStudioManifest(studio, at: parts.location)
    }

    /// Each style's sets merged and resolved on their own (the sets it uses for references only
    /// giving no entries), then joined into variant maps, as a resolver document's styles are.
    private mutating func tokensStudioManifest(_ studio: TokensStudioDocument, at location: SourceLocation) -> Manifest? {
        // Its groups of themes other than the styles' are what a theme's modifierContexts choose.
        if !studio.styles.isEmpty, !studio.stylesAreAppearanceSets { readsModifiers = true }
        var units: [(style: String?, translation: DesignTokenTranslation)] = []
        var values = ResolvedValueBudget(limit: loader.limits.maxResolvedValues)
        for (index, sets) in studio.sets.enumerated() {
            let style = studio.styles.isEmpty ? nil : studio.styles[index]
            let own = sets.contains(where: \.isReferenceOnly) ? sets.filter { !$0.isReferenceOnly }.map(\.node) : nil
            // The sets the style's themes leave out, named where an alias misses a token of theirs.
            var leftOutSets: LeftOutTokenSets?
            if let style, index < studio.leftOutSets.count, !studio.leftOutSets[index].isEmpty {
                let leftOut = studio.leftOutSets[index]
                let appearances = studio.stylesAreAppearanceSets
                leftOutSets = LeftOutTokenSets(names: leftOut.map(\.name)) { name in
                    appearances ? "only the style \"\(name)\" reads that set (without $themes, the sets light and dark are the styles, each the other's left out)"
                        : "the theme \"\(style.name)\" does not use it (make it \"source\" or \"enabled\" in that theme's selectedTokenSets)"
                } load: {
                    leftOut.map { [$0.node] }
                }
            }
            guard let translation = translateStyle(sets.map(\.node), ownSources: own, tokensStudio: true, style: style, leftOutSets: leftOutSets,
                                                   at: location, values: &values) else {
                return nil
            }
            units.append((style?.name, translation))
        }
        // Themes in no group are all styles: where some lack what others have, they may be layers.
        let hint = studio.stylesHaveNoGroup && studio.styles.count > 2
            ? "these styles are all the document's themes, as none has a group: if some are layers to put together with others (a platform, a brand), "
                + "give them a group of their own, whose theme the loader adds to every style"
            : nil
        let sections = DesignTokenTranslation.sections(units, at: location, styleOnlyHint: hint, leftOut: &styleOnlyTokens, diagnostics: &diagnostics)
        return tokenManifest(sections: sections, name: nil, styles: studio.styles, at: location)
    }

    /// A Tokens Studio document included by a manifest: its sets as one unit. One with themes is
    /// a theme of its own (`nil`, reported): its styles are the themes. One too broken to read
    /// breaks the load, as a broken partial does.
    mutating func includedTokensStudioSections(_ document: DocumentNode, path: String, at location: SourceLocation, keyPath: DocumentPath) -> [NodeMap.Entry]? {
        let studio = TokensStudioDocument(document, options: designTokenOptions, diagnostics: &diagnostics)
        return includedSections(of: studio, at: location, keyPath: keyPath) {
            studio?.stylesAreAppearanceSets == true
                ? "a Tokens Studio document with the sets light and dark is a theme of its own, whose styles they are, and cannot be included; "
                    + "load \"\(path)\" as the theme, or have this theme extend it"
                : "a Tokens Studio document with themes is a theme of its own and cannot be included; load \"\(path)\" as the theme, or remove its $themes"
        }
    }

    /// A Tokens Studio folder included by a manifest through its `$metadata.json` or
    /// `$themes.json` (`path`, as the manifest writes it): its sets as one unit, as a document's.
    mutating func includedTokensStudioFolder(_ folder: String, path: String, at location: SourceLocation, keyPath: DocumentPath) -> [NodeMap.Entry]? {
        let studio = tokensStudioFolderParts(folder).flatMap { TokensStudioDocument($0, options: designTokenOptions, diagnostics: &diagnostics) }
        return includedSections(of: studio, at: location, keyPath: keyPath) {
            let what = studio?.stylesAreAppearanceSets == true ? "the sets light and dark, its styles," : "themes (\(TokensStudioDocument.themesFile)),"
            return "the Tokens Studio folder of \"\(path)\" has \(what) which make it a theme of its own: it cannot be included; "
                + "load the folder as the theme, or have this theme extend it"
        }
    }

    /// The sets of an included export (`nil` when it was too broken to read, which breaks the
    /// load) as one unit; an export with themes is refused, saying `refusal`.
    private mutating func includedSections(of studio: TokensStudioDocument?, at location: SourceLocation, keyPath: DocumentPath,
                                           refusal: () -> String) -> [NodeMap.Entry]? {
        guard let studio else {
            isBroken = true
            return nil
        }
        guard studio.styles.isEmpty else {
            diagnostics.error(.type, refusal(), at: location, keyPath: keyPath)
            return nil
        }
        return translateTokens(studio.sets[0].map(\.node), tokensStudio: true, allowsExternalAliases: true)
    }

    /// A Tokens Studio folder's parts: its `$metadata.json` and `$themes.json`, where there, and
    /// the file `SET.json` of every set they name (`tokenSetOrder` first, then the themes' sets
    /// in the order they are first named), key paths starting at each file's root. A set whose
    /// file is missing, outside the folder or unreadable is reported where it is first named and
    /// breaks the load. `nil` when neither file can be read.
    private mutating func tokensStudioFolderParts(_ folder: String) -> TokensStudioDocument.Parts? {
        // `.some(nil)`: not there (watched for, should it appear); `nil`: there but unreadable.
        func readIfThere(_ file: String) -> DocumentNode?? {
            let path = BundleLocator.join(folder, file)
            guard loader.fileSystem.status(ofPath: path) != nil else {
                dependencies.noteMissing(path)
                return .some(nil)
            }
            return read(path, bundleDirectory: folder).map { .some($0) }
        }
        guard let metadata = readIfThere(TokensStudioDocument.metadataFile), let themes = readIfThere(TokensStudioDocument.themesFile) else { return nil }
        guard let entry = metadata ?? themes else {
            diagnostics.error(.themeNotFound, "the folder has neither \(TokensStudioDocument.metadataFile) nor \(TokensStudioDocument.themesFile)",
                              at: SourceLocation(file: folder))
            isBroken = true
            return nil
        }
        var parts = TokensStudioDocument.Parts(location: entry.location)
        parts.metadata = metadata
        parts.themes = themes
        parts.metadataPath = DocumentPath()
        parts.themesPath = DocumentPath()
        parts.holder = "the folder"
        let selected = TokensStudioDocument.setsSelected(themes: themes)
        for (name, location, keyPath) in TokensStudioDocument.setsNamed(metadata: metadata, themes: themes) {
            // A set only the order names, with no file, is passed over (the order's reading
            // says so), as the plugin passes it over; one a theme selects must be there.
            // (A name that leaves the folder is reported as ever.)
            if !selected.contains(name), case .success(let path) = BundlePath.join(folder, name + ".json"), loader.fileSystem.status(ofPath: path) == nil {
                dependencies.noteMissing(path)
                continue
            }
            guard let path = checkedBundleFile(name + ".json", what: "token set file", at: location, keyPath: keyPath, directory: folder),
                  let node = read(path, bundleDirectory: folder) else {
                parts.unreadableSets.insert(name)
                isBroken = true
                continue
            }
            tokenSetFiles.insert(UTF8Key(path))
            parts.sets.append((name, node, DocumentPath()))
        }
        return parts
    }
}
