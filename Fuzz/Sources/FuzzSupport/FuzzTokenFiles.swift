import Foundation
import ThemeloadTesting

/// Turns one fuzz input into design-token files in memory. The first byte says what is loaded: a
/// resolver document `Main.resolver.json` when it is odd; a Tokens Studio folder `Main/` when its
/// two lowest bits are `10` (2, 6, 10 …); a bundle `Main.theme` whose manifest includes three
/// token files when its three lowest bits are `100` (4, 12, 20 …); a token file in JSON5
/// `Main.tokens.json5` when its four lowest bits are `1000` (8, 24, 40 …); a manifest
/// `Theme.yaml` over a resolver document `Main.resolver.json` when its five lowest bits are
/// `10000` (16, 48, 80 …); else a token file `Main.tokens.json`. The rest is cut at each line
/// that is exactly `%%` (as ``FuzzBundle`` cuts) into files, in this order:
///
/// - for a file: the main file, which is loaded as a theme; then `a.tokens.json` and
///   `b.tokens.json`, for a resolver's file sources and an `include`;
/// - for a folder: `Main/$metadata.json`, `Main/$themes.json`, and the set files `Main/a.json`
///   and `Main/b/c.json` (the sets `a` and `b/c`); the folder is loaded as a theme;
/// - for a bundle: `Main.theme/a.tokens.json`, `b.tokens.json` and `c.tokens.json`, which its
///   manifest (not from the input) includes in that order, so that their values may alias
///   each other's tokens;
/// - for a manifest over a resolver: `Theme.yaml`, which is loaded as a theme (so that what its
///   `designTokens` chooses meets a resolver's modifiers: `extends: Main`), then
///   `Main.resolver.json`, `a.tokens.json` and `b.tokens.json`.
public enum FuzzTokenFiles {
    /// Where a file's second and third parts go.
    public static let otherFiles = ["a.tokens.json", "b.tokens.json"]
    /// Where a folder's parts go, in the folder.
    public static let folderFiles = ["$metadata.json", "$themes.json", "a.json", "b/c.json"]
    /// Where a bundle's parts go, in the bundle, and its manifest, which includes them.
    public static let bundleFiles = ["a.tokens.json", "b.tokens.json", "c.tokens.json"]
    public static let bundleManifest = "include: [a.tokens.json, b.tokens.json, c.tokens.json]\nlevels:\n  normal: {}\n"
    /// Where a manifest over a resolver and the resolver's parts go: the manifest first.
    public static let manifestOverResolverFiles = ["Theme.yaml", "Main.resolver.json"] + otherFiles

    /// The file system for one input, and the path of what is loaded.
    public static func fileSystem(from bytes: [UInt8]) -> (InMemoryFileSystem, main: String) {
        let fileSystem = InMemoryFileSystem()
        let kind = bytes.first ?? 0
        let root = FuzzBundle.root
        let parts = FuzzBundle.split(Array(bytes.dropFirst()))
        if kind & 3 == 2 {
            let folder = "\(root)/Main"
            for (file, part) in zip(folderFiles, parts) { fileSystem.write("\(folder)/\(file)", Data(part)) }
            return (fileSystem, folder)
        }
        if kind & 7 == 4 {
            let bundle = "\(root)/Main.theme"
            fileSystem.write("\(bundle)/theme.yaml", Data(bundleManifest.utf8))
            for (file, part) in zip(bundleFiles, parts) { fileSystem.write("\(bundle)/\(file)", Data(part)) }
            return (fileSystem, bundle)
        }
        if kind & 31 == 16 {
            for (file, part) in zip(manifestOverResolverFiles, parts) { fileSystem.write("\(root)/\(file)", Data(part)) }
            return (fileSystem, "\(root)/\(manifestOverResolverFiles[0])")
        }
        let main = "\(root)/Main.\(kind & 1 == 1 ? "resolver.json" : kind & 15 == 8 ? "tokens.json5" : "tokens.json")"
        for (path, part) in zip([main] + otherFiles.map { "\(root)/\($0)" }, parts) {
            fileSystem.write(path, Data(part))
        }
        return (fileSystem, main)
    }
}
