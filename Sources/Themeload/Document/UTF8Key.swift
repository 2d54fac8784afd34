import Foundation

/// A string as a key of a table, compared and hashed by its UTF-8 bytes: a file path as a file
/// system names files, or a string a compiled theme must give back exactly as it was written.
///
/// Swift's `String` compares by canonical equivalence: `Caf\u{E9}.yaml` (a precomposed `é`) and
/// `Cafe\u{301}.yaml` (an `e` and a combining acute) are one string to it, but two files on a
/// byte-named file system such as Linux's, and two texts to canonical JSON. A table keyed by
/// `String` would take one for the other; one keyed by `UTF8Key` keeps them apart.
package struct UTF8Key: Hashable, Sendable {
    /// The string, as it was given.
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package static func == (left: UTF8Key, right: UTF8Key) -> Bool {
        // (Over the contiguous bytes, not the `utf8` views: comparing those element by element
        // cost a lookup of a load's source file some thousands of instructions.)
        var left = left.string, right = right.string
        guard left.utf8.count == right.utf8.count else { return false }
        return left.withUTF8 { first in
            right.withUTF8 { second in first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0 }
        }
    }

    package func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
