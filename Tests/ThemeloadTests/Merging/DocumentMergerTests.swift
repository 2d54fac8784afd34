import Testing
@testable import Themeload

/// Laying one level's row over another's (SPEC section 5): key by key, `null` deleting.
@Suite("Document merger")
struct DocumentMergerTests {
    func node(_ json: String, file: String = "n.json") throws -> ThemeNode {
        ThemeNode(try JSONFormat().parse(FormatInput(text: json, file: file)))
    }

    /// A row whose keys come in its parent's order is merged pair by pair; one in another order
    /// key by key. Both give the parent's order, the values merged by the value rules, the deleted
    /// key gone, and the child's key locations.
    @Test("a row over its parent's gives the same whether or not its keys come in the parent's order", arguments: [
        ##"{"a": 2, "b": {"dark": "#111111"}, "c": null}"##,
        ##"{"c": null, "b": {"dark": "#111111"}, "a": 2}"##,
    ])
    func rowOverParent(_ child: String) throws {
        let merger = DocumentMerger(styles: ["light", "dark"])
        let parent = try node(##"{"a": 1, "b": {"light": "#FFFFFF", "dark": "#000000"}, "c": "x"}"##, file: "parent.json")
        let overlay = try node(child, file: "child.json")
        let row = try #require(merger.mergeRow(parent, overlay))
        #expect(row.hasSameData(as: try node(##"{"a": 2, "b": {"light": "#FFFFFF", "dark": "#111111"}}"##)))
        let map = try #require(row.map)
        #expect(Array(map.keys) == ["a", "b"])
        #expect(map.keyLocation("a") == overlay.map?.keyLocation("a"))
        #expect(map.keyLocation("b") == overlay.map?.keyLocation("b"))
        #expect(map.keyLocation("a")?.file == "child.json")
    }
}
