import Foundation
import PackagePlugin

/// Finds `NAME.theme` bundles in folders. Shared by the three plugins: a plugin is one
/// module, so this file is linked into each by a symbolic link in its folder.
enum ThemeBundles {
    /// The bundles under a folder, skipping hidden folders and build folders, sorted by path.
    static func find(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var bundles: [URL] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if name.hasPrefix(".build") {
                enumerator.skipDescendants()
            } else if url.pathExtension == "theme", isDirectory(url) {
                bundles.append(url.standardizedFileURL)
                enumerator.skipDescendants()
            }
        }
        return bundles.sorted { $0.path < $1.path }
    }

    /// The `--search-path` arguments that let a bundle's parent theme be found in any of the
    /// folders that hold the target's bundles (a parent beside the child is found anyway), not in
    /// whatever folder the build happens to run in.
    static func searchPathArguments(for bundles: [URL]) -> [String] {
        Set(bundles.map { $0.deletingLastPathComponent().standardizedFileURL.path }).sorted().flatMap { ["--search-path", $0] }
    }

    /// One build command per bundle that runs `themeload` to write one file into the plugin's work
    /// directory. Every file of every bundle is an input (a child theme reads its parent), and so
    /// is every theme file a bundle's `extends` can find outside the bundles (``filesBeside(_:)``),
    /// so an unchanged theme is not processed again, a changed parent is, and the search paths let
    /// parents be found.
    ///
    /// - Parameters:
    ///   - outputName: the output file's name for a bundle name (`Moments` → `MomentsTheme.swift`).
    ///   - displayName: what the build log says for a bundle name.
    ///   - arguments: `themeload`'s arguments before the search paths, for a bundle and its output.
    static func buildCommands(
        for bundles: [URL], context: PluginContext, outputName: (String) -> String, displayName: (String) -> String,
        arguments: (_ bundle: URL, _ output: URL) -> [String]
    ) throws -> [Command] {
        guard !bundles.isEmpty else { return [] }
        try requireDistinctNames(bundles, outputName: outputName)
        let tool = try context.tool(named: "themeload")
        let inputs = Set(bundles.flatMap(files(in:)) + filesBeside(bundles)).sorted { $0.path < $1.path }
        let searchPaths = searchPathArguments(for: bundles)
        return bundles.map { bundle in
            let name = bundle.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(outputName(name))
            return .buildCommand(displayName: displayName(name), executable: tool.url, arguments: arguments(bundle, output) + searchPaths,
                                 inputFiles: inputs, outputFiles: [output])
        }
    }

    /// Two bundles of one target whose outputs would be one file: the same name in two folders,
    /// or names that differ only in case (one file on a Mac's disk, and one `NAMETheme` enum).
    struct SameNameError: Error, CustomStringConvertible {
        let first: URL, second: URL, output: String
        var description: String {
            "the theme bundles \(first.path) and \(second.path) would both become \(output) in this target; rename one of them"
        }
    }

    /// Throws ``SameNameError`` for the first two bundles whose outputs are one file, ignoring case;
    /// SwiftPM would otherwise fail with "multiple producers" and no theme named.
    static func requireDistinctNames(_ bundles: [URL], outputName: (String) -> String) throws {
        var seen: [String: URL] = [:]
        for bundle in bundles {
            let output = outputName(bundle.deletingPathExtension().lastPathComponent)
            if let first = seen[output.lowercased()] { throw SameNameError(first: first, second: bundle, output: output) }
            seen[output.lowercased()] = bundle
        }
    }

    /// Every regular file in a bundle: what its generated keys depend on.
    static func files(in bundle: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { !isDirectory($0) }.sorted { $0.path < $1.path }
    }

    /// The extensions of the files `themeload` can find a theme in by name (`NAME.EXT`), the
    /// compound `tokens.json` and `resolver.json` among the `json` ones and `tokens.json5` among
    /// the `json5` ones. (A plugin cannot ask the library's format registry: it links
    /// PackagePlugin alone.)
    static let themeFileExtensions: Set<String> = ["yaml", "yml", "json", "json5", "plist", "tokens", "themec"]

    /// The theme files beside the bundles that a bundle can extend: the single-file themes and
    /// design-token resolvers in the folders that hold the bundles (the search paths), and, where
    /// a resolver is among them, every token file under that folder (a resolver's sources are
    /// relative to it, `brand/base.tokens.json`), and every file of a Tokens Studio folder there
    /// (one holding `$metadata.json` or `$themes.json`). Without them, a design team's new token
    /// left the keys and the compiled theme as they were until a clean build.
    static func filesBeside(_ bundles: [URL]) -> [URL] {
        let folders = Set(bundles.map { $0.deletingLastPathComponent().standardizedFileURL })
        var files: [URL] = []
        for folder in folders {
            let entries = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                                        options: [.skipsHiddenFiles])) ?? []
            let themeFiles = entries.filter { themeFileExtensions.contains($0.pathExtension) && !isDirectory($0) }
            files += themeFiles
            if themeFiles.contains(where: { $0.lastPathComponent.hasSuffix(".resolver.json") }) {
                files += tokenFiles(under: folder)
            } else {
                for entry in entries where isTokensStudioFolder(entry) { files += tokenFiles(under: entry) }
            }
        }
        return files.map(\.standardizedFileURL)
    }

    /// Whether a folder is a Tokens Studio folder, a theme `themeload` finds by the folder's name.
    private static func isTokensStudioFolder(_ url: URL) -> Bool {
        isDirectory(url) && ["$metadata.json", "$themes.json"].contains { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
    }

    /// The `.json`, `.json5`, `.tokens` and `.tokens.yaml`/`.tokens.yml` files under a folder, outside hidden
    /// folders, build folders and theme bundles (whose files are inputs already).
    private static func tokenFiles(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent.hasPrefix(".build") || (url.pathExtension == "theme" && isDirectory(url)) {
                enumerator.skipDescendants()
            } else if isTokenFile(url), !isDirectory(url) {
                files.append(url)
            }
        }
        return files
    }

    /// A file a resolver or a Tokens Studio folder may hold tokens in.
    private static func isTokenFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        return ["json", "json5", "tokens"].contains(url.pathExtension) || name.hasSuffix(".tokens.yaml") || name.hasSuffix(".tokens.yml")
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
