import Testing
@testable import Themeload

/// A node knows whether it holds a string that may be a reference (`{` … `}`) or a map laid
/// over a reference, at any depth: reference binding skips whatever does not.
@Suite("Theme nodes")
struct ThemeNodeTests {
    func node(_ json: String) throws -> ThemeNode {
        ThemeNode(try JSONFormat().parse(FormatInput(text: json, file: "n.json")))
    }

    @Test("a node may hold a reference exactly when some string in it starts with { and ends with }", arguments: [
        (#""{palette.ink}""#, true),
        (#""{not a path}""#, true),
        (#""{""#, false),
        (##""#0770E3""##, false),
        (#""plain""#, false),
        ("12", false),
        ("null", false),
        (##"{"light": "#FFF", "dark": "#000"}"##, false),
        (##"{"light": "#FFF", "dark": "{palette.ink}"}"##, true),
        (#"[1, [2, ["x", "{a.b}"]]]"#, true),
        (#"[1, [2, ["x", "{a.b"]]]"#, false),
        (#"{"a": {"b": {"c": [{"d": "{e.f}"}]}}}"#, true),
        (#"{"a": {"b": {"c": [{"d": "e.f}"}]}}}"#, false),
        (#"{"{key}": "value"}"#, false),
    ])
    func mayHoldReference(_ json: String, expected: Bool) throws {
        let parsed = try node(json)
        #expect(parsed.mayHoldReference == expected)
        // A node made from its parts knows the same.
        let rebuilt: ThemeNode = switch parsed.value {
        case .map(let map): ThemeNode(.map(map), at: parsed.location)
        case .list(let items): ThemeNode(.list(items), at: parsed.location)
        default: ThemeNode(parsed.value, at: parsed.location)
        }
        #expect(rebuilt.mayHoldReference == expected)
    }

    @Test("merging keeps the mark: a map laid over a reference may hold one; a merge that drops it does not")
    func merged() throws {
        let merger = DocumentMerger(styles: ["light", "dark"])
        let overReference = try #require(merger.merge(try node(#""{fonts.body}""#), try node(#"{"size": 20}"#)))
        #expect(overReference.mayHoldReference)
        let replaced = try #require(merger.merge(try node(#"{"a": "{x.y}", "b": 1}"#), try node(#"{"a": "plain"}"#)))
        #expect(!replaced.mayHoldReference)
        let added = try #require(merger.merge(try node(#"{"a": 1}"#), try node(#"{"b": "{x.y}"}"#)))
        #expect(added.mayHoldReference)
    }

    @Test("two nodes hold the same data as their documents do: locations aside, maps in order, an integer whatever its notation", arguments: [
        (#"{"a": 1, "b": [true, null, "x"]}"#, "{\n  \"a\": 1,\n  \"b\": [true, null, \"x\"]\n}", true),
        (#"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#, false),
        (#"{"a": 1}"#, #"{"a": 1, "b": 2}"#, false),
        (#"{"a": 1}"#, #"{"b": 1}"#, false),
        (#"[1, 2]"#, #"[1, 2, 3]"#, false),
        (##""#FFF""##, ##""#fff""##, false),
        ("1", "1.0", false),
        ("1.5", "1.5", true),
        (#"{"c": [0.1, 0.2]}"#, #"{"c": [0.1, 0.25]}"#, false),
    ])
    func sameData(_ first: String, _ second: String, expected: Bool) throws {
        let (a, b) = (try node(first), try node(second))
        #expect(a.hasSameData(as: b) == expected)
        #expect(b.hasSameData(as: a) == expected)
        // As DocumentNode's equality says of the documents they were made from.
        let documents = (try JSONFormat().parse(FormatInput(text: first, file: "a.json")), try JSONFormat().parse(FormatInput(text: second, file: "b.json")))
        #expect((documents.0 == documents.1) == expected)
    }

    @Test("a hex integer and the same integer hold the same data; a map laid over a reference is compared by its parts")
    func hexAndPatched() {
        let here = SourceLocation(file: "a.yaml", line: 1, column: 1), there = SourceLocation(file: "b.yaml", line: 9, column: 4)
        #expect(ThemeNode(.scalar(.hexInteger(255)), at: here).hasSameData(as: ThemeNode(.scalar(.integer(255)), at: there)))
        let reference = ThemeNode(.scalar(.string("{fonts.body}")), at: here)
        let patch = ThemeNode(.map(NodeMap(distinctEntries: [NodeMap.Entry(key: "size", keyLocation: here, node: ThemeNode(.scalar(.integer(20)), at: here))])), at: here)
        let otherPatch = ThemeNode(.map(NodeMap(distinctEntries: [NodeMap.Entry(key: "size", keyLocation: here, node: ThemeNode(.scalar(.integer(21)), at: here))])), at: here)
        let patched = ThemeNode(.patched(reference: reference, patches: [patch]), at: here)
        #expect(patched.hasSameData(as: ThemeNode(.patched(reference: reference, patches: [patch]), at: there)))
        #expect(!patched.hasSameData(as: ThemeNode(.patched(reference: reference, patches: [otherPatch]), at: here)))
        #expect(!patched.hasSameData(as: reference))
    }

    @Test("a tree taken apart as it is converted gives the node a borrowed one does, locations and marks too, and a copy held elsewhere keeps its children", arguments: [
        ##"{"palette": {"ink": "#111", "accent": {"light": "{palette.ink}", "dark": "#EEE"}}, "levels": {"normal": {"insets": [1, 2, [3, "{x.y}"]]}}}"##,
        #"[{"a": []}, {}, [], null, "s", 1.5]"#,
        #""{palette.ink}""#,
    ])
    func taking(_ json: String) throws {
        let document = try JSONFormat().parse(FormatInput(text: json, file: "t.json"))
        let borrowed = ThemeNode(document)
        let keptCopy = document
        let taken = ThemeNode(taking: document)
        #expect(taken.hasSameData(as: borrowed))
        #expect(taken.mayHoldReference == borrowed.mayHoldReference)
        func locations(_ node: ThemeNode) -> [Themeload.SourceLocation] {
            switch node.value {
            case .map(let map): [node.location] + map.entries.flatMap { [$0.keyLocation].compactMap { $0 } + locations($0.node) }
            case .list(let items): [node.location] + items.flatMap(locations)
            default: [node.location]
            }
        }
        #expect(locations(taken) == locations(borrowed))
        // The copy was not emptied: taking copies what it empties when the tree is shared.
        #expect(keptCopy == (try JSONFormat().parse(FormatInput(text: json, file: "t.json"))))
        #expect(ThemeNode(keptCopy).hasSameData(as: borrowed))
    }
}
