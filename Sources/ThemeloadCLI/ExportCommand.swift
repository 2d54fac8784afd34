import ArgumentParser
import Foundation
import Themeload
import ThemeloadToolSupport
import ThemeloadYAML

/// `themeload export THEME --format json|yaml|plist|swift|css|dtcg [--style S]`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a theme's resolved form as JSON, YAML, a property list, Swift, CSS or design tokens.",
        discussion: """
            json is the canonical form of the theme format specification (section 7): colors as \
            #RRGGBBAA, fonts, image sets and insets in fixed shapes, names sorted; each image \
            variant also has a "path", where its file is, relative to the output file's folder \
            (or to the current directory when writing to standard output). yaml and plist hold \
            the same data; a plist has no null, so a null field is left out (PropertyListDecoder \
            reads a missing key as nil). swift writes \
            typed keys for levels, properties, palette, fonts, metrics and images with Theme \
            accessors that take them. css writes custom properties: the first style on :root, \
            dark under prefers-color-scheme, every style under [data-theme="NAME"], and a \
            .level-NAME class per level. dtcg writes W3C design tokens (DTCG 2025.10) into the \
            folder -o names: base.tokens.json with the tokens alike in every style, \
            STYLE.tokens.json with the rest, and NAME.resolver.json, whose theme modifier holds \
            the styles; themeload reads that resolver back as the same theme's palette, fonts, \
            metrics and typed custom entries (levels are not tokens).

            Examples:
              themeload export Themes/Moments.theme --format json
              themeload export Blossom --format json --style pink
              themeload export Themes/Moments.theme --format swift > Sources/App/MomentsTheme.swift
              themeload export Default --format css > theme.css
              themeload export Themes/Moments.theme --format dtcg -o design-tokens
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, yaml, plist, swift, css, dtcg
    }

    @Argument(help: "A theme bundle, file or Tokens Studio folder path, or a theme name to look up.", completion: ThemeCompletion.theme)
    var theme: String

    @Option(help: "The output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format

    @Option(help: "Write only this style (json, yaml, plist and css).", completion: ThemeCompletion.style)
    var style: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (for dtcg: the folder to write, required).", completion: .file())
    var output: String?

    @OptionGroup var options: ThemeOptions

    func validate() throws {
        if format == .swift && style != nil { throw ValidationError("--style does not apply to --format swift: the keys are the same in every style.") }
        if format == .dtcg && style != nil { throw ValidationError("--style does not apply to --format dtcg: the resolver holds every style.") }
        if format == .dtcg && output == nil { throw ValidationError("--format dtcg writes several files: give the folder with -o.") }
    }

    func run() throws {
        let (loaded, sourceFiles, bundleName) = try loadThemeAndSources(theme, options: options)
        if format != .dtcg, let output { try refuseWritingOverSource(output, sourceFiles: sourceFiles) }
        let style = try validateStyle(self.style, in: loaded)
        let data: Data
        let base = ImagePaths(outputFile: output)
        switch format {
        case .json:
            data = Data((loaded.canonicalJSONValue(style: style, imagePath: base.relativePath).text(pretty: true) + "\n").utf8)
        case .yaml:
            data = try exported("YAML") { Data(try YAMLEmitter.text(loaded.canonicalJSONValue(style: style, imagePath: base.relativePath)).utf8) }
        case .plist:
            data = try exported("plist") { try PlistExporter.data(loaded.canonicalJSONValue(style: style, imagePath: base.relativePath)) }
        case .swift:
            // The banner's command is this one, with the theme and search paths as given, so it
            // works again from where it was run (the package root, for the plugin's output).
            let command = (["themeload", "export", theme] + options.searchPaths.flatMap { ["--search-path", $0] }
                + ["--format", "swift"] + (output.map { ["-o", $0] } ?? [])).joined(separator: " ")
            data = try exported("Swift") { Data(try SwiftExporter(theme: loaded, bundleName: bundleName, command: command).render().utf8) }
        case .css:
            data = try exported("CSS") { Data(try CSSExporter(theme: loaded, only: style).render().utf8) }
        case .dtcg:
            return try writeDesignTokens(loaded, sourceFiles: sourceFiles, bundleName: bundleName)
        }
        try write(data)
    }

    /// Writes the token files and `BUNDLE.resolver.json`, named after the theme's bundle (the name
    /// it loads by: `Shop.v2.yaml` gives `Shop.v2.resolver.json`).
    private func writeDesignTokens(_ loaded: Theme, sourceFiles: Set<String>, bundleName: String) throws {
        let folder = output ?? "."
        let export = try exported("design tokens") { try DesignTokenExport(loaded, fileStem: bundleName) }
        // Each checked before any is written: exporting a theme read from design tokens into
        // the folder they are in would replace them.
        for (name, _) in export.files { try refuseWritingOverSource((folder as NSString).appendingPathComponent(name), sourceFiles: sourceFiles) }
        for (name, json) in export.files {
            try write(Data((json.text(pretty: true) + "\n").utf8), to: (folder as NSString).appendingPathComponent(name))
        }
        if !export.skipped.isEmpty {
            printError("note: custom entries that are not design tokens were left out: " + PrintableText.escaped(export.skipped.joined(separator: ", ")))
        }
    }

    /// What an exporter made; when it refuses the theme, its reason on standard error (escaped:
    /// it may quote the theme's names) and exit status 1.
    private func exported<Made>(_ what: String, _ make: () throws -> Made) throws -> Made {
        do { return try make() } catch {
            printError("error: cannot write \(what): " + PrintableText.escaped("\(error)"))
            throw ExitCode(1)
        }
    }

    private func write(_ data: Data) throws {
        guard let output else { return FileHandle.standardOutput.write(data) }
        try write(data, to: output)
    }

    private func write(_ data: Data, to output: String) throws {
        do {
            let url = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            printError("error: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
