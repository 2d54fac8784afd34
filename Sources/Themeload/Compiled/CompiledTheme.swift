import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compiled themes: a resolved ``Theme`` in a compact, versioned binary file that an app ships
/// instead of its theme sources (docs/SPEC.md section 12 gives the layout).
///
/// Loading a compiled theme needs no format plugin (so no libyaml on iOS), parses nothing and
/// resolves nothing, and gives exactly the theme the sources give. Compile with the tool, or in
/// code:
///
/// ```swift
/// let theme = try ThemeLoader.standard(searchDirectories: ["Themes"]).load(named: "Moments").theme
/// try CompiledTheme.write(theme, toPath: "Build/Moments.themec")   // and Build/Moments.images/
/// let same = try ThemeLoader().load(atPath: "Build/Moments.themec").theme
/// ```
///
/// The image files a theme names are copied into a folder beside the compiled file, named after
/// it (`Moments.images/`), and the compiled file names them relative to its own directory, so the
/// two move together. A damaged file (cut short, a byte changed, a newer format, another kind of
/// file) is a diagnostic, never a crash or a wrong theme.
public enum CompiledTheme {
    /// The file extension of compiled themes.
    public static let fileExtension = "themec"
    /// The newest format version this library reads and the one it writes. Version 2 added
    /// shadows, borders, gradients, a font's line height and letter spacing, and a color's color
    /// space; version 3 checks its payload with XXH64 instead of CRC-32; in version 4 a level
    /// cell that holds a palette or font entry's value refers to the entry; version 5 adds a
    /// font's fallback families; version 6 adds the points of a `rem` the theme was loaded with,
    /// for typed reads of its `custom` data; version 7 adds what design tokens said of the
    /// entries they gave (type, description, deprecation), which the exports read. Each theme is
    /// written in the oldest version that holds it (4 without fallback families, 5 with them, 6
    /// for a `rem` other than 16, 7 only for a theme with design tokens' notes, which the remote
    /// publisher leaves out), so that apps whose library reads no newer read it. Files of every
    /// earlier version are still read.
    public static let formatVersion: UInt32 = 7
    /// The version a theme without design tokens' notes is written in when its `rem` is not 16
    /// points.
    static let formatVersionWithoutTokenNotes: UInt32 = 6
    /// The version a theme with a `rem` of 16 points is written in when its fonts have fallback
    /// families.
    static let formatVersionWithoutRemSize: UInt32 = 5
    /// The version a theme whose fonts have no fallback families (and whose `rem` is 16 points) is
    /// written in: the one before fallback families.
    static let formatVersionWithoutFallbackFamilies: UInt32 = 4
    /// The eight bytes every compiled theme starts with.
    static let magic: [UInt8] = Array("THEMELC\u{1A}".utf8)

    /// Whether the header of a format version carries the payload's XXH64 (eight bytes), from
    /// version 3 on, rather than its CRC-32 (four bytes).
    static func checksumIsXXHash64(formatVersion: UInt32) -> Bool {
        formatVersion >= 3
    }

    /// The size of a header of a format version: magic, version, payload length and payload
    /// checksum.
    static func headerSize(formatVersion: UInt32) -> Int {
        8 + 4 + 4 + (checksumIsXXHash64(formatVersion: formatVersion) ? 8 : 4)
    }

    /// The folder beside a compiled file that holds its images: `Moments.themec` → `Moments.images`.
    public static func assetFolderName(forCompiledFile path: String) -> String {
        let name = BundleLocator.lastComponent(path)
        let stem = name.hasSuffix("." + fileExtension) ? String(name.dropLast(fileExtension.count + 1)) : name
        return stem + ".images"
    }

    /// How a compiled theme carries its images.
    public enum ImageStorage {
        /// Each variant names a file by its path relative to the compiled file's directory.
        case files(relativePath: (ImageVariant) -> String)
        /// Each image file's bytes are in the compiled file (read once per file); variants carry
        /// them as ``ImageVariant/data``.
        case embedded(contents: (ImageVariant) -> Data)
    }

