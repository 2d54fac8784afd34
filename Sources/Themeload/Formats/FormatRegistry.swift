import Foundation

/// The format plugins a loader may use, by file extension.
///
/// A registry is a value: copy it, register plugins, and hand it to a loader. Claiming an
/// extension that another plugin already claims is refused unless the caller says
/// `replacingExisting: true`, so a format is never swapped silently.
///
/// ```swift
/// var registry = FormatRegistry.builtIn      // JSON, JSON5, property lists, design tokens
/// try registry.register(YAMLFormat())        // from ThemeloadYAML
/// let document = try registry.parseFile(atPath: "Themes/Moments.theme/theme.yaml")
/// ```
public struct FormatRegistry: Sendable {
    private struct Registration: Sendable {
        var plugin: any FormatPlugin
        var fileExtensions: [String]
    }

    private var registrations: [Registration] = [] {
        didSet {
            fileExtensions = registrations.flatMap(\.fileExtensions)
            fileNameSuffixes = fileExtensions.map { "." + $0 }
        }
    }

    /// An empty registry.
    public init() {}

    /// A registry holding the plugins built into this module: JSON, JSON5, property lists,
    /// design tokens (`.tokens.json`, `.tokens`, `.tokens.json5`) and design-token resolvers
    /// (`.resolver.json`).
    ///
    /// YAML lives in the `ThemeloadYAML` module because it links the system libyaml; its
    /// `FormatRegistry.standard` adds it to these.
    public static var builtIn: FormatRegistry {
        var registry = FormatRegistry()
        registry.registerBuiltIn(JSONFormat())
        registry.registerBuiltIn(JSON5Format())
        registry.registerBuiltIn(PropertyListFormat())
        registry.registerBuiltIn(DesignTokensFormat())
        registry.registerBuiltIn(JSON5DesignTokensFormat())
        registry.registerBuiltIn(TokenResolverFormat())
        return registry
    }

    private mutating func registerBuiltIn(_ plugin: any FormatPlugin) {
        registrations.append(Registration(plugin: plugin, fileExtensions: plugin.fileExtensions))
    }

    /// Adds a plugin for every extension it claims.
    ///
    /// - Parameters:
    ///   - plugin: the plugin, claiming its ``FormatPlugin/fileExtensions``.
    ///   - replacingExisting: when `true`, the plugin takes over extensions another plugin
    ///     claims; when `false` (the default), such a claim throws and nothing changes.
    /// - Throws: ``FormatRegistryError`` for an invalid or already-claimed extension.
    public mutating func register(
        _ plugin: any FormatPlugin, replacingExisting: Bool = false
    ) throws(FormatRegistryError) {
        let claimed = plugin.fileExtensions
        guard !claimed.isEmpty else { throw .noExtensions(plugin: plugin.name) }
        for fileExtension in claimed {
            guard Self.isValidExtension(fileExtension) else {
                throw .invalidExtension(fileExtension, plugin: plugin.name)
            }
            if !replacingExisting, let owner = self.plugin(forExtension: fileExtension) {
                throw .extensionAlreadyClaimed(fileExtension, by: owner.name, plugin: plugin.name)
            }
        }
        for index in registrations.indices {
            registrations[index].fileExtensions.removeAll(where: claimed.contains)
        }
        registrations.removeAll(where: \.fileExtensions.isEmpty)
        registrations.append(Registration(plugin: plugin, fileExtensions: claimed))
    }

    /// Removes whichever plugin claims an extension, so nothing reads that extension any more.
    public mutating func unregister(extension fileExtension: String) {
        let key = fileExtension.lowercased()
        for index in registrations.indices {
            registrations[index].fileExtensions.removeAll(where: { $0 == key })
        }
        registrations.removeAll(where: \.fileExtensions.isEmpty)
    }

    /// The registered plugins with the extensions each one holds, in registration order.
    public var plugins: [(plugin: any FormatPlugin, fileExtensions: [String])] {
        registrations.map { ($0.plugin, $0.fileExtensions) }
    }

