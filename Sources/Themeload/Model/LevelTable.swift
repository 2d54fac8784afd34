/// The position of a level in a theme's level tables: an index, so reading a cell is an array
/// access. Get one from ``Theme/levelID(_:)``.
package struct LevelID: Hashable, Sendable {
    /// The row.
    package let index: Int
}

/// The position of a property in a theme's level tables. Get one from ``Theme/propertyID(_:)``.
package struct PropertyID: Hashable, Sendable {
    /// The column.
    package let index: Int
}

/// The interned level and property names every style's table shares.
final class LevelIndex: Sendable {
    let levels: [String]
    let properties: [String]
    let levelIDs: [String: Int]
    let propertyIDs: [String: Int]

    init(levels: [String], properties: [String]) {
        self.levels = levels
        self.properties = properties
        levelIDs = Self.positions(of: levels)
        propertyIDs = Self.positions(of: properties)
    }

    /// Each name's first position, made in one dictionary sized for them (the names come from a
    /// map's keys and are distinct; were one repeated, its first position would stand).
    private static func positions(of names: [String]) -> [String: Int] {
        var positions = [String: Int](minimumCapacity: names.count)
        for position in names.indices.reversed() { positions[names[position]] = position }
        return positions
    }
}

/// One style's level table: a row per level, a column per property, every cell resolved.
///
/// The rows always include `normal`, `mainTitle` and `subTitle`. A cell is `nil` where a level has
/// no such property.
public struct LevelTable: Sendable {
    let index: LevelIndex
    let cells: [ThemeValue?]

    init(index: LevelIndex, cells: [ThemeValue?]) {
        self.index = index
        self.cells = cells
    }

    /// The level names, in row order: `normal`, `mainTitle`, `subTitle`, then the rest as declared.
    public var levels: [String] { index.levels }
    /// The property names, in column order (sorted).
    public var properties: [String] { index.properties }

    /// The cell of a level and a property: an array index.
    package subscript(level: LevelID, property: PropertyID) -> ThemeValue? {
        cells[level.index * index.properties.count + property.index]
    }

    /// The cell of a level and a property, by name.
    public subscript(level: String, property: String) -> ThemeValue? {
        guard let row = index.levelIDs[level], let column = index.propertyIDs[property] else { return nil }
        return cells[row * index.properties.count + column]
    }

    /// A level's properties that have values.
    public func row(_ level: String) -> [String: ThemeValue] {
        guard let row = index.levelIDs[level] else { return [:] }
        var values: [String: ThemeValue] = [:]
        for (column, property) in index.properties.enumerated() {
            if let value = cells[row * index.properties.count + column] { values[property] = value }
        }
        return values
    }
}
