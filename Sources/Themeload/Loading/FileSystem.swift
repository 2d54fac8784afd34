import Foundation

/// What the loader and the watcher ask of the file system, behind a seam so that tests can use an
/// in-memory file system and a fake clock.
public protocol FileSystem: Sendable {
    /// The status of the file or directory at a path, following symbolic links, or `nil` if
    /// nothing is there. Directories must be reported (kind `.directory`): the loader asks about
    /// a `NAME.theme` directory before it looks for the manifests inside.
    func status(ofPath path: String) -> FileStatus?
    /// The whole contents of a regular file.
    ///
    /// - Throws: `io` when the path is missing, unreadable or not a regular file (a directory or a
    ///   FIFO is refused without blocking); `limit-exceeded` when the file is larger than `maxSize`
    ///   (refused without reading it).
    func readFile(atPath path: String, maxSize: Int) throws(ThemeloadError) -> Data
    /// The path with every symbolic link resolved and `.`/`..` removed, or `nil` if it does not
    /// exist (or a link loops).
    func resolvedPath(_ path: String) -> String?
}

/// What ``FileSystem/status(ofPath:)`` tells about a file: enough to notice any change to it.
public struct FileStatus: Sendable, Hashable {
    /// The kind of a file-system entry.
    public enum Kind: Sendable, Hashable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// Anything else: a FIFO, a socket, a device.
        case other
    }

    /// The kind of entry.
    public var kind: Kind
    /// The size in bytes.
    public var size: Int64
    /// The modification time, in nanoseconds since 1970.
    public var modificationTime: Int64
    /// The device and inode, which change when a file is replaced by another (an editor's
    /// save-by-rename).
    public var identity: FileIdentity
    /// The permission bits (`0o644`): a file made readable again is a change to retry.
    public var permissions: UInt32
    /// The status-change time (`st_ctime`), in nanoseconds since 1970: it moves with any change
    /// to the file, its permissions or its links too, where the modification time does not.
    public var changeTime: Int64

    /// Creates a status; the change time defaults to the modification time.
    public init(kind: Kind, size: Int64, modificationTime: Int64, identity: FileIdentity, permissions: UInt32 = 0o644, changeTime: Int64? = nil) {
        self.kind = kind
        self.size = size
        self.modificationTime = modificationTime
        self.identity = identity
        self.permissions = permissions
        self.changeTime = changeTime ?? modificationTime
    }
}

/// The identity of a file on its device.
public struct FileIdentity: Sendable, Hashable {
    /// The device number.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64

    /// Creates an identity.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
