import Themeload
import ThemeloadYAML

/// What the themeload tool and its remote-commands helper say about themselves.
package enum ThemeloadTool {
    /// The tool's version, as `--version` prints it.
    package static let version = "0.3.0"

    /// What `themeload --version` prints: the tool's version and the formats it reads and writes.
    package static let versionLine =
        "themeload \(version) (theme format \(ThemeLoader.newestFormat), compiled format \(CompiledTheme.formatVersion))"

    /// The executable that runs the remote commands, found beside `themeload`.
    package static let remoteHelperName = "themeload-remote"
}

/// The registry every command reads with: all built-in plugins.
package let registry = FormatRegistry.standard
