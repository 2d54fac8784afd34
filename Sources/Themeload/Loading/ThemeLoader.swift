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
    /// How design-token files and resolver documents are read: points per `rem`, and the
    /// context of each resolver modifier other than the one giving the styles.
    public var designTokens = DesignTokenOptions()

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

    /// The newest theme `format` this loader reads (SPEC section 3).
    public static var newestFormat: Int64 { Manifest.formatVersion }

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
    /// The name of the bundle the theme was found as (`Shop` for `Shop.theme`, `Shop.yaml` or
    /// `Shop.themec`): the name ``ThemeLoader/load(named:)`` finds it by, which the manifest's
    /// `name` need not be. `nil` when no bundle was found.
    package var bundleName: String? = nil

    /// The errors among the diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The warnings among the diagnostics.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

extension ThemeLoader {
    /// A file a bundle names (`path`, relative to the bundle's `directory`), read and parsed
    /// quietly: `nil` when the path leaves the bundle, no plugin reads it, or it cannot be read
    /// or parsed. For a second look at a file whose load, elsewhere, reports why.
    func quietlyParsed(_ path: String, inBundle directory: String) -> DocumentNode? {
        try? parsedQuietly(path, inBundle: directory)?.get()
    }

    /// A file a bundle names, read and parsed: `nil` when the path leaves the bundle or no
    /// plugin reads it, else the document or why it cannot be read or parsed, not reported.
    func parsedQuietly(_ path: String, inBundle directory: String) -> Result<DocumentNode, ThemeloadError>? {
        guard case .success(let fullPath) = BundlePath.join(directory, path), registry.plugin(forPath: path) != nil,
              BundlePath.staysInside(fullPath, directory: directory, fileSystem: fileSystem) else { return nil }
        return parsed(fullPath)
    }

    /// A file read and parsed, or why it could not be.
    func parsed(_ path: String) -> Result<DocumentNode, ThemeloadError> {
        do {
            return .success(try registry.parseFile(atPath: path, limits: limits, fileSystem: fileSystem))
        } catch {
            return .failure(error)
        }
    }
}
