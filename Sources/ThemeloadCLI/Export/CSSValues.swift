import Themeload

/// Theme values written as CSS values, for the CSS export and the HTML preview alike.
enum CSSValues {
    /// A CSS string in double quotes (CSS Syntax 3, section 4.3.5): a backslash and the quote
    /// escaped, and control characters (a newline among them) as hex escapes, so that no name
    /// can end the string early or leave it open (a font family ending in `\` did).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C, 0x22:  // \ and "
                out += "\\"
                out.unicodeScalars.append(scalar)
            case 0..<0x20, 0x7F:
                out += "\\" + String(scalar.value, radix: 16) + " "
            case 0x2F where out.unicodeScalars.last == "*":
                // `*/` would end a comment the string is written in (the export's banner).
                out += "\\/"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A length: `0`, or points as `px`.
    static func pixels(_ value: Double) -> String { value == 0 ? "0" : value.plainText + "px" }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise, `color(display-p3 …)` for a wide color
    /// (CSS Color 4).
    static func color(_ color: ThemeColor) -> String {
        guard color.colorSpace == .sRGB else { return color.canonicalText }
        let hex = color.hex
        return hex.hasSuffix("FF") ? String(hex.dropLast(2)) : hex
    }

    /// Padding's value for insets: top, right, bottom, left.
    static func insets(_ insets: ThemeInsets) -> String {
        [insets.top, insets.right, insets.bottom, insets.left].map(pixels).joined(separator: " ")
    }

    /// `box-shadow`'s value: each layer `[inset] X Y BLUR SPREAD COLOR`, comma-separated.
    static func shadow(_ shadow: ThemeShadow) -> String {
        shadow.layers.map { layer in
            (layer.inset ? "inset " : "") + [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(pixels).joined(separator: " ") + " " + color(layer.color)
        }.joined(separator: ", ")
    }

    /// The `border` shorthand: width, style and color. CSS has no dash pattern, so dashes are
    /// written `dashed`.
    static func border(_ border: ThemeBorder) -> String {
        let style = switch border.style {
        case .named(let name): name
        case .dashes: "dashed"
        }
        return "\(pixels(border.width)) \(style) \(color(border.color))"
    }

    /// A top-to-bottom `linear-gradient` through the stops. CSS needs two stops or more: a
    /// gradient of one is written with it twice, a solid color as the app draws it.
    static func gradient(_ gradient: ThemeGradient) -> String {
        let stops = gradient.stops.map { "\(color($0.color)) \(($0.position * 100).plainText)%" }
        return "linear-gradient(" + (stops.count == 1 ? [stops[0], stops[0]] : stops).joined(separator: ", ") + ")"
    }
}
