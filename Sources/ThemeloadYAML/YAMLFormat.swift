import CYAML
import Foundation
import Themeload
import ThemeloadBundledThemes

/// The YAML format plugin, over the system libyaml's event parser.
///
/// Plain scalars resolve by the YAML 1.2 core schema: `true`/`false` (in the case variants the
/// schema allows) are booleans; `null`, `~` and empty are null; decimal, `0o` and `0x` integers;
/// floats including `.inf` and `.nan`; everything else (`yes`, `no`, `on`, `off`) stays a string.
/// Quoted scalars are always strings. Anchors, aliases and the merge key `<<` work, with alias
/// expansion counted against `Limits`. A file holds one document; duplicate keys and tags
/// beyond the core schema's are errors. Every node carries its line and column.
///
/// The plugin lives in its own module because it links libyaml (`apt install libyaml-dev`,
/// `brew install libyaml`). Register it, or start from `FormatRegistry.standard`:
///
/// ```swift
/// import ThemeloadYAML
///
/// var registry = FormatRegistry.builtIn
/// try registry.register(YAMLFormat())
/// ```
public struct YAMLFormat: FormatPlugin {
    /// Creates the plugin.
    public init() {}

    public var name: String { "YAML" }

    public var fileExtensions: [String] { ["yaml", "yml"] }

    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        let skip = input.byteOrderMarkLength
        let result: Result<DocumentNode, ThemeloadError> = input.bytes.withUnsafeBytes { raw in
            let bytes = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[skip...])
            var reader = YAMLEventReader(bytes: bytes, file: input.file, limits: input.limits)
            return Result { () throws(ThemeloadError) in try reader.read() }
        }
        return try result.get()
    }
}

extension FormatRegistry {
    /// Every built-in plugin: YAML (`.yaml`, `.yml`), JSON, property lists, design tokens (in
    /// JSON, and in YAML as `.tokens.yaml`) and token resolvers.
    public static var standard: FormatRegistry {
        var registry = FormatRegistry.builtIn
        // The built-in registry claims none of these extensions, so this cannot be refused.
        try? registry.register(YAMLFormat())
        try? registry.register(YAMLDesignTokensFormat())
        return registry
    }
}

extension ThemeLoader {
    /// A loader with every built-in format (YAML, JSON, property lists) that looks themes up in
    /// `searchDirectories` and then among the themes bundled with Themeload.
    public static func standard(
        searchDirectories: [String] = [], limits: Limits = .default, strict: Bool = false,
        fileSystem: any FileSystem = LocalFileSystem()
    ) -> ThemeLoader {
        ThemeLoader(
            registry: .standard, searchDirectories: searchDirectories + [BundledThemes.directory],
            limits: limits, strict: strict, fileSystem: fileSystem)
    }
}
