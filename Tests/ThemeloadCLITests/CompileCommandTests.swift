import Foundation
import Testing
import ThemeloadTestSupport

@Suite("themeload compile")
struct CompileCommandTests {
    @Test("a compiled theme gives byte for byte the canonical JSON of its sources, and every command takes it", arguments: ["Default", "Blossom"])
    func compileAndExport(theme: String) throws {
        let directory = TemporaryDirectory()
        let compiled = directory.path("\(theme).themec")
        let compile = try Tool.run(["compile", theme, "-o", compiled])
        #expect(compile.status == 0, "\(compile.stderr)")
        #expect(compile.stdout.isEmpty && compile.stderr.isEmpty)
        let fromSources = try Tool.run(["show", theme, "--format", "json"])
        let fromCompiled = try Tool.run(["show", compiled, "--format", "json"])
        #expect(fromCompiled.status == 0 && fromCompiled.stdout == fromSources.stdout)
        // The export says where the images are: beside the compiled file, in THEME.images/.
        let export = try Tool.run(["export", compiled, "--format", "json", "-o", directory.path("export.json")])
        #expect(export.status == 0)
        let exported = try String(contentsOfFile: directory.path("export.json"), encoding: .utf8)
        let paths = exported.split(separator: "\n").filter { $0.contains("\"path\": ") }
        #expect(!paths.isEmpty && paths.allSatisfy { $0.contains("\"\(theme).images/") })
        for line in paths {
            let path = line.split(separator: "\"")[3]
            #expect(FileManager.default.fileExists(atPath: directory.path(String(path))), "\(path)")
        }
        // By name through --search-path, and through show and check.
        let byName = try Tool.run(["show", theme, "--search-path", directory.url.path, "--format", "json"])
        #expect(byName.stdout == fromSources.stdout)
        let check = try Tool.run(["check", compiled])
        #expect(check.status == 0)
        #expect(check.stdout.contains("0 errors"))
    }

