import Testing
@testable import Themeload

@Suite("Level plan")
struct LevelPlanTests {
    /// A resolved document's map, from JSON.
    func document(_ json: String) throws -> NodeMap {
        try #require(ThemeNode(JSONFormat().parse(FormatInput(text: json, file: "t.json"))).map)
    }

    /// A document after reference binding, which leaves plain references to a palette or font
    /// entry of the property's kind as written: `tintColor` named a font, so it was bound.
    let json = """
        {"palette": {"ink": "#000000", "paper": "#FFFFFF"}, "fonts": {"body": {"name": "Body", "size": 12}},
         "levels": {"normal": {"textColor": "{palette.paper}", "lines": 1},
                    "subTitle": {"lines": 2, "backgroundColor": "{palette.paper}", "font": "{fonts.body}", "tintColor": {"name": "Body", "size": 12}}}}
        """

    func plan() throws -> LevelPlan {
        // mainTitle has no row: its level is missing from the document, and its row stays empty.
        try LevelPlan(document: document(json), levelOrder: ["normal", "mainTitle", "subTitle"])
    }

    @Test("columns are sorted by name; each property has its level's row and its kind")
    func layout() throws {
        let plan = try plan()
        #expect(plan.columnNames == ["backgroundColor", "font", "lines", "textColor", "tintColor"])
        let placed = plan.properties.map { "\(plan.levelName(of: $0)).\(plan.name(of: $0))@\($0.row),\($0.column) \($0.kind)" }
        #expect(placed == [
            "normal.textColor@0,3 color", "normal.lines@0,2 untyped",
            "subTitle.lines@2,2 untyped", "subTitle.backgroundColor@2,0 color", "subTitle.font@2,1 font", "subTitle.tintColor@2,4 color",
        ])
        #expect(plan.cellCount == 15)
        #expect(plan.properties.map(plan.cell(of:)) == [3, 2, 12, 10, 11, 14])
    }

    @Test("a property written as a plain reference to a palette or font entry of its own kind names that entry's position")
    func sectionEntries() throws {
        let entries = try plan().properties.map { property -> String in
            switch property.sectionEntry {
            case .palette(let position)?: "palette \(position)"
            case .font(let position)?: "font \(position)"
            case nil: "none"
            }
        }
        #expect(entries == ["palette 1", "none", "none", "palette 1", "font 0", "none"])
    }

    @Test("such a property keeps no node (it takes its entry's value), and every other property its own")
    func sectionEntryNodes() throws {
        let nodes = try plan().properties.map { property -> String in
            guard let node = property.node else { return "none" }
            return node.map.map { "map of \($0.count)" } ?? "\(node.value)"
        }
        #expect(nodes == ["none", "scalar(Themeload.DocumentValue.integer(1))", "scalar(Themeload.DocumentValue.integer(2))", "none", "none", "map of 2"])
    }

    @Test("a column no style wrote is left out of the final table, and the others move left")
    func unwrittenColumn() throws {
        let plan = try plan()
        let (index, columns) = plan.index(keepingWrittenColumns: [true, false, true, true, true])
        #expect(index.properties == ["backgroundColor", "lines", "textColor", "tintColor"])
        #expect(columns == [0, nil, 1, 2, 3])
        var cells = [ThemeValue?](repeating: nil, count: plan.cellCount)
        cells[2] = .integer(1)
        cells[3] = .string("text")
        cells[12] = .integer(2)
        cells[14] = .string("tint")
        let final = plan.finalCells(cells, columns: columns)
        #expect(final.count == 12)
        #expect(final.enumerated().filter { $0.element != nil }.map(\.offset) == [1, 2, 9, 11])
        #expect(final[2]?.string == "text" && final[9] == .integer(2) && final[11]?.string == "tint")
    }

    @Test("when every column is written, the table is kept as laid out")
    func everyColumnWritten() throws {
        let plan = try plan()
        let (index, columns) = plan.index(keepingWrittenColumns: [true, true, true, true, true])
        #expect(index.properties == plan.columnNames)
        let cells: [ThemeValue?] = (0..<plan.cellCount).map { .integer(Int64($0)) }
        #expect(plan.finalCells(cells, columns: columns) == cells)
    }
}

@Suite("Plain references to a section entry")
struct PlainSectionReferenceTests {
    /// Written by hand from SPEC section 6: `{section.name}` with keys of letters, digits, `_`
    /// and `-` (letters and digits of any script), naming the section of the property's kind.
    @Test("a plain reference names its entry only in the section of the property's kind", arguments: [
        ("{palette.ink}", PropertyKind.color, "palette", "ink"),
        ("{palette.brand-2_dark}", .color, "palette", "brand-2_dark"),
        ("{fonts.body}", .font, "fonts", "body"),
        ("{palette.encre}", .color, "palette", "encre"),
        ("{palette.élan}", .color, "palette", "élan"),
        ("{fonts.見出し}", .font, "fonts", "見出し"),
        ("{fonts.body}", .color, nil, nil),
        ("{palette.ink}", .font, nil, nil),
        ("{palette.ink}", .untyped, nil, nil),
        ("{palette.ink}", .shadow, nil, nil),
        ("{palette.brand.primary}", .color, nil, nil),
        ("{palette.}", .color, nil, nil),
        ("{palette}", .color, nil, nil),
        ("{palettes.ink}", .color, nil, nil),
        ("{metrics.gap}", .color, nil, nil),
        ("{palette.ink", .color, nil, nil),
        ("palette.ink}", .color, nil, nil),
        ("{palette.in k}", .color, nil, nil),
        ("{palette.ink!}", .color, nil, nil),
        ("{Palette.ink}", .color, nil, nil),
        ("{palette.ink}x", .color, nil, nil),
        ("{palette.é!}", .color, nil, nil),
    ] as [(String, PropertyKind, String?, String?)])
    func entry(_ text: String, kind: PropertyKind, section: String?, name: String?) {
        let found = ReferenceResolver.sectionEntryName(ofReference: text, kind: kind)
        #expect(found == name)
        // The entry is in the section of the property's kind.
        #expect(found.flatMap { _ in ReferenceResolver.entrySection(for: kind) } == section)
        // The same as the general reading of the reference's path.
        let general = ThemeNode.referencePath(in: text).flatMap { ReferenceResolver.sectionEntryName($0, kind: kind) }
        #expect(found == general)
    }
}
