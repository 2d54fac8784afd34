import Foundation

/// Generates theme-shaped documents of a given number of tokens (palette, font and metric entries
/// and level properties), as YAML, JSON and an XML property list of the same data.
struct ThemeGenerator {
    let tokens: Int

    var paletteCount: Int { max(4, tokens * 4 / 10) }
    var fontCount: Int { max(1, tokens / 10) }
    var metricCount: Int { max(1, tokens / 10) }
    var levelCount: Int { max(3, tokens / 10) }

    func levelName(_ index: Int) -> String {
        index < 3 ? ["normal", "mainTitle", "subTitle"][index] : "level\(index)"
    }

    func color(_ seed: Int) -> String {
        String(format: "#%06X", (seed &* 2_654_435_761) & 0xFFFFFF)
    }

    /// The data as Foundation objects (for JSON and the property list).
    var object: [String: Any] {
        var palette: [String: Any] = [:]
        for index in 0..<paletteCount { palette["color\(index)"] = ["light": color(index), "dark": color(index + 7)] }
        var fonts: [String: Any] = [:]
        for index in 0..<fontCount { fonts["font\(index)"] = ["name": "Font-\(index)", "size": 10 + index % 10, "weight": "bold"] }
        var metrics: [String: Any] = [:]
        for index in 0..<metricCount { metrics["metric\(index)"] = index }
        var levels: [String: Any] = [:]
        for index in 0..<levelCount {
            levels[levelName(index)] = [
                "textColor": "{palette.color\(index % paletteCount)}",
                "backgroundColor": "{palette.color\((index * 3) % paletteCount)}",
                "font": "{fonts.font\(index % fontCount)}",
                "lines": index % 4,
            ] as [String: Any]
        }
        return ["name": "Generated", "palette": palette, "fonts": fonts, "metrics": metrics, "levels": levels]
    }

    var yaml: String {
        var text = "name: Generated\npalette:\n"
        for index in 0..<paletteCount { text += "  color\(index): {light: \"\(color(index))\", dark: \"\(color(index + 7))\"}\n" }
        text += "fonts:\n"
        for index in 0..<fontCount { text += "  font\(index):\n    name: Font-\(index)\n    size: \(10 + index % 10)\n    weight: bold\n" }
        text += "metrics:\n"
        for index in 0..<metricCount { text += "  metric\(index): \(index)\n" }
        text += "levels:\n"
        for index in 0..<levelCount {
            text += "  \(levelName(index)):\n"
            text += "    textColor: \"{palette.color\(index % paletteCount)}\"\n"
            text += "    backgroundColor: \"{palette.color\((index * 3) % paletteCount)}\"\n"
            text += "    font: \"{fonts.font\(index % fontCount)}\"\n"
            text += "    lines: \(index % 4)\n"
        }
        return text
    }

    var json: Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    var plist: Data {
        (try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)) ?? Data()
    }

    /// A generator whose YAML is about `bytes` long.
    static func sized(bytes: Int) -> ThemeGenerator {
        var tokens = 10
        while ThemeGenerator(tokens: tokens).yaml.utf8.count < bytes { tokens = tokens * 5 / 4 + 1 }
        return ThemeGenerator(tokens: tokens)
    }
}
