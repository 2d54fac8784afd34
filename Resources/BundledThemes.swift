import Foundation

/// The themes that ship with Themeload: `Default`, a complete design system in light and dark,
/// and `Blossom`, which extends it and adds a custom `pink` style.
///
/// They are written in YAML, so load them with a registry that has the YAML plugin
/// (`FormatRegistry.standard` from `ThemeloadYAML`).
public enum BundledThemes {
    /// The directory holding the bundled theme bundles, for use as a search directory.
    public static var directory: String {
        Bundle.module.resourceURL?.appendingPathComponent("Themes").path
            ?? Bundle.module.bundleURL.appendingPathComponent("Themes").path
    }

    /// The name of the theme `themeload` shows when given no argument.
    public static let defaultThemeName = "Default"
}
