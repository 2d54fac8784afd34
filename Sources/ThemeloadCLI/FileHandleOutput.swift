import Foundation

/// Unbuffered writes to standard output, so that watch mode's lines reach a pipe at once.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Unbuffered writes to the standard streams.
enum FileHandleOutput {
    case standardOutput, standardError

    func write(_ text: String) {
        let handle = self == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }
}
