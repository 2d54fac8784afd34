import Foundation

/// Unbuffered writes to the standard streams, so that watch mode's lines reach a pipe at once.
enum Output {
    /// Writes to standard output.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes to standard error.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
