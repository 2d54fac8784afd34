import Foundation

/// Unbuffered writes to the standard streams.
enum FileHandleOutput {
    case standardOutput, standardError

    func write(_ text: String) {
        let handle = self == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }
}
