import Foundation

/// One load: the chain of bundles from the root ancestor to the requested theme, merged and
/// resolved.
struct LoadSession {
    let loader: ThemeLoader
    var diagnostics = DiagnosticCollector()
    var dependencies = LoadDependencies()
    /// The bundle directory of every theme file read (`nil` for single-file bundles).
    var bundleDirectories: [UTF8Key: String?] = [:]
    /// Whether a problem was found that makes resolving pointless (an unreadable file, a missing
    /// parent): resolving would only add noise.
    var isBroken = false
    /// What design tokens say of themselves, by `section.name`.
    var tokenNotes = TokenNotes()
    /// The tokens of some styles only, left out of the theme, for a reference to one to say so.
    var styleOnlyTokens = StyleOnlyTokens()
    /// The token set files of Tokens Studio folders read: JSON files as their extension says,
    /// but a design team's tokens, never the theme author's own.
    var tokenSetFiles: Set<UTF8Key> = []
    /// The styles the manifests read so far declare, the first manifest's first, with their
    /// fallbacks. A manifest is read before its parents, and a layer's partials after them, so
    /// when a partial is read these are every name the theme's variant maps may use
    /// (``StyleList/variantKeys``), and the theme's own fallbacks come first.
    var declaredStyles: StyleList?
    /// What the manifests read so far state of how their design tokens are read, the nearest
    /// statement winning: a manifest is read before its parents, and every manifest before any
    /// token file, resolver document or partial is read, but for a parent that is itself one.
    var statedTokenOptions = StatedDesignTokenOptions()
    /// Whether a resolver document or a Tokens Studio document with themes was read: what a
    /// manifest's `designTokens.modifierContexts` choose among.
    var readsModifiers = false

    /// The options design tokens are read with: the loader's, with what the theme's manifests
    /// state over them.
    var designTokenOptions: DesignTokenOptions { statedTokenOptions.applied(to: loader.designTokens) }

    struct Layer {
        var bundle: ThemeBundle
        var manifest: Manifest
        var partials: [NodeMap]
    }

    init(loader: ThemeLoader) {
        self.loader = loader
        diagnostics.limit = loader.limits.maxDiagnostics
    }

    private var locator: BundleLocator { BundleLocator(registry: loader.registry, fileSystem: loader.fileSystem) }

    mutating func run(_ source: ThemeLoader.Source) -> LoadReport {
        let located: Result<ThemeBundle, ThemeloadError>
        switch source {
        case .named(let name): located = locator.find(name, in: loader.searchDirectories, at: nil, dependencies: &dependencies)
        case .path(let path): located = locator.bundle(atPath: path, dependencies: &dependencies)
        }
        let theme: Theme?
        switch located {
        case .failure(let error):
            diagnostics.add(error)
            theme = nil
        case .success(let bundle) where bundle.isCompiled:
            theme = loadCompiled(bundle)
        case .success(let bundle):
            theme = load(bundle)
        }
        return LoadReport(theme: diagnostics.hasErrors ? nil : theme, diagnostics: diagnostics.inFileOrder, dependencies: dependencies,
                          bundleName: try? located.get().name)
    }

    private mutating func load(_ bundle: ThemeBundle) -> Theme? {
        guard var resolver = resolver(for: bundle) else { return nil }
        let theme = resolver.resolve()
        diagnostics = resolver.diagnostics
        dependencies.formUnion(resolver.dependencies)
        return theme
    }

