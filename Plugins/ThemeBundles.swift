import Foundation
import PackagePlugin

/// Finds `NAME.theme` bundles among files and folders. Shared by both plugins: a plugin is one
/// module, so this file is linked into each by a symbolic link in its folder.
enum ThemeBundles {
    /// The bundles that the given files lie in, or that the given folders contain, sorted by path.
    static func find(in urls: [URL]) -> [URL] {
        var bundles = Set<URL>()
        for url in urls {
            if let bundle = enclosingBundle(of: url) {
                bundles.insert(bundle)
            } else if isDirectory(url) {
                bundles.formUnion(find(under: url))
            }
        }
        return bundles.sorted { $0.path < $1.path }
    }

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
    /// directory. Every file of every bundle is an input (a child theme reads its parent), so an
    /// unchanged theme is not processed again, and the search paths let parents be found.
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
        let tool = try context.tool(named: "themeload")
        let inputs = bundles.flatMap(files(in:))
        let searchPaths = searchPathArguments(for: bundles)
        return bundles.map { bundle in
            let name = bundle.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(outputName(name))
            return .buildCommand(displayName: displayName(name), executable: tool.url, arguments: arguments(bundle, output) + searchPaths,
                                 inputFiles: inputs, outputFiles: [output])
        }
    }

    /// Every regular file in a bundle: what its generated keys depend on.
    static func files(in bundle: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { !isDirectory($0) }.sorted { $0.path < $1.path }
    }

    private static func enclosingBundle(of url: URL) -> URL? {
        var candidate = url.standardizedFileURL
        while candidate.pathComponents.count > 1 {
            if candidate.pathExtension == "theme", isDirectory(candidate) { return candidate }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
