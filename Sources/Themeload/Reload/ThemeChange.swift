/// One difference between two loaded themes: a level property, or a palette, font, metric, image
/// or custom entry, in one style, with its old and new value (`nil` where it was added or removed).
public struct ThemeChange: Sendable, Hashable, CustomStringConvertible {
    /// The part of the theme that changed.
    public enum Section: String, Sendable, Hashable, CaseIterable {
        /// A level property.
        case levels
        /// A palette color.
        case palette
        /// A named font.
        case fonts
        /// A metric.
        case metrics
        /// An image set.
        case images
        /// A `custom` entry.
        case custom
    }

    /// The style the value is resolved for.
    public var style: ThemeStyle
    /// The part of the theme.
    public var section: Section
    /// The entry's name, or the level's.
    public var name: String
    /// The property, for a level; `nil` otherwise.
    public var property: String?
    /// The value before, or `nil` if it was added.
    public var old: ThemeValue?
    /// The value after, or `nil` if it was removed.
    public var new: ThemeValue?

    /// Creates a change.
    public init(style: ThemeStyle, section: Section, name: String, property: String? = nil, old: ThemeValue?, new: ThemeValue?) {
        self.style = style
        self.section = section
        self.name = name
        self.property = property
        self.old = old
        self.new = new
    }

    /// `levels.mainTitle.textColor` or `palette.primary`.
    public var path: String {
        property.map { "\(section.rawValue).\(name).\($0)" } ?? "\(section.rawValue).\(name)"
    }

    /// `dark levels.mainTitle.textColor: #111236FF → #0770E3FF`.
    public var description: String {
        func text(_ value: ThemeValue?) -> String {
            value.map { Theme.json($0).text(pretty: false) } ?? "(none)"
        }
        return "\(style) \(path): \(text(old)) → \(text(new))"
    }

    /// Everything that differs between two themes, style by style, in a stable order. With no old
    /// theme, every value counts as added.
    public static func between(_ old: Theme?, _ new: Theme) -> [ThemeChange] {
        var changes: [ThemeChange] = []
        var styles = new.styles
        for style in old?.styles ?? [] where !styles.contains(style) { styles.append(style) }
        for style in styles {
            let before = old.flatMap { $0.styles.contains(style) ? $0.resolved(style) : nil }
            let after = new.styles.contains(style) ? new.resolved(style) : nil
            func compare(_ section: Section, _ read: (ResolvedStyle) -> [String: ThemeValue]) {
                let a = before.map(read) ?? [:], b = after.map(read) ?? [:]
                for name in Set(a.keys).union(b.keys).sorted() where a[name] != b[name] {
                    changes.append(ThemeChange(style: style, section: section, name: name, old: a[name], new: b[name]))
                }
            }
            let levelsBefore = before.map { table in Dictionary(uniqueKeysWithValues: table.levels.levels.map { ($0, table.levels.row($0)) }) } ?? [:]
            let levelsAfter = after.map { table in Dictionary(uniqueKeysWithValues: table.levels.levels.map { ($0, table.levels.row($0)) }) } ?? [:]
            for level in Set(levelsBefore.keys).union(levelsAfter.keys).sorted() {
                let a = levelsBefore[level] ?? [:], b = levelsAfter[level] ?? [:]
                for property in Set(a.keys).union(b.keys).sorted() where a[property] != b[property] {
                    changes.append(ThemeChange(style: style, section: .levels, name: level, property: property, old: a[property], new: b[property]))
                }
            }
            compare(.palette) { $0.palette.mapValues(ThemeValue.color) }
            compare(.fonts) { $0.fonts.mapValues(ThemeValue.font) }
            compare(.metrics) { $0.metrics }
            compare(.images) { $0.images.mapValues(ThemeValue.imageSet) }
            compare(.custom) { $0.custom }
        }
        return changes
    }
}
