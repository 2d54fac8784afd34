import Themeload

/// Draws a theme's level tables as plain text: one block per style, a row per level, a column per
/// property.
struct LevelTableRenderer {
    let theme: Theme

    func render(styles: [ThemeStyle], levels: [String]) -> String {
        var output = ""
        for style in styles {
            let table = theme.levelTable(style)
            let properties = table.properties.filter { property in levels.contains { table[$0, property] != nil } }
            var rows: [[String]] = [["level"] + properties]
            for level in levels {
                rows.append([level] + properties.map { table[level, $0].map(Self.cell) ?? "·" })
            }
            output += "\(theme.name) · \(style.rawValue)\n"
            output += Self.layout(rows)
            output += "\n"
        }
        return output
    }

    /// Columns padded to their widest cell, two spaces apart, a rule under the header.
    static func layout(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .replacing(/\s+$/, with: "") + "\n"
        }
        var text = line(header)
        text += line(widths.map { String(repeating: "─", count: $0) })
        for row in rows.dropFirst() { text += line(row) }
        return text
    }

    /// A cell's text: colors as hex (alpha only when not opaque), fonts as name, size and style.
    static func cell(_ value: ThemeValue) -> String {
        switch value {
        case .color(let color):
            let hex = color.hex
            return hex.hasSuffix("FF") ? String(hex.dropLast(2)) : hex
        case .font(let font):
            var parts = [font.name ?? font.family ?? "system", number(font.size)]
            if font.weight != .regular { parts.append(font.weight.rawValue) }
            if font.italic { parts.append("italic") }
            return parts.joined(separator: " ")
        case .insets(let insets):
            let sides = [insets.top, insets.left, insets.bottom, insets.right]
            return Set(sides).count == 1 ? number(insets.top) : sides.map(number).joined(separator: " ")
        case .imageSet(let set):
            return set.variants.map(\.file).joined(separator: ",")
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return number(value)
        case .bool(let flag): return String(flag)
        case .list(let items): return "[" + items.map(cell).joined(separator: ", ") + "]"
        case .map(let map): return "{" + map.sorted { $0.key < $1.key }.map { "\($0.key): \(cell($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
