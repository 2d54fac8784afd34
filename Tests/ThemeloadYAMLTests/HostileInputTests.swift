import Foundation
import Testing
import ThemeloadTestSupport
@testable import Themeload
@testable import ThemeloadYAML

/// Input the app does not control: every case is a diagnostic (or, where the input is fine, a
/// correct document), never a crash, a hang or a read outside the bundle. Expected codes follow
/// SPEC sections 2 and 8 and docs/SPEC.md section 11.
@Suite("Hostile input")
struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var bytes: Data
        /// The codes the parse must fail with; empty when the input must parse.
        var codes: [DiagnosticCode]
        var testDescription: String { "\(name) (\(file))" }
    }

    static func text(_ string: String) -> Data { Data(string.utf8) }
    static func deep(_ open: String, _ close: String, _ count: Int = 10_000) -> Data {
        text(String(repeating: open, count: count) + String(repeating: close, count: count))
    }
    /// Nine levels of ten aliases each to the level below: 10^9 nodes from 100 bytes a line.
    static let aliasBomb = text("l0: &l0 \"lol\"\n" + (1...9).map { level in
        "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }.joined())

    static let documents: [Case] = [
        Case(name: "invalid UTF-8", file: "a.yaml", bytes: Data([0x61, 0x3A, 0x20, 0x22, 0xC3, 0x28, 0x22, 0x0A]), codes: [.syntax]),
        Case(name: "invalid UTF-8", file: "a.json", bytes: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D]), codes: [.syntax]),
        Case(name: "UTF-16LE without a BOM", file: "a.json", bytes: "{\"a\": 1}".data(using: .utf16LittleEndian)!, codes: [.syntax]),
        Case(name: "UTF-16BE without a BOM", file: "a.yaml", bytes: "a: 1\n".data(using: .utf16BigEndian)!, codes: [.syntax]),
        Case(name: "UTF-32LE without a BOM", file: "a.json", bytes: "{\"a\": 1}".data(using: .utf32LittleEndian)!, codes: [.syntax]),
        Case(name: "UTF-32BE without a BOM", file: "a.yaml", bytes: "a: 1\n".data(using: .utf32BigEndian)!, codes: [.syntax]),
        Case(name: "a UTF-8 BOM is accepted", file: "a.json", bytes: Data([0xEF, 0xBB, 0xBF]) + text("{\"a\": 1}"), codes: []),
        Case(name: "a UTF-8 BOM is accepted", file: "a.yaml", bytes: Data([0xEF, 0xBB, 0xBF]) + text("a: 1\n"), codes: []),
        Case(name: "a NUL byte", file: "a.json", bytes: text("{\"a\": \"x\u{0}\"}"), codes: [.syntax]),
        Case(name: "a NUL byte", file: "a.yaml", bytes: text("a: x\u{0}y\n"), codes: [.syntax]),
        Case(name: "a NUL byte", file: "a.plist", bytes: text("<plist><dict><key>a</key><string>x\u{0}</string></dict></plist>"), codes: [.syntax]),
        Case(name: "a number beyond Double", file: "a.json", bytes: text("{\"a\": 1e400}"), codes: [.limitExceeded]),
        Case(name: "a number beyond Double", file: "a.yaml", bytes: text("a: -1e400\n"), codes: [.limitExceeded]),
        Case(name: "NaN", file: "a.json", bytes: text("{\"a\": NaN}"), codes: [.syntax]),
        Case(name: "Infinity", file: "a.json", bytes: text("{\"a\": Infinity}"), codes: [.syntax]),
        Case(name: "-Infinity", file: "a.json", bytes: text("{\"a\": -Infinity}"), codes: [.syntax]),
        Case(name: "10,000-deep lists", file: "a.json", bytes: deep("[", "]"), codes: [.limitExceeded]),
        Case(name: "10,000-deep maps", file: "a.json", bytes: deep("{\"a\":", "}"), codes: [.limitExceeded]),
        Case(name: "10,000-deep flow lists", file: "a.yaml", bytes: deep("[", "]"), codes: [.limitExceeded]),
        Case(name: "10,000-deep block lists", file: "a.yaml", bytes: text(String(repeating: "- ", count: 10_000) + "x\n"), codes: [.limitExceeded]),
        Case(name: "10,000-deep arrays", file: "a.plist", bytes: deep("<array>", "</array>"), codes: [.limitExceeded]),
        Case(name: "an alias bomb (a billion laughs)", file: "a.yaml", bytes: aliasBomb, codes: [.limitExceeded]),
        Case(name: "a 4 MB string", file: "a.json", bytes: text("{\"a\": \"" + String(repeating: "x", count: 4 << 20) + "\"}"), codes: []),
        Case(name: "a 4 MB string", file: "a.yaml", bytes: text("a: " + String(repeating: "x", count: 4 << 20) + "\n"), codes: []),
        Case(name: "a 1 MB key", file: "a.json", bytes: text("{\"" + String(repeating: "k", count: 1 << 20) + "\": 1}"), codes: []),
        Case(name: "a 1 MB explicit key", file: "a.yaml", bytes: text("? " + String(repeating: "k", count: 1 << 20) + "\n: 1\n"), codes: []),
        // YAML 1.2 section 7.4.2 limits an implicit key to 1024 characters.
        Case(name: "a 1 MB implicit key", file: "a.yaml", bytes: text("\"" + String(repeating: "k", count: 1 << 20) + "\": 1\n"), codes: [.syntax]),
    ]

    @Test("each hostile document is its diagnostic, or parses when it is fine", arguments: documents)
    func document(_ testCase: Case) throws {
        let plugin = try #require(FormatRegistry.standard.plugin(forPath: testCase.file))
        let result = Result { () throws(ThemeloadError) in try plugin.parse(FormatInput(bytes: testCase.bytes, file: testCase.file)) }
        switch result {
        case .success(let document):
            #expect(testCase.codes.isEmpty, "parsed, but should fail with \(testCase.codes)")
            #expect(document.value.mapEntries?.isEmpty == false)
        case .failure(let error):
            #expect(Set(error.codes) == Set(testCase.codes), "\(error)")
            #expect(error.diagnostics.allSatisfy { $0.file == testCase.file })
        }
    }

    @Test("an integer beyond Int64 is kept as the nearest float")
    func hugeInteger() throws {
        for (file, text) in [("a.json", "{\"a\": 99999999999999999999}"), ("a.yaml", "a: 99999999999999999999\n")] {
            let plugin = try #require(FormatRegistry.standard.plugin(forPath: file))
            #expect(try plugin.parse(FormatInput(text: text, file: file))["a"]?.value == .float(1e20))
        }
    }

    /// A map whose keys were written to collide in the parsers' key tables (3,000 keys on one
    /// slot, which took checks quadratic in the keys: a 7 MB file of them took 50 s to parse, a
    /// file of random keys 0.4 s): the maps move to a seeded dictionary, so every key is kept and
    /// a repeat is still found, in each format that checks keys this way.
    @Test("keys written to collide parse whole, a repeat found at its line", arguments: ["flood.json", "flood.yaml"])
    func collidingKeys(file: String) throws {
        let keys = CollidingKeys.make(3_000)
        let plugin = try #require(FormatRegistry.standard.plugin(forPath: file))
        func document(_ keys: [String]) -> String {
            file.hasSuffix(".json")
                ? "{\n" + keys.map { "\"\($0)\": 1" }.joined(separator: ",\n") + "\n}\n"
                : keys.map { "\($0): 1" }.joined(separator: "\n") + "\n"
        }
        let node = try plugin.parse(FormatInput(text: document(keys), file: file))
        #expect(node.value.mapEntries?.map(\.key) == keys)
        let firstLine = file.hasSuffix(".json") ? 2 : 1
        #expect {
            _ = try plugin.parse(FormatInput(text: document(keys + [keys[7]]), file: file))
        } throws: { error in
            guard let diagnostic = (error as? ThemeloadError)?.diagnostics.first else { return false }
            return diagnostic.code == .duplicateKey && diagnostic.line == firstLine + 3_000
                && diagnostic.message.contains("first defined at line \(firstLine + 7)")
        }
    }

    // MARK: Fuzz findings

    static let findings: [(file: String, codes: [DiagnosticCode])] = [
        // Read whole by our reader, the file turns out to hold a set where a value should be.
        ("bplist-foundation-crash.plist", [.type]),
    ]

    @Test("inputs the fuzzers found are diagnostics now", arguments: findings.map(\.file))
    func finding(_ file: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HostileInputs/\(file)")
        let bytes = try Data(contentsOf: url)
        let plugin = try #require(FormatRegistry.standard.plugin(forPath: file))
        let error = try #require(Result { () throws(ThemeloadError) in try plugin.parse(FormatInput(bytes: bytes, file: file)) }.failure)
        #expect(error.codes == Self.findings.first { $0.file == file }?.codes)
    }

    // MARK: Truncation

    static var theme: [String: Any] {
        [
        "format": 1, "name": "Cut", "styles": ["light", "dark"],
        "palette": ["ink": ["light": "#111111", "dark": "#EEEEEE"], "paper": "#FFFFFF"],
        "levels": ["normal": ["textColor": "{palette.ink}", "backgroundColor": "{palette.paper}", "font": ["size": 15, "weight": "bold"]],
                   "mainTitle": ["extends": "normal", "lines": [1, 2.5, true]]],
        ]
    }

    /// The same theme in every format, each without trailing whitespace, so that every proper
    /// prefix of a JSON or plist file is unfinished.
    static func wholeFiles() throws -> [(file: String, bytes: Data, everyPrefixFails: Bool)] {
        let json = try JSONSerialization.data(withJSONObject: theme, options: [.prettyPrinted, .sortedKeys])
        let xml = try PropertyListSerialization.data(fromPropertyList: theme, format: .xml, options: 0)
        let binary = try PropertyListSerialization.data(fromPropertyList: theme, format: .binary, options: 0)
        let yaml = text("""
            format: 1
            name: Cut
            styles: [light, dark]
            palette:
              ink: {light: "#111111", dark: "#EEEEEE"}
              paper: '#FFFFFF'
            levels:
              normal:
                textColor: "{palette.ink}"
                backgroundColor: "{palette.paper}"
                font: {size: 15, weight: bold}
              mainTitle:
                extends: normal
                lines:
                  - 1
                  - 2.5
                  - true
            """)
        func trimmed(_ data: Data) -> Data {
            var data = data
            while let last = data.last, [0x20, 0x0A, 0x0D, 0x09].contains(last) { data.removeLast() }
            return data
        }
        return [("cut.json", trimmed(json), true), ("cut.plist", trimmed(xml), true), ("cut.plist", binary, true), ("cut.yaml", yaml, false)]
    }

    @Test("a file cut at every byte is a diagnostic or a shorter document, never a crash")
    func truncation() throws {
        for whole in try Self.wholeFiles() {
            let plugin = try #require(FormatRegistry.standard.plugin(forPath: whole.file))
            #expect((try? plugin.parse(FormatInput(bytes: whole.bytes, file: whole.file))) != nil, "the whole \(whole.file) parses")
            for length in 0..<whole.bytes.count {
                let result = Result { () throws(ThemeloadError) in
                    try plugin.parse(FormatInput(bytes: whole.bytes.prefix(length), file: whole.file))
                }
                switch result {
                case .success:
                    #expect(!whole.everyPrefixFails, "\(whole.file) cut to \(length) bytes parsed")
                case .failure(let error):
                    #expect(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { $0.file == whole.file && $0.severity == .error })
                }
            }
        }
    }

    // MARK: Files and bundles

    @Test("a 100 MB file is refused by the size limit from its status, without reading it")
    func hugeFile() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("Huge.theme/theme.yaml", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 << 20)  // sparse: 100 MB long, nothing written
        try handle.close()
        let report = ThemeLoader.standard().report(for: .path(directory.path("Huge.theme")))
        #expect(report.errors.map(\.code) == [.limitExceeded])
        #expect(report.errors.first?.message.contains("104857600 bytes") == true)
    }

    @Test("a manifest that is a loop of symbolic links is an io error, not a missing manifest")
    func symlinkLoop() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("Loop.theme"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("Loop.theme/theme.yaml"), withDestinationPath: "other.yaml")
        try FileManager.default.createSymbolicLink(atPath: directory.path("Loop.theme/other.yaml"), withDestinationPath: "theme.yaml")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Loop.theme")))
        #expect(report.errors.map(\.code) == [.io])
        #expect(report.errors.first?.file == directory.path("Loop.theme/theme.yaml"))
    }

    @Test("a partial file that is a link out of the bundle is refused")
    func symlinkOut() throws {
        let directory = TemporaryDirectory()
        try directory.write("secret.yaml", "palette: {ink: \"#000000\"}\n")
        try directory.write("Link.theme/theme.yaml", "include: [part.yaml]\nlevels:\n  normal: {textColor: \"#000000\", backgroundColor: \"#FFFFFF\"}\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path("Link.theme/part.yaml"), withDestinationPath: "../secret.yaml")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Link.theme")))
        #expect(report.errors.map(\.code) == [.assetOutsideBundle])
        #expect(report.dependencies.files.allSatisfy { !$0.hasSuffix("secret.yaml") })
    }

    /// Following aliases and `$extends` is recursive: a chain of 10,000 of either ran off the
    /// end of the stack (a crash) before the chains were limited.
    @Test("10,000 tokens aliasing each other in a chain, or groups extending each other, are limit-exceeded, not a crash",
          arguments: ["aliases", "extends"])
    func longTokenChains(kind: String) throws {
        let count = 10_000
        let entries: [String]
        if kind == "aliases" {
            entries = ["\"chain\": {\"$type\": \"color\", \"t\(count)\": {\"$value\": \"#000000\"}, "
                + (0..<count).map { "\"t\($0)\": {\"$value\": \"{chain.t\($0 + 1)}\"}" }.joined(separator: ", ") + "}"]
        } else {
            entries = (0..<count).map { "\"g\($0)\": {\"$extends\": \"{g\($0 + 1)}\"}" }
                + ["\"g\(count)\": {\"$type\": \"color\", \"ink\": {\"$value\": \"#000000\"}}"]
        }
        let directory = TemporaryDirectory()
        try directory.write("Chain.tokens.json", "{" + entries.joined(separator: ",\n") + "}\n")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Chain.tokens.json")))
        #expect(!report.errors.isEmpty)
        #expect(report.errors.allSatisfy { $0.code == .limitExceeded })
        // One chain of the default limit's length (64 aliases, 32 groups) fails at its end; the
        // tokens after it start chains of their own.
        let first = try #require(report.errors.first)
        #expect(first.keyPath?.description == (kind == "aliases" ? "chain.t64" : "g32.$extends"))
    }

    /// Each style's fallback chain was walked with a check of every style before it: 10,000
    /// styles each falling back on the one before took five minutes to check.
    @Test("10,000 styles each falling back on the one before are limit-exceeded past the chain limit, read in linear time")
    func longStyleFallbackChain() throws {
        let count = 10_000
        let styles = ["  - s0"] + (1..<count).map { "  - {name: s\($0), fallback: s\($0 - 1)}" }
        let directory = TemporaryDirectory()
        try directory.write("Chain.yaml", "styles:\n" + styles.joined(separator: "\n") + "\nlevels:\n  normal: {textColor: \"#000000\", backgroundColor: \"#FFFFFF\"}\n")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Chain.yaml")))
        #expect(report.errors.allSatisfy { $0.code == .limitExceeded })
        // s33 follows 33 fallbacks, one past the default limit; s34 then starts a chain anew.
        #expect(report.errors.first?.keyPath?.description == "styles[33].fallback")
        #expect(report.errors.count == (count - 1) / 33)
    }

    /// Values that refer to each other twice over, 30 deep: bound, the first would hold 2^30
    /// nodes (a "billion laughs" of references rather than of YAML aliases), which converting
    /// it tried to make until memory ran out.
    @Test("values that refer to each other twice over are limit-exceeded, not a billion nodes", arguments: ["Laughs.yaml", "Laughs.tokens.json"])
    func referenceBomb(file: String) throws {
        let depth = 30
        let text: String
        if file.hasSuffix(".yaml") {
            text = "custom:\n" + (0..<depth).map { "  x\($0): [\"{custom.x\($0 + 1)}\", \"{custom.x\($0 + 1)}\"]\n" }.joined()
                + "  x\(depth): [1, 2]\nlevels:\n  normal: {textColor: \"#000000\", backgroundColor: \"#FFFFFF\"}\n"
        } else {
            text = "{\"x\": {\"$type\": \"transition\", " + (0..<depth).map { "\"t\($0)\": {\"$value\": [\"{x.t\($0 + 1)}\", \"{x.t\($0 + 1)}\"]}, " }.joined()
                + "\"t\(depth)\": {\"$value\": [1, 2]}}}\n"
        }
        let directory = TemporaryDirectory()
        try directory.write(file, text)
        let report = ThemeLoader.standard().report(for: .path(directory.path(file)))
        #expect(report.errors.map(\.code).contains(.limitExceeded))
        #expect(report.errors.filter { $0.code == .limitExceeded }.count == 1)
    }

    /// Flattening a level called itself for each level it extends: 100,000 levels, each extending
    /// the one declared after it, ran off the end of the stack (signal 11).
    @Test("100,000 levels each extending the next load, each with what the last one holds")
    func longLevelChain() throws {
        let count = 100_000
        let levels = (1..<count).reversed().map { "  l\($0): {extends: l\($0 - 1)}" } + ["  l0: {lines: 3}"]
        let directory = TemporaryDirectory()
        try directory.write("Chain.yaml", "levels:\n  normal: {textColor: \"#000000\", backgroundColor: \"#FFFFFF\"}\n" + levels.joined(separator: "\n") + "\n")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Chain.yaml")))
        #expect(report.errors.isEmpty)
        let theme = try #require(report.theme)
        #expect(theme.levelTable("light")["l\(count - 1)", "lines"] == .integer(3))
        // l0, extending nothing by name, extends `normal`: the whole chain holds its properties.
        #expect(theme.levelTable("light")["l\(count - 1)", "textColor"] == theme.levelTable("light")["normal", "textColor"])
        #expect(theme.levelTable("light")["l\(count - 1)", "textColor"] != nil)
    }

    /// Styles, level inheritance and properties only some levels have multiply what a file
    /// writes: each of these files is a few hundred kilobytes at most, and asked for 18 million
    /// values (over a gigabyte, minutes with its warnings), or with more lines for billions.
    @Test("styles, inheritance and scattered properties that would make millions of values are limit-exceeded",
          arguments: ["styles", "inheritance", "parents", "scattered", "variants", "images"])
    func resolvedValuesBomb(shape: String) throws {
        let count = 3_000
        var lines: [String] = []
        let expectedPath: String
        switch shape {
        case "styles":  // 3,000 levels in each of 3,000 styles
            lines = ["styles: [" + (0..<count).map { "s\($0)" }.joined(separator: ", ") + "]", "levels:", "  normal: {textColor: \"#000000\"}"]
                + (0..<count).map { "  l\($0): {backgroundColor: \"#FFFFFF\"}" }
            expectedPath = "levels"
        case "inheritance":  // 3,000 levels each inheriting 3,000 properties
            lines = ["levels:", "  normal:"] + (0..<count).map { "    p\($0): \($0)" } + (0..<count).map { "  l\($0): {}" }
            expectedPath = "levels.l330"  // 3 rows of 3,000, then l0 to l330: 334 rows pass 1,000,000
        case "parents":  // 500 levels each extending the same 500 levels of 500 properties (7 s)
            lines = ["levels:", "  normal:"] + (0..<500).map { "    p\($0): \($0)" } + (0..<500).map { "  a\($0): {}" }
                + (0..<500).map { "  b\($0): {extends: [" + (0..<500).map { "a\($0)" }.joined(separator: ", ") + "]}" }
            // normal, mainTitle and subTitle take 500 values each, a0 to a499 500 each, then each
            // b 500 from each of its parents: b2's pass 1,000,000.
            expectedPath = "levels.b2"
        case "scattered":  // 3,000 levels with a property each of its own: a table of 3,000 × 3,000
            lines = ["levels:", "  normal: {textColor: \"#000000\"}"] + (0..<count).map { "  l\($0): {q\($0): 1}" }
            expectedPath = "levels"
        case "variants":  // 3,000 palette entries that differ by style, in each of 3,000 styles
            lines = ["styles: [" + (0..<count).map { "s\($0)" }.joined(separator: ", ") + "]", "palette:"]
                + (0..<count).map { "  c\($0): {s0: \"#FFFFFF\", s1: \"#000000\"}" } + ["levels:", "  normal: {textColor: \"#000000\"}"]
            expectedPath = "palette"
        default:  // an image of 10,000 variants, read for each of 3,000 styles (24 s and 2.4 GB)
            lines = ["styles: [" + (0..<count).map { "s\($0)" }.joined(separator: ", ") + "]", "images:", "  logo:"]
                + (0..<10_000).map { "    - {file: a.png, scale: \($0 % 3 + 1)}" } + ["levels:", "  normal: {textColor: \"#000000\"}"]
            expectedPath = "images"
        }
        let directory = TemporaryDirectory()
        try directory.write("Bomb.theme/theme.yaml", lines.joined(separator: "\n") + "\n")
        try directory.write("Bomb.theme/a.png", "")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Bomb.theme")))
        #expect(report.errors.map(\.code) == [.limitExceeded])
        #expect(report.errors.first?.keyPath?.description == expectedPath)
        #expect(report.theme == nil)
    }

    /// A resolver document names its token files and sets by reference, and merges what they
    /// name at each place: a 150 KB document naming one 5,000-token file 5,000 times took a
    /// gigabyte; sets naming a set ten times, sixteen deep, would have listed 10^16 sources; and
    /// 2,000 contexts of 5,000 tokens each were 10 million values.
    @Test("a resolver document that names a file or a set over and over, or has thousands of styles, is limit-exceeded",
          arguments: ["repeated file", "sets of sets", "contexts"])
    func resolverBomb(shape: String) throws {
        let directory = TemporaryDirectory()
        let tokens = (0..<5_000).map { "\"t\($0)\": {\"$value\": \"#\(String(format: "%06X", $0))\"}" }
        try directory.write("base.tokens.json", "{\"c\": {\"$type\": \"color\", " + tokens.joined(separator: ", ") + "}}\n")
        let file = "{\"$ref\": \"base.tokens.json\"}"
        let document: String
        let expected: String
        switch shape {
        case "repeated file":
            document = "{\"sets\": {\"base\": {\"sources\": [" + Array(repeating: file, count: 5_000).joined(separator: ", ") + "]}}, "
                + "\"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}]}"
            expected = "merging sources again"
        case "sets of sets":
            let sets = (0..<16).map { "\"s\($0)\": {\"sources\": [" + Array(repeating: "{\"$ref\": \"#/sets/s\($0 + 1)\"}", count: 10).joined(separator: ", ") + "]}" }
                + ["\"s16\": {\"sources\": [\(file)]}"]
            document = "{\"sets\": {" + sets.joined(separator: ", ") + "}, \"resolutionOrder\": [{\"$ref\": \"#/sets/s0\"}]}"
            expected = "set references add more than the limit"
        default:
            let contexts = (0..<2_000).map { "\"c\($0)\": [\(file)]" }
            document = "{\"modifiers\": {\"theme\": {\"contexts\": {" + contexts.joined(separator: ", ") + "}}}, \"resolutionOrder\": [{\"$ref\": \"#/modifiers/theme\"}]}"
            expected = "pass the limit of 1000000 values"
        }
        try directory.write("Bomb.resolver.json", document)
        let report = ThemeLoader.standard().report(for: .path(directory.path("Bomb.resolver.json")))
        #expect(report.errors.map(\.code) == [.limitExceeded])
        #expect(report.errors.first?.message.contains(expected) == true, "\(report.errors.first?.message ?? "no error")")
        #expect(report.theme == nil)
    }

    /// Finding a `$ref`'s token tried every prefix of its segments, joining each into a key, and
    /// unescaped every segment through Foundation: 300 pointers of 8,000 segments (a 4.8 MB
    /// file) ran for minutes.
    @Test("300 $ref pointers of 8,000 segments each are 300 unknown references")
    func longPointers() throws {
        let pointer = "#" + String(repeating: "/a", count: 8_000)
        let tokens = (0..<300).map { "\"t\($0)\": {\"$value\": {\"$ref\": \"\(pointer)\"}}" }
        let directory = TemporaryDirectory()
        try directory.write("Long.tokens.json", "{\"c\": {\"$type\": \"color\", \"base\": {\"$value\": \"#000000\"}, " + tokens.joined(separator: ", ") + "}}")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Long.tokens.json")))
        #expect(report.errors.count == 300)
        #expect(report.errors.allSatisfy { $0.code == .unknownReference })
    }

    /// "Did you mean" compared each missed alias with every token of about its length, a table
    /// of their lengths multiplied: 60 misses among 300 names of 2,000 characters took 100 s.
    @Test("60 missed aliases among 300 tokens with names of 2,000 characters are reported without a search")
    func longMissedNames() throws {
        let stem = String(repeating: "a", count: 2_000)
        let tokens = (0..<300).map { "\"\(stem)\($0)\": {\"$value\": \"#000000\"}" } + (0..<60).map { "\"m\($0)\": {\"$value\": \"{c.\(stem)x\($0)}\"}" }
        let directory = TemporaryDirectory()
        try directory.write("Long.tokens.json", "{\"c\": {\"$type\": \"color\", " + tokens.joined(separator: ", ") + "}}")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Long.tokens.json")))
        #expect(report.errors.count == 60)
        #expect(report.errors.allSatisfy { $0.code == .unknownReference && !$0.message.contains("did you mean") })
    }

    /// Themes whose values were counted by hand: a palette the same in both styles is read
    /// once but held by each; a shadow's layers count in every cell that holds it.
    static let countedThemes: [(text: String, values: Int)] = [
        // 3 levels × 2 properties × 2 styles: 12 cells, and the palette's 2 entries in each style.
        ("palette: {ink: \"#000000\", paper: \"#FFFFFF\"}\nlevels:\n  normal: {textColor: \"{palette.ink}\", backgroundColor: \"{palette.paper}\"}\n", 16),
        // 5 levels × 1 property × 2 styles: 10 cells, each holding 3 layers more.
        ("levels:\n  normal: {cardShadow: [{color: \"#000000\"}, {color: \"#000000\"}, {color: \"#000000\"}]}\n  l0: {}\n  l1: {}\n", 40),
    ]

    @Test("a theme whose values are exactly the limit loads; one value more is limit-exceeded", arguments: countedThemes)
    func resolvedValuesAtTheLimit(_ text: String, values: Int) throws {
        let directory = TemporaryDirectory()
        try directory.write("Edge.yaml", text)
        for (limit, loads) in [(values, true), (values - 1, false)] {
            var limits = Limits.default
            limits.maxResolvedValues = limit
            let report = ThemeLoader.standard(searchDirectories: [], limits: limits).report(for: .path(directory.path("Edge.yaml")))
            #expect((report.theme != nil) == loads, "limit \(limit)")
            #expect(report.errors.map(\.code) == (loads ? [] : [.limitExceeded]), "limit \(limit)")
        }
    }

    /// 40 styles and 3,000 palette entries that each have a value for one of them: 117,000
    /// missing variants. With 330 styles (987,000) the check took 549 MB and 2.7 s (release
    /// build) to gather, sort and print them all.
    @Test("a file with a problem in almost every one of its values reports the first 10,000 and says the rest were left out")
    func diagnosticsPastTheLimit() throws {
        let styles = (0..<40).map { "s\($0)" }
        let palette = (0..<3_000).map { "  c\($0): {s1: '#000000'}" }
        let directory = TemporaryDirectory()
        try directory.write("Many.yaml", "styles: [\(styles.joined(separator: ", "))]\npalette:\n\(palette.joined(separator: "\n"))\nlevels:\n  normal: {textColor: '#000000'}\n")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Many.yaml")))
        #expect(report.theme == nil)
        #expect(report.diagnostics.count == 10_001)
        #expect(report.diagnostics.dropLast().allSatisfy { $0.code == .missingVariant })
        #expect(report.diagnostics.last.map { ($0.code, $0.severity, $0.message) } ?? (.io, .warning, "")
                == (.limitExceeded, .error, "more than 10000 diagnostics: the rest, errors, are not reported"))
        // Style by style, the palette is read whole: the first 10,000 found are the 3,000 of
        // s0, s2 and s3 each (s1 has its values) and s4's first 1,000; in file order, four at
        // each of the first 1,000 entries and three at each of the others.
        let styleNames = report.diagnostics.prefix(5).map { $0.message.split(separator: ":")[0] }
        #expect(styleNames == ["no value for style s0", "no value for style s2", "no value for style s3", "no value for style s4", "no value for style s0"])
        let perEntry = Dictionary(grouping: report.diagnostics.dropLast(), by: { $0.keyPath?.description ?? "" }).mapValues(\.count)
        #expect(perEntry["palette.c999"] == 4)
        #expect(perEntry["palette.c1000"] == 3)
        #expect(perEntry["palette.c2999"] == 3)
    }

    @Test("a 10,000-layer shadow that 1,000 levels inherit is limit-exceeded, not ten million values")
    func longShadowInherited() throws {
        let directory = TemporaryDirectory()
        // 375 KB: the check took 4.2 s and 812 MB, its canonical JSON 118 s, 18 GB and 4.1 GB.
        let layers = (0..<10_000).map { "{color: \"#000000\", offsetX: \($0)}" }.joined(separator: ", ")
        let levels = (0..<1_000).map { "  l\($0): {}" }.joined(separator: "\n")
        try directory.write("Long.yaml", "levels:\n  normal: {cardShadow: [\(layers)]}\n\(levels)\n")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Long.yaml")))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.limitExceeded])
    }

    /// 2,000 groups extending one of 2,000 tokens (164 KB) made 4 million tokens: 6.6 s and
    /// 1.85 GB before the values' bound stopped it at the palette.
    @Test("500 groups each extending one group of 500 tokens are limit-exceeded where they pass the bound, not 250,000 tokens")
    func groupsExtendingOneGroup() throws {
        let base = (0..<500).map { "\"t\($0)\": {\"$value\": \"#000000\"}" }.joined(separator: ", ")
        let groups = (0..<500).map { "\"g\($0)\": {\"$extends\": \"{base}\"}" }.joined(separator: ", ")
        let directory = TemporaryDirectory()
        try directory.write("Wide.tokens.json", "{\"base\": {\"$type\": \"color\", \(base)}, \(groups)}")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Wide.tokens.json")))
        #expect(report.theme == nil)
        // The base has 1,002 nodes: each group adds 1,001, and 100 of them pass 100,000.
        #expect(report.errors.map { "\($0.code.rawValue) \($0.keyPath?.description ?? "")" } == ["limit-exceeded g99.$extends"])
    }

    @Test("a theme that includes itself is a cycle")
    func includesItself() throws {
        let directory = TemporaryDirectory()
        try directory.write("Self.theme/theme.yaml", "include: [theme.yaml]\nlevels:\n  normal: {textColor: \"#000000\", backgroundColor: \"#FFFFFF\"}\n")
        let report = ThemeLoader.standard().report(for: .path(directory.path("Self.theme")))
        #expect(report.errors.map(\.code) == [.inheritanceCycle])
        #expect(report.errors.first.map { ($0.line, $0.column) } ?? (0, 0) == (1, 11))
    }

    @Test("an extends chain of 1,000 themes is over the limit; with the limit raised it loads")
    func longChain() throws {
        let directory = TemporaryDirectory()
        for index in 0..<1_000 {
            let parent = index < 999 ? "extends: T\(index + 1)\n" : ""
            try directory.write("T\(index).yaml", parent + "levels:\n  normal: {textColor: \"#00000\(index % 10)\", backgroundColor: \"#FFFFFF\"}\n")
        }
        let report = ThemeLoader.standard(searchDirectories: [directory.url.path]).report(for: .named("T0"))
        #expect(report.errors.map(\.code) == [.limitExceeded])
        let raised = ThemeLoader.standard(searchDirectories: [directory.url.path], limits: Limits(maxExtendsChain: 1_000))
        let theme = try raised.load(named: "T0").theme
        #expect(theme.colorProvider(level: "normal")?(.light).hex == "#000000FF")
    }

    @Test("a file without read permission is an io error",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") || geteuid() != 0,
                   "root reads every file; needs setpriv to drop to nobody"))
    func unreadable() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("Locked.theme/theme.yaml", "levels:\n  normal: {textColor: \"#000000\", backgroundColor: \"#FFFFFF\"}\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        for folder in [directory.url.path, directory.path("Locked.theme")] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        }
        // As root, run the tool as nobody, whom permissions bind.
        let run = geteuid() == 0
            ? try Tool.runProgram("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Tool.url.path, "check", directory.path("Locked.theme")])
            : try Tool.run(["check", directory.path("Locked.theme")])
        #expect(run.status == 1)
        #expect(run.stdout.contains("Locked.theme/theme.yaml: error: cannot open the file: Permission denied [io]"), "\(run.stdout)\(run.stderr)")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
