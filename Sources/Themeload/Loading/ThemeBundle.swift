/// Where a theme lives: a `NAME.theme/` directory holding `theme.EXT` (plus partials and images),
/// or a single file `NAME.EXT` (no partials, no assets).
package struct ThemeBundle: Sendable, Hashable {
    /// The theme's bundle name: the directory's name without `.theme`, or the file's without its
    /// extension.
    package var name: String
    /// The manifest file.
    package var manifestPath: String
    /// The bundle directory, or `nil` for a single-file bundle.
    package var directory: String?

    /// Creates a bundle description.
    package init(name: String, manifestPath: String, directory: String?) {
        self.name = name
        self.manifestPath = manifestPath
        self.directory = directory
    }

    /// Whether the bundle is a compiled theme (`NAME.themec`), already resolved.
    package var isCompiled: Bool {
        FormatRegistry.fileExtension(ofPath: manifestPath) == CompiledTheme.fileExtension
    }

    /// The directory that holds the bundle, where a parent theme is looked for first.
    package var containingDirectory: String {
        BundleLocator.parent(of: directory ?? manifestPath)
    }
}
