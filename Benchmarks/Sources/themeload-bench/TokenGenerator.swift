import Foundation

/// A DTCG 2025.10 token file the size of a real design system: color ramps as color objects
/// and hex strings, semantic colors that alias them (chains two deep), dimensions in px and
/// rem, durations, font weights and families, and typography that aliases those.
struct TokenGenerator {
    let tokens: Int

    var json: Data {
        var text = "{\n"
        var written = 0
        var groups: [String] = []
        // A fifth of the file: base color ramps, half as color objects, half as hex.
        let ramps = max(1, tokens / 5 / 10)
        var ramp: [String] = []
        for family in 0..<ramps {
            var steps: [String] = []
            for step in 0..<10 {
                let value = family * 10 + step
                let (r, g, b) = (Double(value % 256) / 255, Double((value * 7) % 256) / 255, Double((value * 13) % 256) / 255)
                if step % 2 == 0 {
                    steps.append("\"\(step * 100)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [\(r), \(g), \(b)], \"hex\": \"#000000\"}}")
                } else {
                    steps.append("\"\(step * 100)\": {\"$value\": \"#\(String(format: "%02x%02x%02x", value % 256, (value * 7) % 256, (value * 13) % 256))\"}")
                }
                ramp.append("base.f\(family).\(step * 100)")
            }
            groups.append("\"f\(family)\": {\(steps.joined(separator: ", "))}")
            written += 10
        }
        text += "  \"base\": {\"$type\": \"color\", \(groups.joined(separator: ",\n    "))},\n"
        // Semantic colors: aliases to the ramps, then aliases to those.
        var semantic: [String] = []
        let semanticCount = tokens * 2 / 5
        for index in 0..<semanticCount {
            let target = index < semanticCount / 2 ? ramp[index % ramp.count] : "semantic.s\(index - semanticCount / 2)"
            semantic.append("\"s\(index)\": {\"$value\": \"{\(target)}\", \"$description\": \"Semantic color \(index)\"}")
        }
        written += semanticCount
        text += "  \"semantic\": {\"$type\": \"color\", \(semantic.joined(separator: ",\n    "))},\n"
        // Sizes, durations and weights.
        var sizes: [String] = []
        let sizeCount = tokens / 5
        for index in 0..<sizeCount {
            let unit = index % 3 == 0 ? "rem" : "px"
            sizes.append("\"z\(index)\": {\"$value\": {\"value\": \(index % 64 + 1), \"unit\": \"\(unit)\"}}")
        }
        written += sizeCount
        text += "  \"size\": {\"$type\": \"dimension\", \(sizes.joined(separator: ",\n    "))},\n"
        text += "  \"motion\": {\"$type\": \"duration\", \"fast\": {\"$value\": {\"value\": 150, \"unit\": \"ms\"}}, \"slow\": {\"$value\": {\"value\": 1, \"unit\": \"s\"}}},\n"
        text += "  \"weight\": {\"$type\": \"fontWeight\", \"regular\": {\"$value\": 400}, \"bold\": {\"$value\": \"bold\"}},\n"
        text += "  \"family\": {\"$type\": \"fontFamily\", \"sans\": {\"$value\": [\"Inter\", \"sans-serif\"]}},\n"
        written += 5
        // The rest: typography aliasing families, sizes and weights.
        var type: [String] = []
        for index in 0..<max(0, tokens - written) {
            type.append("\"t\(index)\": {\"$value\": {\"fontFamily\": \"{family.sans}\", \"fontSize\": \"{size.z\(index % max(1, sizeCount))}\", \"fontWeight\": \"{weight.\(index % 2 == 0 ? "regular" : "bold")}\", \"lineHeight\": 1.4}}")
        }
        text += "  \"type\": {\"$type\": \"typography\", \(type.joined(separator: ",\n    "))}\n}\n"
        return Data(text.utf8)
    }
}