    /// The resolver of a theme's merged document. The layers and their documents are local to
    /// it, so that once the resolver has read the styles, the resolver's copy of the merged
    /// document is the last one and the theme's largest structure is let go at once.
    private mutating func resolver(for bundle: ThemeBundle) -> ThemeResolver? {
        let layers = chain(from: bundle, descendants: [])
        guard let child = layers.last, !isBroken else { return nil }
        if !readsModifiers { warnOfUnusedModifierContexts() }
        let styles = (layers.reversed().lazy.compactMap(\.manifest.styles).first ?? .standard)
            .inheriting(layers.flatMap { $0.manifest.styles?.names ?? [] })
        let merger = DocumentMerger(styles: styles.variantKeys)
        var merged = NodeMap()
        for layer in layers {
            for partial in layer.partials {
                merged = merger.mergeDocument(merged, partial)
            }
            merged = merger.mergeDocument(merged, layer.manifest.content)
        }
        let directories = bundleDirectories
        return ThemeResolver(
            ThemeResolver.Input(
                name: child.manifest.name ?? child.bundle.name, styles: styles, content: merged,
                manifestLocation: child.manifest.location, limits: loader.limits, strict: loader.strict,
                // A design team's token files are not the theme author's to prune: their
                // entries are never `unused-token`.
                ownFiles: { [manifest = child.bundle.manifestPath, directory = child.bundle.directory, registry = loader.registry, tokenSetFiles] file in
                    (UTF8Key(file) == UTF8Key(manifest) || directory.map { BundlePath.isInside(file, directory: $0) } == true)
                        && (registry.plugin(forPath: file)?.documentKind ?? .theme) == .theme && !tokenSetFiles.contains(UTF8Key(file))
                },
                fileSystem: loader.fileSystem, bundleDirectory: { file in directories[UTF8Key(file)] ?? nil }, tokenNotes: tokenNotes,
                styleOnlyTokens: styleOnlyTokens, remSize: designTokenOptions.remSize),
            diagnostics: diagnostics)
    }

    /// A warning at each context a manifest chooses when the theme reads nothing that has
    /// modifiers to choose among: no resolver document, no Tokens Studio document with themes.
    private mutating func warnOfUnusedModifierContexts() {
        for (modifier, stated) in statedTokenOptions.modifierContexts.sorted(by: { $0.key < $1.key }) {
            diagnostics.warning(.unknownKey, "designTokens.modifierContexts chooses the context \"\(stated.value)\" of \"\(modifier)\", but the theme reads "
                                + "no resolver document or Tokens Studio themes, whose modifiers it would choose among: it is not used", at: stated.location, keyPath: stated.keyPath)
        }
    }

    /// A compiled theme: read, checked whole, and its images checked to exist.
    private mutating func loadCompiled(_ bundle: ThemeBundle) -> Theme? {
        dependencies.noteFile(bundle.manifestPath)
        let theme: Theme
        do {
            let data = try loader.fileSystem.readFile(atPath: bundle.manifestPath, maxSize: loader.limits.maxFileSize)
            theme = try CompiledTheme.decode(data, file: bundle.manifestPath, directory: bundle.containingDirectory, limits: loader.limits)
        } catch {
            diagnostics.add(error)
            return nil
        }
        var checked: Set<UTF8Key> = []
        for style in theme.styles {
            let resolved = theme.resolved(style)
            let table = resolved.levels
            var sets: [(keyPath: () -> DocumentPath, set: ImageSet)] = []
            for (name, set) in resolved.images {
                sets.append((keyPath: { DocumentPath(keys: "images", name) }, set: set))
            }
            for (cell, value) in table.cells.enumerated() {
                guard let set = value?.imageSet else { continue }
                let (row, column) = cell.quotientAndRemainder(dividingBy: max(1, table.properties.count))
                sets.append((keyPath: { DocumentPath(keys: "levels", table.levels[row], table.properties[column]) }, set: set))
            }
            for (keyPath, set) in sets {
                for variant in set.variants where variant.data == nil && checked.insert(UTF8Key(variant.path)).inserted {
                    if loader.fileSystem.status(ofPath: variant.path)?.kind == .regular {
                        dependencies.noteFile(variant.path)
                    } else {
                        dependencies.noteMissing(variant.path)
                        diagnostics.error(.assetMissing, "the image \"\(variant.file)\" of the compiled theme is missing from \(variant.path); copy the images folder along with the compiled file",
                                          at: SourceLocation(file: bundle.manifestPath), keyPath: keyPath())
                    }
                }
            }
        }
        return theme
    }

