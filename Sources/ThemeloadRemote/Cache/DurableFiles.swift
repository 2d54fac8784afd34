import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations a crash-safe cache needs, each reporting failure as a sentence:
/// files written and flushed to disk, directories flushed (so a rename is durable), links and
/// renames, and an exclusive lock across processes.
enum DurableFiles {
    /// The reason of the last failed call.
    static var lastError: String { String(cString: strerror(errno)) }

    /// Writes `data` to a new file at `path` and flushes it to disk.
    static func write(_ data: Data, to path: String) throws(RemoteThemeError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .cacheUnwritable(path: path, reason: lastError) }
        defer { close(descriptor) }
        var written = 0
        let failure: String? = data.withUnsafeBytes { raw in
            while written < raw.count {
                let result = systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return lastError
                }
                written += result
            }
            return flushToDisk(descriptor) ? nil : lastError
        }
        if let failure { throw .cacheUnwritable(path: path, reason: failure) }
    }

    /// Flushes a directory's entries (the names renames and new files made) to disk.
    static func flushDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = flushToDisk(descriptor)
        close(descriptor)
    }

    /// Flushes a file's or directory's data to the disk itself. On Apple platforms `fsync` hands
    /// it to the drive, which may keep it in its cache past a power loss; `F_FULLFSYNC` asks the
    /// drive to write it (Apple's `fsync(2)`), and `fsync` is the fallback where a file system
    /// does not support that.
    private static func flushToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Creates a directory and its parents.
    static func makeDirectory(_ path: String) throws(RemoteThemeError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cacheUnwritable(path: path, reason: error.localizedDescription)
        }
    }

    /// Renames `from` to `to`, replacing a file or link at `to` atomically.
    static func rename(_ from: String, to: String) throws(RemoteThemeError) {
        guard Foundation.rename(from, to) == 0 else { throw .cacheUnwritable(path: to, reason: lastError) }
    }

    /// Makes a symbolic link at `path` to `target`.
    static func link(_ path: String, to target: String) throws(RemoteThemeError) {
        guard symlink(target, path) == 0 else { throw .cacheUnwritable(path: path, reason: lastError) }
    }

    /// The target of the symbolic link at `path`, if it is one.
    static func linkTarget(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    /// Removes a file, link or directory tree if it is there.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in a directory, or none.
    static func names(in path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// Runs `body` holding an exclusive `flock` on the file at `path`, so two processes never
    /// write one cache at once.
    static func withExclusiveLock<T>(_ path: String, _ body: () throws(RemoteThemeError) -> T) throws(RemoteThemeError) -> T {
        let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw .cacheUnwritable(path: path, reason: lastError) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cacheUnwritable(path: path, reason: lastError) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

#if canImport(Darwin)
    private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        Darwin.write(descriptor, buffer, count)
    }
#elseif canImport(Musl)
    private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        Musl.write(descriptor, buffer, count)
    }
#else
    private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        Glibc.write(descriptor, buffer, count)
    }
#endif
