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
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

extension DocumentPath: ExpressibleByStringLiteral {
    /// Creates a path from a dotted literal: `"levels.normal.textColor"` (keys only).
    public init(stringLiteral value: String) {
        self.components = value.split(separator: ".", omittingEmptySubsequences: true)
            .map { .key(String($0)) }
    }
}
