import Testing
@testable import Themeload
import ThemeloadTestSupport

@Suite("Document assembler")
struct DocumentAssemblerTests {
    private func at(_ line: Int) -> Themeload.SourceLocation { Themeload.SourceLocation(file: "a.json", line: line, column: 1) }

    private func entry(_ assembler: inout DocumentAssembler, _ key: String, _ value: DocumentValue, line: Int) -> Diagnostic? {
        let duplicate = assembler.beginEntry(key: key, hash: DocumentAssembler.keyHash(key), at: at(line))
        assembler.completeEntry(with: DocumentNode(value, at: at(line)))
        return duplicate
    }

    @Test("nested maps and lists close into the tree they were opened as, keys in order")
    func nesting() {
        var assembler = DocumentAssembler()
        assembler.openMap(at: at(1))
        #expect(entry(&assembler, "name", .string("Main"), line: 2) == nil)
        #expect(assembler.beginEntry(key: "sizes", hash: DocumentAssembler.keyHash("sizes"), at: at(3)) == nil)
        assembler.openList(at: at(3))
        assembler.append(DocumentNode(.integer(1), at: at(4)))
        assembler.openMap(at: at(5))
        #expect(entry(&assembler, "inner", .bool(true), line: 5) == nil)
        assembler.append(assembler.close())
        assembler.completeEntry(with: assembler.close())
        #expect(entry(&assembler, "last", .null, line: 6) == nil)
        #expect(assembler.depth == 1)
        let root = assembler.close()
        #expect(assembler.depth == 0)

        let inner = DocumentNode(.map([DocumentEntry(key: "inner", keyLocation: at(5), value: DocumentNode(.bool(true), at: at(5)))]), at: at(5))
        let expected = DocumentNode(.map([
            DocumentEntry(key: "name", keyLocation: at(2), value: DocumentNode(.string("Main"), at: at(2))),
            DocumentEntry(key: "sizes", keyLocation: at(3), value: DocumentNode(.list([DocumentNode(.integer(1), at: at(4)), inner]), at: at(3))),
            DocumentEntry(key: "last", keyLocation: at(6), value: DocumentNode(.null, at: at(6))),
        ]), at: at(1))
        #expect(root == expected)
        #expect(root.location.line == 1)
        #expect(root["sizes"]?.location.line == 3)
        #expect(root.node(at: DocumentPath([.key("sizes"), .index(1), .key("inner")]))?.location.line == 5)
    }

