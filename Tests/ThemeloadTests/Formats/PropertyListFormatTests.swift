import Foundation
import Testing
import ThemeloadTesting
@testable import Themeload

private func parsePlist(_ text: String, limits: Limits = .default) throws(ThemeloadError) -> DocumentNode {
    try PropertyListFormat().parse(FormatInput(text: text, file: "t.plist", limits: limits))
}

private func xmlPlist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">\(body)</plist>
    """
}

@Suite("Property-list format plugin")
struct PropertyListFormatTests {
    @Test("XML values keep their types and maps keep the order of the file")
    func xmlValues() throws {
        let node = try parsePlist(xmlPlist("""
            <dict>
              <key>z</key><string>last</string>
              <key>flag</key><true/>
              <key>count</key><integer>3</integer>
              <key>one</key><integer>1</integer>
              <key>size</key><real>15.5</real>
              <key>whole</key><real>2</real>
              <key>list</key><array><false/><integer>0</integer><string>x</string></array>
              <key>big</key><integer>12345678901234567890</integer>
            </dict>
            """))
        #expect(node.value.mapEntries?.map(\.key) == ["z", "flag", "count", "one", "size", "whole", "list", "big"])
        #expect(node["flag"]?.value == .bool(true))
        #expect(node["count"]?.value == .integer(3))
        #expect(node["one"]?.value == .integer(1))
        #expect(node["size"]?.value == .float(15.5))
        #expect(node["whole"]?.value == .float(2))
        #expect(node["z"]?.value == .string("last"))
        #expect(node["big"]?.value == .float(Double(12_345_678_901_234_567_890 as UInt64)))  // the nearest Double
        guard case .list(let items)? = node["list"]?.value else { Issue.record("no list"); return }
        #expect(items.map(\.value) == [.bool(false), .integer(0), .string("x")])
        // xmlPlist puts `<dict>` on line 3 after `<plist version="1.0">` (21 characters).
        #expect(node.location == SourceLocation(file: "t.plist", line: 3, column: 22))
        #expect(node.value.mapEntries?.first?.keyLocation == SourceLocation(file: "t.plist", line: 4, column: 3))
        #expect(node["z"]?.location == SourceLocation(file: "t.plist", line: 4, column: 15))
        #expect(items.map(\.location.column) == [25, 33, 53])
        #expect(items.allSatisfy { $0.location.line == 10 })
    }

    @Test("positions count Unicode scalars and survive comments, CDATA, entities and CR LF")
    func positions() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!-- a <comment> -->\r\n<plist version=\"1.0\"><dict>\r\n"
            + "<key>caf\u{E9} &amp; <![CDATA[<b>]]></key>  <string><![CDATA[</string>]]></string>\r\n"
            + "<key>\u{1F600}</key><integer>7</integer></dict></plist>"
        let node = try parsePlist(text)
        #expect(node.value.mapEntries?.map(\.key) == ["caf\u{E9} & <b>", "\u{1F600}"])
        #expect(node.location == SourceLocation(file: "t.plist", line: 3, column: 22))
        #expect(node["caf\u{E9} & <b>"]?.location == SourceLocation(file: "t.plist", line: 4, column: 40))
        #expect(node["caf\u{E9} & <b>"]?.value == .string("</string>"))
        // The emoji is one scalar, so `<integer>` starts at column 1 + 5 + 1 + 6 = 13.
        #expect(node["\u{1F600}"]?.location == SourceLocation(file: "t.plist", line: 5, column: 13))
    }

    @Test("a key repeated in an XML dictionary is duplicate-key at the repeat")
    func duplicateKey() {
        #expect {
            _ = try parsePlist(xmlPlist("<dict>\n<key>a</key><integer>1</integer>\n<key>b</key><integer>2</integer>\n<key>a</key><integer>3</integer>\n</dict>"))
        } throws: { error in
            let diagnostics = (error as? ThemeloadError)?.diagnostics ?? []
            return diagnostics.count == 1 && diagnostics[0].code == .duplicateKey && diagnostics[0].line == 6 && diagnostics[0].column == 1
                && diagnostics[0].keyPath?.description == "a"
        }
    }

    @Test("UTF-16 XML reads without positions, its maps sorted by key")
    func wideText() throws {
        var bytes = Data([0xFF, 0xFE])
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><dict><key>b</key><true/><key>a</key><false/></dict></plist>"
        bytes.append(try #require(text.data(using: .utf16LittleEndian)))
        let node = try PropertyListFormat().parse(FormatInput(bytes: bytes, file: "t.plist"))
        #expect(node.value.mapEntries?.map(\.key) == ["a", "b"])
        #expect(node.location == SourceLocation(file: "t.plist"))
    }

    @Test("a binary plist reads the same as its XML form")
    func binary() throws {
        let object: [String: Any] = ["name": "Moments", "sizes": [1, 2.5, true] as [Any], "nested": ["a": "b"]]
        let bytes = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(bytes.starts(with: Array("bplist".utf8)))
        let node = try PropertyListFormat().parse(FormatInput(bytes: bytes, file: "t.plist"))
        #expect(node["name"]?.value == .string("Moments"))
        #expect(node["nested"]?["a"]?.value == .string("b"))
        guard case .list(let items)? = node["sizes"]?.value else { Issue.record("no list"); return }
        #expect(items.map(\.value) == [.integer(1), .float(2.5), .bool(true)])
    }

    @Test("<date> and <data> are type errors at their key paths, all reported together")
    func dateAndData() {
        #expect {
            _ = try parsePlist(xmlPlist("""
                <dict><key>a</key><dict><key>when</key><date>2020-01-01T00:00:00Z</date></dict>
                <key>blob</key><array><string>ok</string><data>AAAA</data></array></dict>
                """))
        } throws: { error in
            let diagnostics = (error as? ThemeloadError)?.diagnostics ?? []
            return diagnostics.map(\.code) == [.type, .type]
                && Set(diagnostics.compactMap { $0.keyPath?.description }) == ["a.when", "blob[1]"]
                && diagnostics.map(\.line) == [3, 4] && diagnostics.allSatisfy { $0.file == "t.plist" }
        }
    }

    @Test("diagnostics come in the order of the file, whatever the dictionary's order")
    func diagnosticOrder() {
        let dates = (0..<10).map { "<key>k\($0)</key><date>2020-01-01T00:00:00Z</date>" }.joined()
        let items = (0..<11).map { [2, 10].contains($0) ? "<data>AAAA</data>" : "<string>ok</string>" }.joined()
        let text = xmlPlist("""
            <dict><key>m</key><dict><key>z</key><data>AAAA</data><key>a</key><date>2020-01-01T00:00:00Z</date></dict>
            <key>list</key><array>\(items)</array>\(dates)</dict>
            """)
        #expect {
            _ = try parsePlist(text)
        } throws: { error in
            let paths = (error as? ThemeloadError)?.diagnostics.map { $0.keyPath?.description ?? "" } ?? []
            return paths == ["m.z", "m.a", "list[2]", "list[10]"] + (0..<10).map { "k\($0)" }
        }
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var code: DiagnosticCode
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "OpenStep plist", text: "{ key = value; }", code: .syntax),
        BadInput(name: "unclosed XML", text: "<?xml version=\"1.0\"?><plist><dict><key>a</key>", code: .syntax),
        BadInput(name: "not an integer", text: xmlPlist("<dict><key>a</key><integer>x</integer></dict>"), code: .syntax),
        BadInput(name: "nesting of 65", text: xmlPlist(String(repeating: "<array>", count: 65) + String(repeating: "</array>", count: 65)), code: .limitExceeded),
        BadInput(name: "empty file", text: "", code: .syntax),
    ]

    @Test("bad input is a diagnostic naming the file", arguments: badInputs)
    func badInput(_ input: BadInput) {
        #expect {
            _ = try parsePlist(input.text)
        } throws: { error in
            guard let first = (error as? ThemeloadError)?.diagnostics.first else { return false }
            return first.code == input.code && first.file == "t.plist"
        }
    }

    @Test("the plugin passes the public conformance check")
    func conformance() {
        let check = FormatPluginConformance(
            plugin: PropertyListFormat(),
            sample: Data(xmlPlist("<dict><key>name</key><string>Moments</string><key>size</key><integer>15</integer></dict>").utf8),
            expected: .map([
                DocumentEntry(key: "name", keyLocation: .init(file: ""), value: .init(.string("Moments"), at: .init(file: ""))),
                DocumentEntry(key: "size", keyLocation: .init(file: ""), value: .init(.integer(15), at: .init(file: ""))),
            ]),
            invalidSamples: [Data("<plist><dict>".utf8), Data("(a, b)".utf8)],
            nested: { depth in
                Data(xmlPlist(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)).utf8)
            })
        #expect(check.run() == [])
    }
}
