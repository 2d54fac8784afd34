import Foundation
import Testing
import ThemeloadTestSupport

@Suite("themeload parse and formats")
struct ParseAndFormatsTests {
    @Test("formats lists every plugin with its extensions")
    func formats() throws {
        let run = try Tool.run(["formats"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(Set(lines) == [
            "JSON .json", "Property list .plist", "YAML .yaml .yml", "Design tokens .tokens.json .tokens", "Design-token resolver .resolver.json",
            "Design tokens (YAML) .tokens.yaml .tokens.yml", "JSON5 .json5", "Design tokens (JSON5) .tokens.json5",
        ])
        #expect(run.stderr.isEmpty)
    }

    @Test("parse of a directory says it is one, not that it lacks an extension")
    func parseDirectory() throws {
        let directory = TemporaryDirectory()
        try directory.write("Shop.theme/theme.yaml", "levels:\n  normal: {}\n")
        let run = try Tool.run(["parse", "Shop.theme"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stderr == "Shop.theme: error: this is a directory; give one of its files (a theme bundle is checked with themeload check) [io]\n")
    }

    @Test("parse prints the document as JSON, any top-level value, non-finite floats as strings")
    func parseYAML() throws {
        let directory = TemporaryDirectory()
        let file = try directory.write("doc.yaml", "- {b: 1, a: yes}\n- [1.0, .inf, -.inf, .nan, ~, 'x\\y']\n")
        let run = try Tool.run(["parse", file])
        #expect(run.status == 0)
        #expect(run.stdout == """
            [
              {
                "b": 1,
                "a": "yes"
              },
              [
                1.0,
                ".inf",
                "-.inf",
                ".nan",
                null,
                "x\\\\y"
              ]
            ]

            """)
    }

    @Test("parse --locations wraps every node with its line and column")
    func parseLocations() throws {
        let directory = TemporaryDirectory()
        let file = try directory.write("doc.json", "{\n  \"a\": [true]\n}")
        let run = try Tool.run(["parse", "--locations", file])
        #expect(run.status == 0)
        let compact = run.stdout.filter { !$0.isWhitespace }
        #expect(compact == #"{"value":{"a":{"value":[{"value":true,"line":2,"column":9}],"line":2,"column":8}},"line":1,"column":1}"#)
    }

    @Test("an XML property list has the lines and columns of its tags; a binary one has none, printed as null")
    func parsePlistLocations() throws {
        let directory = TemporaryDirectory()
        // `<?xml version="1.0"?>` and `<plist version="1.0">` are 21 characters each.
        let file = try directory.write("doc.plist", #"<?xml version="1.0"?><plist version="1.0"><dict><key>k</key><integer>1</integer></dict></plist>"#)
        let run = try Tool.run(["parse", "--locations", file])
        #expect(run.status == 0)
        #expect(run.stdout.filter { !$0.isWhitespace } == #"{"value":{"k":{"value":1,"line":1,"column":61}},"line":1,"column":43}"#)

        let binary = try PropertyListSerialization.data(fromPropertyList: ["k": 1], format: .binary, options: 0)
        let binaryFile = directory.url.appendingPathComponent("binary.plist")
        try binary.write(to: binaryFile)
        let binaryRun = try Tool.run(["parse", "--locations", binaryFile.path])
        #expect(binaryRun.status == 0)
        #expect(binaryRun.stdout.filter { !$0.isWhitespace } == #"{"value":{"k":{"value":1,"line":null,"column":null}},"line":null,"column":null}"#)
    }

    @Test("a rejected file prints its diagnostics in compiler form and exits 1")
    func parseRejected() throws {
        let directory = TemporaryDirectory()
        try directory.write("bad.yaml", "a: 1\nb: !foo x\na: 2\n")
        let run = try Tool.run(["parse", "bad.yaml"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            bad.yaml:2:4: error: the tag !foo is not supported; only the core schema's tags are [syntax]
            bad.yaml:3:1: error: duplicate key "a" (first defined at line 1) [duplicate-key]

            """)
    }

    @Test("missing files, folders and unknown extensions exit 1 with a sentence", arguments: [
        ("missing.json", "io"), ("folder.json", "io"), ("notes.txt", "unsupported-format"),
    ])
    func parseUnreadable(_ name: String, _ code: String) throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try directory.write("notes.txt", "hello")
        let run = try Tool.run(["parse", name], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("\(name): error: ") && run.stderr.hasSuffix("[\(code)]\n"))
    }

    @Test("usage errors exit 64", arguments: [["parse"], ["parse", "a.json", "--bogus"], ["frobnicate", "x"]])
    func usage(_ arguments: [String]) throws {
        let run = try Tool.run(arguments)
        #expect(run.status == 64)
        #expect(!run.stderr.isEmpty)
    }
}