    /// Every claimed extension, in registration order. (Kept as the registrations change: a
    /// theme found by name asks for them at every load.)
    public private(set) var fileExtensions: [String] = []
    /// ``fileExtensions`` with their dots (`.yaml`), the ends of the file names a theme is
    /// looked for under.
    private(set) var fileNameSuffixes: [String] = []

    /// The plugin that claims an extension (case-insensitive, without the dot).
    public func plugin(forExtension fileExtension: String) -> (any FormatPlugin)? {
        // Extensions are claimed in lowercase, as a path's are mostly written: only a name with
        // an uppercase letter is lowercased. The registrations are read in place, not copied
        // (each a plugin and a list) to be asked.
        let key = fileExtension.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 }) ? fileExtension.lowercased() : fileExtension
        for index in registrations.indices where registrations[index].fileExtensions.contains(key) {
            return registrations[index].plugin
        }
        return nil
    }

    /// The plugin that reads a file, chosen by the file's extension; a claimed compound
    /// extension (`tokens.json`) wins over the last one (`json`).
    public func plugin(forPath path: String) -> (any FormatPlugin)? {
        claimedExtension(ofPath: path).flatMap(plugin(forExtension:))
    }

    /// The longest extension of a file's name that a plugin claims: `tokens.json` for
    /// `colors.tokens.json` when a plugin claims it, else `json`. Without a claimed one, the last
    /// extension, or `nil` when the name has none.
    public func claimedExtension(ofPath path: String) -> String? {
        if let name = Self.asciiLowercasedName(ofPath: path) {
            // Extensions are ASCII: bytes stand for characters. Each dot after the first byte
            // starts a candidate; the leftmost claimed one is the longest.
            var longest: String?
            for dot in name.indices.reversed() where dot > 0 && name[dot] == UInt8(ascii: ".") && dot + 1 < name.count {
                let candidate = String(decoding: name[(dot + 1)...], as: UTF8.self)
                if plugin(forExtension: candidate) != nil { longest = candidate }
            }
            return longest ?? Self.lastExtension(ofName: name)
        }
        let name = (path.split(separator: "/").last ?? Substring(path)).lowercased()
        var searchEnd = name.endIndex
        var longest: String?
        // Each dot after the first character starts a candidate, from the last dot leftwards.
        while let dot = name[..<searchEnd].lastIndex(of: "."), dot != name.startIndex {
            let candidate = String(name[name.index(after: dot)...])
            if !candidate.isEmpty, plugin(forExtension: candidate) != nil { longest = candidate }
            searchEnd = dot
        }
        return longest ?? Self.fileExtension(ofPath: path)
    }

    /// Parses bytes with the plugin that claims the file's extension.
    ///
    /// - Throws: `unsupported-format` when no plugin claims it, `limit-exceeded` for bytes over
    ///   ``Limits/maxFileSize``, and whatever the plugin reports.
    public func parse(_ bytes: Data, file: String, limits: Limits = .default) throws(ThemeloadError)
        -> DocumentNode
    {
        let location = SourceLocation(file: file)
        guard let plugin = plugin(forPath: file) else {
            throw ThemeloadError(.unsupportedFormat, unsupportedMessage(for: file), at: location)
        }
        guard bytes.count <= limits.maxFileSize else {
            throw ThemeloadError(
                .limitExceeded,
                "the file is \(bytes.count) bytes, more than the limit of \(limits.maxFileSize)",
                at: location)
        }
        return try plugin.parse(FormatInput(bytes: bytes, file: file, limits: limits))
    }

    /// Reads a file and parses it with the plugin that claims its extension.
    ///
    /// The extension is checked before the file is opened, and the file's size before it is read,
    /// so an unsupported or oversized file costs nothing.
    public func parseFile(
        atPath path: String, limits: Limits = .default,
        fileSystem: any FileSystem = LocalFileSystem()
    ) throws(ThemeloadError) -> DocumentNode {
        // A directory is told apart only where reading fails, so a file is asked about once.
        func directoryError() -> ThemeloadError? {
            guard fileSystem.status(ofPath: path)?.kind == .directory else { return nil }
            return ThemeloadError(.io, "this is a directory; give one of its files (a theme bundle is checked with themeload check)", at: SourceLocation(file: path))
        }
        guard plugin(forPath: path) != nil else {
            throw directoryError() ?? ThemeloadError(.unsupportedFormat, unsupportedMessage(for: path), at: SourceLocation(file: path))
        }
        let bytes: Data
        do {
            bytes = try fileSystem.readFile(atPath: path, maxSize: limits.maxFileSize)
        } catch {
            throw directoryError() ?? error
        }
        return try parse(bytes, file: path, limits: limits)
    }

    func unsupportedMessage(for path: String) -> String {
        let known = fileExtensions.map { ".\($0)" }.joined(separator: ", ")
        guard let fileExtension = Self.fileExtension(ofPath: path) else {
            return "the file has no extension, so no format can be chosen (registered: \(known))"
        }
        return "no format plugin reads .\(fileExtension) files (registered: \(known))"
    }

    /// The extension of the last path component, lowercased, or `nil` if it has none.
    public static func fileExtension(ofPath path: String) -> String? {
        if let name = asciiLowercasedName(ofPath: path) { return lastExtension(ofName: name) }
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let fileExtension = name[name.index(after: dot)...]
        return fileExtension.isEmpty ? nil : fileExtension.lowercased()
    }

    /// The last component of an all-ASCII path (what `split(separator: "/").last` gives, or the
    /// whole path when it has none), lowercased, as bytes; `nil` for a path with other
    /// characters, whose names are read by characters.
    private static func asciiLowercasedName(ofPath path: String) -> [UInt8]? {
        var bytes: [UInt8]? = []
        var path = path
        path.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 >= 0x80 }) else {
                bytes = nil
                return
            }
            var end = utf8.count
            while end > 0, utf8[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > 0 else {
                // Nothing but slashes (or nothing): the path itself is the name.
                bytes = utf8.map(asciiLowercased)
                return
            }
            var start = end
            while start > 0, utf8[start - 1] != UInt8(ascii: "/") { start -= 1 }
            bytes = utf8[start..<end].map(asciiLowercased)
        }
        return bytes
    }

    /// What follows the last dot of a lowercased ASCII name, or `nil` when the name has no dot
    /// after its first byte or ends with one.
    private static func lastExtension(ofName name: [UInt8]) -> String? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot + 1 < name.count else { return nil }
        return String(decoding: name[(dot + 1)...], as: UTF8.self)
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether a plugin may claim an extension: lowercase ASCII letters, digits, `-` and `_`,
    /// or several such parts joined by dots (a compound extension such as `tokens.json`). The
    /// conformance suite checks plugins by the same rule.
    package static func isValidExtension(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part == part.lowercased()
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }
}

/// Why a ``FormatRegistry`` refused a plugin.
public enum FormatRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another plugin already claims the extension; register with `replacingExisting: true` to
    /// take it over.
    case extensionAlreadyClaimed(String, by: String, plugin: String)
    /// The extension is empty, has a dot, upper-case letters or other characters.
    case invalidExtension(String, plugin: String)
    /// The plugin claims no extension at all.
    case noExtensions(plugin: String)

    /// A sentence saying what was refused and why.
    public var description: String {
        switch self {
        case .extensionAlreadyClaimed(let fileExtension, let owner, let plugin):
            "The \(plugin) plugin cannot claim .\(fileExtension): the \(owner) plugin already does. Pass replacingExisting: true to replace it."
        case .invalidExtension(let fileExtension, let plugin):
            "The \(plugin) plugin claims \"\(fileExtension)\", which is not a lowercase extension (words of letters, digits, - and _, joined by dots as in tokens.json)."
        case .noExtensions(let plugin):
            "The \(plugin) plugin claims no file extension."
        }
    }
}
