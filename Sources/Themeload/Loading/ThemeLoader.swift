import Foundation

/// Loads themes: finds the bundle, reads the manifest, its partial files and its parents,
/// merges them (SPEC section 4) and resolves the result into an immutable ``Theme``.
///
/// ```swift
/// var loader = ThemeLoader(registry: .standard, searchDirectories: ["Themes"])   // .standard from ThemeloadYAML
/// let theme = try loader.load(named: "Moments").theme
/// ```
///
/// Every problem the loader can find is reported in one pass: a failed load throws one
/// ``ThemeloadError`` holding all its diagnostics. ``report(for:)`` gives the same information,
/// warnings and dependencies included, without throwing.
public struct ThemeLoader: Sendable {
    /// What to load: a theme by name from the search directories, or a bundle by path.
    public enum Source: Sendable, Hashable {
        /// A theme name, looked up in ``ThemeLoader/searchDirectories``.
        case named(String)
        /// A `NAME.theme` directory, its manifest, or a single theme file.
        case path(String)
    }

    /// The format plugins that read theme files.
    public var registry: FormatRegistry
    /// Where themes are looked up by name, in order.
    public var searchDirectories: [String]
    /// The bounds on input.
    public var limits: Limits
    /// Whether to warn about palette, font and metric entries nothing refers to (`unused-token`).
    public var strict: Bool
    /// The file system files are read from.
    public var fileSystem: any FileSystem

    /// Creates a loader.
    public init(
        registry: FormatRegistry = .builtIn, searchDirectories: [String] = [], limits: Limits = .default,
        strict: Bool = false, fileSystem: any FileSystem = LocalFileSystem()
    ) {
        self.registry = registry
        self.searchDirectories = searchDirectories
        self.limits = limits
        self.strict = strict
        self.fileSystem = fileSystem
    }

    /// Loads a theme by name from the search directories.
    public func load(named name: String) throws(ThemeloadError) -> LoadedTheme {
        try load(.named(name))
    }

    /// Loads the theme bundle or file at a path.
    public func load(atPath path: String) throws(ThemeloadError) -> LoadedTheme {
        try load(.path(path))
    }

    /// Loads the theme bundle or file at a file URL.
    public func load(contentsOf url: URL) throws(ThemeloadError) -> LoadedTheme {
        try load(.path(url.path))
    }

    /// Loads a theme that an app ships as a resource: `NAME.theme` or `NAME.EXT` in the bundle's
    /// resources (or a subdirectory of them). Other themes in the same place can be its parents.
    public func load(named name: String, in bundle: Bundle, subdirectory: String? = nil) throws(ThemeloadError) -> LoadedTheme {
        guard let resources = bundle.resourceURL else {
            throw ThemeloadError(.themeNotFound, "the bundle \(bundle.bundlePath) has no resources", at: nil)
        }
        let directory = subdirectory.map { resources.appendingPathComponent($0) } ?? resources
        var loader = self
        loader.searchDirectories = [directory.path] + searchDirectories
        return try loader.load(named: name)
    }

    /// Loads a theme, throwing every diagnostic if it has any error.
    public func load(_ source: Source) throws(ThemeloadError) -> LoadedTheme {
        let report = report(for: source)
        guard let theme = report.theme else { throw ThemeloadError(report.diagnostics) }
        return LoadedTheme(theme: theme, warnings: report.diagnostics, dependencies: report.dependencies)
    }

    /// Loads a theme and reports everything: the theme if it loads, every diagnostic (errors and
    /// warnings), and the files the load depended on, whether or not it succeeded.
    public func report(for source: Source) -> LoadReport {
        var session = LoadSession(loader: self)
        return session.run(source)
    }
}

/// A theme that loaded, with its warnings and the files it was read from.
public struct LoadedTheme: Sendable {
    /// The resolved theme.
    public let theme: Theme
    /// Warnings (`low-contrast`, and `unused-token` when strict); never errors.
    public let warnings: [Diagnostic]
    /// The files read and the paths probed, for hot reload.
    public let dependencies: LoadDependencies
}

