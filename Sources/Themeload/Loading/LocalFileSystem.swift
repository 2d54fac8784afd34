import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system, through POSIX calls.
///
/// Reading opens the file without blocking and checks with `fstat` on the open descriptor that it
/// is a regular file no larger than the limit before reading a byte, so a FIFO, a device or a
/// file swapped in between the checks can never block or flood the reader.
public struct LocalFileSystem: FileSystem {
    /// Creates the local file system.
    public init() {}

    /// The status of the entry at a path, following symbolic links. A link that cannot be followed
    /// (one that dangles, or a loop of links) is there but unreadable: it has the status of the
    /// link itself, kind `.other`, so that reading it reports why instead of "missing".
    public func status(ofPath path: String) -> FileStatus? {
        // The entry itself first: one call answers for a missing path (the loader probes many)
        // and for anything that is not a link.
        // The path passed as the C string a native string already holds (a `String` argument
        // to a C function is copied into an array made for the call).
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFLNK else { return Self.status(from: info) }
        var link = Self.status(from: info)
        guard path.withCString({ stat($0, &info) }) == 0 else {
            link.kind = .other
            return link
        }
        return Self.status(from: info)
    }

    public func readFile(atPath path: String, maxSize: Int) throws(ThemeloadError) -> Data {
        let location = SourceLocation(file: path)
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw ThemeloadError(.io, "cannot open the file: \(Self.errorText())", at: location)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ThemeloadError(.io, "cannot read the file: \(Self.errorText())", at: location)
        }
        let status = Self.status(from: info)
        switch status.kind {
        case .regular: break
        case .directory:
            throw ThemeloadError(.io, "expected a file, found a directory", at: location)
        case .other:
            throw ThemeloadError(
                .io, "expected a regular file, found a FIFO, socket or device", at: location)
        }
        guard status.size <= Int64(maxSize) else {
            throw ThemeloadError(
                .limitExceeded,
                "the file is \(status.size) bytes, more than the limit of \(maxSize)",
                at: location)
        }
        // Into a buffer of the size the file has, and one byte more to see that it has no more,
        // handed to the `Data` as it is: `Data(count:)` would zero every byte before reading over
        // it, and rounds a large buffer up by a quarter. A file that grows while it is read (an
        // editor saving it) is read on to its end, the buffer doubling, never past the limit:
        // stopping at the size first seen gave a part of the file as if it were all of it.
        var capacity = Int(status.size) + 1
        guard var buffer = malloc(capacity) else {
            throw ThemeloadError(.io, "cannot read the file: no memory for \(capacity) bytes", at: location)
        }
        // Freed here on every way out but the one that hands it to the `Data`.
        var handedToData = false
        defer { if !handedToData { free(buffer) } }
        var total = 0
        var failure: Int32?
        while true {
            if total == capacity {
                // Full, and the file may have more: room for up to one byte past the limit.
                guard capacity <= maxSize else { break }
                let ceiling = maxSize == .max ? maxSize : maxSize + 1
                let larger = capacity > ceiling / 2 ? ceiling : 2 * capacity
                guard let grown = realloc(buffer, larger) else {
                    throw ThemeloadError(.io, "cannot read the file: no memory for \(larger) bytes", at: location)
                }
                buffer = grown
                capacity = larger
            }
            let count = read(descriptor, buffer + total, capacity - total)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            total += count
        }
        if let failure {
            throw ThemeloadError(
                .io, "cannot read the file: \(String(cString: strerror(failure)))", at: location)
        }
        guard total <= maxSize else {
            throw ThemeloadError(
                .limitExceeded, "the file grew past the limit of \(maxSize) bytes while being read",
                at: location)
        }
        guard total > 0 else { return Data() }
        handedToData = true
        return Data(bytesNoCopy: buffer, count: total, deallocator: .free)
    }

    public func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }

    private static func status(from info: stat) -> FileStatus {
        let type = info.st_mode & S_IFMT
        let kind: FileStatus.Kind =
            type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec) }
        return FileStatus(
            kind: kind,
            size: Int64(info.st_size),
            modificationTime: nanoseconds(modified),
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            permissions: UInt32(info.st_mode & 0o7777),
            changeTime: nanoseconds(changed))
    }
}
