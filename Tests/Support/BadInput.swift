import Themeload

/// A format plugin test case: bytes a plugin must reject, and the first diagnostic it must give.
public struct BadInput: Sendable, CustomStringConvertible {
    /// What the case is about (shown as the test's argument).
    public var name: String
    /// The input.
    public var bytes: [UInt8]
    /// The expected code, line and column of the first diagnostic.
    public var code: DiagnosticCode
    public var line: Int
    public var column: Int

    public var description: String { name }

    public init(_ name: String, _ text: String, _ code: DiagnosticCode, _ line: Int, _ column: Int) {
        self.init(name, Array(text.utf8), code, line, column)
    }

    public init(_ name: String, _ bytes: [UInt8], _ code: DiagnosticCode, _ line: Int, _ column: Int) {
        (self.name, self.bytes, self.code, self.line, self.column) = (name, bytes, code, line, column)
    }

    /// Whether an error's first diagnostic is this case's: code, line, column, the file, an error.
    public func isReported(by error: any Error, in file: String) -> Bool {
        guard let first = (error as? ThemeloadError)?.diagnostics.first else { return false }
        return first.code == code && first.line == line && first.column == column && first.file == file && first.severity == .error
    }
}
