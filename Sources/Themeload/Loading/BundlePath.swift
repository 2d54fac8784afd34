/// Paths inside a theme bundle: partial files and images must stay inside the bundle directory —
/// no absolute paths, no `..` that leaves it, no symbolic link that resolves outside it.
///
/// Paths are read as the file system reads them, byte by byte: a `/` separates wherever it
/// stands and two names are one only when their bytes are. (Swift's `String` compares and splits
/// by characters, where a `/` followed by a combining mark is one character with it, and `é`
/// equals `e` with a combining acute: `"../\u{301}x"` would look like one name, and a link into
/// a folder whose name is another spelling of the bundle's would look like staying inside.)
package enum BundlePath {
    enum Failure: Error {
        case outside(String)
    }

    /// Joins a directory and a relative path, folding `.` and `..`; fails when the path is absolute
    /// or climbs out of the directory.
    static func join(_ directory: String, _ relative: String) -> Result<String, Failure> {
        guard relative.utf8.first != UInt8(ascii: "/"), relative.utf8.first != UInt8(ascii: "~") else {
            return .failure(.outside("\"\(relative)\" is an absolute path; paths in a bundle are relative to it"))
        }
        var parts: [String] = []
        for part in self.parts(of: relative) {
            if isCurrent(part) { continue }
            if isParent(part) {
                guard !parts.isEmpty else { return .failure(.outside("\"\(relative)\" leaves the bundle directory")) }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        guard !parts.isEmpty else { return .failure(.outside("\"\(relative)\" names the bundle directory itself, not a file in it")) }
        return .success(directory + "/" + parts.joined(separator: "/"))
    }

    /// Whether an existing file, with links resolved, is inside the directory (links resolved too).
    static func staysInside(_ path: String, directory: String, fileSystem: any FileSystem) -> Bool {
        guard let resolvedDirectory = fileSystem.resolvedPath(directory), let resolved = fileSystem.resolvedPath(path) else {
            return true  // nothing there to leave through; the caller reports it as missing
        }
        return isInside(resolved, directory: resolvedDirectory)
    }

    /// Whether `path` is below `directory`, by their bytes (neither is resolved).
    static func isInside(_ path: String, directory: String) -> Bool {
        let prefix = directory.utf8.last == UInt8(ascii: "/") ? directory : directory + "/"
        return path.utf8.starts(with: prefix.utf8)
    }

    /// The names between a path's `/` bytes, empty ones left out.
    package static func parts(of path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a name is `.`, byte for byte.
    package static func isCurrent(_ name: String) -> Bool {
        name.utf8.elementsEqual(".".utf8)
    }

    /// Whether a name is `..`, byte for byte.
    package static func isParent(_ name: String) -> Bool {
        name.utf8.elementsEqual("..".utf8)
    }
}
