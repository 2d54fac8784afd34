import Foundation
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

    /// The `border` shorthand: width, style and color.
    static func border(_ border: ThemeBorder) -> String {
        "\(pixels(border.width)) \(borderStyle(border.style)) \(color(border.color))"
    }

    /// A `border-style` keyword. CSS has no dash pattern, so dashes are written `dashed`.
    static func borderStyle(_ style: ThemeBorder.Style) -> String {
        switch style {
        case .named(let name): name
        case .dashes: "dashed"
        }
    }

    /// One family of a `font-family` list: CSS's generic families as keywords, any other name
    /// as a string (CSS Fonts 4, section 2.1).
    static func fontFamily(_ name: String) -> String {
        ThemeFont.cssGenericFamilies.contains(name.lowercased()) ? name : string(name)
    }

    /// A theme font's `font-family` list: its PostScript name, its family and its fallback
    /// families in order, each once, then `system-ui, sans-serif` unless the list already holds
    /// one of CSS's generic families (after which no family is ever tried; Safari's
    /// `-apple-system` is no such family elsewhere).
    static func fontFamilies(_ font: ThemeFont) -> String {
        var names: [String] = []
        for name in [font.name, font.family].compactMap({ $0 }) + font.fallbackFamilies where !names.contains(name) {
            names.append(name)
        }
        if !names.contains(where: { $0.lowercased() != "-apple-system" && ThemeFont.cssGenericFamilies.contains($0.lowercased()) }) {
            names += ["system-ui", "sans-serif"]
        }
        return names.map(fontFamily).joined(separator: ", ")
    }

    /// A design token's text as a CSS value: as written when it is a plain value a property
    /// takes (`normal`, `uppercase`, `rgba(0, 0, 0, 0.25)`: ASCII letters, digits, spaces and
    /// `-_.,%#+()`, parentheses balanced), as tools that write tokens to CSS write a string
    /// token; anything else as a CSS string, so that no text can end the declaration early.
    static func tokenText(_ text: String) -> String {
        var depth = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth < 0 { return string(text) }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "%"),
                 UInt8(ascii: "#"), UInt8(ascii: "+"):
                continue
            default:
                return string(text)
            }
        }
        return depth == 0 && !text.trimmingCharacters(in: .whitespaces).isEmpty ? text : string(text)
    }

    /// A `cubic-bezier()` timing function.
    static func cubicBezier(_ points: [Double]) -> String {
        "cubic-bezier(" + points.map(\.plainText).joined(separator: ", ") + ")"
    }

    /// A top-to-bottom `linear-gradient` through the stops. CSS needs two stops or more: a
    /// gradient of one is written with it twice, a solid color as the app draws it.
    static func gradient(_ gradient: ThemeGradient) -> String {
        let stops = gradient.stops.map { "\(color($0.color)) \(($0.position * 100).plainText)%" }
        return "linear-gradient(" + (stops.count == 1 ? [stops[0], stops[0]] : stops).joined(separator: ", ") + ")"
    }
}
