import Foundation

/// A color with red, green, blue and alpha components from 0 to 1 (sRGB).
///
/// Build a platform color from it in the app, for example with a provider's `map`:
///
/// ```swift
/// let textColor = theme.colorProvider(level: "mainTitle", property: "textColor")?
///     .map { UIColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
/// ```
public struct ThemeColor: Hashable, Sendable {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The alpha component, 0...1.
    public var alpha: Double

    /// Creates a color from components in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a color from `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (any case), or `nil`.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count) else { return nil }
        var values: [Int] = []
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(Int(byte - UInt8(ascii: "a")) + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(Int(byte - UInt8(ascii: "A")) + 10)
            default: return nil
            }
        }
        let components: [Int]
        if values.count <= 4 {
            components = values.map { $0 * 17 }  // #abc is #aabbcc
        } else {
            components = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        }
        self.init(
            red: Double(components[0]) / 255, green: Double(components[1]) / 255,
            blue: Double(components[2]) / 255, alpha: components.count == 4 ? Double(components[3]) / 255 : 1)
    }

    /// Creates an opaque color from `0xRRGGBB`, as in `UIColor(hex: 0x0770e3)`.
    public init?(rgb value: Int64) {
        guard (0...0xFF_FFFF).contains(value) else { return nil }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }

    /// `#RRGGBBAA`, upper case, each component rounded to the nearest of 0...255 (halves up).
    public var hex: String {
        var text = "#"
        for component in [red, green, blue, alpha] {
            let byte = Int((min(max(component, 0), 1) * 255 + 0.5).rounded(.down))
            let digits = String(byte, radix: 16, uppercase: true)
            text += digits.count == 1 ? "0" + digits : digits
        }
        return text
    }

    /// The same color with another alpha.
    public func withAlpha(_ alpha: Double) -> ThemeColor {
        ThemeColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// WCAG 2 relative luminance of the color (alpha ignored).
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This color laid over `background` with its alpha (source-over in sRGB, as a display
    /// blends it), the background taken as opaque: what a reader sees of translucent text.
    public func composited(over background: ThemeColor) -> ThemeColor {
        func blend(_ top: Double, _ bottom: Double) -> Double { alpha * top + (1 - alpha) * bottom }
        return ThemeColor(red: blend(red, background.red), green: blend(green, background.green), blue: blend(blue, background.blue), alpha: 1)
    }

    /// The WCAG 2 contrast ratio between two colors, from 1 to 21.
    public func contrastRatio(with other: ThemeColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

extension ThemeColor: CustomStringConvertible {
    /// The `#RRGGBBAA` form.
    public var description: String { hex }
}

extension ThemeColor: Codable {
    /// Decodes a color from its hex string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = ThemeColor(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a #RRGGBB(AA) color")
        }
        self = color
    }

    /// Encodes the color as `#RRGGBBAA`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
