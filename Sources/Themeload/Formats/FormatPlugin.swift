import Foundation

/// Turns the bytes of one file into a ``DocumentNode`` tree.
///
/// Every format, the built-in JSON and property-list plugins and the YAML plugin included, conforms
/// to this one protocol, and a ``FormatRegistry`` maps file extensions to plugins. To read themes
/// written in another format, write a plugin and register it:
///
/// ```swift
/// struct TOMLFormat: FormatPlugin {
///     var name: String { "TOML" }
///     var fileExtensions: [String] { ["toml"] }
///     func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
///         // Build the tree with a location for each node; throw diagnostics for bad input.
///     }
/// }
///
/// var registry = FormatRegistry.builtIn
/// try registry.register(TOMLFormat())
/// ```
///
/// A plugin accepts any top-level value (the loader decides what a theme needs), reports bad input
/// as diagnostics with codes from ``DiagnosticCode`` (`syntax`, `duplicate-key`, `type`,
/// `limit-exceeded`), and never crashes, hangs or allocates without bound on any bytes. It must
/// refuse nesting deeper than ``Limits/maxDepth``. `FormatPluginConformance` (in the ThemeloadTesting product) checks a plugin
/// against these rules.
public protocol FormatPlugin: Sendable {
    /// A short human name of the format, such as `"YAML"`.
    var name: String { get }
    /// The file extensions the plugin claims, lowercase, without the dot: `["yaml", "yml"]`.
    var fileExtensions: [String] { get }
    /// Parses one file's bytes into a document whose nodes carry their source locations.
    func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode
    /// What the parsed documents are; ``DocumentKind/theme`` unless the plugin says otherwise.
    var documentKind: DocumentKind { get }
}

extension FormatPlugin {
    /// Theme documents: manifests and partial files (SPEC sections 2 and 3).
    public var documentKind: DocumentKind { .theme }
}

/// What the documents of a ``FormatPlugin`` hold, and so how the loader reads them.
public enum DocumentKind: Sendable, Hashable {
    /// A theme manifest or partial file.
    case theme
    /// A design-token file (W3C DTCG Format module 2025.10, or Style Dictionary's older
    /// `value`/`type` form), read into the palette, fonts, metrics and custom data.
    case designTokens
    /// A DTCG resolver document (Resolver module 2025.10): the manifest of the folder it is in,
    /// whose sets and modifiers name token files and whose `theme` modifier gives the styles.
    case tokenResolver
}

/// What a ``FormatPlugin`` parses: the bytes of one file, its name for locations, and the limits.
public struct FormatInput: Sendable {
    /// The whole file.
    public var bytes: Data
    /// The file's path as locations and diagnostics should print it.
    public var file: String
    /// The bounds the plugin must respect.
    public var limits: Limits

    /// Creates an input.
    public init(bytes: Data, file: String, limits: Limits = .default) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    /// Creates an input from a string's UTF-8 bytes (handy in tests).
    public init(text: String, file: String = "<input>", limits: Limits = .default) {
        self.init(bytes: Data(text.utf8), file: file, limits: limits)
    }

    /// The length of a UTF-8 byte-order mark at the start of the bytes: 3 or 0.
    public var byteOrderMarkLength: Int {
        ByteOrderMark.utf8Length(bytes)
    }

    /// A location in this input's file.
    public func location(line: Int? = nil, column: Int? = nil) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
