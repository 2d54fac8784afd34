import Foundation
import PackagePlugin

/// The command plugin `swift package lint-themes`: `themeload check` over every theme bundle in the
/// package, or in the targets given with `--target`.
///
///     swift package lint-themes                    # every NAME.theme bundle in the package
///     swift package lint-themes --target App       # only those in App's folder
///     swift package lint-themes --strict           # also warn about unused palette entries
///
/// Each bundle is checked with the search paths the build plugins give it, the folders of its own
/// target's bundles, so a parent only another target has is `theme-not-found` here as in the
/// build. It prints each bundle's path and `themeload check`'s report (diagnostics in the compiler form and
/// a count), then a summary, and fails when any bundle has an error. Arguments go through the plugin API's argument extractor, so flags it does
/// not know (Xcode passes some of its own) are ignored rather than fatal.
@main
struct LintThemesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let strict = extractor.extractFlag(named: "strict") > 0

        // Each bundle with the target it belongs to (its folder's path; "" for none), so that it
        // is checked with the search paths the build plugins give it: its own target's folders.
        var owners: [URL: String] = [:]
        let bundles: [URL]
        let sourceTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        if targetNames.isEmpty {
            bundles = ThemeBundles.find(under: context.package.directoryURL)
            let folders = sourceTargets.map { $0.directoryURL.standardizedFileURL.path + "/" }
            for bundle in bundles {
                owners[bundle] = folders.filter { bundle.path.hasPrefix($0) }.max { $0.count < $1.count } ?? ""
            }
        } else {
            var found: [URL] = []
            for target in try context.package.targets(named: targetNames) {
                // As the build plugins find them: in the target's folder, excluded or not.
                let own = target is SourceModuleTarget ? ThemeBundles.find(under: target.directoryURL) : []
                for bundle in own where owners[bundle] == nil {
                    owners[bundle] = target.directoryURL.standardizedFileURL.path + "/"
                    found.append(bundle)
                }
            }
            bundles = found.sorted { $0.path < $1.path }
        }
        guard !bundles.isEmpty else {
            write("No theme bundles (NAME.theme folders) found.\n")
            return
        }

        let tool = try context.tool(named: "themeload")
        let root = context.package.directoryURL.standardizedFileURL.path + "/"
        var failed: [String] = []
        for bundle in bundles {
            let path = bundle.path.hasPrefix(root) ? String(bundle.path.dropFirst(root.count)) : bundle.path
            let searchPaths = ThemeBundles.searchPathArguments(for: bundles.filter { owners[$0] == owners[bundle] })
            let (status, output) = try run(tool.url, ["check", bundle.path] + searchPaths + (strict ? ["--strict"] : []))
            write("Checking \(path)\n\(output)")
            if status != 0 { failed.append(path) }
        }
        let checked = "\(bundles.count) theme bundle\(bundles.count == 1 ? "" : "s")"
        if failed.isEmpty {
            write("lint-themes: \(checked) checked, no errors.\n")
        } else {
            write("lint-themes: \(failed.count) of \(checked) have errors:\n" + failed.map { "  \($0)\n" }.joined())
            Diagnostics.error("\(failed.count) of \(checked) have errors")
        }
    }

    /// Runs the tool and returns its status and its output (standard output and error together,
    /// in the order written), so that each bundle's report is printed whole and in order.
    private func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Writes to standard output at once, unbuffered, so nothing is reordered.
    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
