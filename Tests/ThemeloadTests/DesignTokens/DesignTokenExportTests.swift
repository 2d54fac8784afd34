import Foundation
import Testing
import ThemeloadTestSupport
import ThemeloadTesting
@testable import Themeload

@Suite("Design-token export")
struct DesignTokenExportTests {
    /// Writes a theme's export into an in-memory folder and loads its resolver back.
    static func roundTrip(_ theme: Theme) throws -> (LoadReport, DesignTokenExport) {
        let export = try DesignTokenExport(theme, fileStem: "Main")
        let fileSystem = InMemoryFileSystem()
        for (name, json) in export.files { fileSystem.write("/tokens/\(name)", json.text()) }
        return (ThemeLoader(fileSystem: fileSystem).report(for: .path("/tokens/Main.resolver.json")), export)
    }

    @Test("every fixture case that loads reads back from its DTCG export with the same palette, fonts, metrics and typed custom entries in every style",
          arguments: CompiledThemeTests.loadingCases)
    func roundTrip(_ testCase: FixtureSuiteTests.Case) throws {
        let theme = try #require(try FixtureSuiteTests.report(for: testCase).theme)
        #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
    }

    @Test("tokens alike in every style go to base.tokens.json, the others to their style's file; the resolver's theme modifier lists the styles")
    func layout() throws {
        let theme = try #require(try FixtureSuiteTests.report(for: FixtureSuiteTests.Case(name: "tokens-in-a-theme")).theme)
        let export = try DesignTokenExport(theme, fileStem: "Brand")
        #expect(export.files.map(\.name) == ["Brand.resolver.json", "base.tokens.json", "light.tokens.json", "dark.tokens.json"])
        let files = Dictionary(uniqueKeysWithValues: export.files.map { ($0.name, $0.json.text()) })
        // text.default differs between light and dark; color.brand does not, and keeps its description.
        #expect(files["light.tokens.json"]!.contains("\"default\""))
        #expect(!files["base.tokens.json"]!.contains("\"text\""))
        #expect(files["base.tokens.json"]!.contains("\"$description\": \"Primary brand color\""))
        #expect(files["base.tokens.json"]!.contains("\"$deprecated\": \"use color.brand\""))
        #expect(files["Brand.resolver.json"]!.contains("\"default\": \"light\""))
    }

