/// The file that a ``SourceLocation`` points into.
///
/// The path is interned: a `SourceFile` is a 32-bit number, so a location is three numbers and
/// copying a document node never touches a reference count, however long the path. Two
/// `SourceFile`s are equal exactly when their paths are, byte for byte (a precomposed `é` and an
/// `e` with a combining acute name two files, as on disk). Interned paths stay for the life of the
/// process (a path and a table slot for each distinct file ever named).
///
/// A format plugin makes one `SourceFile` for its input and builds every location from it:
///
/// ```swift
/// let file = SourceFile(input.file)
/// let location = SourceLocation(file: file, line: 3, column: 7)
/// ```
public struct SourceFile: Sendable, Hashable {
    private let id: UInt32

    /// The file with this path (relative paths stay relative, so diagnostics print the way the
    /// user typed them).
    public init(_ path: String) {
        id = Self.table.withLock { $0.intern(path) }
    }

    /// The path, as it was given.
    public var path: String {
        Self.table.withLock { $0.paths[Int(id)] }
    }

    private static let table = Locked(Table())

    private struct Table {
        var paths: [String] = []
        var ids: [UTF8Key: UInt32] = [:]

        mutating func intern(_ path: String) -> UInt32 {
            if let id = ids[UTF8Key(path)] { return id }
            guard let id = UInt32(exactly: paths.count) else {
                fatalError("more than 2^32 distinct source file paths")
            }
            paths.append(path)
            ids[UTF8Key(path)] = id
            return id
        }
    }
}

extension SourceFile: CustomStringConvertible {
    /// The path.
    public var description: String { path }
}