/// Everything one load attempt found out.
public struct LoadReport: Sendable {
    /// The theme, or `nil` when there were errors.
    public let theme: Theme?
    /// Every diagnostic, errors and warnings, in the order found.
    public let diagnostics: [Diagnostic]
    /// The files read and the paths probed, also for a failed load (so fixing a file can be seen).
    public let dependencies: LoadDependencies

    /// The errors among the diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The warnings among the diagnostics.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// One load: the chain of bundles from the root ancestor to the requested theme, merged and
/// resolved.
private struct LoadSession {
    let loader: ThemeLoader
    var diagnostics = DiagnosticCollector()
    var dependencies = LoadDependencies()
    /// The bundle directory of every theme file read (`nil` for single-file bundles).
    var bundleDirectories: [String: String?] = [:]
    /// Whether a problem was found that makes resolving pointless (an unreadable file, a missing
    /// parent): resolving would only add noise.
    var isBroken = false

    struct Layer {
        var bundle: ThemeBundle
        var manifest: Manifest
        var partials: [NodeMap]
    }

    init(loader: ThemeLoader) {
        self.loader = loader
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
        return LoadReport(theme: diagnostics.hasErrors ? nil : theme, diagnostics: diagnostics.diagnostics, dependencies: dependencies)
    }

    private mutating func load(_ bundle: ThemeBundle) -> Theme? {
        let layers = chain(from: bundle, descendants: [])
        guard let child = layers.last, !isBroken else { return nil }
        let styles = layers.reversed().lazy.compactMap(\.manifest.styles).first ?? ["light", "dark"]
        let merger = DocumentMerger(styles: Set(styles))
        var merged = NodeMap()
        for layer in layers {
            for partial in layer.partials {
                merged = merger.mergeDocument(merged, partial)
            }
            merged = merger.mergeDocument(merged, layer.manifest.content)
        }
        let directories = bundleDirectories
        var resolver = ThemeResolver(
            ThemeResolver.Input(
                name: child.manifest.name ?? child.bundle.name, styles: styles, content: merged,
                manifestLocation: child.manifest.location, limits: loader.limits, strict: loader.strict,
                fileSystem: loader.fileSystem, bundleDirectory: { file in directories[file] ?? nil }),
            diagnostics: diagnostics)
        let theme = resolver.resolve()
        diagnostics = resolver.diagnostics
        dependencies.formUnion(resolver.dependencies)
        return theme
    }

    /// A compiled theme: read, checked whole, and its images checked to exist.
    private mutating func loadCompiled(_ bundle: ThemeBundle) -> Theme? {
        dependencies.files.insert(bundle.manifestPath)
        let theme: Theme
        do {
            let data = try loader.fileSystem.readFile(atPath: bundle.manifestPath, maxSize: loader.limits.maxFileSize)
            theme = try CompiledTheme.decode(data, file: bundle.manifestPath, directory: bundle.containingDirectory)
        } catch {
            diagnostics.add(error)
            return nil
        }
        var checked: Set<String> = []
        for style in theme.styles {
            let resolved = theme.resolved(style)
            let sets = resolved.images.map { (DocumentPath(keys: "images", $0.key), $0.value) }
                + resolved.levels.levels.flatMap { level in
                    resolved.levels.row(level).compactMap { property, value in value.imageSet.map { (DocumentPath(keys: "levels", level, property), $0) } }
                }
            for (keyPath, set) in sets {
                for variant in set.variants where variant.data == nil && checked.insert(variant.path).inserted {
                    if loader.fileSystem.status(ofPath: variant.path)?.kind == .regular {
                        dependencies.files.insert(variant.path)
                    } else {
                        dependencies.missing.insert(variant.path)
                        diagnostics.error(.assetMissing, "the image \"\(variant.file)\" of the compiled theme is missing from \(variant.path); copy the images folder along with the compiled file",
                                          at: SourceLocation(file: bundle.manifestPath), keyPath: keyPath)
                    }
                }
            }
        }
        return theme
    }

