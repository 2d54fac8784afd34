/// Paths inside a theme bundle: partial files and images must stay inside the bundle directory —
/// no absolute paths, no `..` that leaves it, no symbolic link that resolves outside it.
enum BundlePath {
    enum Failure: Error {
        case outside(String)
    }

    /// Joins a directory and a relative path, folding `.` and `..`; fails when the path is absolute
    /// or climbs out of the directory.
    static func join(_ directory: String, _ relative: String) -> Result<String, Failure> {
        guard !relative.hasPrefix("/"), !relative.hasPrefix("~") else {
            return .failure(.outside("\"\(relative)\" is an absolute path; paths in a bundle are relative to it"))
        }
        var parts: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return .failure(.outside("\"\(relative)\" leaves the bundle directory")) }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty else { return .failure(.outside("\"\(relative)\" names the bundle directory itself, not a file in it")) }
        return .success(directory + "/" + parts.joined(separator: "/"))
    }

    /// Whether an existing file, with links resolved, is inside the directory (links resolved too).
    static func staysInside(_ path: String, directory: String, fileSystem: any FileSystem) -> Bool {
        guard let resolvedDirectory = fileSystem.resolvedPath(directory), let resolved = fileSystem.resolvedPath(path) else {
            return true  // nothing there to leave through; the caller reports it as missing
        }
        return resolved.hasPrefix(resolvedDirectory.hasSuffix("/") ? resolvedDirectory : resolvedDirectory + "/")
    }
}
