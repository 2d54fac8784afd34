import Foundation
import Themeload
import ThemeloadTesting

/// Turns one fuzz input into a small theme world in memory: the input is cut at each line that is
/// exactly `%%` into up to four files, in this order:
///
/// 1. `Main.theme/theme.yaml`, the manifest that is loaded,
/// 2. `Main.theme/part.yaml`, for the manifest to `include`,
/// 3. `Base.theme/theme.yaml`, for the manifest to `extends: Base`,
/// 4. `Main.theme/part.json`, a second include in another format.
///
/// `Main.theme/logo.png` and `Main.theme/logo@2x.png` exist too, for image sets to find.
public enum FuzzBundle {
    /// The search directory that holds both bundles.
    public static let root = "/fuzz"
    /// Where each part of the input goes.
    public static let paths = ["Main.theme/theme.yaml", "Main.theme/part.yaml", "Base.theme/theme.yaml", "Main.theme/part.json"]
    /// The line that separates parts.
    public static let separator = Array("\n%%\n".utf8)

    /// The file system for one input.
    public static func fileSystem(from bytes: [UInt8]) -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem()
        for (path, part) in zip(paths, split(bytes)) {
            fileSystem.write("\(root)/\(path)", Data(part))
        }
        fileSystem.write("\(root)/Main.theme/logo.png", Data([0x89, 0x50, 0x4E, 0x47]))
        fileSystem.write("\(root)/Main.theme/logo@2x.png", Data([0x89, 0x50, 0x4E, 0x47]))
        return fileSystem
    }

    /// The parts of an input, cut at each separator line.
    public static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                parts.append(bytes[start..<index + 1])  // the part keeps its last newline
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }
}
