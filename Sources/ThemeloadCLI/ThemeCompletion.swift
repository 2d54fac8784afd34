import ArgumentParser
import Foundation
import Themeload
import ThemeloadBundledThemes
import ThemeloadToolSupport

/// What shell completion offers: for a theme argument, the names of the themes in the search paths
/// given on the command line (or the current directory) and the bundled ones, plus theme files and
/// folders under what was typed; for `--style` and `--level`, those of the theme already on the
/// command line.
///
/// The shell runs the tool to complete (`themeload ---completion …`), so the answers are always
/// those of the themes as they are on disk.
enum ThemeCompletion {
    /// Completes a theme argument.
    static let theme = CompletionKind.custom { words, _, prefix in themes(words: words, prefix: prefix) }
    /// Completes `--style` with the styles of the theme on the command line.
    static let style = CompletionKind.custom { words, _, prefix in
        (loadedTheme(words)?.styles.map(\.rawValue) ?? []).filter { $0.hasPrefix(prefix) }
    }
    /// Completes `--level` with the levels of the theme on the command line.
    static let level = CompletionKind.custom { words, _, prefix in
        (loadedTheme(words)?.levels ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// Completes an argument of `publish` (whose options `themeload-remote` parses): after
    /// `--private-key`, any file; after `-o`, `--output` or `--search-path`, folders; otherwise a theme.
    static let publishArgument = CompletionKind.custom { words, index, prefix in
        switch index > 0 && index <= words.count ? words[index - 1] : "" {
        case "--private-key": paths(under: prefix, showing: .everyFile)
        case "-o", "--output", "--search-path": paths(under: prefix, showing: .foldersOnly)
        default: themes(words: words, prefix: prefix)
        }
    }

    /// Which entries a path completion offers besides folders.
    enum PathFilter {
        /// Theme bundles and theme files.
        case themes
        /// Every file.
        case everyFile
        /// Folders only (theme bundles among them).
        case foldersOnly
    }

    /// Options of the theme commands that take a value (so their value is not the theme).
    private static let optionsWithValues: Set<String> = [
        "--search-path", "--style", "--level", "--format", "--interval", "--layout", "-o", "--output", "--private-key", "--context", "--rem-size",
    ]

    /// The search paths named on the command line (`--search-path DIR` or `--search-path=DIR`).
    static func searchPaths(in words: [String]) -> [String] {
        values(of: "--search-path", in: words)
    }

    /// The values an option is given on the command line (`--option VALUE` or `--option=VALUE`).
    static func values(of option: String, in words: [String]) -> [String] {
        var values: [String] = []
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { values.append(words[index + 1]) }
            if word.hasPrefix(option + "=") { values.append(String(word.dropFirst(option.count + 1))) }
        }
        return values
    }

    /// The first word after the command and subcommand that is neither an option nor an option's value.
    static func themeArgument(in words: [String]) -> String? {
        let subcommands = Set(ThemeloadCommand.configuration.subcommands.compactMap { $0.configuration.commandName })
        var index = 1
        while index < words.count, subcommands.contains(words[index]) { index += 1 }
        while index < words.count {
            let word = words[index]
            if optionsWithValues.contains(word) {
                index += 2
            } else if word.hasPrefix("-") {
                index += 1
            } else {
                return word
            }
        }
        return nil
    }

    /// The theme named on the command line, loaded as the command would load it; `nil` when there
    /// is none or it does not load.
    static func loadedTheme(_ words: [String]) -> Theme? {
        // The theme options on the line, parsed as the command parses them; when one is not
        // valid yet (half typed), the search paths alone.
        let arguments = ["--search-path", "--context", "--rem-size"].flatMap { option in values(of: option, in: words).flatMap { [option, $0] } }
        guard let options = (try? ThemeOptions.parse(arguments)) ?? (try? ThemeOptions.parse(searchPaths(in: words).flatMap { ["--search-path", $0] })) else { return nil }
        let argument = themeArgument(in: words) ?? BundledThemes.defaultThemeName
        return options.loader().report(for: options.source(argument)).theme
    }

    /// Theme names from the search paths and the bundled themes, then files and folders under `prefix`.
    static func themes(words: [String], prefix: String) -> [String] {
        let named = searchPaths(in: words)
        let directories = (named.isEmpty ? ["."] : named) + [BundledThemes.directory]
        var names: [String] = []
        if !prefix.contains("/") {
            for directory in directories {
                names += themeNames(in: directory).filter { $0.hasPrefix(prefix) && !names.contains($0) }
            }
        }
        return names.sorted() + paths(under: prefix)
    }

    /// The names a directory's themes are looked up by: `NAME.theme` folders, theme files and
    /// Tokens Studio folders.
    static func themeNames(in directory: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.compactMap { entry in
            let url = URL(fileURLWithPath: entry)
            guard !entry.hasPrefix(".") else { return nil }
            if themeFileExtensions.contains(url.pathExtension) { return url.deletingPathExtension().lastPathComponent }
            return isTokensStudioFolder(directory + "/" + entry) ? entry : nil
        }
    }

    /// Whether a path is a Tokens Studio folder, a theme found by the folder's name.
    static func isTokensStudioFolder(_ path: String) -> Bool {
        ["$metadata.json", "$themes.json"].contains { FileManager.default.fileExists(atPath: path + "/" + $0) }
    }

    /// Folders (ending in `/`) and the entries `filter` lets through whose path starts with
    /// `prefix`; by default theme bundles, theme files and other folders.
    static func paths(under prefix: String, showing filter: PathFilter = .themes) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let directory = slash.map { String(prefix[...$0]) } ?? ""
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        var results: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") || prefix.hasPrefix(directory + ".") {
            let path = directory + entry
            guard path.hasPrefix(prefix) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let fileExtension = URL(fileURLWithPath: entry).pathExtension
            let isThemeFile = themeFileExtensions.contains(fileExtension) || (isDirectory.boolValue && isTokensStudioFolder(path))
            if isDirectory.boolValue {
                results.append(filter == .themes && isThemeFile ? path : path + "/")  // a bundle is a theme
            } else if filter == .everyFile || (filter == .themes && isThemeFile) {
                results.append(path)
            }
        }
        return results
    }
}