    /// Sizes below, at and past the point where a map gets a hash table, and past two of its
    /// growths; every key is repeated once, so every repeat must be found.
    @Test("a repeated key is reported at the repeat, naming the first line, in maps of every size; the first entry is kept", arguments: [2, 15, 16, 17, 40, 300])
    func duplicates(count: Int) {
        var assembler = DocumentAssembler()
        assembler.openMap(at: at(1))
        for index in 0..<count { #expect(entry(&assembler, "key\(index)", .integer(Int64(index)), line: index + 2) == nil) }
        for index in stride(from: count - 1, through: 0, by: -1) {
            let duplicate = entry(&assembler, "key\(index)", .string("again"), line: 1000 + index)
            #expect(duplicate == Diagnostic(.duplicateKey, "duplicate key \"key\(index)\" (first defined at line \(index + 2))", at: at(1000 + index)))
        }
        // Keys that differ only slightly are not repeats.
        #expect(entry(&assembler, "key", .null, line: 2000) == nil)
        #expect(entry(&assembler, "key0 ", .null, line: 2001) == nil)
        let entries = assembler.close().value.mapEntries ?? []
        #expect(entries.count == count + 2)
        #expect(entries.prefix(count).map(\.value.value) == (0..<count).map { .integer(Int64($0)) })
    }

    @Test("keys written to collide in the table move their map to a dictionary: every key kept in order, every repeat found")
    func collidingKeysStayLinear() {
        let keys = CollidingKeys.make(3_000)
        #expect(Set(keys.map { DocumentAssembler.keyHash($0) & 0xFFFFF }).count == 1)
        var assembler = DocumentAssembler()
        assembler.openMap(at: at(1))
        for (index, key) in keys.enumerated() { #expect(entry(&assembler, key, .integer(Int64(index)), line: index + 2) == nil) }
        let movedToDictionary = assembler.innermostChecksKeysByDictionary
        #expect(movedToDictionary)
        for index in [0, 1, 1_500, 2_999] {
            let duplicate = entry(&assembler, keys[index], .string("again"), line: 10_000 + index)
            #expect(duplicate == Diagnostic(.duplicateKey, "duplicate key \"\(keys[index])\" (first defined at line \(index + 2))", at: at(10_000 + index)))
        }
        #expect(entry(&assembler, "new", .null, line: 20_000) == nil)
        let entries = assembler.close().value.mapEntries ?? []
        #expect(entries.map(\.key) == keys + ["new"])
        #expect(entries.prefix(keys.count).map(\.value.value) == (0..<keys.count).map { .integer(Int64($0)) })
    }

    /// Keys as themes and token files write them: a table's probes stay short, so the map keeps
    /// its table.
    /// The bytes of these pairs differ; Swift's strings, and so the resolver's dictionaries, take
    /// each pair as one key, where the second value silently replaced the first.
    @Test("canonically equivalent keys are a repeat, before and after the map has many keys", arguments: [
        ("caf\u{E9}", "cafe\u{301}"), ("cafe\u{301}", "caf\u{E9}"), ("Key", "\u{212A}ey"), ("\u{212A}ey", "Key"), ("\u{212B}", "\u{C5}"),
    ], [0, 40])
    func canonicallyEquivalentKeys(pair: (String, String), before: Int) {
        var assembler = DocumentAssembler()
        assembler.openMap(at: at(1))
        for index in 0..<before { #expect(entry(&assembler, "k\(index)", .null, line: 2 + index) == nil) }
        #expect(entry(&assembler, pair.0, .integer(1), line: 100) == nil)
        let repeated = entry(&assembler, pair.1, .integer(2), line: 101)
        #expect(repeated?.code == .duplicateKey)
        #expect(repeated?.line == 101)
        // The keys after still go in, in order, each checked.
        #expect(entry(&assembler, "été", .null, line: 102) == nil)
        #expect(entry(&assembler, "k0", .null, line: 103)?.code == (before > 0 ? .duplicateKey : nil))
        let map = assembler.close()
        #expect(map.value.mapEntries?.map(\.key) == (0..<before).map { "k\($0)" } + [pair.0, "été"] + (before > 0 ? [] : ["k0"]))
        #expect(map[pair.0]?.value == .integer(1))
    }

    @Test("maps of ordinary keys keep their table", arguments: [
        (0..<20_000).map { "color\($0)" },
        (0..<5_000).map { "semantic.s\($0)" },
        (0..<2_000).map { "level\($0 % 40)Title\($0 / 40)" },
        ["$value", "$type", "$description", "$extensions", "$deprecated", "$root"] + (0..<100).map { "t\($0)" },
    ])
    func ordinaryKeysKeepTheTable(keys: [String]) {
        var assembler = DocumentAssembler()
        assembler.openMap(at: at(1))
        for (index, key) in keys.enumerated() { #expect(entry(&assembler, key, .null, line: index + 2) == nil) }
        let movedToDictionary = assembler.innermostChecksKeysByDictionary
        #expect(!movedToDictionary)
        _ = assembler.close()
    }

    @Test("a key's hash is the same from its bytes and from its string", arguments: ["", "a", "textColor", "clé", "🎨 palette"])
    func keyHashes(key: String) {
        var bytes = Array(key.utf8)
        let fromBytes = bytes.withUnsafeMutableBufferPointer { DocumentAssembler.keyHash(UnsafeBufferPointer($0)) }
        #expect(fromBytes == DocumentAssembler.keyHash(key))
    }
}

@Suite("UTF-8 checks")
struct UTF8TextTests {
    private func isWellFormed(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(UTF8Text.isWellFormed)
    }

    /// Every sequence of one and two bytes, and three-byte sequences that start with a lead byte
    /// and end at the edges of every range, against the standard library's validation.
    @Test("agrees with the standard library on every one- and two-byte sequence and on three-byte edges")
    func exhaustiveShortSequences() {
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var disagreements: [[UInt8]] = []
        func check(_ bytes: [UInt8]) {
            if isWellFormed(bytes) != (String(validating: bytes, as: UTF8.self) != nil) { disagreements.append(bytes) }
        }
        for first in UInt8.min...UInt8.max {
            check([first])
            for second in UInt8.min...UInt8.max {
                check([first, second])
                if first >= 0xC0 {
                    for third in edges { check([first, second, third]) }
                }
            }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }

    @Test("four-byte sequences at the edges of every range agree with the standard library")
    func fourByteEdges() {
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var disagreements: [[UInt8]] = []
        for first in UInt8(0xF0)...UInt8(0xFF) {
            for second in UInt8.min...UInt8.max {
                for third in edges {
                    for fourth in edges {
                        let bytes = [first, second, third, fourth]
                        if isWellFormed(bytes) != (String(validating: bytes, as: UTF8.self) != nil) { disagreements.append(bytes) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }

    @Test("long text: ASCII runs, multi-byte characters, and a cut-off character at the end")
    func longText() {
        let text = String(repeating: "palette.color · naïve 🎨 ", count: 50)
        #expect(isWellFormed(Array(text.utf8)))
        #expect(!isWellFormed(Array(text.utf8) + [0xF0, 0x9F, 0x8E]))
        #expect(!isWellFormed(Array(String(repeating: "a", count: 17).utf8) + [0xC0, 0x80]))  // overlong NUL after the fast path
        #expect(UTF8Text.string(UnsafeBufferPointer(start: nil, count: 0)) == "")
    }
}

@Suite("Map nodes for plugin authors")
struct CheckedMapTests {
    func entry(_ key: String, line: Int) -> DocumentEntry {
        DocumentEntry(key: key, keyLocation: SourceLocation(file: "t.toml", line: line, column: 1), value: DocumentNode(.integer(Int64(line)), at: SourceLocation(file: "t.toml", line: line, column: 5)))
    }

    @Test("a map with distinct keys is made as given")
    func distinct() throws {
        let node = try DocumentNode(checkingKeys: [entry("a", line: 1), entry("b", line: 2)], at: SourceLocation(file: "t.toml", line: 1, column: 1))
        #expect(node.value.mapEntries?.map(\.key) == ["a", "b"])
    }

    @Test("every repeated key is duplicate-key at the repeat, naming the first one's line, as the built-in plugins say it")
    func repeats() {
        #expect {
            _ = try DocumentNode(checkingKeys: [entry("a", line: 1), entry("b", line: 2), entry("a", line: 3), entry("b", line: 4)],
                                 at: SourceLocation(file: "t.toml", line: 1, column: 1))
        } throws: { error in
            let diagnostics = (error as? ThemeloadError)?.diagnostics ?? []
            return diagnostics.map(\.description) == [
                "t.toml:3:1: error: duplicate key \"a\" (first defined at line 1) [duplicate-key]",
                "t.toml:4:1: error: duplicate key \"b\" (first defined at line 2) [duplicate-key]",
            ]
        }
        // The JSON plugin words it the same way.
        #expect(throws: ThemeloadError([Diagnostic(.duplicateKey, "duplicate key \"a\" (first defined at line 1)", at: SourceLocation(file: "t.json", line: 2, column: 1))])) {
            _ = try JSONFormat().parse(FormatInput(text: "{\"a\": 1,\n\"a\": 2}", file: "t.json"))
        }
    }
}