    @Test("the output must be a .themec file; a damaged compiled file is a diagnostic with exit 1")
    func errors() throws {
        let directory = TemporaryDirectory()
        let usage = try Tool.run(["compile", "Default", "-o", directory.path("Default.json")])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains(".themec"))
        let damaged = try directory.write("Broken.themec", "not a theme")
        let export = try Tool.run(["export", damaged, "--format", "json"])
        #expect(export.status == 1)
        #expect(export.stderr.contains("Broken.themec: error: the compiled theme cannot be read") && export.stderr.contains("[syntax]"))
    }

    @Test("a compiled theme past the default file size (images embedded) is written with a warning that a default loader refuses it, and it does")
    func pastTheDefaultSize() throws {
        let directory = TemporaryDirectory()
        // 16 MiB and one byte of image: the compiled file is larger still.
        try directory.write("Big.theme/big.png", String(repeating: "x", count: 16 * 1024 * 1024 + 1))
        try directory.write("Big.theme/theme.yaml", "images:\n  big: big.png\nlevels:\n  normal: {textColor: \"#000000\"}\n")
        let embedded = try Tool.run(["compile", "Big.theme", "-o", "Big.themec", "--embed-images"], in: directory.url)
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(embedded.stderr.hasPrefix("Big.themec: warning: the compiled theme is ") && embedded.stderr.contains("more than the 16777216 a loader reads with the default Limits.maxFileSize"),
                "\(embedded.stderr)")
        let check = try Tool.run(["check", "Big.themec"], in: directory.url)
        #expect(check.status == 1 && check.stdout.contains("more than the limit of 16777216 [limit-exceeded]"), "\(check.stdout)")
        // With the image beside it, the compiled file is small: no warning.
        let beside = try Tool.run(["compile", "Big.theme", "-o", "Beside.themec"], in: directory.url)
        #expect(beside.status == 0 && beside.stderr.isEmpty, "\(beside.stderr)")
    }

    /// A compiled file's lengths are 32-bit: an image past 4 GiB trapped converting its length.
    /// The image here is a sparse file of 5 GiB, which takes no disk and is never read; or a
    /// link to it, whose own size (its path's length) was taken for the image's.
    @Test("images to embed past what a compiled file holds are limit-exceeded before any is read", arguments: [false, true])
    func embeddedPastTheFormat(throughLink: Bool) throws {
        let directory = TemporaryDirectory()
        let file = throughLink ? "huge-data.png" : "huge.png"
        try directory.write("Huge.theme/theme.yaml", "images:\n  huge: huge.png\nlevels:\n  normal: {textColor: \"#000000\"}\n")
        try directory.write("Huge.theme/\(file)", Data())
        if throughLink { try FileManager.default.createSymbolicLink(atPath: directory.path("Huge.theme/huge.png"), withDestinationPath: file) }
        let handle = try FileHandle(forWritingTo: directory.url.appendingPathComponent("Huge.theme/\(file)"))
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()
        let run = try Tool.run(["compile", "Huge.theme", "-o", "Huge.themec", "--embed-images"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Huge.themec: error: the images to embed pass the 4026531839 bytes a compiled file holds; leave them beside it (without embedding) [limit-exceeded]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("Huge.themec")))
    }

    /// What the CompiledThemesPlugin runs takes no design-token options: a theme that states
    /// its own in its manifest is compiled as the app loads it, whatever the tool is told.
    @Test("compile reads a theme's design tokens with its manifest's options, over --context and --rem-size")
    func manifestDesignTokenOptions() throws {
        let directory = TemporaryDirectory()
        let resolver = Repository.url("Tests/ThemeloadTests/Fixtures/manifest-modifier-contexts/Main.resolver.json")
        try directory.write("Main.resolver.json", try Data(contentsOf: resolver))
        try directory.write("Compact.yaml", """
            extends: Main
            designTokens: {remSize: 10, modifierContexts: {density: compact}}
            metrics: {gutter: 2rem}
            levels: {normal: {textColor: "{palette.ink}"}}
            """)
        let compile = try Tool.run(["compile", "Compact.yaml", "-o", "Compact.themec", "--context", "density=regular", "--context", "brand=partner", "--rem-size", "20"],
                                   in: directory.url)
        #expect(compile.status == 0 && compile.stderr.isEmpty, "\(compile.stderr)")
        let shown = try Tool.run(["show", "Compact.themec", "--format", "json"], in: directory.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let light = try #require((json["resolved"] as? [String: Any])?["light"] as? [String: Any])
        // The manifest's compact density (8, not regular's 12) and rem (2rem is 20, not 40); the
        // brand it leaves to the tool.
        #expect(light["metrics"] as? [String: Double] == ["space.row": 8, "gutter": 20])
        #expect((light["palette"] as? [String: String])?["accent"] == "#FF5500FF")
    }

    /// The exports read what design tokens said of their entries (a duration's unit, a shadow
    /// token's type, a description, a deprecation), which compiled themes did not keep: from a
    /// compiled theme, CSS wrote `--metrics-motion-fast: 0.15px` and left the shadow out.
    @Test("every export of a compiled theme made from design tokens is the export of its sources", arguments: ["css", "swift", "json"])
    func exportsOfCompiledTokens(format: String) throws {
        let directory = TemporaryDirectory()
        try directory.write("Motion.tokens.json", """
            {"motion": {"$type": "duration", "fast": {"$value": {"value": 150, "unit": "ms"}, "$description": "Quick feedback"}},
             "elevation": {"card": {"$type": "shadow", "$value": {"color": "#0000001a", "offsetX": {"value": 0, "unit": "px"},
               "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}},
             "brand": {"$type": "color", "$value": "#0770E3", "$deprecated": "use accent"}}
            """)
        let compile = try Tool.run(["compile", "Motion.tokens.json", "-o", "Motion.themec"], in: directory.url)
        #expect(compile.status == 0, "\(compile.stderr)")
        let fromSources = try Tool.run(["export", "Motion.tokens.json", "--format", format], in: directory.url)
        let fromCompiled = try Tool.run(["export", "Motion.themec", "--format", format], in: directory.url)
        #expect(fromSources.status == 0 && fromCompiled.status == 0)
        // (The Swift header names the command that regenerates it: its file differs.)
        func body(_ text: String) -> [Substring] { text.split(separator: "\n").filter { !$0.contains("themeload export") } }
        #expect(body(fromCompiled.stdout) == body(fromSources.stdout))
        if format == "css" {
            #expect(fromCompiled.stdout.contains("  --metrics-motion-fast: 0.15s;\n  --custom-elevation-card: 0 2px 8px 0 #0000001A;\n"), "\(fromCompiled.stdout)")
        }
        if format == "swift" {
            #expect(fromCompiled.stdout.contains("/// Quick feedback") && fromCompiled.stdout.contains("Deprecated: use accent"), "\(fromCompiled.stdout)")
        }
        // The design-token export, to a folder: the same files.
        _ = try Tool.run(["export", "Motion.tokens.json", "--format", "dtcg", "-o", "FromSources"], in: directory.url)
        _ = try Tool.run(["export", "Motion.themec", "--format", "dtcg", "-o", "FromCompiled"], in: directory.url)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("FromSources")).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("FromCompiled")).sorted() == files)
        for file in files {
            #expect(FileManager.default.contents(atPath: directory.path("FromCompiled/\(file)")) == FileManager.default.contents(atPath: directory.path("FromSources/\(file)")), "\(file)")
        }
    }
}
