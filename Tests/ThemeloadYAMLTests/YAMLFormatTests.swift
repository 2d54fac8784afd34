import Foundation
import Testing
import ThemeloadTesting
import ThemeloadTestSupport
import Themeload
@testable import ThemeloadYAML

func parseYAML(_ text: String, limits: Limits = .default) throws(ThemeloadError) -> DocumentNode {
    try YAMLFormat().parse(FormatInput(text: text, file: "t.yaml", limits: limits))
}

func parseYAML(bytes: [UInt8]) throws(ThemeloadError) -> DocumentNode {
    try YAMLFormat().parse(FormatInput(bytes: Data(bytes), file: "t.yaml"))
}

@Suite("YAML format plugin")
struct YAMLFormatTests {
    struct Scalar: CustomTestStringConvertible, Sendable {
        var text: String
        var value: DocumentValue
        var testDescription: String { text.isEmpty ? "(empty)" : text }
        init(_ text: String, _ value: DocumentValue) { (self.text, self.value) = (text, value) }
    }

    /// YAML 1.2 core schema, SPEC section 2: YAML 1.1's booleans, sexagesimals and underscores are
    /// strings; quoted scalars are always strings.
    static let scalars: [Scalar] = [
        Scalar("true", .bool(true)), Scalar("True", .bool(true)), Scalar("TRUE", .bool(true)),
        Scalar("false", .bool(false)), Scalar("False", .bool(false)), Scalar("FALSE", .bool(false)),
        Scalar("tRUE", .string("tRUE")),
        Scalar("yes", .string("yes")), Scalar("no", .string("no")), Scalar("on", .string("on")),
        Scalar("off", .string("off")), Scalar("NO", .string("NO")), Scalar("Yes", .string("Yes")),
        Scalar("y", .string("y")),
        Scalar("null", .null), Scalar("Null", .null), Scalar("NULL", .null), Scalar("~", .null), Scalar("", .null),
        Scalar("nULL", .string("nULL")),
        Scalar("12", .integer(12)), Scalar("-12", .integer(-12)), Scalar("+12", .integer(12)),
        Scalar("017", .integer(17)), Scalar("0x1F", .integer(31)), Scalar("0x0770e3", .integer(0x0770E3)),
        Scalar("0o17", .integer(15)), Scalar("0o8", .string("0o8")), Scalar("0xG", .string("0xG")),
        Scalar("-9223372036854775808", .integer(.min)), Scalar("9223372036854775808", .float(9_223_372_036_854_775_808)),
        Scalar("1.5", .float(1.5)), Scalar(".5", .float(0.5)), Scalar("1.", .float(1)), Scalar("-1.5e3", .float(-1500)),
        Scalar("1e3", .float(1000)), Scalar("1E-2", .float(0.01)),
        Scalar(".inf", .float(.infinity)), Scalar("-.Inf", .float(-.infinity)), Scalar("+.INF", .float(.infinity)),
        Scalar(".nan", .float(.nan)), Scalar(".NaN", .float(.nan)), Scalar(".NAN", .float(.nan)),
        Scalar("1_000", .string("1_000")), Scalar("12:30", .string("12:30")), Scalar("0b101", .string("0b101")),
        Scalar(".", .string(".")), Scalar("-a", .string("-a")), Scalar("1e", .string("1e")),
        Scalar("'123'", .string("123")), Scalar("\"true\"", .string("true")), Scalar("'~'", .string("~")),
        Scalar("\"#0770E3\"", .string("#0770E3")), Scalar("!!str 12", .string("12")), Scalar("!!int \"12\"", .integer(12)),
        Scalar("!!float 1", .float(1)), Scalar("!!bool true", .bool(true)), Scalar("!!null ''", .null),
        Scalar("! 12", .string("12")),
    ]

    @Test("plain scalars resolve by the YAML 1.2 core schema", arguments: scalars)
    func coreSchema(_ scalar: Scalar) throws {
        let node = try parseYAML("v: \(scalar.text)\n")
        #expect(node["v"]?.value == scalar.value)
    }

    @Test("a hex integer keeps its notation (a color needs it); decimal and octal ones are plain integers")
    func hexNotation() throws {
        let node = try parseYAML("hex: 0x0770E3\ntagged: !!int 0x1F\ndecimal: 12\noctal: 0o17\n")
        #expect({ if case .hexInteger(0x0770E3)? = node["hex"]?.value { true } else { false } }())
        #expect({ if case .hexInteger(31)? = node["tagged"]?.value { true } else { false } }())
        #expect({ if case .integer(12)? = node["decimal"]?.value { true } else { false } }())
        #expect({ if case .integer(15)? = node["octal"]?.value { true } else { false } }())
        #expect(DocumentValue.hexInteger(12) == .integer(12))  // the same data
    }

