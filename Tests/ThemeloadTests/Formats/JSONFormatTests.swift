import Foundation
import Testing
import ThemeloadTesting
import ThemeloadTestSupport
@testable import Themeload

private func parseJSON(_ text: String, limits: Limits = .default) throws(ThemeloadError) -> DocumentNode {
    try JSONFormat().parse(FormatInput(text: text, file: "t.json", limits: limits))
}

private func parseJSON(bytes: [UInt8]) throws(ThemeloadError) -> DocumentNode {
    try JSONFormat().parse(FormatInput(bytes: Data(bytes), file: "t.json"))
}

@Suite("JSON format plugin")
struct JSONFormatTests {
    @Test("values keep their JSON types")
    func values() throws {
        let node = try parseJSON(#"""
            {"i": 9223372036854775807, "j": -9223372036854775808, "big": 9223372036854775808,
             "f": 1.0, "e": 1E2, "z": -0, "s": "a\u00e9\ud83d\ude00\n\/", "t": true, "n": null, "l": []}
            """#)
        #expect(node["i"]?.value == .integer(.max))
        #expect(node["j"]?.value == .integer(.min))
        #expect(node["big"]?.value == .float(9_223_372_036_854_775_808))
        #expect(node["f"]?.value == .float(1))
        #expect(node["e"]?.value == .float(100))
        #expect(node["z"]?.value == .integer(0))
        #expect(node["s"]?.value == .string("aé😀\n/"))
        #expect(node["t"]?.value == .bool(true))
        #expect(node["n"]?.value == .null)
        #expect(node["l"]?.value == .list([]))
        #expect(node.value.mapEntries?.map(\.key) == ["i", "j", "big", "f", "e", "z", "s", "t", "n", "l"])
    }

    @Test("a document written as JSON text reads back unchanged; with locations, each node says where it was")
    func jsonText() throws {
        let document = try parseJSON(#"{"b": [1, 2.5, true, null], "a": {"s": "x\"y"}, "e": -0.0}"#)
        #expect(document.jsonText(pretty: false) == #"{"b":[1,2.5,true,null],"a":{"s":"x\"y"},"e":-0.0}"#)
        #expect(try parseJSON(document.jsonText()) == document)
        #expect(try parseJSON(#"[7]"#).jsonText(includingLocations: true, pretty: false)
            == #"{"value":[{"value":7,"line":1,"column":2}],"line":1,"column":1}"#)
    }

    @Test("every node has its line and column, counted in characters")
    func locations() throws {
        let node = try parseJSON("""
            {
              "name": "Moments",
              "palette": {"primary": "#0770E3", "ünï": [1, 2.5]}
            }
            """)
        #expect(node.location.line == 1 && node.location.column == 1)
        let name = try #require(node.value.mapEntries?.first)
        #expect((name.keyLocation.line, name.keyLocation.column) == (2, 3))
        #expect((name.value.location.line, name.value.location.column) == (2, 11))
        let palette = try #require(node["palette"])
        #expect((palette.location.line, palette.location.column) == (3, 14))
        #expect((palette["primary"]?.location.line, palette["primary"]?.location.column) == (3, 26))
        let list = try #require(palette["ünï"])
        #expect((list.location.line, list.location.column) == (3, 44))
        guard case .list(let items) = list.value else { Issue.record("not a list"); return }
        #expect((items[0].location.line, items[0].location.column) == (3, 45))
        #expect((items[1].location.line, items[1].location.column) == (3, 48))
        #expect(items[1].location.file == "t.json")
    }

    /// Columns count characters: a line whose strings are ASCII takes the byte offset, a line with
    /// a string that is not (or that has escapes) counts; a new line starts afresh. Columns worked
    /// out by hand.
    @Test("columns after strings that are not ASCII, and after escapes", arguments: [
        (#"{"a": "\u00e9", "b": 1}"#, DocumentPath(keys: "b"), 1, 22),
        (#"{"é": "ü", "b": 1}"#, DocumentPath(keys: "b"), 1, 17),
        ("{\"é\": 1,\n \"b\": 2}", DocumentPath(keys: "b"), 2, 7),
        (#"{"é\n": [true]}"#, DocumentPath(keys: "é\n").appending(index: 0), 1, 10),
        ("[\"ü\",\n\"abc\", 5]", DocumentPath([.index(2)]), 2, 8),
    ])
    func columnsAfterWideCharacters(document: String, path: DocumentPath, line: Int, column: Int) throws {
        let node = try #require(try parseJSON(document).node(at: path))
        #expect(node.location.line == line)
        #expect(node.location.column == column)
    }

    static let badInputs: [BadInput] = [
        BadInput("trailing comma in an object", #"{"a": 1,}"#, .syntax, 1, 9),
        BadInput("trailing comma in a list", "[1, 2,]", .syntax, 1, 7),
        BadInput("duplicate key, at its second occurrence", #"{"a": 1, "a": 2}"#, .duplicateKey, 1, 10),
        BadInput("bad literal on line 3", "{\n  \"é\": [1,\n    tru]\n}", .syntax, 3, 5),
        BadInput("nesting of 65", String(repeating: "[", count: 65) + String(repeating: "]", count: 65), .limitExceeded, 1, 65),
        BadInput("number beyond Double", #"{"n": 1e400}"#, .limitExceeded, 1, 7),
        BadInput("lone surrogate escape", #""\ud800""#, .syntax, 1, 2),
        BadInput("invalid UTF-8 in a string", [0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D], .syntax, 1, 2),
        BadInput("empty file", "", .syntax, 1, 1),
        BadInput("missing colon", #"{"a" 1}"#, .syntax, 1, 6),
        BadInput("missing comma", "[1 2]", .syntax, 1, 4),
        BadInput("leading zero", "01", .syntax, 1, 2),
        BadInput("raw tab in a string", "\"a\tb\"", .syntax, 1, 3),
        BadInput("BOM then a trailing comma", [0xEF, 0xBB, 0xBF] + Array(#"{"a":1,}"#.utf8), .syntax, 1, 8),
        BadInput("NaN is not JSON", #"{"a": NaN}"#, .syntax, 1, 7),
        BadInput("Infinity is not JSON", "[-Infinity]", .syntax, 1, 3),
        BadInput("unterminated string", "[\"abc", .syntax, 1, 2),
        BadInput("single quotes", "['a']", .syntax, 1, 2),
        BadInput("UTF-16 without BOM", [0x00, 0x5B, 0x00, 0x5D], .syntax, 1, 1),
    ]

    @Test("bad input is a diagnostic with code, line and column", arguments: badInputs)
    func badInput(_ input: BadInput) {
        #expect {
            _ = try parseJSON(bytes: input.bytes)
        } throws: { error in
            input.isReported(by: error, in: "t.json")
        }
    }

    @Test("every duplicate key is reported in one pass")
    func duplicatesTogether() {
        #expect {
            _ = try parseJSON(#"{"a": 1, "a": 2, "b": {"c": 1, "c": 3}}"#)
        } throws: { error in
            let diagnostics = (error as? ThemeloadError)?.diagnostics ?? []
            return diagnostics.map(\.code) == [.duplicateKey, .duplicateKey]
                && diagnostics.map(\.column) == [10, 32]
        }
    }

    @Test("duplicate keys in a large object are still found")
    func duplicateInLargeObject() {
        let members = (0..<100).map { "\"k\($0)\": \($0)" } + ["\"k42\": 0"]
        #expect(throws: ThemeloadError.self) { try parseJSON("{" + members.joined(separator: ",") + "}") }
    }

    @Test("a UTF-8 byte-order mark is skipped")
    func byteOrderMark() throws {
        let node = try parseJSON(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(node["a"]?.value == .integer(1))
        #expect(node["a"]?.location.column == 7)
    }

    @Test("nesting at the limit is accepted; a raised limit allows more without recursion")
    func nestingLimit() throws {
        let sixtyFour = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parseJSON(sixtyFour).nestingDepth == 64)
        let deep = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        var limits = Limits.default
        limits.maxDepth = 1_000
        #expect(try parseJSON(deep, limits: limits).nestingDepth == 1_000)
        // 100,000 opening brackets are refused at the default limit, at the 65th.
        #expect {
            _ = try parseJSON(String(repeating: "[", count: 100_000))
        } throws: { ($0 as? ThemeloadError)?.diagnostics.first?.column == 65 }
    }

    @Test("the plugin passes the public conformance check")
    func conformance() {
        let check = FormatPluginConformance(
            plugin: JSONFormat(),
            sample: Data(##"{"name": "Moments", "palette": {"primary": "#0770E3"}, "sizes": [1, 2.5, true, null]}"##.utf8),
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
            invalidSamples: [Data("{".utf8), Data("[1,]".utf8), Data(#"{"a":1,"a":2}"#.utf8)],
            nested: { depth in Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) })
        #expect(check.run() == [])
    }
}
