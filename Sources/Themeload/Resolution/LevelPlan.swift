/// The level properties of a resolved document, laid out once for every style: each property's
/// kind, its cell in a style's level table and the palette or font entry it is written as a plain
/// reference to are worked out here once, so reading a style does no name lookups for them.
///
/// Columns are numbered in the order their names are first met; ``index(keepingColumnsWrittenIn:)``
/// then gives the final table its sorted columns, keeping only those some style wrote a value in.
struct LevelPlan {
    /// A palette or font entry, by its position in its section of the resolved document.
    enum SectionEntry {
        case palette(Int)
        case font(Int)
    }

    /// One property of one level.
    struct Property {
        /// The level's name and the property's, for key paths.
        let level: String
        let name: String
        /// The level's position among the document's levels, and the property's within the level:
        /// where a value that is the same in every style is kept.
        let levelPosition: Int
        let position: Int
        let kind: PropertyKind
        /// The property's node, references bound.
        let node: ThemeNode
        /// Its cell in a style's table as laid out here: row × ``LevelPlan/columnCount`` + column.
        let cell: Int
        /// The palette or font entry the property is written as nothing but a reference to, when
        /// its kind is that entry's kind.
        let sectionEntry: SectionEntry?
    }

    /// Every level property, level by level in the document's order.
    let properties: [Property]
    /// The levels, in row order.
    let levelOrder: [String]
    /// The property names, in column order (as first met).
    let columnNames: [String]
    private let columnOf: [String: Int]

    var columnCount: Int { columnNames.count }
    var cellCount: Int { levelOrder.count * columnNames.count }

    /// - Parameters:
    ///   - document: the resolved document, whose `levels` are rows with their references bound.
    ///   - written: each level's row before references were bound, to tell which properties are
    ///     plain references to a palette or font entry.
    ///   - levelOrder: the levels in row order.
    init(document: NodeMap, written: [String: ThemeNode], levelOrder: [String]) {
        self.levelOrder = levelOrder
        var rowOf: [String: Int] = Dictionary(minimumCapacity: levelOrder.count)
        for (row, level) in levelOrder.enumerated() where rowOf[level] == nil { rowOf[level] = row }
        let palette = document[DocumentShape.palette]?.map, fonts = document[DocumentShape.fonts]?.map

        var placed: [(row: Int, column: Int, level: String, levelPosition: Int, position: Int, entry: NodeMap.Entry, kind: PropertyKind, sectionEntry: SectionEntry?)] = []
        var columnNames: [String] = []
        var columns: [String: (column: Int, kind: PropertyKind)] = [:]
        for (levelPosition, level) in (document[DocumentShape.levels]?.map?.entries ?? []).enumerated() {
            guard let row = rowOf[level.key] else { continue }
            let writtenRow = written[level.key]?.map
            for (position, property) in (level.node.map?.entries ?? []).enumerated() {
                let column: (column: Int, kind: PropertyKind)
                if let known = columns[property.key] {
                    column = known
                } else {
                    column = (columnNames.count, PropertyKind(propertyName: property.key))
                    columns[property.key] = column
                    columnNames.append(property.key)
                }
                var sectionEntry: SectionEntry?
                if column.kind == .color || column.kind == .font, let target = writtenRow?[property.key]?.referencePath, target.count == 2 {
                    switch (column.kind, target[0]) {
                    case (.color, DocumentShape.palette): sectionEntry = palette?.position(of: target[1]).map(SectionEntry.palette)
                    case (.font, DocumentShape.fonts): sectionEntry = fonts?.position(of: target[1]).map(SectionEntry.font)
                    default: break
                    }
                }
                placed.append((row, column.column, level.key, levelPosition, position, property, column.kind, sectionEntry))
            }
        }
        let width = columnNames.count
        properties = placed.map {
            Property(level: $0.level, name: $0.entry.key, levelPosition: $0.levelPosition, position: $0.position, kind: $0.kind, node: $0.entry.node,
                     cell: $0.row * width + $0.column, sectionEntry: $0.sectionEntry)
        }
        self.columnNames = columnNames
        columnOf = columns.mapValues(\.column)
    }

    /// The column of a property name, as laid out here.
    func column(of name: String) -> Int? { columnOf[name] }

    /// The final table's index: the levels in row order and, sorted, the names of the columns
    /// that hold a value in some style; and where each column laid out here goes in it (`nil`
    /// for a column no style wrote).
    func index(keepingColumnsWrittenIn tables: [[ThemeValue?]]) -> (index: LevelIndex, columns: [Int?]) {
        var written = [Bool](repeating: false, count: columnCount)
        for table in tables {
            for (cell, value) in table.enumerated() where value != nil { written[cell % columnCount] = true }
        }
        let kept = columnNames.indices.filter { written[$0] }.sorted { columnNames[$0] < columnNames[$1] }
        var columns = [Int?](repeating: nil, count: columnCount)
        for (final, column) in kept.enumerated() { columns[column] = final }
        return (LevelIndex(levels: levelOrder, properties: kept.map { columnNames[$0] }), columns)
    }

    /// A style's table as laid out here, moved into the final table's columns.
    func finalCells(_ cells: [ThemeValue?], columns: [Int?]) -> [ThemeValue?] {
        let width = columns.reduce(0) { $1 == nil ? $0 : $0 + 1 }
        if width == columnCount && columns.enumerated().allSatisfy({ $0.element == $0.offset }) { return cells }
        var final = [ThemeValue?](repeating: nil, count: levelOrder.count * width)
        for (cell, value) in cells.enumerated() {
            guard let value, let column = columns[cell % columnCount] else { continue }
            final[cell / columnCount * width + column] = value
        }
        return final
    }
}