    /// The layers from the root ancestor down to `bundle`; `descendants` are the bundles that
    /// extend it, nearest last, to find cycles.
    private mutating func chain(from bundle: ThemeBundle, descendants: [ThemeBundle]) -> [Layer] {
        guard let manifest = manifest(of: bundle) else { return [] }
        var layers: [Layer] = []
        if let (parentName, location) = manifest.extends {
            layers = parentLayers(parentName, at: location, of: bundle, descendants: descendants)
        }
        return layers + [Layer(bundle: bundle, manifest: manifest, partials: partials(of: manifest, in: bundle))]
    }

    /// The contents of the partial files a manifest includes, in order. (Out of
    /// `chain(from:descendants:)`, as ``manifest(of:)`` is, to keep that recursion's frame small.)
    @inline(never)
    private mutating func partials(of manifest: Manifest, in bundle: ThemeBundle) -> [NodeMap] {
        var partials: [NodeMap] = []
        var included: [UTF8Key: Int] = [:]
        let tokenFiles = includedTokenFiles(of: manifest, in: bundle)
        for entry in manifest.include {
            if let partial = readPartial(entry.path, at: entry.location, keyPath: DocumentPath(keys: "include").appending(index: entry.index), index: entry.index,
                                         of: bundle, included: &included, tokenFiles: tokenFiles) {
                partials.append(partial)
            }
        }
        return partials
    }

    /// A bundle's manifest, checked: read, or for a token file or a resolver document, made
    /// from its tokens. `nil` (the load broken) when it cannot be had. Kept out of
    /// `chain(from:descendants:)`, which recurses once per `extends` link, so that its stack
    /// frame stays small (a chain of a thousand links must not overflow a thread's stack,
    /// sanitizers' larger frames included).
    @inline(never)
    private mutating func manifest(of bundle: ThemeBundle) -> Manifest? {
        let manifest: Manifest?
        if let folder = bundle.directory, TokensStudioDocument.isFolderEntry(bundle.manifestPath) {
            manifest = tokensStudioFolderManifest(folder)
        } else {
            guard let document = read(bundle.manifestPath, bundleDirectory: bundle.directory) else { return nil }
            manifest = switch loader.registry.plugin(forPath: bundle.manifestPath)?.documentKind ?? .theme {
            case .theme: Manifest(consume document, isPartial: false, maxFallbackChain: loader.limits.maxExtendsChain, diagnostics: &diagnostics)
            case .designTokens where TokensStudioDocument.isTokensStudio(document): tokensStudioManifest(document)
            case .designTokens:
                tokenManifest(sections: translateTokens([document], allowsExternalAliases: false, readsStyleOverrides: true), name: nil, styles: [], at: document.location)
            case .tokenResolver: resolverManifest(document, of: bundle)
            }
        }
        if let manifest {
            if let styles = manifest.styles { declaredStyles = declaredStyles?.adding(styles) ?? styles }
            if let stated = manifest.designTokens { statedTokenOptions.inherit(stated) }
        } else {
            isBroken = true
        }
        return manifest
    }