    /// The layers from the root ancestor down to `bundle`; `descendants` are the bundles that
    /// extend it, nearest last, to find cycles.
    private mutating func chain(from bundle: ThemeBundle, descendants: [ThemeBundle]) -> [Layer] {
        guard let document = read(bundle.manifestPath, bundleDirectory: bundle.directory) else { return [] }
        guard let manifest = Manifest(document, isPartial: false, diagnostics: &diagnostics) else {
            isBroken = true
            return []
        }
        var layers: [Layer] = []
        if let (parentName, location) = manifest.extends {
            layers = parentLayers(parentName, at: location, of: bundle, descendants: descendants)
        }
        var partials: [NodeMap] = []
        for entry in manifest.include {
            if let partial = readPartial(entry.path, at: entry.location, keyPath: DocumentPath(keys: "include").appending(index: entry.index), of: bundle) {
                partials.append(partial)
            }
        }
        return layers + [Layer(bundle: bundle, manifest: manifest, partials: partials)]
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
        let directories = [bundle.containingDirectory] + loader.searchDirectories
        switch locator.find(name, in: directories, at: location, keyPath: keyPath, dependencies: &dependencies) {
        case .failure(let error):
            diagnostics.add(error)
            isBroken = true
            return []
        case .success(let parent) where parent.isCompiled:
            dependencies.files.insert(parent.manifestPath)
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

    private mutating func readPartial(_ path: String, at location: SourceLocation, keyPath: DocumentPath, of bundle: ThemeBundle) -> NodeMap? {
        guard let directory = bundle.directory else {
            diagnostics.error(.type, "a single-file theme cannot include partial files; make it a \(bundle.name).theme directory", at: location, keyPath: keyPath)
            return nil
        }
        let fullPath: String
        switch BundlePath.join(directory, path) {
        case .failure(.outside(let reason)):
            diagnostics.error(.assetOutsideBundle, "the partial file \(reason)", at: location, keyPath: keyPath)
            return nil
        case .success(let joined):
            fullPath = joined
        }
        guard loader.registry.plugin(forPath: path) != nil else {
            // Said of the entry, whether or not the file exists: no file could make it readable.
            diagnostics.error(.unsupportedFormat, "the partial file \"\(path)\" cannot be read: \(loader.registry.unsupportedMessage(for: path))", at: location, keyPath: keyPath)
            isBroken = true
            return nil
        }
        guard loader.fileSystem.status(ofPath: fullPath) != nil else {
            dependencies.missing.insert(fullPath)
            diagnostics.error(.io, "the partial file \"\(path)\" does not exist", at: location, keyPath: keyPath)
            isBroken = true
            return nil
        }
        guard BundlePath.staysInside(fullPath, directory: directory, fileSystem: loader.fileSystem) else {
            diagnostics.error(.assetOutsideBundle, "the partial file \"\(path)\" is a link that leads outside the bundle", at: location, keyPath: keyPath)
            return nil
        }
        let resolved = loader.fileSystem.resolvedPath(fullPath) ?? fullPath
        guard resolved != (loader.fileSystem.resolvedPath(bundle.manifestPath) ?? bundle.manifestPath) else {
            diagnostics.error(.inheritanceCycle, "the manifest includes itself as the partial file \"\(path)\"", at: location, keyPath: keyPath)
            isBroken = true
            return nil
        }
        guard let document = read(fullPath, bundleDirectory: directory) else { return nil }
        guard let partial = Manifest(document, isPartial: true, diagnostics: &diagnostics) else {
            isBroken = true
            return nil
        }
        return partial.content
    }

    /// Reads and parses one theme file, recording it as a dependency.
    private mutating func read(_ path: String, bundleDirectory: String?) -> DocumentNode? {
        dependencies.files.insert(path)
        bundleDirectories[path] = .some(bundleDirectory)
        do {
            return try loader.registry.parseFile(atPath: path, limits: loader.limits, fileSystem: loader.fileSystem)
        } catch {
            diagnostics.add(error)
            isBroken = true
            return nil
        }
    }
}
