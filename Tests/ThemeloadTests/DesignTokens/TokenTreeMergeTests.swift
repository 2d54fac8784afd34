import Testing
@testable import Themeload

@Suite("Design-token sources merged")
struct TokenTreeMergeTests {
    private func parse(_ text: String, _ file: String) throws -> DocumentNode {
        try JSONFormat().parse(FormatInput(text: text, file: file))
    }

    /// Sources laid over each other one by one, with the two-way merge.
    private func mergedOneByOne(_ sources: [DocumentNode], legacy: Bool) -> DocumentNode {
        sources.dropFirst().reduce(sources[0]) { TokenTree.merge($0, $1, legacy: legacy) }
    }

    /// Groups merge name by name, in the order names are first met; a token (or anything but a
    /// group) replaces what is under it, and a group over a token replaces it.
    @Test("merging all sources at once gives what laying them one by one gives", arguments: [
        [#"{"a": {"x": {"$value": 1}}, "b": {"$value": 2}}"#, #"{"a": {"y": {"$value": 3}}, "c": {"$value": 4}}"#],
        [#"{"a": {"x": {"$value": 1}}}"#, #"{"a": {"$value": 5}}"#, #"{"a": {"z": {"$value": 6}}}"#],
        [#"{"a": {"$value": 5}}"#, #"{"a": {"x": {"$value": 1}}}"#, #"{"a": {"y": {"$value": 2}}}"#],
        [#"{"g": {"h": {"i": {"$value": 1}}, "$type": "number"}}"#, #"{"g": {"h": {"j": {"$value": 2}}}}"#, #"{"g": {"h": {"i": {"$value": 9}}}}"#],
        [#"{"a": 1}"#, #"{"a": {"x": {"$value": 1}}}"#, #"{"b": [1, 2]}"#, #"{"a": {"x": {"$value": 2}, "w": {"$value": 3}}}"#],
        [#"{"only": {"$value": 1}}"#],
    ])
    func mergeAtOnce(texts: [String]) throws {
        let sources = try texts.enumerated().map { try parse($1, "s\($0).tokens.json") }
        let tree = TokenTree(sources: sources)
        #expect(tree.root == mergedOneByOne(sources, legacy: tree.isLegacy))
        #expect(tree.root.location == mergedOneByOne(sources, legacy: tree.isLegacy).location)
    }

    @Test("1,000 sources, each a token of one group, merge into the group with every token in order")
    func manySources() throws {
        let sources = try (0..<1_000).map { try parse("{\"g\": {\"t\($0)\": {\"$value\": \($0)}}}", "s\($0).tokens.json") }
        let tree = TokenTree(sources: sources)
        #expect(tree.root["g"]?.value.mapEntries?.map(\.key) == (0..<1_000).map { "t\($0)" })
        #expect(tree.root == mergedOneByOne(sources, legacy: false))
    }
}
