import Foundation
import Themeload

/// What a signed index lists: a catalogue of compiled themes, each named with its file's path,
/// size and SHA-256 (docs/SPEC.md section 13).
public struct RemoteIndex: Sendable, Hashable {
    /// The index format this library reads and writes.
    public static let formatVersion = 1

    /// One theme of the catalogue.
    public struct Entry: Sendable, Hashable {
        /// The theme's name: what an app switches to and what its file is called in the cache.
        public var name: String
        /// The compiled file's path relative to the index (`themes/<sha256>.themec`).
        public var path: String
        /// The compiled file's size in bytes.
        public var size: Int
        /// The SHA-256 of the compiled file, 64 lowercase hex digits.
        public var sha256: String
        /// The theme's styles, the fallback first.
        public var styles: [String]

        /// Creates an entry.
        public init(name: String, path: String, size: Int, sha256: String, styles: [String]) {
            self.name = name
            self.path = path
            self.size = size
            self.sha256 = sha256
            self.styles = styles
        }
    }

    /// Grows with every publication; a client refuses an index older than the one it holds, so
    /// an old signed index replayed by a server or a network cannot roll themes back.
    public var sequence: Int
    /// When it was published (informative).
    public var published: Date
    /// The themes, in the order they were published.
    public var themes: [Entry]

    /// Creates an index.
    public init(sequence: Int, published: Date, themes: [Entry]) {
        self.sequence = sequence
        self.published = published
        self.themes = themes
    }

    /// The entry of the theme named `name`.
    public func entry(named name: String) -> Entry? {
        themes.first { $0.name == name }
    }

    // MARK: - Rules

    /// Most themes one index may list.
    static let maxThemes = 1_000

    /// Whether `name` may name a theme in an index: 1 to 128 characters and at most
    /// ``maxNameBytes`` bytes of UTF-8, none a control character, `/`, `\` or `:`, and not
    /// starting with `.` (it becomes a file name in the cache). The `.` is the first byte: a
    /// `.` with a combining mark after it is one character, and still a hidden file's name.
    static func isValidName(_ name: String) -> Bool {
        guard (1...128).contains(name.count), name.utf8.count <= maxNameBytes, name.utf8.first != UInt8(ascii: ".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            !(scalar.properties.generalCategory == .control) && !"/\\:".unicodeScalars.contains(scalar)
        }
    }

    /// The most UTF-8 bytes a theme's name may have: `NAME.themec` is a file name in the cache,
    /// and APFS and ext4 take at most 255 bytes for one (128 characters of three bytes each would
    /// not fit, and no client could ever install the index).
    static let maxNameBytes = 255 - 1 - CompiledTheme.fileExtension.utf8.count

    /// The sentence saying what a theme name must be, for the publisher's and the reader's
    /// diagnostics alike.
    static let nameRule = "1 to 128 characters and at most \(maxNameBytes) bytes of UTF-8, no control character, / \\ or :, not starting with ."

    /// The theme names of one index as the files a cache makes of them, for the index reader and
    /// the publisher alike: a name that a case-insensitive disk (macOS's, by default) takes for
    /// an earlier one's file clashes with it.
    struct CacheFileNames {
        /// Each name by its case folded (`ß` and `SS` alike), compared as `String`s are, so that
        /// Unicode normalization does not tell names apart either.
        private var byFoldedName: [String: String] = [:]

        /// Adds `name`, or, when it would be the file of an earlier name, gives that name (equal
        /// to `name` when it is the same name again) and adds nothing.
        mutating func clash(adding name: String) -> String? {
            let folded = name.uppercased().lowercased()
            if let earlier = byFoldedName[folded] { return earlier }
            byFoldedName[folded] = name
            return nil
        }
    }

    /// The problem with two names of one file (``CacheFileNames``) that are not the same name.
    static func caseClash(_ earlier: String, _ later: String) -> String {
        "the themes \"\(earlier)\" and \"\(later)\" differ only in case or in how their characters are encoded, and would be one file in a cache on a case-insensitive disk"
    }

    /// Whether `path` may be a file's path in an index: relative, `/`-separated parts of ASCII
    /// letters, digits, `.`, `_` and `-`, none of them `.` or `..`, at most 512 bytes. It is
    /// joined to the base URL as is, so it can never leave it or need escaping.
    static func isValidPath(_ path: String) -> Bool {
        guard (1...512).contains(path.utf8.count) else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D
            }
        }
    }

    /// Whether `digest` is 64 lowercase hex digits.
    static func isValidDigest(_ digest: String) -> Bool {
        digest.utf8.count == 64 && digest.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
