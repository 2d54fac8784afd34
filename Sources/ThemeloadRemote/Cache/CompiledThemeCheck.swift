import Crypto
import Foundation
import Themeload

/// The checks every remote theme file passes, when it arrives and again whenever it is read
/// back from the cache (a cache is disk the app does not control): its size and SHA-256 are the
/// signed index's, it reads whole as a compiled theme (every check of docs/SPEC.md section 12),
/// it is the theme the index names with the styles the index lists, and its images travel inside
/// it.
enum CompiledThemeCheck {
    /// The SHA-256 of `data` in lowercase hex.
    static func digest(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// The theme in `data`, once it matches `entry`.
    ///
    /// - Parameters:
    ///   - file: how messages name the bytes (a URL or a cache path).
    ///   - directory: the directory the compiled theme is read in.
    static func theme(from data: Data, entry: RemoteIndex.Entry, file: String, directory: String) throws(RemoteThemeError) -> Theme {
        guard data.count == entry.size else {
            throw .integrity(file: file, reason: "it is \(data.count) bytes, and the signed index says \(entry.size)")
        }
        let actual = digest(data)
        guard actual == entry.sha256 else {
            throw .integrity(file: file, reason: "its SHA-256 is \(actual), and the signed index says \(entry.sha256)")
        }
        let theme: Theme
        do {
            theme = try CompiledTheme.decode(data, file: file, directory: directory)
        } catch {
            throw .themeDoesNotLoad(name: entry.name, diagnostics: error.diagnostics)
        }
        var problems: [Diagnostic] = []
        if theme.name != entry.name {
            problems.append(Diagnostic(.integrity, "the file holds the theme \"\(theme.name)\", and the index names it \"\(entry.name)\"", at: SourceLocation(file: file)))
        }
        if theme.styles.map(\.rawValue) != entry.styles {
            problems.append(Diagnostic(.integrity, "the theme's styles are \(theme.styles.map(\.rawValue).joined(separator: ", ")), and the index lists \(entry.styles.joined(separator: ", "))", at: SourceLocation(file: file)))
        }
        // Encoding visits every image variant wherever it is (image sets, level cells, custom
        // values), which is the one complete walk the model offers.
        var external: Set<String> = []
        _ = CompiledTheme.encode(theme, images: .embedded { variant in
            if variant.data == nil { external.insert(variant.file) }
            return variant.data ?? Data()
        })
        for image in external.sorted() {
            problems.append(Diagnostic(.assetMissing, "the image \"\(image)\" is not embedded; a remote theme carries its images inside (themeload publish embeds them)", at: SourceLocation(file: file)))
        }
        guard problems.isEmpty else { throw .themeDoesNotLoad(name: entry.name, diagnostics: problems) }
        return theme
    }
}
