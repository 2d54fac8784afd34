/// Reads one key from theme after theme for a binding, remembering where a level key's cell is
/// in the last theme read, so re-applying after a style switch indexes the table instead of
/// looking the level and property names up again.
final class CachedKeyReader<Value: Sendable> {
    let key: ThemeKey<Value>
    private var theme: ObjectIdentifier?
    private var cell: (level: LevelID, property: PropertyID)?

    init(_ key: ThemeKey<Value>) {
        self.key = key
    }

    /// The key's value in a theme and style, as ``Theme/value(_:style:traits:)`` gives it;
    /// `nil` when the theme lacks it.
    func read(_ theme: Theme, style: ThemeStyle, traits: SystemTraits) -> Value? {
        guard !key.scalesWithTextStyle, case .level(let level, let property) = key.location else {
            return try? theme.value(key, style: style, traits: traits)
        }
        let identity = ObjectIdentifier(theme.storage)
        if identity != self.theme {
            self.theme = identity
            cell = theme.levelID(level).flatMap { row in theme.propertyID(property).map { (row, $0) } }
        }
        guard let cell, let value = theme.value(level: cell.level, property: cell.property, style: style) else { return nil }
        return key.extract(value)
    }
}