    @Test("a name that is a token and a group's prefix becomes the group's $root; a name in two sections moves into a group named after the later one, refused where that is taken")
    func rootAndConflicts() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("/t/Main.json", ##"{"palette": {"accent": "#ff0000", "accent.light": "#ff8888"}, "levels": {"normal": {}}}"##)
        let theme = try ThemeLoader(fileSystem: fileSystem).load(atPath: "/t/Main.json").theme
        let export = try DesignTokenExport(theme, fileStem: "Main")
        let base = try #require(export.files.first { $0.name == "base.tokens.json" }).json.text()
        #expect(base.contains("\"$root\""))
        let (report, _) = try Self.roundTrip(theme)
        #expect(report.theme?.resolved(ThemeStyle("light")).palette["accent"]?.hex == "#FF0000FF")
        #expect(report.theme?.resolved(ThemeStyle("light")).palette["accent.light"]?.hex == "#FF8888FF")

        // A name that differs between styles, with names under it that do not: its styles'
        // files write it as the group's $root too, or the token would replace the group base
        // gives when the resolver merges them.
        fileSystem.write("/t/Split.json", ##"{"palette": {"accent": {"light": "#ff0000", "dark": "#00ff00"}, "accent.light": "#ff8888"}, "levels": {"normal": {}}}"##)
        let split = try ThemeLoader(fileSystem: fileSystem).load(atPath: "/t/Split.json").theme
        let files = Dictionary(uniqueKeysWithValues: try DesignTokenExport(split, fileStem: "Split").files.map { ($0.name, $0.json.text()) })
        #expect(files["dark.tokens.json"]!.contains("\"$root\"") && files["base.tokens.json"]!.contains("\"light\""))
        let back = try #require(try Self.roundTrip(split).0.theme)
        for style in ["light", "dark"] {
            #expect(back.resolved(ThemeStyle(style)).palette == split.resolved(ThemeStyle(style)).palette, "\(style)")
            #expect(back.resolved(ThemeStyle(style)).palette["accent.light"]?.hex == "#FF8888FF")
        }

        fileSystem.write("/t/Clash.json", ##"{"palette": {"gap": "#ff0000"}, "metrics": {"gap": 8}, "levels": {"normal": {}}}"##)
        let clash = try ThemeLoader(fileSystem: fileSystem).load(atPath: "/t/Clash.json").theme
        // A name in two sections: the later section's token moves into a group of its name,
        // and Themeload's extension says which entry it is.
        let clashBase = try #require(try DesignTokenExport(clash, fileStem: "Clash").files.first { $0.name == "base.tokens.json" }).json.text(pretty: false)
        #expect(clashBase == ##"{"gap":{"$type":"color","$value":{"colorSpace":"srgb","components":[1.0,0.0,0.0],"alpha":1.0,"hex":"#ff0000"}},"##
                + ##""metrics":{"gap":{"$type":"dimension","$value":{"value":8,"unit":"px"},"$extensions":{"org.themeload":{"entry":"gap"}}}}}"##)
        #expect(ThemeRoundTrip.designTokenOutcome(clash) == .same)
        let clashBack = try #require(try Self.roundTrip(clash).0.theme).resolved(ThemeStyle("light"))
        #expect(clashBack.palette["gap"]?.hex == "#FF0000FF" && clashBack.metrics["gap"] == .integer(8) && clashBack.metrics["metrics.gap"] == nil)

        // Where the group's token is taken too, the export is refused.
        fileSystem.write("/t/Taken.json", ##"{"palette": {"gap": "#ff0000", "metrics.gap": "#00ff00"}, "metrics": {"gap": 8}, "levels": {"normal": {}}}"##)
        let taken = try ThemeLoader(fileSystem: fileSystem).load(atPath: "/t/Taken.json").theme
        #expect(throws: DesignTokenExport.Conflict.self) { try DesignTokenExport(taken, fileStem: "Taken") }
        #expect(ThemeRoundTrip.designTokenOutcome(taken) == .refused("palette.gap and metrics.gap would both be the token gap, and palette.metrics.gap is the token metrics.gap the second would move to; rename one of them"))
        #expect(ThemeRoundTrip.designTokenOutcome(try ThemeLoader(fileSystem: fileSystem).load(atPath: "/t/Main.json").theme) == .same)
    }

    /// A name's dots make groups: a name of many parts made a token file deeper than a loader
    /// reads, so the export did not load back (found by the loader's fuzz target).
    @Test("a name whose groups and value nest past what a loader reads is refused, saying so; one part fewer reads back", arguments: [61, 62])
    func nestingPastTheLimit(parts: Int) throws {
        let fileSystem = InMemoryFileSystem()
        let name = Array(repeating: "p", count: parts).joined(separator: ".")
        fileSystem.write("/t/Dots.json", ##"{"palette": {"\##(name)": "#112233"}, "levels": {"normal": {}}}"##)
        let theme = try ThemeLoader(fileSystem: fileSystem).load(atPath: "/t/Dots.json").theme
        // The file's map, a group for each part but the last, the token, its color object and
        // the components' list: 61 parts are 64 deep, the limit.
        if parts == 61 {
            #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
        } else {
            #expect(ThemeRoundTrip.designTokenOutcome(theme) == .refused("palette.\(name) would nest 65 deep in its token file, deeper than the 64 a loader reads (Limits.maxDepth): give it a name of fewer parts"))
        }
    }

    @Test("a style's file name is cut by code points and bytes, and a leading dot is replaced whatever mark follows it", arguments: [
        (".\u{64B}x", "-\u{64B}x.tokens.json"),                  // a letter's mark after the dot: not a hidden file
        (".\u{301}x", "--x.tokens.json"),                         // a mark that is no letter's becomes `-`
        ("..\u{64B}/up", "--\u{64B}-up.tokens.json"),
        (String(repeating: "日", count: 70), String(repeating: "日", count: 53) + ".tokens.json"),   // 159 bytes of 3
        (String(repeating: "\u{20000}", count: 50), String(repeating: "\u{20000}", count: 40) + ".tokens.json"),   // 160 of 4
        (String(repeating: "e\u{64B}", count: 40), String(repeating: "e\u{64B}", count: 32) + ".tokens.json"),    // 64 code points
    ])
    func styleFileNameLimits(style: String, file: String) {
        let name = DesignTokenExport.styleFileNames([style])[0]
        #expect(name.utf8.elementsEqual(file.utf8), "\(name.debugDescription)")
        #expect(name.utf8.count <= 172)
    }

    @Test("a style whose name starts with a combining mark exports to a file of that name, which reads back")
    func styleNameStartingWithACombiningMark() throws {
        // The loader fuzz target's finding: the file's path, "/t/" and the name, held a `/` and
        // a combining mark that a String takes as one character, so the file looked outside
        // its folder when read back.
        let style = "\u{64B}izeme"
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("/t/Main.json", "{\"styles\": [\"light\", \"\(style)\"], \"palette\": {\"bg\": {\"light\": \"#000001\", \"\(style)\": \"#000002\"}}, \"levels\": {\"normal\": {}}}")
        let report = ThemeLoader(fileSystem: fileSystem).report(for: .path("/t/Main.json"))
        let theme = try #require(report.theme, "\(report.diagnostics)")
        let export = try DesignTokenExport(theme, fileStem: "Main")
        #expect(export.files.map { Array($0.name.utf8) } == ["Main.resolver.json", "base.tokens.json", "light.tokens.json", style + ".tokens.json"].map { Array($0.utf8) })
        #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
    }

    @Test("each style's file has a plain name in the export's folder, whatever the style is named, and the resolver names it")
    func styleFileNames() throws {
        let styles = ["light", "../up", "base", "Dark", "dark", "a/b", "日本", ".hidden"]
        let variants = styles.enumerated().map { "\"\($1)\": \"#0000\(String(format: "%02x", $0))\"" }.joined(separator: ", ")
        let fileSystem = InMemoryFileSystem()
        let stylesJSON = styles.map { "\"\($0)\"" }.joined(separator: ", ")
        fileSystem.write("/t/Main.json", "{\"styles\": [\(stylesJSON)], \"palette\": {\"bg\": {\(variants)}}, \"levels\": {\"normal\": {}}}")
        let report = ThemeLoader(fileSystem: fileSystem).report(for: .path("/t/Main.json"))
        let theme = try #require(report.theme, "\(report.diagnostics)")
        #expect(theme.styles.map(\.rawValue) == styles)
        let export = try DesignTokenExport(theme, fileStem: "Main")
        // By hand: `/` and a leading `.` become `-`; `base` is the shared file's and `dark`
        // is `Dark`'s where case is ignored, so those get their places in the list, 3 and 5.
        #expect(export.files.map(\.name) == ["Main.resolver.json", "base.tokens.json", "light.tokens.json", "---up.tokens.json", "base-3.tokens.json",
                                             "Dark.tokens.json", "dark-5.tokens.json", "a-b.tokens.json", "日本.tokens.json", "-hidden.tokens.json"])
        let resolver = try #require(export.files.first?.json.text(pretty: false))
        #expect(resolver.contains(##""../up":[{"$ref":"---up.tokens.json"}]"##) && resolver.contains(##""base":[{"$ref":"base-3.tokens.json"}]"##))
        #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
        #expect(DesignTokenExport.styleFileNames([String](repeating: "x", count: 3) + [String(repeating: "y", count: 100), "x-2"])
            == ["x.tokens.json", "x-2.tokens.json", "x-3.tokens.json", String(repeating: "y", count: 64) + ".tokens.json", "x-2-5.tokens.json"])
    }
}
