import Foundation
import Themeload

/// Writes themes for any static web server (docs/SPEC.md section 13): each theme compiled with
/// its images inside as `themes/<sha256>.themec`, then `index.json`, signed, naming every file
/// with its size and SHA-256. Serve the folder as it is (nginx, an object store, a CDN).
///
/// Files are named by their hash, so a file never changes once published and a CDN may cache
/// it forever; only `index.json` changes. It is written last and by a rename, so a server never
/// serves an index whose files are not there yet. Publishing themes that are already published
/// as they are rewrites nothing, and their index keeps its sequence.
///
/// ```swift
/// let theme = try ThemeLoader.standard(searchDirectories: ["Themes"]).load(named: "Holiday").theme
/// let report = try ThemePublisher.publish([theme], signedBy: [key], to: "public/themes")
/// ```
public enum ThemePublisher {
    /// What a publication did.
    public struct Report: Sendable {
        /// The index now published.
        public var index: RemoteIndex
        /// The files written, relative to the folder (`index.json` among them when it changed).
        public var written: [String]
        /// The compiled files removed when pruning, relative to the folder.
        public var removed: [String] = []
    }

    /// Publishes `themes` (one index lists them all) into `directory`, signed by every key of
    /// `keys` (two while clients rotate keys).
    ///
    /// - Parameters:
    ///   - themes: the themes to publish, each loaded with no error.
    ///   - keys: the private keys that sign the index (at least one).
    ///   - directory: the folder to publish into; made when missing.
    ///   - date: the publication date, and the lowest sequence (its Unix time in seconds).
    ///   - maxFileSize: the largest compiled theme to publish: the limit the apps fetch under
    ///     (``RemoteFetchLimits/maxFileSize``), for a client refuses the whole index when one
    ///     entry passes it.
    ///   - maxTotalSize: the most bytes the compiled themes may add up to: the apps'
    ///     ``RemoteFetchLimits/maxTotalSize``, past which a client refuses the index.
    ///   - pruning: whether to remove, once a new index is written, the compiled files in
    ///     `themes/` that neither it nor the index it replaced lists. A client whose index is two
    ///     publications old then fails its next update (and keeps its themes) until it asks for
    ///     the index again, at the end of the index's `Cache-Control` freshness (a day at most).
    ///     Nothing is removed when the index did not change or the one it replaced cannot be
    ///     read, and no file but `SHA256.themec` names is touched; a file that cannot be removed
    ///     is left for the next publication.
    /// - Throws: `io` when a file cannot be read or written; `type` for a theme name an index
    ///   cannot carry; `duplicate-key` for two themes of one name (or of names a case-insensitive
    ///   disk takes for one); `limit-exceeded` for no theme or more than 1,000, a theme past
    ///   `maxFileSize`, themes past `maxTotalSize` together, or images past what a compiled file
    ///   holds.
    public static func publish(_ themes: [Theme], signedBy keys: [ThemeSigningKey], to directory: String,
                               date: Date = Date(), maxFileSize: Int = RemoteFetchLimits.default.maxFileSize,
                               maxTotalSize: Int = RemoteFetchLimits.default.maxTotalSize, pruning: Bool = false) throws(ThemeloadError) -> Report {
        guard !keys.isEmpty else { throw ThemeloadError(.io, "publishing needs at least one private key") }
        // What a client reads (docs/SPEC.md section 13): an index of no theme, or of more than
        // it lists, would be refused by every client.
        guard (1...RemoteIndex.maxThemes).contains(themes.count) else {
            throw ThemeloadError(.limitExceeded, "an index lists 1 to \(RemoteIndex.maxThemes) themes, not \(themes.count): every client would refuse it")
        }
        var entries: [RemoteIndex.Entry] = [], compiled: [(path: String, data: Data)] = []
        var totalSize = 0, names = RemoteIndex.CacheFileNames()
        for theme in themes {
            guard RemoteIndex.isValidName(theme.name) else {
                throw ThemeloadError(.type, "the theme name \"\(theme.name)\" cannot be published: \(RemoteIndex.nameRule)")
            }
            if let earlier = names.clash(adding: theme.name) {
                throw ThemeloadError(.duplicateKey, earlier == theme.name ? "the theme \"\(theme.name)\" is given twice" : RemoteIndex.caseClash(earlier, theme.name))
            }
            // Without what design tokens said of themselves (exports read it, apps never do), so
            // that apps whose library reads no newer than format 6 read every published theme.
            let data = try CompiledTheme.encodeEmbeddingImages(theme, reportedAt: nil, keepingTokenNotes: false)
            // A client reads the whole index under its limit on a file's size: one entry past it
            // would cost every theme of the index its updates there.
            guard data.count <= maxFileSize else {
                throw ThemeloadError(.limitExceeded, "the theme \"\(theme.name)\" with its images is \(data.count) bytes, more than the \(maxFileSize) a client fetches "
                                     + "(RemoteFetchLimits.maxFileSize): every client with that limit would refuse the whole index; make its images smaller, or raise the limit in the apps and here")
            }
            totalSize += data.count
            guard totalSize <= maxTotalSize else {
                throw ThemeloadError(.limitExceeded, "the themes up to \"\(theme.name)\" with their images are \(totalSize) bytes, more than the \(maxTotalSize) a client fetches for one index "
                                     + "(RemoteFetchLimits.maxTotalSize): every client with that limit would refuse the index; publish fewer themes in it, or raise the limit in the apps and here")
            }
            let digest = CompiledThemeCheck.digest(data)
            let path = "themes/\(digest).\(CompiledTheme.fileExtension)"
            entries.append(RemoteIndex.Entry(name: theme.name, path: path, size: data.count, sha256: digest, styles: theme.styles.map(\.rawValue)))
            compiled.append((path, data))
        }
        let indexPath = directory + "/" + SignedIndex.fileName
        // Our own earlier output: read to keep its sequence when nothing changed, not trusted.
        let envelope = FileManager.default.contents(atPath: indexPath).flatMap { try? SignedIndex.Envelope.read($0, file: indexPath) }
        let existing = envelope.flatMap { try? RemoteIndex.parse($0.payload, file: indexPath) }
        let unchanged = existing.flatMap { $0.themes == entries && envelope?.signatures.map(\.keyID) == keys.map(\.verifyingKey.keyID) ? $0 : nil }
        // The new index is made before anything is written, so a refusal writes nothing.
        let index: RemoteIndex
        if let unchanged {
            index = unchanged
        } else {
            // An ISO 8601 date of four-digit years: 0001 to 9999.
            guard let seconds = Int(exactly: date.timeIntervalSince1970.rounded(.down)), (-62_135_596_800...253_402_300_799).contains(seconds) else {
                throw ThemeloadError(.type, "the publication date \(date.timeIntervalSince1970) s from 1970 is not one an index can carry (years 1 to 9999)")
            }
            // A sequence at the largest a client reads can have no successor a client would take.
            let (next, overflow) = (existing?.sequence ?? -1).addingReportingOverflow(1)
            guard !overflow else {
                throw ThemeloadError(.limitExceeded, "the index published in \(directory) has the largest sequence there is (\(Int.max)); no later one can be published: publish into a new folder, which the apps fetch from",
                                     at: SourceLocation(file: indexPath))
            }
            index = RemoteIndex(sequence: max(seconds, next), published: Date(timeIntervalSince1970: TimeInterval(seconds)), themes: entries)
        }
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: directory + "/themes", withIntermediateDirectories: true)
            for file in compiled where FileManager.default.contents(atPath: directory + "/" + file.path) != file.data {
                try replace(directory + "/" + file.path, with: file.data)
                written.append(file.path)
            }
        } catch {
            throw ThemeloadError(.io, "cannot write into \(directory): \(error)", at: SourceLocation(file: directory))
        }
        if unchanged != nil { return Report(index: index, written: written) }
        do {
            try replace(indexPath, with: SignedIndex.sign(index, with: keys))
        } catch {
            throw ThemeloadError(.io, "cannot write \(indexPath): \(error)", at: SourceLocation(file: indexPath))
        }
        let removed = pruning ? prune(directory, keeping: index, replaced: existing) : []
        return Report(index: index, written: written + [SignedIndex.fileName], removed: removed)
    }

    /// Removes the compiled files of `directory/themes` that neither index lists; nothing when
    /// the replaced index is unknown (its clients' files cannot be told apart).
    private static func prune(_ directory: String, keeping index: RemoteIndex, replaced: RemoteIndex?) -> [String] {
        guard let replaced else { return [] }
        let kept = Set(index.themes.map(\.path) + replaced.themes.map(\.path))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/themes")) ?? []
        var removed: [String] = []
        for name in names.sorted() where isPublishedFileName(name) && !kept.contains("themes/" + name) {
            if (try? FileManager.default.removeItem(atPath: directory + "/themes/" + name)) != nil { removed.append("themes/" + name) }
        }
        return removed
    }

    /// Whether a name is one publishing gives a compiled file: 64 lowercase hex digits (its
    /// SHA-256) and `.themec`.
    static func isPublishedFileName(_ name: String) -> Bool {
        let suffix = "." + CompiledTheme.fileExtension
        guard name.hasSuffix(suffix) else { return false }
        let digest = name.utf8.dropLast(suffix.utf8.count)
        return digest.count == 64 && digest.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Writes `data` beside `path` and renames it into place.
    private static func replace(_ path: String, with data: Data) throws {
        let temporary = path + ".new-" + UUID().uuidString
        try data.write(to: URL(fileURLWithPath: temporary))
        do {
            try DurableFiles.rename(temporary, to: path)
        } catch {
            DurableFiles.remove(temporary)
            throw error
        }
    }
}