    private mutating func parentLayers(_ name: String, at location: SourceLocation, of bundle: ThemeBundle, descendants: [ThemeBundle]) -> [Layer] {
        let keyPath = DocumentPath(keys: "extends")
        let lineage = descendants + [bundle]
        // The chain is counted in links, as reference chains are: this link is the lineage's count.
        guard lineage.count <= loader.limits.maxExtendsChain else {
            diagnostics.error(.limitExceeded, "the extends chain is longer than the limit of \(loader.limits.maxExtendsChain) links", at: location, keyPath: keyPath)
            isBroken = true
            return []
        }
        // The child's own folder first; a search directory that is the same folder is not
        // searched twice (nor listed twice when the parent is not found).
        var directories: [String] = []
        for directory in [bundle.containingDirectory] + loader.searchDirectories
        where !directories.contains(where: { BundleLocator.isSameDirectory($0, directory) }) {
            directories.append(directory)
        }
        switch locator.find(name, in: directories, at: location, keyPath: keyPath, dependencies: &dependencies) {
        case .failure(let error):
            diagnostics.add(error)
            isBroken = true
            return []
        case .success(let parent) where parent.isCompiled:
            dependencies.noteFile(parent.manifestPath)
            diagnostics.error(.unsupportedFormat, "the theme \"\(name)\" is compiled (\(parent.manifestPath)), and a compiled theme cannot be extended; extend its sources",
                              at: location, keyPath: keyPath)
            isBroken = true
            return []
        case .success(let parent):
            let key = loader.fileSystem.resolvedPath(parent.manifestPath) ?? parent.manifestPath
            if let start = lineage.firstIndex(where: { (loader.fileSystem.resolvedPath($0.manifestPath) ?? $0.manifestPath) == key }) {
                let loop = (lineage[start...].map(\.name) + [parent.name]).joined(separator: " → ")
                diagnostics.error(.inheritanceCycle, "themes extend each other in a loop: \(loop)", at: location, keyPath: keyPath)
                isBroken = true
                return []
            }
            return chain(from: parent, descendants: lineage)
        }
    }

    /// A partial file of a manifest's `include` list, at `index` there. `included` holds the
    /// files the list has named so far, by their path with links followed (byte for byte, as the
    /// file system names them), and where: a file named twice (however its path is spelled) is
    /// `duplicate-key`, for merging it again would
    /// only repeat its work (20,000 entries of one file took minutes). `tokenFiles`: the
    /// manifest's design-token files read together, for a token file's parts of values.
    private mutating func readPartial(_ path: String, at location: SourceLocation, keyPath: DocumentPath, index: Int, of bundle: ThemeBundle,
                                      included: inout [UTF8Key: Int], tokenFiles: IncludedTokenFiles?) -> NodeMap? {
        guard let directory = bundle.directory else {
            diagnostics.error(.type, "a single-file theme cannot include partial files; make it a \(bundle.name).theme directory", at: location, keyPath: keyPath)
            return nil
        }
        guard let fullPath = checkedBundleFile(path, what: "partial file", at: location, keyPath: keyPath, directory: directory) else { return nil }
        let resolved = loader.fileSystem.resolvedPath(fullPath) ?? fullPath
        guard UTF8Key(resolved) != UTF8Key(loader.fileSystem.resolvedPath(bundle.manifestPath) ?? bundle.manifestPath) else {
            diagnostics.error(.inheritanceCycle, "the manifest includes itself as the partial file \"\(path)\"", at: location, keyPath: keyPath)
            isBroken = true
            return nil
        }
        // A Tokens Studio folder is one partial, through whichever of its two files it is named.
        let isFolder = TokensStudioDocument.isFolderEntry(fullPath)
        let key = UTF8Key(isFolder ? BundleLocator.parent(of: resolved) : resolved)
        if let first = included[key] {
            let what = isFolder ? "the Tokens Studio folder of \"\(path)\"" : "the partial file \"\(path)\""
            diagnostics.error(.duplicateKey, "\(what) is already included, as include[\(first)]; include each file once", at: location, keyPath: keyPath)
            return nil
        }
        included[key] = index
        if isFolder {
            return includedTokensStudioFolder(BundleLocator.parent(of: fullPath), path: path, at: location, keyPath: keyPath).map(NodeMap.init(distinctEntries:))
        }
        // A design-token file the manifest's token files read together parsed already is taken
        // as parsed; one read here is kept for them.
        guard let document = read(fullPath, bundleDirectory: directory, parsed: tokenFiles?.document(path), keep: tokenFiles.map { files in { files.keep($0, for: path) } })
        else { return nil }
        switch loader.registry.plugin(forPath: fullPath)?.documentKind ?? .theme {
        case .theme:
            break
        case .designTokens where TokensStudioDocument.isTokensStudio(document):
            return includedTokensStudioSections(document, path: path, at: location, keyPath: keyPath).map(NodeMap.init(distinctEntries:))
        case .designTokens:
            // The sections a partial's tokens make are its content as they are: a partial holds
            // nothing else.
            return NodeMap(distinctEntries: translateTokens([document], allowsExternalAliases: true, includedFiles: tokenFiles, readsStyleOverrides: true))
        case .tokenResolver:
            diagnostics.error(.type, "a resolver document is a theme of its own and cannot be included; load \"\(path)\" as the theme, or include its token files",
                              at: location, keyPath: keyPath)
            return nil
        }
        guard let partial = Manifest(document, isPartial: true, maxFallbackChain: loader.limits.maxExtendsChain, diagnostics: &diagnostics) else {
            isBroken = true
            return nil
        }
        return partial.content
    }

