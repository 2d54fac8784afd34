/// The level properties of a resolved document, laid out once for every style: each property's
/// kind, its cell in a style's level table and the palette or font entry it is written as a plain
/// reference to are worked out here once, so reading a style does no name lookups for them.
///
/// Reference binding leaves such a plain reference (`textColor: "{palette.ink}"`, `font:
/// "{fonts.body}"`) as written once it has checked that it resolves (see
/// ``ReferenceResolver``): the plan keeps the entry's position, not a node, and the property
/// takes the value its entry was read as (see ``ThemeResolver``).
///
/// Columns are sorted by name, as a ``LevelTable`` has them. The final table keeps only the columns
/// some style wrote a value in (``index(keepingWrittenColumns:)``), which is mostly all of them.
struct LevelPlan {
    /// A palette or font entry, by its position in its section of the resolved document.
    enum SectionEntry {
        case palette(Int)
        case font(Int)
    }

    /// One property of one level (its level's name and its own are ``LevelPlan/levelName(of:)``
    /// and ``LevelPlan/name(of:)``, kept once in the plan).
    ///
    /// A plan holds one for every property of every level, all at once, so its positions are
    /// kept in 32 bits (a document's sizes are bounded far below that by ``Limits``) and its
    /// section entry as a position alone, the section following from its kind: 56 bytes where
    /// `Int`s and an enum took 88.
    struct Property {
        /// The property's node, references bound; `nil` for a plain reference to a palette or
        /// font entry (``sectionEntry``), which takes that entry's value: the plan holds no
        /// section's nodes, so they go with their section.
        let node: ThemeNode?
        private let storedLevelPosition: UInt32
        private let storedPosition: UInt32
        private let storedRow: UInt32
        private var storedColumn: UInt32
        /// The section entry's position plus one; 0 for none.
        private let storedSectionEntry: UInt32
        let kind: PropertyKind

        init(levelPosition: Int, position: Int, kind: PropertyKind, node: ThemeNode?, row: Int, column: Int, sectionEntry: Int?) {
            self.node = node
            storedLevelPosition = UInt32(levelPosition)
            storedPosition = UInt32(position)
            storedRow = UInt32(row)
            storedColumn = UInt32(column)
            storedSectionEntry = sectionEntry.map { UInt32($0) + 1 } ?? 0
            self.kind = kind
        }

        /// The level's position among the document's levels, and the property's within the level:
        /// where a value that is the same in every style is kept.
        var levelPosition: Int { Int(storedLevelPosition) }
        var position: Int { Int(storedPosition) }
        /// Its row (the level's position in ``LevelPlan/levelOrder``) and column in a style's
        /// table as laid out here.
        var row: Int { Int(storedRow) }
        var column: Int {
            get { Int(storedColumn) }
            set { storedColumn = UInt32(newValue) }
        }
        /// The palette or font entry the property is written as nothing but a reference to, when
        /// its kind is that entry's kind: a color's is in the palette, any other's in the fonts.
        var sectionEntry: SectionEntry? {
            guard storedSectionEntry > 0 else { return nil }
            let position = Int(storedSectionEntry - 1)
            return kind == .color ? .palette(position) : .font(position)
        }
    }

    /// Every level property, level by level in the document's order (none after
    /// ``releaseProperties()``).
    private(set) var properties: [Property]
    /// The document's levels, by position.
    private let levelNames: [String]
    /// The levels, in row order.
    let levelOrder: [String]
    /// The property names, in column order (sorted).
    let columnNames: [String]
    private let columnOf: [String: Int]

    var columnCount: Int { columnNames.count }
    var cellCount: Int { levelOrder.count * columnNames.count }

