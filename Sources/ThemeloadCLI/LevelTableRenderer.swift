import Foundation
import ArgumentParser
import Themeload

/// Draws a theme's level table for the terminal: a row per level, a column per property, and in
/// each cell the value in every shown style, side by side (`#111236 │ #FFFFFF`; one value when
/// all styles agree). Colors get a swatch in the color itself when the output is a terminal that
/// takes 24-bit color; changed cells are marked in watch mode.
///
/// A table too wide for the terminal is drawn in rows instead: a block per level, a line per
/// property it has.
struct LevelTableRenderer {
    /// How the table is laid out.
    enum Layout: String, CaseIterable, Sendable {
        /// Columns when they fit in the terminal (or the output is not a terminal), rows otherwise.
        case auto
        /// A column per property.
        case columns
        /// A block per level, a line per property.
        case rows
    }

    /// How a changed cell is marked on a color terminal: bold and underlined.
    static let changedOn = "\u{1B}[1;4m", changedOff = "\u{1B}[22;24m"

    let theme: Theme
    /// Whether to use ANSI colors (swatches, highlights).
    var colors: Bool
    /// Cells to mark as changed: `level.property`.
    var changed: Set<String> = []
    var layout: Layout = .columns
    /// The terminal's width in columns, for ``Layout/auto``; `nil` when the output is not a terminal.
    var width: Int? = nil

    /// The width of the terminal on standard output: its window size, else `COLUMNS`; `nil` when
    /// standard output is not a terminal.
    static var terminalWidth: Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    /// Whether standard output should get colors: a terminal, `NO_COLOR` unset or empty (as
    /// no-color.org asks), `TERM` not `dumb`.
    static var terminalWantsColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// A cell: what it looks like, and how many columns it takes.
    struct Cell {
        var text: String
        var width: Int
        /// A cell of a theme's text: a name or value holding a line break or an escape sequence
        /// shows it escaped, rather than breaking the table or driving the terminal.
        init(_ text: String) {
            self.text = PrintableText.escaped(text)
            self.width = self.text.count
        }
        init(text: String, width: Int) {
            self.text = text
            self.width = width
        }
    }

    func render(styles: [ThemeStyle], levels: [String]) -> String {
        let tables = styles.map { theme.levelTable($0) }
        guard let first = tables.first else { return "" }
        let properties = first.properties.filter { property in levels.contains { level in tables.contains { $0[level, property] != nil } } }
        var rows: [[Cell]] = [[Cell("level")] + properties.map { Cell($0) }]
        for level in levels {
            var row = [Cell(level)]
            for property in properties {
                let values = tables.map { $0[level, property] }
                var cell = cellFor(values)
                if changed.contains("\(level).\(property)") {
                    // Bold and underlined, not reversed: reverse video would swap the swatch's
                    // color away, and a swatch's end must not end the mark.
                    cell = colors ? Cell(text: Self.changedOn + cell.text + Self.changedOff, width: cell.width) : Cell(text: cell.text + " *", width: cell.width + 2)
                }
                row.append(cell)
            }
            rows.append(row)
        }
        var output = PrintableText.escaped("\(theme.name) · \(styles.map(\.rawValue).joined(separator: " │ "))") + "\n"
        let columnsWidth = Self.columnWidths(rows).reduce(0, +) + 2 * max(0, (rows.first?.count ?? 1) - 1)
        let useRows = layout == .rows || (layout == .auto && width.map { columnsWidth > $0 } == true)
        output += useRows ? Self.blocks(rows) : Self.layout(rows)
        if !changed.isEmpty && !colors { output += "* changed since the last load\n" }
        return output
    }

    private func cellFor(_ values: [ThemeValue?]) -> Cell {
        if let first = values.first, values.allSatisfy({ $0 == first }) { return cell(first) }
        let cells = values.map(cell)
        return Cell(text: cells.map(\.text).joined(separator: " │ "), width: cells.map(\.width).reduce(0, +) + 3 * (cells.count - 1))
    }

