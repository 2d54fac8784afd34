import Foundation
import Themeload

/// A file system in memory, for deterministic tests of loading and hot reload: every write bumps
/// a logical modification time, and a rename keeps the file's identity, as on disk.
///
/// ```swift
/// let files = InMemoryFileSystem()
/// files.write("/themes/Main.yaml", "levels: {normal: {}}")
/// let loader = ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files)
/// ```
public final class InMemoryFileSystem: FileSystem, Sendable {
    private struct File {
        var data: Data
        var modificationTime: Int64
        var inode: UInt64
        var permissions: UInt32 = 0o644
        var changeTime: Int64
    }

    private struct State {
        /// By path, byte for byte, as a disk names files (`UTF8Key`).
        var files: [UTF8Key: File] = [:]
        var clock: Int64 = 0
        var nextInode: UInt64 = 1
        var reads = 0
    }

    private let state = Locked(State())

    /// An empty file system.
    public init() {}

    /// How many times a file's contents have been read (statuses do not count).
    public var readCount: Int { state.withLock { $0.reads } }

    /// Creates or replaces a file (a new write keeps the file's identity, like writing in place).
    public func write(_ path: String, _ data: Data) {
        let path = UTF8Key(Self.normalize(path))
        state.withLock { state in
            state.clock += 1
            let inode = state.files[path]?.inode ?? state.nextInode
            if state.files[path] == nil { state.nextInode += 1 }
            let permissions = state.files[path]?.permissions ?? 0o644
            state.files[path] = File(data: data, modificationTime: state.clock, inode: inode, permissions: permissions, changeTime: state.clock)
        }
    }

    /// Creates or replaces a text file.
    public func write(_ path: String, _ text: String) {
        write(path, Data(text.utf8))
    }

    /// Changes a file's permission bits (`chmod`): without the owner's read bit (`0o400`) reading
    /// it fails, as for an unreadable file on disk. Its change time moves; its modification time
    /// does not.
    public func setPermissions(_ path: String, _ permissions: UInt32) {
        let path = UTF8Key(Self.normalize(path))
        state.withLock { state in
            guard state.files[path] != nil else { return }
            state.clock += 1
            state.files[path]?.permissions = permissions
            state.files[path]?.changeTime = state.clock
        }
    }

    /// Removes a file, if it is there.
    public func remove(_ path: String) {
        let path = UTF8Key(Self.normalize(path))
        _ = state.withLock { $0.files.removeValue(forKey: path) }
    }

    /// Moves a file over another, keeping the moved file's identity (an editor's atomic save).
    public func rename(_ source: String, to destination: String) {
        let (source, destination) = (UTF8Key(Self.normalize(source)), UTF8Key(Self.normalize(destination)))
        state.withLock { state in
            guard let file = state.files.removeValue(forKey: source) else { return }
            state.files[destination] = file
        }
    }

    public func status(ofPath path: String) -> FileStatus? {
        let path = Self.normalize(path)
        return state.withLock { state in
            if let file = state.files[UTF8Key(path)] {
                return FileStatus(kind: .regular, size: Int64(file.data.count), modificationTime: file.modificationTime,
                                  identity: FileIdentity(device: 1, inode: file.inode), permissions: file.permissions, changeTime: file.changeTime)
            }
            let prefix = path == "/" ? "/" : path + "/"
            guard state.files.keys.contains(where: { $0.string.utf8.starts(with: prefix.utf8) }) else { return nil }
            return FileStatus(kind: .directory, size: 0, modificationTime: 0, identity: FileIdentity(device: 1, inode: 0))
        }
    }

    public func readFile(atPath path: String, maxSize: Int) throws(ThemeloadError) -> Data {
        let location = SourceLocation(file: path)
        let status = status(ofPath: path)
        switch status?.kind {
        case nil: throw ThemeloadError(.io, "cannot open the file: No such file or directory", at: location)
        case .directory: throw ThemeloadError(.io, "expected a file, found a directory", at: location)
        default: break
        }
        if let permissions = status?.permissions, permissions & 0o400 == 0 {
            throw ThemeloadError(.io, "cannot open the file: Permission denied", at: location)
        }
        let data = state.withLock { state in
            state.reads += 1
            return state.files[UTF8Key(Self.normalize(path))]?.data
        } ?? Data()
        guard data.count <= maxSize else {
            throw ThemeloadError(.limitExceeded, "the file is \(data.count) bytes, more than the limit of \(maxSize)", at: location)
        }
        return data
    }

    public func resolvedPath(_ path: String) -> String? {
        status(ofPath: path) == nil ? nil : Self.normalize(path)
    }

    /// An absolute path with `.` and `..` folded and no trailing slash. Its names are split and
    /// compared by bytes (`BundlePath`), as a file system reads a path.
    static func normalize(_ path: String) -> String {
        var parts: [String] = []
        for part in BundlePath.parts(of: path) {
            if BundlePath.isCurrent(part) { continue }
            if BundlePath.isParent(part) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
