import Foundation
import Themeload

extension RemoteIndex {
    /// Reads an index payload, checking every rule of docs/SPEC.md section 13: the format, the
    /// fields and their types, names and paths safe to use, sizes within `maxFileSize`, digests
    /// well formed, no theme or path twice, the files' sizes within `maxTotalSize` together.
    /// Every problem is a diagnostic at its line and column.
    ///
    /// - Parameters:
    ///   - payload: the payload's JSON bytes (the envelope's `payload`, decoded).
    ///   - file: how diagnostics name the payload (the index's URL).
    ///   - maxFileSize: the largest size a listed file may have.
    ///   - maxTotalSize: the largest sum of the listed files' sizes.
    public static func parse(_ payload: Data, file: String, maxFileSize: Int = RemoteFetchLimits.default.maxFileSize,
                             maxTotalSize: Int = RemoteFetchLimits.default.maxTotalSize) throws(ThemeloadError) -> RemoteIndex {
        let root = try JSONFormat().parse(FormatInput(bytes: payload, file: file))
        var reader = StrictObjectReader(root, path: .root, what: "the index")
        let format = reader.integer("format")
        reader.expect(format == nil || format == formatVersion, .unsupportedFormat, at: "format",
                      "index format \(format ?? 0) is not one this library reads (\(formatVersion)); update the app")
        let sequence = reader.integer("sequence", range: 0...Int(Int64.max))
        let publishedText = reader.string("published")
        let published = publishedText.flatMap { try? Date.ISO8601FormatStyle().parse($0) }
        reader.expect(publishedText == nil || published != nil, .type, at: "published", "\"published\" is not an ISO 8601 date and time")
        var entries: [Entry] = []
        var names = CacheFileNames(), paths: Set<String> = []
        var totalSize = 0
        let themeNodes = reader.list("themes", count: 1...maxThemes) ?? []
        for (position, node) in themeNodes.enumerated() {
            var theme = StrictObjectReader(node, path: DocumentPath([.key("themes"), .index(position)]), what: "a theme entry")
            let name = theme.string("name")
            let path = theme.string("path")
            // A negative limit (a setting's mistake) is taken as 0 rather than trapping.
            let size = theme.integer("size", range: 0...max(0, maxFileSize))
            let digest = theme.string("sha256")
            let styles = theme.list("styles", count: 1...1_000)?.map(\.value)
            var styleNames: [String] = []
            for (index, style) in (styles ?? []).enumerated() {
                guard case .string(let text) = style, !text.isEmpty else {
                    theme.fail(.type, at: "styles", "styles[\(index)] is not a style name")
                    continue
                }
                styleNames.append(text)
            }
            if let name {
                theme.expect(isValidName(name), .type, at: "name", "\"\(name)\" cannot name a theme: \(nameRule)")
                if let earlier = names.clash(adding: name) {
                    theme.fail(.duplicateKey, at: "name", earlier == name ? "the theme \"\(name)\" is listed twice" : caseClash(earlier, name))
                }
            }
            if let path {
                theme.expect(isValidPath(path), .assetOutsideBundle, at: "path", "\"\(path)\" is not a safe relative path (letters, digits, . _ - in /-separated parts, none . or ..)")
                theme.expect(paths.insert(path).inserted, .duplicateKey, at: "path", "the file \"\(path)\" is listed twice")
            }
            if let size {
                // Each size is at most the file limit and there are at most 1,000: no overflow.
                totalSize += size
                theme.expect(totalSize - size > maxTotalSize || totalSize <= maxTotalSize, .limitExceeded, at: "size", Self.totalSizeProblem(totalSize, limit: maxTotalSize))
            }
            if let digest {
                theme.expect(isValidDigest(digest), .type, at: "sha256", "\"sha256\" must be 64 lowercase hex digits")
            }
            reader.absorb(theme)
            if let name, let path, let size, let digest {
                entries.append(Entry(name: name, path: path, size: size, sha256: digest, styles: styleNames))
            }
        }
        try reader.finish()
        guard let sequence, let published else { throw ThemeloadError(.type, "the index lacks its sequence or date", at: SourceLocation(file: file)) }
        return RemoteIndex(sequence: sequence, published: published, themes: entries)
    }

    /// The problem with files that add up to `total` bytes, past `limit`.
    static func totalSizeProblem(_ total: Int, limit: Int) -> String {
        "the files listed up to here add up to \(total) bytes, more than the \(limit) a client fetches for one index (RemoteFetchLimits.maxTotalSize)"
    }

    /// The payload's JSON text: keys in a fixed order, dates in ISO 8601 (UTC, whole seconds).
    public func jsonData() -> Data {
        var text = "{\n  \"format\": \(Self.formatVersion),\n  \"sequence\": \(sequence),\n"
        text += "  \"published\": \(Self.quoted(published.formatted(.iso8601))),\n  \"themes\": ["
        for (index, theme) in themes.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"name\": \(Self.quoted(theme.name)), \"path\": \(Self.quoted(theme.path)), \"size\": \(theme.size), "
            text += "\"sha256\": \(Self.quoted(theme.sha256)), \"styles\": [\(theme.styles.map(Self.quoted).joined(separator: ", "))]}"
        }
        text += "\n  ]\n}\n"
        return Data(text.utf8)
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = ""
        JSONValue.writeString(text, to: &result)
        return result
    }
}
