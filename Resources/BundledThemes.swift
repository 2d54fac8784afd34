import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The themes that ship with Themeload: `Default`, a complete design system in light and dark,
/// and `Blossom`, which extends it and adds a custom `pink` style.
///
/// They are written in YAML, so load them with a registry that has the YAML plugin
/// (`FormatRegistry.standard` from `ThemeloadYAML`).
public enum BundledThemes {
    /// The directory holding the bundled theme bundles, for use as a search directory.
    ///
    /// Found once per process.
    public static let directory: String = besideExecutable() ?? fromResourceBundle()

    /// The name of the theme `themeload` shows when given no argument.
    public static let defaultThemeName = "Default"

    /// Where SwiftPM puts this target's resources on Linux.
    static let resourceDirectoryName = "Themeload_ThemeloadBundledThemes.resources"

    /// Through the resource bundle SwiftPM generates, `Bundle.module`.
    static func fromResourceBundle() -> String {
        Bundle.module.resourceURL?.appendingPathComponent("Themes").path
            ?? Bundle.module.bundleURL.appendingPathComponent("Themes").path
    }

    /// On Linux, the resources directory beside the running executable, which is where
    /// `Bundle.module` looks first: found with two system calls, where making the `Bundle` costs
    /// most of a millisecond of every `themeload` run. `nil` elsewhere, or when there is none
    /// (`Bundle.module` then looks in the build directory).
    static func besideExecutable() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let slash = executable.lastIndex(of: "/") else { return nil }
            let themes = executable[..<slash] + "/" + resourceDirectoryName + "/Themes"
            var info = stat()
            guard stat(themes, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            return themes
        #else
            return nil
        #endif
    }
}
