/// Where a document node came from: the file and, when the format can tell, a 1-based line and
/// column.
///
/// YAML and JSON give a line and a column for every node; property lists give none, and their
/// diagnostics rely on the key path instead. Columns count Unicode scalars, not bytes, as libyaml
/// does, so they match what an editor shows.
///
/// A location is three 32-bit numbers (the file is an interned ``SourceFile``), so the nodes of a
/// document copy and free without reference counting.
public struct SourceLocation: Sendable, Hashable {
    /// The file.
    public var sourceFile: SourceFile
    // Visible to the inlinable initializer that parsers in other modules call for every node.
    @usableFromInline var storedLine: UInt32
    @usableFromInline var storedColumn: UInt32

    /// The path of the file as the caller named it (relative paths stay relative, so diagnostics
    /// print the way the user typed them).
    public var file: String {
        get { sourceFile.path }
        set { sourceFile = SourceFile(newValue) }
    }

    /// The 1-based line, or `nil` when the format does not know it.
    public var line: Int? { storedLine == 0 ? nil : Int(storedLine) }
    /// The 1-based column, or `nil` when the format does not know it.
    public var column: Int? { storedColumn == 0 ? nil : Int(storedColumn) }

    /// Creates a location in a file; pass `nil` for a line or column the format cannot tell.
    ///
    /// A parser that makes many locations should make the ``SourceFile`` once and use
    /// ``init(file:line:column:)-(SourceFile,_,_)``.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.init(file: SourceFile(file), line: line, column: column)
    }

    /// Creates a location in a file; pass `nil` for a line or column the format cannot tell.
    public init(file: SourceFile, line: Int? = nil, column: Int? = nil) {
        self.sourceFile = file
        self.storedLine = UInt32(clamping: line ?? 0)
        self.storedColumn = line == nil ? 0 : UInt32(clamping: column ?? 0)
    }

    /// The fast initializer parsers use; `0` means unknown.
    @inlinable
    package init(file: SourceFile, rawLine: UInt32, rawColumn: UInt32) {
        self.sourceFile = file
        self.storedLine = rawLine
        self.storedColumn = rawColumn
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `file:line:column`, `file:line` or `file`, as compilers print a position.
    public var description: String {
        let file = file
        return String(unsafeUninitializedCapacity: descriptionLength(file: file)) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            writer.put(self, file: file)
            return writer.end
        }
    }

    /// How many bytes ``description`` has, given the path of ``file`` (read once by the caller).
    func descriptionLength(file: String) -> Int {
        var length = file.utf8.count
        if let line {
            length += 1 + UTF8Writer.decimalLength(line)
            if let column { length += 1 + UTF8Writer.decimalLength(column) }
        }
        return length
    }
}

extension UTF8Writer {
    /// A location as ``SourceLocation/description`` gives it, with the path of its file.
    mutating func put(_ location: SourceLocation, file: String) {
        put(file)
        guard let line = location.line else { return }
        put(":")
        put(decimal: line)
        guard let column = location.column else { return }
        put(":")
        put(decimal: column)
    }
}
