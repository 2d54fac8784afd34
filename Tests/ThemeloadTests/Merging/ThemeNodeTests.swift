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
}
