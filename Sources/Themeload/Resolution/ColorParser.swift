/// Reads a color value (SPEC section 6 and section 11): `"#RGB"`, `"#RGBA"`, `"#RRGGBB"`,
/// `"#RRGGBBAA"`, CSS's color names (`"white"`, `"transparent"`), the CSS Color 4 functions
/// (`rgb()`, `hsl()`, `oklch()`, `color()`, …), an integer
/// `0xRRGGBB` (written in hex: `12` is no color), `{red, green, blue, alpha}` with components
/// 0...1, a DTCG color object `{colorSpace, components, alpha, hex}`, or a derived color
/// `{color, alpha}`. Anything else is `invalid-color`, with the accepted forms in its message.
enum ColorParser {
    /// What a color may be, for messages.
    static let acceptedForms = "a color is \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", a CSS color name (\"white\", \"transparent\"), \"rgb(R G B / A)\", \"rgba(R, G, B, A)\", \"hsl(H S% L% / A)\", \"hsla(H, S%, L%, A)\", \"hwb(H W% B% / A)\", \"lab(L a b / A)\", \"lch(L C H / A)\", \"oklab(L a b / A)\", \"oklch(L C H / A)\", \"color(display-p3 R G B / A)\", 0xRRGGBB, {red, green, blue, alpha}, {colorSpace, components, alpha} or {color, alpha}"

    /// For a color written with a reference inside other text (`"rgba({palette.blue}, 0.5)"`,
    /// as Tokens Studio writes one), that nothing evaluates it, and what to write instead.
    private static func embeddedReferenceNote(_ text: String) -> String {
        guard ThemeNode.holdsReferenceInsideText(text) else { return "" }
        return "; a reference inside other text is not evaluated (a reference stands for a whole value): write the color, or derive one with {color: REFERENCE, alpha: 0.5}"
    }

    /// `path` is made only when there is a problem to report. `styles`, the theme's, name the
    /// key that keeps a map meant as values per style from being one (``StrayStyleKey``).
    static func parse(_ node: ThemeNode, path: @autoclosure () -> DocumentPath, styles: [String] = [],
                      diagnostics: inout DiagnosticCollector) -> ThemeColor? {
        func fail(_ message: String) -> ThemeColor? {
            diagnostics.error(.invalidColor, message, at: node.location, keyPath: path())
            return nil
        }
        switch node.value {
        case .scalar(.string(let text)):
            if let color = ThemeColor(hex: text) ?? CSSNamedColor.color(named: text) { return color }
            switch CSSColorFunction.parse(text) {
            case .color(let color): return color
            case .clipped(let color):
                diagnostics.warning(.outOfGamut, "\"\(text)\" lies outside the sRGB gamut and is clipped to it", at: node.location, keyPath: path())
                return color
            case .invalid(let problem): return fail("invalid color \"\(text)\": \(problem)" + embeddedReferenceNote(text))
            case .notAFunction:
                // Space around a color is no part of it, as in CSS (Sage's Tokens Studio files
                // write `"{core.color.white} "`): read again without it. (Here, off the way of a
                // color written without any.)
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed != text, !trimmed.isEmpty { return parse(ThemeNode(.scalar(.string(trimmed)), at: node.location), path: path(), diagnostics: &diagnostics) }
                return fail("invalid color \"\(text)\"; \(acceptedForms)" + embeddedReferenceNote(text))
            }
        case .scalar(.hexInteger(let value)):
            return ThemeColor(rgb: value) ?? fail("invalid color \(node.summary): an integer color is 0xRRGGBB, from 0 to 0xFFFFFF")
        case .scalar(.integer(let value)):
            return fail("invalid color \(value): an integer is a color only when written in hex (0xRRGGBB); \(acceptedForms)")
        case .map(let map) where map["color"] != nil:
            if let stray = map.keys.first(where: { $0 != "color" && $0 != "alpha" }) {
                return fail("invalid color: a derived color has only color and alpha, not \"\(stray)\"")
            }
            guard let colorNode = map["color"], let base = parse(colorNode, path: path().appending("color"), diagnostics: &diagnostics) else { return nil }
            guard let alphaNode = map["alpha"] else { return base }
            guard let alpha = unitComponent(alphaNode) else { return fail("invalid color: alpha must be a number from 0 to 1, not \(alphaNode.summary)") }
            return base.withAlpha(alpha)
        case .map(let map) where map["colorSpace"] != nil:
            return DesignTokenColor.parse(map, node: node, path: path(), diagnostics: &diagnostics)
        case .map(let map):
            let fields = ["red", "green", "blue", "alpha"]
            if let stray = map.keys.first(where: { !fields.contains($0) }) {
                if StrayStyleKey.report(in: map, isField: fields.contains, kind: "color", styles: styles, path: path(), diagnostics: &diagnostics) { return nil }
                return fail("invalid color: a color map has red, green, blue and alpha, not \"\(stray)\"")
            }
            var components: [Double] = []
            for name in ["red", "green", "blue"] {
                guard let componentNode = map[name] else { return fail("invalid color: \(name) is missing") }
                guard let component = unitComponent(componentNode) else {
                    return fail("invalid color: \(name) must be a number from 0 to 1, not \(componentNode.summary)")
                }
                components.append(component)
            }
            var alpha = 1.0
            if let alphaNode = map["alpha"] {
                guard let value = unitComponent(alphaNode) else { return fail("invalid color: alpha must be a number from 0 to 1, not \(alphaNode.summary)") }
                alpha = value
            }
            return ThemeColor(red: components[0], green: components[1], blue: components[2], alpha: alpha)
        default:
            return fail("invalid color \(node.summary); \(acceptedForms)")
        }
    }

    private static func unitComponent(_ node: ThemeNode) -> Double? {
        guard case .scalar(let value) = node.value, let number = value.number, (0...1).contains(number) else { return nil }
        return number
    }
}
