import Foundation

/// Unbuffered writes to the standard streams, so that watch mode's lines reach a pipe at once.
package enum Output {
    /// Writes to standard output.
    package static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes to standard error.
    package static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes UTF-8 text to standard output as it is, however long (not copied into a `Data`
    /// first). A stream that cannot be written (closed, or a pipe whose reader is gone) is
    /// left unwritten, as `print` leaves it.
    package static func write(bytes: [UInt8]) {
        try? FileHandle.standardOutput.write(contentsOf: bytes)
    }

    /// Writes UTF-8 text to standard error as ``write(bytes:)`` writes to standard output.
    package static func writeError(bytes: [UInt8]) {
        try? FileHandle.standardError.write(contentsOf: bytes)
    }
}

/// Writes a line to standard error.
package func printError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

/// Standard error as a stream `print(_:to:)` writes to.
package struct StandardError: TextOutputStream {
    package init() {}

    package mutating func write(_ string: String) {
        Output.writeError(string)
    }
}