    /// The compiled bytes of a theme, its images stored as `images` says.
    public static func encode(_ theme: Theme, images: ImageStorage) -> Data {
        encode(theme, images: images, keepingTokenNotes: true)
    }

    /// The compiled bytes of a theme; without `keepingTokenNotes`, what its design tokens said
    /// of themselves is left out (an app never reads it), so that it is in format 6 or older.
    package static func encode(_ theme: Theme, images: ImageStorage, keepingTokenNotes: Bool) -> Data {
        var writer = CompiledThemeWriter(images: images, keepingTokenNotes: keepingTokenNotes)
        return writer.encode(theme)
    }

    /// The checksum a compiled file of the current format carries over its payload, for tools
    /// that write or check compiled files: XXH64 (the 64-bit xxHash) with seed 0. (Files of
    /// formats 1 and 2 carry the CRC-32 of zip and PNG instead.)
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        XXHash64.hash(bytes)
    }

    /// The most bytes of images a compiled file embeds: its lengths are 32-bit, and the theme's
    /// own data needs room beside them.
    static let maxEmbeddedBytes = Int(UInt32.max) - 256 * 1024 * 1024

    /// A theme's compiled bytes with its images inside, read from their files (what `write`
    /// with `embeddingImages` and the remote publisher write). The images' sizes are asked
    /// before any is read: past ``maxEmbeddedBytes`` together they are `limit-exceeded` at
    /// `file`, when given (a 5 GiB image was read whole, then trapped converting its length); an
    /// image that cannot be read is `io` at the image.
    package static func encodeEmbeddingImages(_ theme: Theme, reportedAt file: String?, keepingTokenNotes: Bool = true) throws(ThemeloadError) -> Data {
        var unreadable: String?
        var embedded = 0, pastTheFormat = false
        let data = encode(theme, images: .embedded(contents: { variant in
            // The size of the file a link leads to, as reading it reads that file.
            let size = variant.data?.count ?? LocalFileSystem().status(ofPath: variant.path).map { Int($0.size) } ?? 0
            embedded += size
            guard embedded <= maxEmbeddedBytes else {
                pastTheFormat = true
                return Data()
            }
            if let data = variant.data ?? FileManager.default.contents(atPath: variant.path) { return data }
            unreadable = variant.path
            return Data()
        }), keepingTokenNotes: keepingTokenNotes)
        if pastTheFormat {
            throw ThemeloadError(.limitExceeded, "the images to embed pass the \(maxEmbeddedBytes) bytes a compiled file holds; leave them beside it (without embedding)",
                                 at: file.map { SourceLocation(file: $0) })
        }
        if let unreadable { throw ThemeloadError(.io, "cannot read the image \(unreadable) to embed it", at: SourceLocation(file: unreadable)) }
        return data
    }

    /// Reads compiled bytes back into a theme whose image variants' paths are `directory` joined
    /// with the recorded relative paths.
    ///
    /// Values may nest as deep as `limits` lets a loader's themes nest theirs
    /// (``Limits/maxDepth``): a theme compiled from sources loaded under the same limits always
    /// reads back.
    ///
    /// - Throws: `syntax` for bytes that are not a whole, undamaged compiled theme;
    ///   `unsupported-format` for a newer format version; `asset-outside-bundle` for an image path
    ///   that leaves the directory; `limit-exceeded` for values nested deeper than `limits` allow.
    public static func decode(_ data: Data, file: String, directory: String, limits: Limits = .default) throws(ThemeloadError) -> Theme {
        let result: Result<Theme, ThemeloadError> = data.withUnsafeBytes { raw in
            var reader = CompiledThemeReader(bytes: raw, file: file, directory: directory, maxDepth: limits.maxDepth)
            return Result { () throws(ThemeloadError) in try reader.decode() }
        }
        return try result.get()
    }

    /// Writes a theme's compiled file and copies its images into the folder beside it (see
    /// ``assetFolderName(forCompiledFile:)``), replacing what was there; or, with `embeddingImages`,
    /// puts the images' bytes in the compiled file itself (one file to ship, as a SwiftPM resource
    /// or from a server). Each file is written to a temporary file and renamed into place, so a
    /// watcher never reads half of one, and a file whose bytes are already right is not written
    /// again.
    ///
    /// - Throws: `io` when a file cannot be written or an image cannot be read or copied.
    public static func write(_ theme: Theme, toPath path: String, embeddingImages: Bool = false) throws(ThemeloadError) {
        if embeddingImages {
            let data = try encodeEmbeddingImages(theme, reportedAt: path)
            do {
                try FileManager.default.createDirectory(atPath: BundleLocator.parent(of: path), withIntermediateDirectories: true)
                if (try? Data(contentsOf: URL(fileURLWithPath: path))) != data { try replace(path, with: data) }
            } catch let error as ThemeloadError {
                throw error
            } catch {
                throw ThemeloadError(.io, "cannot write the compiled theme: \(error.localizedDescription)", at: SourceLocation(file: path))
            }
            return
        }
        let fileManager = FileManager.default
        let directory = BundleLocator.parent(of: path)
        let folder = assetFolderName(forCompiledFile: path)
        // Each source bundle directory gets a numbered subfolder, so two bundles' `logo.png`s
        // (a theme and its parent) never collide. Folders and files are told apart by their
        // paths' bytes, as the file system tells them.
        var sourceFolders: [UTF8Key: Int] = [:]
        var copies: [(variant: ImageVariant, to: String)] = []
        let data = encode(theme, images: .files { variant in
            // The path ends with the file as written; what comes before is its bundle directory.
            let source = String(variant.path.dropLast(variant.file.count))
            let number = sourceFolders[UTF8Key(source)] ?? sourceFolders.count
            sourceFolders[UTF8Key(source)] = number
            let relative = "\(folder)/\(number)/\(variant.file)"
            if !copies.contains(where: { $0.to.utf8.elementsEqual(relative.utf8) }) { copies.append((variant, relative)) }
            return relative
        })
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Images first, each replaced only if it differs and by a rename, so a watcher of the
            // old compiled file never sees one missing; then files no longer named are removed.
            let assets = BundleLocator.join(directory, folder)
            for copy in copies {
                let target = BundleLocator.join(directory, copy.to)
                let contents = try copy.variant.data ?? Data(contentsOf: URL(fileURLWithPath: copy.variant.path))
                if fileManager.contents(atPath: target) == contents { continue }
                try fileManager.createDirectory(atPath: BundleLocator.parent(of: target), withIntermediateDirectories: true)
                try replace(target, with: contents)
            }
            let kept = Set(copies.map { BundleLocator.join(directory, $0.to) })
            if let enumerator = fileManager.enumerator(atPath: assets) {
                for case let relative as String in enumerator {
                    let file = BundleLocator.join(assets, relative)
                    var isDirectory: ObjCBool = false
                    if fileManager.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue, !kept.contains(file) {
                        try fileManager.removeItem(atPath: file)
                    }
                }
            }
            if (try? Data(contentsOf: URL(fileURLWithPath: path))) != data { try replace(path, with: data) }
        } catch let error as ThemeloadError {
            throw error
        } catch {
            throw ThemeloadError(.io, "cannot write the compiled theme: \(error.localizedDescription)", at: SourceLocation(file: path))
        }
    }

    /// Writes `data` to a temporary file beside `path` and renames it over `path`.
    private static func replace(_ path: String, with data: Data) throws {
        let temporary = BundleLocator.join(BundleLocator.parent(of: path), ".\(BundleLocator.lastComponent(path)).\(UUID().uuidString).tmp")
        try data.write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw ThemeloadError(.io, "cannot move \(BundleLocator.lastComponent(path)) into place: \(reason)", at: SourceLocation(file: path))
        }
    }
}