    @Test("problems found before a fatal error are reported with it, in file order")
    func earlierProblemsKept() {
        #expect {
            _ = try parseYAML("a: 1\na: 2\nb: [unclosed\n")
        } throws: { error in
            let diagnostics = (error as? ThemeloadError)?.diagnostics ?? []
            return diagnostics.map(\.code) == [.duplicateKey, .syntax] && diagnostics.first?.line == 2
        }
        #expect {
            _ = try parseYAML("a: !!binary x\nb: *nowhere\n")
        } throws: { error in
            (error as? ThemeloadError)?.codes == [.syntax, .syntax]
        }
    }

    @Test("every node has its line and column, counted in characters")
    func locations() throws {
        let node = try parseYAML("name: Moments\npalette:\n  primary: \"#0770E3\"\n  ünï: [1, 2.5]\n")
        let name = try #require(node.value.mapEntries?.first)
        #expect((name.keyLocation.line, name.keyLocation.column) == (1, 1))
        #expect((name.value.location.line, name.value.location.column) == (1, 7))
        let palette = try #require(node["palette"])
        #expect((palette.location.line, palette.location.column) == (3, 3))
        #expect((palette["primary"]?.location.line, palette["primary"]?.location.column) == (3, 12))
        guard case .list(let items)? = palette["ünï"]?.value else { Issue.record("no list"); return }
        #expect((palette["ünï"]?.location.line, palette["ünï"]?.location.column) == (4, 8))
        #expect(items.map { $0.location.column } == [9, 12])
        #expect(items.map(\.value) == [.integer(1), .float(2.5)])
    }

    @Test("anchors, aliases and the merge key")
    func aliasesAndMerge() throws {
        let node = try parseYAML("""
            base: &body {name: PingFangSC-Regular, size: 15}
            accent: &accent {weight: bold, size: 99}
            title:
              <<: [*body, *accent]
              size: 17
            copy: *body
            quoted:
              "<<": not a merge
            """)
        // Merged keys stand where `<<` stood; the explicit `size` keeps its own place.
        #expect(node["title"]?.value.mapEntries?.map(\.key) == ["name", "weight", "size"])
        #expect(node["title"]?["size"]?.value == .integer(17))
        #expect(node["title"]?["weight"]?.value == .string("bold"))
        #expect(node["copy"] == node["base"])
        #expect(node["copy"]?.location.line == 6)
        #expect(node["quoted"]?["<<"]?.value == .string("not a merge"))
    }

    @Test("an empty file is a null document; a byte-order mark is skipped")
    func emptyAndBOM() throws {
        #expect(try parseYAML("").value == .null)
        #expect(try parseYAML("# only a comment\n").value == .null)
        let node = try parseYAML(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8))
        #expect(node["a"]?.value == .integer(1))
        #expect(node["a"]?.location.column == 4)
    }

    static let aliasBomb = """
        a: &a [x, x, x, x, x, x, x, x, x, x]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
        """

    static func repeatedAlias(_ count: Int) -> String {
        "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [" + Array(repeating: "*a", count: count).joined(separator: ", ") + "]\n"
    }

    static let badInputs: [BadInput] = [
        BadInput("libyaml syntax error", "a: 1\n b: 2\n", .syntax, 2, 3),
        BadInput("unclosed flow sequence", "a: [1, 2\nb: 3\n", .syntax, 2, 2),
        BadInput("a second document", "a: 1\n---\nb: 2\n", .syntax, 2, 1),
        BadInput("a tag beyond the core schema", "a: !foo x\n", .syntax, 1, 4),
        BadInput("a local tag on a map", "a: !color {red: 1}\n", .syntax, 1, 4),
        BadInput("a core tag that does not fit", "a: !!int abc\n", .syntax, 1, 4),
        BadInput("a duplicate key, at its second occurrence", "a: 1\nb: 2\na: 3\n", .duplicateKey, 3, 1),
        BadInput("an alias to no anchor", "a: *nothing\n", .syntax, 1, 4),
        BadInput("a recursive alias", "a: &a [1, *a]\n", .syntax, 1, 11),
        BadInput("a mapping as a key", "? {a: 1}\n: x\n", .syntax, 1, 3),
        // Lines 1-4 expand to 12,330 nodes; each *d adds 11,111, so the 8th (column 36) passes 100,000.
        BadInput("an alias bomb", aliasBomb, .limitExceeded, 5, 36),
        BadInput("aliases growing the document more than ten times", repeatedAlias(13), .limitExceeded, 1, 1),
        BadInput("nesting of 65", String(repeating: "[", count: 65) + String(repeating: "]", count: 65), .limitExceeded, 1, 65),
        BadInput("a number beyond Double", "a: 1e400\n", .limitExceeded, 1, 4),
        BadInput("a merge key on a scalar", "a:\n  <<: 3\n", .syntax, 2, 7),
        BadInput("invalid UTF-8, at the bad trailing byte", Array("a: ".utf8) + [0xC3, 0x28] + [0x0A], .syntax, 1, 5),
        BadInput("a NUL byte", Array("a: b".utf8) + [0x00] + [0x0A], .syntax, 1, 5),
        BadInput("UTF-16 without a byte-order mark", [0x61, 0x00, 0x3A, 0x00, 0x20, 0x00, 0x31, 0x00], .syntax, 1, 2),
        BadInput("a tab indenting a block", "a:\n\tb: 1\n", .syntax, 2, 1),
    ]

    @Test("bad input is a diagnostic with code, line and column", arguments: badInputs)
    func badInput(_ input: BadInput) {
        #expect {
            _ = try parseYAML(bytes: input.bytes)
        } throws: { error in
            input.isReported(by: error, in: "t.yaml")
        }
    }

    @Test("aliases may grow a document up to ten times its size")
    func expansionRatio() throws {
        // 15 source nodes; 12 aliases of an 11-node list add 132, 147 in all: within 10 × 15.
        #expect(throws: Never.self) { try parseYAML(Self.repeatedAlias(12)) }
        var limits = Limits.default
        limits.maxAliasExpansionRatio = 100
        #expect(throws: Never.self) { try parseYAML(Self.repeatedAlias(13), limits: limits) }
    }

    /// `&a` holds 11 nodes (the map, keys `k` and `m`, the list `[1, [2, 3]]` of 5 and the map
    /// `{n: 4}` of 3) nested 3 deep, counted by hand; two aliases of it add 22 nodes, each at depth
    /// 2 (inside the root map and `b`'s list), so 5 deep in all.
    @Test("an anchor's size and depth count the collections nested in it", arguments: [
        (21, 64, false), (22, 64, true), (22, 4, false), (22, 5, true),
    ])
    func anchoredSizeAndDepth(maxExpandedNodes: Int, maxDepth: Int, accepted: Bool) {
        var limits = Limits.default
        limits.maxAliasExpandedNodes = maxExpandedNodes
        limits.maxDepth = maxDepth
        let yaml = "a: &a {k: [1, [2, 3]], m: {n: 4}}\nb: [*a, *a]\n"
        if accepted {
            #expect(throws: Never.self) { try parseYAML(yaml, limits: limits) }
        } else {
            #expect {
                _ = try parseYAML(yaml, limits: limits)
            } throws: { error in
                (error as? ThemeloadError)?.diagnostics.map(\.code) == [.limitExceeded]
            }
        }
    }

    @Test("recoverable errors are all reported in one pass")
    func allErrors() {
        #expect {
            _ = try parseYAML("a: !foo 1\nb: 2\nb: 3\nc: !!int x\n")
        } throws: { error in
            let diagnostics = (error as? ThemeloadError)?.diagnostics ?? []
            return diagnostics.map(\.code) == [.syntax, .duplicateKey, .syntax] && diagnostics.map(\.line) == [1, 3, 4]
        }
    }

    @Test("the registry with YAML reads every built-in extension")
    func standardRegistry() {
        let registry = FormatRegistry.standard
        #expect(Set(registry.fileExtensions) == ["yaml", "yml", "json", "json5", "plist", "tokens.json", "tokens", "tokens.json5", "resolver.json", "tokens.yaml", "tokens.yml"])
        #expect(registry.plugin(forPath: "theme.YML")?.name == "YAML")
        // A design-token file in YAML is known by its compound extension; any other YAML file is a theme.
        #expect(registry.plugin(forPath: "brand/colors.tokens.yaml")?.documentKind == .designTokens)
        #expect(registry.plugin(forPath: "Colors.Tokens.YML")?.name == "Design tokens (YAML)")
        #expect(registry.plugin(forPath: "tokens.yaml")?.documentKind == .theme)
    }

    @Test("the plugin passes the public conformance check")
    func conformance() {
        let check = FormatPluginConformance(
            plugin: YAMLFormat(),
            sample: Data("name: Moments\npalette:\n  primary: '#0770E3'\nsizes: [1, 2.5, true, ~]\n".utf8),
            expected: .map([
                DocumentEntry(key: "name", keyLocation: .init(file: ""), value: .init(.string("Moments"), at: .init(file: ""))),
                DocumentEntry(key: "palette", keyLocation: .init(file: ""), value: .init(.map([
                    DocumentEntry(key: "primary", keyLocation: .init(file: ""), value: .init(.string("#0770E3"), at: .init(file: ""))),
                ]), at: .init(file: ""))),
                DocumentEntry(key: "sizes", keyLocation: .init(file: ""), value: .init(.list([
                    .init(.integer(1), at: .init(file: "")), .init(.float(2.5), at: .init(file: "")),
                    .init(.bool(true), at: .init(file: "")), .init(.null, at: .init(file: "")),
                ]), at: .init(file: ""))),
            ]),
            invalidSamples: [Data("a: [".utf8), Data("a: 1\na: 2\n".utf8), Data("a: 1\n---\nb: 2\n".utf8)],
            nested: { depth in Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) })
        #expect(check.run() == [])
    }
}
