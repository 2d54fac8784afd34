import Foundation
import ThemeloadTesting

/// Turns one fuzz input into design-token files in memory. The first byte says what the main file
/// is: a resolver document `Main.resolver.json` when it is odd, a token file `Main.tokens.json`
/// when it is even. The rest is cut at each line that is exactly `%%` (as ``FuzzBundle`` cuts)
/// into up to three files, in this order:
///
/// 1. the main file, which is loaded as a theme,
/// 2. `a.tokens.json`, for a resolver's file sources and an `include`,
/// 3. `b.tokens.json`, the same.
public enum FuzzTokenFiles {
    /// Where the second and third parts go.
    public static let otherFiles = ["a.tokens.json", "b.tokens.json"]

    /// The file system for one input, and the path of the main file.
    public static func fileSystem(from bytes: [UInt8]) -> (InMemoryFileSystem, main: String) {
        let fileSystem = InMemoryFileSystem()
        let isResolver = (bytes.first ?? 0) & 1 == 1
        let root = FuzzBundle.root
        let main = "\(root)/Main.\(isResolver ? "resolver.json" : "tokens.json")"
        for (path, part) in zip([main] + otherFiles.map { "\(root)/\($0)" }, FuzzBundle.split(Array(bytes.dropFirst()))) {
            fileSystem.write(path, Data(part))
        }
        return (fileSystem, main)
    }
}
