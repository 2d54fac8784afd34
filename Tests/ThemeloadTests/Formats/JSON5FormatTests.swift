import Foundation
import Testing
import ThemeloadTesting
import ThemeloadTestSupport
@testable import Themeload

private func parseJSON5(_ text: String) throws(ThemeloadError) -> DocumentNode {
    try JSON5Format().parse(FormatInput(text: text, file: "t.json5"))
}

/// JSON5 (json5.org, 1.0.0): each of its additions to JSON read to the value the JSON5 reference
/// reads, with lines and columns as the JSON plugin counts them. Expected values and positions
/// are worked out by hand from the specification.
@Suite("JSON5 format plugin")
struct JSON5FormatTests {
    @Test("each addition to JSON reads to its value")
    func values() throws {
        let node = try parseJSON5(#"""
            // a comment before the value
            {
              unquoted: 'single',
              "double": "x",
              'quoted key': 1,
              $dollar_1: +5,
              hex: 0x1F,
              negativeHex: -0xff,
              beyondInt64: 0x8000000000000000,
              leadingPoint: .5,
              trailingPoint: 5.,
              exponent: 1e2,
              negativeInfinity: -Infinity,
              notANumber: NaN,
              escapes: 'it\'s \x41\v\0 \q "quoted"',
              continued: 'a\
            b',
              list: [1, 2,],
              /* a block
                 comment */ last: null,
            }
            """#)
        #expect(node["unquoted"]?.value == .string("single"))
        #expect(node["double"]?.value == .string("x"))
        #expect(node["quoted key"]?.value == .integer(1))
        #expect(node["$dollar_1"]?.value == .integer(5))
        #expect(node["hex"]?.value == .integer(31))
        #expect(node["negativeHex"]?.value == .integer(-255))
        #expect(node["beyondInt64"]?.value == .float(9_223_372_036_854_775_808))
        #expect(node["leadingPoint"]?.value == .float(0.5))
        #expect(node["trailingPoint"]?.value == .float(5))
        #expect(node["exponent"]?.value == .float(100))
        #expect(node["negativeInfinity"]?.value == .float(-.infinity))
        guard case .float(let notANumber)? = node["notANumber"]?.value else { Issue.record("NaN is no float"); return }
        #expect(notANumber.isNaN)
        #expect(node["escapes"]?.value == .string("it's A\u{0B}\u{00} q \"quoted\""))
        #expect(node["continued"]?.value == .string("ab"))
        #expect(node["list"]?.value == .list([.init(.integer(1), at: .init(file: "")), .init(.integer(2), at: .init(file: ""))]))
        #expect(node["last"]?.value == .null)
        #expect(node.value.mapEntries?.map(\.key) == [
            "unquoted", "double", "quoted key", "$dollar_1", "hex", "negativeHex", "beyondInt64", "leadingPoint", "trailingPoint",
            "exponent", "negativeInfinity", "notANumber", "escapes", "continued", "list", "last",
        ])
    }

    @Test("the edges of numbers and strings", arguments: [
        ("-0x8000000000000000", DocumentValue.integer(.min)),
        ("0x7FFFFFFFFFFFFFFF", .integer(.max)),
        ("0xFFFFFFFFFFFFFFFF", .float(18_446_744_073_709_551_616)),
        ("0xFFFFFFFFFFFFFFFFF", .float(295_147_905_179_352_825_856)),
        ("+Infinity", .float(.infinity)),
        ("-.5e1", .float(-5)),
        ("5.e2", .float(500)),
        ("0.", .float(0)),
        ("'\\u00e9\\ud83d\\ude00'", .string("é😀")),
        ("'raw\ttab'", .string("raw\ttab")),
        ("\"it's\"", .string("it's")),
        ("'line\\\r\nbreak'", .string("linebreak")),
        ("'line\\\u{2028}separator'", .string("lineseparator")),
        ("'\\é'", .string("é")),
        ("// a comment ended by a line separator\u{2028}7", .integer(7)),
        ("\u{FEFF}\u{00A0}\u{3000}\u{0B}\u{0C}8\u{2029}", .integer(8)),
    ])
    func edges(text: String, value: DocumentValue) throws {
        #expect(try parseJSON5(text).value == value)
    }

    /// Columns count characters, as in JSON; a comment or a continued string moves the lines on.
    @Test("every node has its line and column, after comments, continued strings and spaces beyond ASCII")
    func locations() throws {
        let node = try parseJSON5("{\n  // note\n  a: 1, /* x */ b: 'é',\n  c: 'x\\\ny', d: 2,\n}")
        let entries = try #require(node.value.mapEntries)
        let positions = entries.map { [$0.keyLocation.line, $0.keyLocation.column, $0.value.location.line, $0.value.location.column] }
        #expect(positions == [[3, 3, 3, 6], [3, 17, 3, 20], [4, 3, 4, 6], [5, 5, 5, 8]])
        #expect(try parseJSON5("{\u{00A0}a: 1}").value.mapEntries?.first?.keyLocation.column == 3)
        #expect(try parseJSON5("{ünï: 1, b: 2}").value.mapEntries?.last?.keyLocation.column == 10)
        #expect(try parseJSON5("{sig\\u03A3ma: 1, b: 2}")["sigΣma"] != nil)
    }

    static let badInputs: [BadInput] = [
        BadInput("two commas in an object", "{a: 1,,}", .syntax, 1, 7),
        BadInput("two commas in a list", "[1,,]", .syntax, 1, 4),
        BadInput("a comma alone in a list", "[,]", .syntax, 1, 2),
        BadInput("a block comment not closed", "[1] /* open", .syntax, 1, 5),
        BadInput("a slash that starts no comment", "[1] / 2", .syntax, 1, 5),
        BadInput("a raw line break in a string", "'a\nb'", .syntax, 1, 3),
        BadInput("an octal escape", "'\\1'", .syntax, 1, 2),
        BadInput("\\0 before a digit", "'\\01'", .syntax, 1, 2),
        BadInput("a \\x escape of one digit", "'\\x4'", .syntax, 1, 5),
        BadInput("0x with no digit", "0x", .syntax, 1, 3),
        BadInput("a lone decimal point", ".", .syntax, 1, 2),
        BadInput("a sign alone", "+", .syntax, 1, 2),
        BadInput("a key starting with a digit", "{1a: 2}", .syntax, 1, 2),
        BadInput("a key with a dash", "{a-b: 1}", .syntax, 1, 3),
        BadInput("an escaped digit starting a key", "{\\u0031a: 1}", .syntax, 1, 2),
        BadInput("a lone surrogate", "'\\uD800'", .syntax, 1, 2),
        BadInput("a missing comma", "{a: 1 b: 2}", .syntax, 1, 7),
        BadInput("something after the value", "[1]x", .syntax, 1, 4),
        BadInput("a leading zero", "01", .syntax, 1, 2),
        BadInput("a number beyond Double", "1e400", .limitExceeded, 1, 1),
        BadInput("a duplicate key, quoted or not", "{a: 1, 'a': 2}", .duplicateKey, 1, 8),
        BadInput("a comment and no value", "// nothing\n", .syntax, 2, 1),
        BadInput("invalid UTF-8 in a key", [0x7B, 0xC3, 0x28, 0x3A, 0x31, 0x7D], .syntax, 1, 2),
    ]

    @Test("bad input is a diagnostic with code, line and column", arguments: badInputs)
    func badInput(_ input: BadInput) {
        #expect {
            _ = try JSON5Format().parse(FormatInput(bytes: Data(input.bytes), file: "t.json5"))
        } throws: { error in
            input.isReported(by: error, in: "t.json5")
        }
    }

    /// A `.json` file written for Style Dictionary (which reads `.json` with a JSON5 parser) may
    /// hold comments and trailing commas: strict JSON says what it met and where JSON5 is read.
    @Test("strict JSON's errors at a comment or a trailing comma say that a .json5 file may have them", arguments: [
        ("// brand colors\n{}", "JSON has no comments; a .json5 file may have them"),
        ("{\"a\": 1, /* old */ \"b\": 2}", "JSON has no comments; a .json5 file may have them"),
        ("{\"a\": 1,\n}", "JSON allows no comma before a closing bracket; a .json5 file does"),
        ("[1, 2, ]", "JSON allows no comma before a closing bracket; a .json5 file does"),
        ("{\"a\": 1 /* old */}", "JSON has no comments; a .json5 file may have them"),
        ("[1 // one\n]", "JSON has no comments; a .json5 file may have them"),
        ("{} // the end", "JSON has no comments; a .json5 file may have them"),
    ])
    func strictHints(text: String, hint: String) {
        let error = #expect(throws: ThemeloadError.self) { try JSONFormat().parse(FormatInput(text: text, file: "t.json")) }
        #expect(error?.diagnostics.first?.message.hasSuffix("(\(hint))") == true, "\(String(describing: error))")
        #expect((try? parseJSON5(text)) != nil)
    }

    /// JSON5 is a superset of JSON: every case JSONTestSuite says is valid reads to the node the
    /// JSON plugin reads, locations included.
    @Test("every valid JSONTestSuite case reads as the JSON plugin reads it",
          .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func supersetOfJSON() throws {
        let folder = try #require(JSONTestSuiteTests.folder)
        let valid = JSONTestSuiteTests.files.filter { $0.hasPrefix("y_") && JSONTestSuiteTests.rejectedBySpec[$0] == nil }
        #expect(valid.count == 93)
        for name in valid {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            let json = try JSONFormat().parse(FormatInput(bytes: bytes, file: name))
            let json5 = try JSON5Format().parse(FormatInput(bytes: bytes, file: name))
            #expect(json5.jsonText(includingLocations: true) == json.jsonText(includingLocations: true), "\(name)")
        }
    }

    @Test("the plugin passes the public conformance check")
    func conformance() {
        let check = FormatPluginConformance(
            plugin: JSON5Format(),
            sample: Data("{name: 'Moments', palette: {primary: '#0770E3',}, // the brand\n}".utf8),
            expected: .map([
                DocumentEntry(key: "name", keyLocation: .init(file: ""), value: .init(.string("Moments"), at: .init(file: ""))),
                DocumentEntry(key: "palette", keyLocation: .init(file: ""), value: .init(.map([
                    DocumentEntry(key: "primary", keyLocation: .init(file: ""), value: .init(.string("#0770E3"), at: .init(file: ""))),
                ]), at: .init(file: ""))),
            ]),
            invalidSamples: [Data("{".utf8), Data("[1,,]".utf8), Data("{a:1,'a':2}".utf8), Data("/* open".utf8)],
            nested: { depth in Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) })
        #expect(check.run() == [])
    }
}
