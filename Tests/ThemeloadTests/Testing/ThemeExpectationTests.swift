import Foundation
import Testing
@testable import ThemeloadTesting
import ThemeloadTestSupport
import ThemeloadYAML
@testable import Themeload

@Suite("ThemeloadTesting: theme expectations and golden files")
struct ThemeExpectationTests {
    static func loader() -> ThemeLoader {
        let files = InMemoryFileSystem()
        files.write("/t/Good.yaml", "styles: [light, dark]\nlevels:\n  normal:\n    textColor: \"#000000\"\n    backgroundColor: \"#FFFFFF\"\n")
        files.write("/t/Gray.yaml", "levels:\n  normal:\n    textColor: \"#777777\"\n    backgroundColor: \"#888888\"\n")
        files.write("/t/Broken.yaml", "levels:\n  normal:\n    textColor: \"#12345\"\n")
        return ThemeLoader(registry: .standard, searchDirectories: ["/t"], fileSystem: files)
    }

    @Test("a theme with no problems passes and is returned")
    func passes() throws {
        let theme = try ThemeExpectation(loader: Self.loader()).requireLoads(named: "Good", warnings: .fail, styles: ["light", "dark"])
        #expect(theme.name == "Good")
    }

    @Test("an error fails the check, listing the diagnostic in compiler form")
    func errors() {
        #expect {
            try ThemeExpectation(loader: Self.loader()).requireLoads(named: "Broken")
        } throws: { error in
            let text = (error as? ThemeCheckFailure)?.description ?? ""
            return text.hasPrefix("the theme Broken does not pass its check:\n/t/Broken.yaml:3:16: error: invalid color \"#12345\"")
        }
    }

    @Test("warnings fail only when asked to")
    func warnings() throws {
        // #777777 on #888888: far below 4.5:1, a low-contrast warning in both default styles.
        let expectation = ThemeExpectation(loader: Self.loader())
        try expectation.requireLoads(named: "Gray", warnings: .allowed)
        #expect {
            try expectation.requireLoads(.path("/t/Gray.yaml"), warnings: .fail)
        } throws: { error in
            let failure = error as? ThemeCheckFailure
            return failure?.problems.count == 2 && failure?.problems.allSatisfy { $0.contains("[low-contrast]") } == true
                && failure?.description.hasPrefix("the theme at /t/Gray.yaml does not pass its check:\n") == true
        }
    }

    @Test("a style the app relies on must be there")
    func styles() {
        #expect {
            try ThemeExpectation(loader: Self.loader()).requireLoads(named: "Good", styles: ["light", "pink"])
        } throws: { error in
            (error as? ThemeCheckFailure)?.problems == ["the theme has no style \"pink\"; its styles are light, dark"]
        }
    }

    @Test("a golden file: written when missing (and failing once), then matched, then a difference shown as a diff")
    func golden() throws {
        let directory = TemporaryDirectory()
        let file = GoldenFile(url: directory.url.appendingPathComponent("golden/level.json"), recording: false)
        #expect(throws: GoldenFileMismatch.self) { try file.check("a\nb\nc\n") }
        #expect(try String(contentsOf: file.url, encoding: .utf8) == "a\nb\nc\n")
        try file.check("a\nb\nc")  // a missing final newline is added
        #expect {
            try file.check("a\nB\nc\n")
        } throws: { error in
            guard let mismatch = error as? GoldenFileMismatch, mismatch.kind == .differs else { return false }
            return mismatch.diff == "@@ line 1 @@\n  a\n- b\n+ B\n  c\n  \n"
        }
        // Record mode writes and fails once; comparing again passes.
        #expect(throws: GoldenFileMismatch.self) { try GoldenFile(url: file.url, recording: true).check("x\n") }
        try file.check("x\n")
    }

    @Test("the diff shows two lines of context and starts a new hunk after a gap")
    func diffHunks() throws {
        let directory = TemporaryDirectory()
        let expected = (1...20).map { "line \($0)" }
        try directory.write("g.txt", expected.joined(separator: "\n") + "\n")
        var actual = expected
        actual[1] = "LINE 2"
        actual[14] = "LINE 15"
        #expect {
            try GoldenFile(url: directory.url.appendingPathComponent("g.txt"), recording: false).check(actual.joined(separator: "\n") + "\n")
        } throws: { error in
            (error as? GoldenFileMismatch)?.diff == """
                @@ line 1 @@
                  line 1
                - line 2
                + LINE 2
                  line 3
                  line 4
                @@ line 13 @@
                  line 13
                  line 14
                - line 15
                + LINE 15
                  line 16
                  line 17

                """
        }
    }

    @Test("a golden file that is not UTF-8 differs from the output and is left as it is; one that cannot be read is an error, not a new recording")
    func goldenNotText() throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("latin1.txt")
        let bytes = Data([0x63, 0x61, 0x66, 0xE9, 0x0A])  // "café\n" in Latin-1
        try bytes.write(to: url)
        #expect {
            try GoldenFile(url: url, recording: false).check("café\n")
        } throws: { error in
            guard let mismatch = error as? GoldenFileMismatch, mismatch.kind == .differs else { return false }
            return mismatch.diff == "@@ line 1 @@\n- caf\u{FFFD}\n+ café\n  \n"
        }
        #expect(try Data(contentsOf: url) == bytes)
        // A folder where the file should be: reading it fails, and it is not replaced.
        let folder = directory.url.appendingPathComponent("golden.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect {
            try GoldenFile(url: folder, recording: false).check("x\n")
        } throws: { error in
            !(error is GoldenFileMismatch)
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("a diff of long texts: one changed line deep inside is one hunk; two unrelated texts are shown as removed then added, cut at 400 lines")
    func diffLongTexts() throws {
        let expected = (1...100_000).map { "line \($0)" }
        var actual = expected
        actual[49_999] = "LINE 50000"
        let one = LineDiff(expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n")).rendered
        #expect(one == "@@ line 49998 @@\n  line 49998\n  line 49999\n- line 50000\n+ LINE 50000\n  line 50001\n  line 50002\n")
        // 20,000 lines against 20,000 others share the first and the last: the middle is not paired
        // line by line (that took minutes), and the rendering stops after 400 lines.
        let old = ["same start"] + (1...20_000).map { "old \($0)" } + ["same end"]
        let new = ["same start"] + (1...20_000).map { "new \($0)" } + ["same end"]
        let diff = LineDiff(expected: old.joined(separator: "\n"), actual: new.joined(separator: "\n"))
        #expect(diff.lines.count == 40_002)
        #expect(diff.lines[1] == .removed("old 1") && diff.lines[20_000] == .removed("old 20000") && diff.lines[20_001] == .added("new 1"))
        #expect(diff.lines.last == .same("same end") && diff.expectedLineNumbers.last == 20_002)
        let rendered = diff.rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rendered.first == "@@ line 1 @@" && rendered[1] == "  same start" && rendered[2] == "- old 1")
        // Every line is changed or context: the first 400 are shown, then a note of the other 39,602.
        #expect(rendered.count == 1 + 400 + 1 + 1)
        #expect(rendered[401] == "@@ 39602 more lines of the diff not shown @@", "\(rendered[399...])")
    }

    @Test("canonical JSON of a theme against its golden file")
    func canonical() throws {
        let directory = TemporaryDirectory()
        let theme = try ThemeExpectation(loader: Self.loader()).requireLoads(named: "Good")
        let file = GoldenFile(url: directory.url.appendingPathComponent("Good.json"), recording: false)
        try directory.write("Good.json", theme.canonicalJSON(style: "dark") + "\n")
        try file.checkCanonicalJSON(of: theme, style: "dark")
        #expect(throws: GoldenFileMismatch.self) { try file.checkCanonicalJSON(of: theme) }
    }
}