    /// The design-token files (DTCG or the older form, not Tokens Studio's) a manifest
    /// includes, read together when a part of a value in one of them aliases a token of
    /// another (``IncludedTokenFiles``); `nil` for fewer than two. Read quietly, and only the
    /// files the include list may name: each is read again, and reported, as its partial.
    private func includedTokenFiles(of manifest: Manifest, in bundle: ThemeBundle) -> IncludedTokenFiles? {
        guard let directory = bundle.directory else { return nil }
        let paths = manifest.include.map(\.path).filter {
            !TokensStudioDocument.isFolderEntry($0) && loader.registry.plugin(forPath: $0)?.documentKind == .designTokens
        }
        guard paths.count > 1 else { return nil }
        return IncludedTokenFiles(paths: paths, limits: loader.limits) { [loader] in loader.parsedQuietly($0, inBundle: directory) }
    }

    /// The full path of a file a bundle names (a partial file, a resolver's token file), after
    /// checking that it stays inside the bundle, that a plugin reads it and that it exists.
    mutating func checkedBundleFile(_ path: String, what: String, at location: SourceLocation, keyPath: DocumentPath, directory: String) -> String? {
        let fullPath: String
        switch BundlePath.join(directory, path) {
        case .failure(.outside(let reason)):
            diagnostics.error(.assetOutsideBundle, "the \(what) \(reason)", at: location, keyPath: keyPath)
            return nil
        case .success(let joined):
            fullPath = joined
        }
        guard loader.registry.plugin(forPath: path) != nil else {
            // Said of the entry, whether or not the file exists: no file could make it readable.
            diagnostics.error(.unsupportedFormat, "the \(what) \"\(path)\" cannot be read: \(loader.registry.unsupportedMessage(for: path))", at: location, keyPath: keyPath)
            isBroken = true
            return nil
        }
        guard loader.fileSystem.status(ofPath: fullPath) != nil else {
            dependencies.noteMissing(fullPath)
            diagnostics.error(.io, "the \(what) \"\(path)\" does not exist", at: location, keyPath: keyPath)
            isBroken = true
            return nil
        }
        guard BundlePath.staysInside(fullPath, directory: directory, fileSystem: loader.fileSystem) else {
            diagnostics.error(.assetOutsideBundle, "the \(what) \"\(path)\" is a link that leads outside the bundle", at: location, keyPath: keyPath)
            return nil
        }
        return fullPath
    }

    /// Reads and parses one theme file, recording it as a dependency.
    /// `parsed`: the file's parse, made before (its problem is reported here); `keep` is handed
    /// the parse this makes.
    mutating func read(_ path: String, bundleDirectory: String?, parsed: Result<DocumentNode, ThemeloadError>? = nil,
                       keep: ((Result<DocumentNode, ThemeloadError>) -> Void)? = nil) -> DocumentNode? {
        dependencies.noteFile(path)
        bundleDirectories[UTF8Key(path)] = .some(bundleDirectory)
        let result = parsed ?? loader.parsed(path)
        if parsed == nil { keep?(result) }
        switch result {
        case .success(let document):
            return document
        case .failure(let error):
            diagnostics.add(error)
            isBroken = true
            return nil
        }
    }
}
