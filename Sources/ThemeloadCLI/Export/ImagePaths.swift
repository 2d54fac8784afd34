import Foundation
import Themeload

/// Where an exported theme's image files are, said relative to the export: paths from the folder
/// of the output file, or from the current directory when the export goes to standard output.
struct ImagePaths {
    /// The folder paths are relative to, as absolute path components.
    let base: [String]
    /// The current directory, which relative image paths start from.
    private let current: String

    init(outputFile: String?) {
        let current = FileManager.default.currentDirectoryPath
        self.current = current
        let folder = outputFile.map { Self.absolute($0, in: current).deletingLastPathComponent().path } ?? current
        base = Self.absolute(folder, in: current).standardizedFileURL.pathComponents
    }

    /// A variant's file relative to the base folder (`../Themes/Moments.theme/logo.png`). An image
    /// embedded in a compiled theme keeps its `FILE.themec#name` form, the compiled file's path
    /// made relative the same way.
    func relativePath(_ variant: ImageVariant) -> String {
        let (file, fragment) = Self.splitFragment(variant.path)
        let target = Self.absolute(file, in: current).standardizedFileURL.pathComponents
        var shared = 0
        // Compared by their bytes, as the file system names them: two spellings that Swift's
        // `==` takes as one (`é` precomposed and decomposed) are two folders (docs/SPEC.md,
        // section 11, "Paths are bytes").
        while shared < base.count, shared < target.count, base[shared].utf8.elementsEqual(target[shared].utf8) { shared += 1 }
        let up = Array(repeating: "..", count: base.count - shared)
        let path = (up + target[shared...]).joined(separator: "/")
        return path + (fragment.map { "#" + $0 } ?? "")
    }

    private static func absolute(_ path: String, in directory: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory).appendingPathComponent(path)
    }

    /// `Moments.themec#logo.png` → (`Moments.themec`, `logo.png`); a plain path has no fragment.
    private static func splitFragment(_ path: String) -> (String, String?) {
        guard let hash = path.firstIndex(of: "#"), path[..<hash].hasSuffix(".\(CompiledTheme.fileExtension)") else { return (path, nil) }
        return (String(path[..<hash]), String(path[path.index(after: hash)...]))
    }
}
