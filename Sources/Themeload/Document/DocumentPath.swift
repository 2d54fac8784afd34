/// A path to a node inside a document, printed as dotted keys with list indices in brackets:
/// `levels.mainTitle.textColor`, `images.logo.variants[1].file`.
///
/// Diagnostics carry one so that a message points at the offending value even in formats (property
/// lists) that give no line numbers.
public struct DocumentPath: Sendable, Hashable {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// A key of a map.
        case key(String)
        /// A position in a list, 0-based.
        case index(Int)
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path of keys only: `DocumentPath(keys: "levels", "normal")`.
    public init(keys: String...) {
        self.components = keys.map(Component.key)
    }

    // Paths of one, two or three keys, the ones the library's own diagnostics name, made without
    // the variadic form's array of arguments and its mapped copy (chosen over it where they fit).
    init(keys key: String) {
        components = [.key(key)]
    }

    init(keys first: String, _ second: String) {
        components = [.key(first), .key(second)]
    }

    init(keys first: String, _ second: String, _ third: String) {
        components = [.key(first), .key(second), .key(third)]
    }

    /// The path of the document's root.
    public static let root = DocumentPath()

    /// Whether this is the root path.
    public var isRoot: Bool { components.isEmpty }

    /// This path extended by a key.
    public func appending(_ key: String) -> DocumentPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This path extended by a list index.
    public func appending(index: Int) -> DocumentPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }
}

extension DocumentPath: CustomStringConvertible {
    /// The dotted form, `levels.mainTitle.textColor`; the root prints as an empty string.
    public var description: String {
        String(unsafeUninitializedCapacity: descriptionLength) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            writer.put(self)
            return writer.end
        }
    }

    /// How many bytes ``description`` has.
    var descriptionLength: Int {
        var length = 0
        for component in components {
            switch component {
            case .key(let key):
                // A dot goes before a key when something was written (not after an empty first key).
                if length > 0 { length += 1 }
                length += key.utf8.count
            case .index(let index):
                length += 2 + UTF8Writer.decimalLength(index)
            }
        }
        return length
    }
}

extension UTF8Writer {
    /// A key path as ``DocumentPath/description`` gives it.
    mutating func put(_ path: DocumentPath) {
        let start = end
        for component in path.components {
            switch component {
            case .key(let key):
                if end > start { put(".") }
                put(key)
            case .index(let index):
                put("[")
                put(decimal: index)
                put("]")
            }
        }
    }
}

extension DocumentPath: ExpressibleByStringLiteral {
    /// Creates a path from a dotted literal: `"levels.normal.textColor"` (keys only).
    public init(stringLiteral value: String) {
        self.components = value.split(separator: ".", omittingEmptySubsequences: true)
            .map { .key(String($0)) }
    }
}