    private func cell(_ value: ThemeValue?) -> Cell {
        guard let value else { return Cell("·") }
        let text = Self.text(value)
        guard colors, case .color(let color) = value else { return Cell(text) }
        let (r, g, b) = (Int(color.red * 255 + 0.5), Int(color.green * 255 + 0.5), Int(color.blue * 255 + 0.5))
        // ESC[49m restores only the background, so a mark around the cell stays on.
        let shown = PrintableText.escaped(text)
        return Cell(text: "\u{1B}[48;2;\(r);\(g);\(b)m  \u{1B}[49m \(shown)", width: 3 + shown.count)
    }

    /// The width of each column: its widest cell.
    static func columnWidths(_ rows: [[Cell]]) -> [Int] {
        guard let header = rows.first else { return [] }
        return header.indices.map { column in rows.map { $0[column].width }.max() ?? 0 }
    }

    /// A block per level: its name, then an indented line per property it has (names padded to the
    /// longest), so the width is that of one cell.
    static func blocks(_ rows: [[Cell]]) -> String {
        guard let header = rows.first else { return "" }
        let nameWidth = header.dropFirst().map(\.width).max() ?? 0
        var text = ""
        for row in rows.dropFirst() {
            text += row[0].text + "\n"
            for (property, cell) in zip(header.dropFirst(), row.dropFirst()) where cell.text != "·" {
                text += "  " + property.text + String(repeating: " ", count: nameWidth - property.width + 2) + cell.text + "\n"
            }
        }
        return text
    }

    /// Columns padded to their widest cell, two spaces apart, a rule under the header.
    static func layout(_ rows: [[Cell]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = columnWidths(rows)
        func line(_ cells: [Cell]) -> String {
            var text = ""
            for (index, (cell, width)) in zip(cells, widths).enumerated() {
                text += cell.text
                if index < cells.count - 1 { text += String(repeating: " ", count: width - cell.width + 2) }
            }
            return text + "\n"
        }
        var text = line(header)
        text += line(widths.map { Cell(String(repeating: "─", count: $0)) })
        for row in rows.dropFirst() { text += line(row) }
        return text
    }

    /// A value's text: colors as hex (alpha only when not opaque), fonts as name, size and style.
    static func text(_ value: ThemeValue) -> String {
        switch value {
        case .color(let color):
            guard color.colorSpace == .sRGB else { return color.canonicalText }
            let hex = color.hex
            return hex.hasSuffix("FF") ? String(hex.dropLast(2)) : hex
        case .font(let font):
            var parts = [font.name ?? font.family ?? "system", font.size.plainText]
            if font.weight != .regular { parts.append(font.weight.rawValue) }
            if font.italic { parts.append("italic") }
            if let lineHeight = font.lineHeight { parts.append("×\(lineHeight.plainText)") }
            if let spacing = font.letterSpacing { parts.append("+\(spacing.plainText)") }
            return parts.joined(separator: " ")
        case .insets(let insets):
            let sides = [insets.top, insets.left, insets.bottom, insets.right]
            return Set(sides).count == 1 ? insets.top.plainText : sides.map(\.plainText).joined(separator: " ")
        case .imageSet(let set):
            return set.variants.map(\.file).joined(separator: ",")
        case .shadow(let shadow):
            return shadow.layers.map { layer in
                (layer.inset ? "inset " : "") + [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(\.plainText).joined(separator: " ")
                    + " " + text(.color(layer.color))
            }.joined(separator: ", ")
        case .border(let border):
            let style = switch border.style {
            case .named(let name): name
            case .dashes(let dashes, _): "dashed " + dashes.map(\.plainText).joined(separator: " ")
            }
            return "\(border.width.plainText) \(style) \(text(.color(border.color)))"
        case .gradient(let gradient):
            return gradient.stops.map { "\(text(.color($0.color))) \(($0.position * 100).plainText)%" }.joined(separator: " → ")
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return value.plainText
        case .bool(let flag): return String(flag)
        case .list(let items): return "[" + items.map(text).joined(separator: ", ") + "]"
        case .map(let map): return "{" + map.sorted { $0.key < $1.key }.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}

extension LevelTableRenderer.Layout: ExpressibleByArgument {}
