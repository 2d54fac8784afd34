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
        left.string.utf8.elementsEqual(right.string.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
