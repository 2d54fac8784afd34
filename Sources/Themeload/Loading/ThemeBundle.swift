/// Where a theme lives: a `NAME.theme/` directory holding `theme.EXT` (plus partials and images),
/// or a single file `NAME.EXT` (no partials, no assets).
public struct ThemeBundle: Sendable, Hashable {
    /// The theme's bundle name: the directory's name without `.theme`, or the file's without its
    /// extension.
    public var name: String
    /// The manifest file.
    public var manifestPath: String
    /// The bundle directory, or `nil` for a single-file bundle.
    public var directory: String?

    /// Creates a bundle description.
    public init(name: String, manifestPath: String, directory: String?) {
        self.name = name
        self.manifestPath = manifestPath
        self.directory = directory
    }

    /// Whether the bundle is a compiled theme (`NAME.themec`), already resolved.
    public var isCompiled: Bool {
        FormatRegistry.fileExtension(ofPath: manifestPath) == CompiledTheme.fileExtension
    }

    /// The directory that holds the bundle, where a parent theme is looked for first.
    public var containingDirectory: String {
        BundleLocator.parent(of: directory ?? manifestPath)
    }
}