    /// - Parameters:
    ///   - document: the resolved document, whose `levels` are rows with their references bound,
    ///     but for plain references to palette and font entries, which are left as written.
    ///   - levelOrder: the levels in row order.
    init(document: NodeMap, levelOrder: [String]) {
        self.levelOrder = levelOrder
        let palette = document[DocumentShape.palette]?.map, fonts = document[DocumentShape.fonts]?.map

        let levels = document[DocumentShape.levels]?.map?.entries ?? []
        var properties: [Property] = []
        properties.reserveCapacity(levels.reduce(0) { $0 + ($1.node.map?.count ?? 0) })
        // Room for the first level's properties, which most levels repeat, made at once rather
        // than grown from one.
        let expectedColumns = levels.first?.node.map?.count ?? 0
        var columnNames: [String] = [], kinds: [PropertyKind] = []
        columnNames.reserveCapacity(expectedColumns)
        kinds.reserveCapacity(expectedColumns)
        var columnOf = [String: Int](minimumCapacity: expectedColumns)
        // Levels mostly repeat the same properties in the same order: the previous level's
        // columns, by position, are tried before a lookup.
        var previousColumns: [Int] = [], currentColumns: [Int] = []
        previousColumns.reserveCapacity(expectedColumns)
        currentColumns.reserveCapacity(expectedColumns)
        var row = 0
        // Levels and their properties are read in place, field by field, not copied entry by entry.
        for levelPosition in levels.indices {
            let levelName = levels[levelPosition].key
            // The levels come in row order, some rows perhaps missing.
            if row >= levelOrder.count || levelOrder[row] != levelName {
                guard let found = levelOrder[min(row, levelOrder.count)...].firstIndex(of: levelName) ?? levelOrder.firstIndex(of: levelName) else { continue }
                row = found
            }
            currentColumns.removeAll(keepingCapacity: true)
            let levelProperties = levels[levelPosition].node.map?.entries ?? []
            for position in levelProperties.indices {
                let key = levelProperties[position].key
                let column: Int
                if position < previousColumns.count, columnNames[previousColumns[position]] == key {
                    column = previousColumns[position]
                } else if let known = columnOf[key] {
                    column = known
                } else {
                    column = columnNames.count
                    columnOf[key] = column
                    columnNames.append(key)
                    kinds.append(PropertyKind(propertyName: key))
                }
                currentColumns.append(column)
                let kind = kinds[column]
                var sectionEntry: Int?
                var node: ThemeNode?
                if let text = levelProperties[position].node.string, let target = ReferenceResolver.sectionEntryName(ofReference: text, kind: kind),
                   let section = kind == .color ? palette : fonts, let position = section.position(of: target) {
                    sectionEntry = position
                } else {
                    node = levelProperties[position].node
                }
                properties.append(Property(levelPosition: levelPosition, position: position, kind: kind, node: node, row: row, column: column,
                                           sectionEntry: sectionEntry))
            }
            swap(&previousColumns, &currentColumns)
            row += 1
        }
        // The columns sorted by name, as the final table has them when every column is written.
        let sorted = columnNames.indices.sorted { columnNames[$0] < columnNames[$1] }
        var sortedPosition = [Int](repeating: 0, count: columnNames.count)
        for (final, column) in sorted.enumerated() { sortedPosition[column] = final }
        for index in properties.indices { properties[index].column = sortedPosition[properties[index].column] }
        self.properties = properties
        levelNames = levels.map(\.key)
        self.columnNames = sorted.map { columnNames[$0] }
        self.columnOf = columnOf.mapValues { sortedPosition[$0] }
    }

    /// Lets the properties, and the document's nodes they hold, go once every style is read:
    /// the layout (rows, columns, cells) is what is used from then on.
    mutating func releaseProperties() {
        properties = []
    }

    /// The column of a property name, as laid out here.
    func column(of name: String) -> Int? { columnOf[name] }

    /// The name of a property's level.
    func levelName(of property: Property) -> String { levelNames[property.levelPosition] }

    /// A property's name.
    func name(of property: Property) -> String { columnNames[property.column] }

    /// The cell of a row and a column in a style's table as laid out here.
    func cell(row: Int, column: Int) -> Int { row * columnCount + column }

    /// A property's cell in a style's table as laid out here.
    func cell(of property: Property) -> Int { cell(row: property.row, column: property.column) }

    /// The final table's index: the levels in row order and the names of the columns that hold a
    /// value in some style (`written`, by column); and where each column laid out here goes in it
    /// (`nil` for a column no style wrote).
    func index(keepingWrittenColumns written: [Bool]) -> (index: LevelIndex, columns: [Int?]) {
        let kept = columnNames.indices.filter { written[$0] }
        var columns = [Int?](repeating: nil, count: columnCount)
        for (final, column) in kept.enumerated() { columns[column] = final }
        return (LevelIndex(levels: levelOrder, properties: kept.map { columnNames[$0] }), columns)
    }

    /// A style's table as laid out here, moved into the final table's columns.
    func finalCells(_ cells: [ThemeValue?], columns: [Int?]) -> [ThemeValue?] {
        let width = columns.reduce(0) { $1 == nil ? $0 : $0 + 1 }
        if width == columnCount { return cells }
        var final = [ThemeValue?](nils: levelOrder.count * width)
        for (cell, value) in cells.enumerated() {
            guard let value, let column = columns[cell % columnCount] else { continue }
            final[cell / columnCount * width + column] = value
        }
        return final
    }
}
