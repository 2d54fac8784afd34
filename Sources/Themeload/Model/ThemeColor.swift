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
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1, colorSpace: ColorSpace = .sRGB) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.colorSpace = colorSpace
    }

    /// The color space the components are in.
    public enum ColorSpace: String, Hashable, Sendable, Codable, CaseIterable {
        /// sRGB, the space of `#RRGGBB` colors and of `UIColor(red:green:blue:alpha:)`.
        case sRGB = "srgb"
        /// Display P3, the wide gamut of Apple's displays (`UIColor(displayP3Red:…)`): a DTCG
        /// color object in `display-p3`, or `"color(display-p3 R G B / A)"`.
        case displayP3 = "display-p3"
    }

    /// The space ``red``, ``green`` and ``blue`` are in: sRGB unless the theme wrote a wide color.
    public var colorSpace: ColorSpace = .sRGB

    /// The color in sRGB: itself, or a Display P3 color converted (components outside sRGB's
    /// gamut clipped to it).
    public var sRGB: ThemeColor {
        guard colorSpace == .displayP3 else { return self }
        // Components in 0...1, as a loaded theme's are, always convert; far outside (made in
        // code), they are taken clipped to 0...1 as Display P3.
        let converted = ColorSpaceConversion.toSRGB([red, green, blue], in: "display-p3")
            ?? ColorSpaceConversion.toSRGB([red, green, blue].map { $0.isNaN ? 0 : min(max($0, 0), 1) }, in: "display-p3")!
        return ThemeColor(red: converted.red, green: converted.green, blue: converted.blue, alpha: alpha)
    }

    /// The canonical text (SPEC section 7 and docs/SPEC.md section 11): ``hex`` for an sRGB
    /// color, `color(display-p3 R G B / A)` with components to five decimals for a wide one, as
    /// CSS Color 4 writes it.
    public var canonicalText: String {
        guard colorSpace == .displayP3 else { return hex }
        func component(_ value: Double) -> String {
            let rounded = (value * 100_000).rounded() / 100_000
            return rounded.plainText
        }
        return "color(display-p3 \(component(red)) \(component(green)) \(component(blue)) / \(component(alpha)))"
    }

    /// Creates a color from `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (any case), or `nil`.
    public init?(hex text: String) {
        var text = text
        let parsed: (red: Int, green: Int, blue: Int, alpha: Int)? = text.withUTF8 { bytes in
            guard bytes.count == 4 || bytes.count == 5 || bytes.count == 7 || bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return nil }
            func digit(_ offset: Int) -> Int? {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte &- UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte &- UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte &- UInt8(ascii: "A")) + 10
                default: return nil
                }
            }
            // #abc is #aabbcc: one digit stands for a component of 17 times its value.
            let short = bytes.count <= 5
            func component(_ index: Int) -> Int? {
                if short { return digit(1 + index).map { $0 * 17 } }
                guard let high = digit(1 + 2 * index), let low = digit(2 + 2 * index) else { return nil }
                return high * 16 + low
            }
            let hasAlpha = bytes.count == 5 || bytes.count == 9
            guard let red = component(0), let green = component(1), let blue = component(2) else { return nil }
            guard hasAlpha else { return (red, green, blue, 255) }
            return component(3).map { (red, green, blue, $0) }
        }
        guard let parsed else { return nil }
        self.init(red: Double(parsed.red) / 255, green: Double(parsed.green) / 255, blue: Double(parsed.blue) / 255, alpha: Double(parsed.alpha) / 255)
    }

    /// Creates an opaque color from `0xRRGGBB`, as in `UIColor(hex: 0x0770e3)`.
    public init?(rgb value: Int64) {
        guard (0...0xFF_FFFF).contains(value) else { return nil }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }

    /// `#RRGGBBAA`, upper case, each component rounded to the nearest of 0...255 (halves up); a
    /// Display P3 color is converted to sRGB first (see ``sRGB``). A component made outside 0...1
    /// is clamped, and one that is not a number is 0.
    public var hex: String {
        if colorSpace == .displayP3 { return sRGB.hex }
        return String(unsafeUninitializedCapacity: Self.hexLength) { buffer in
            writeHex(into: buffer, at: 0)
            return Self.hexLength
        }
    }

    /// The length of ``hex``: `#RRGGBBAA`.
    static let hexLength = 9

    /// Writes ``hex`` of an sRGB color (``hexLength`` bytes) into `buffer` at `offset`.
    func writeHex(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        func digit(_ value: Int) -> UInt8 { value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "A") + UInt8(value - 10) }
        func write(_ component: Double, at offset: Int) {
            // Outside 0...1 (a color made in code) clamped; not a number, 0 (Int(.nan) traps).
            let byte = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255 + 0.5).rounded(.down))
            buffer[offset] = digit(byte >> 4)
            buffer[offset + 1] = digit(byte & 0xF)
        }
        buffer[offset] = UInt8(ascii: "#")
        write(red, at: offset + 1)
        write(green, at: offset + 3)
        write(blue, at: offset + 5)
        write(alpha, at: offset + 7)
    }

    /// The same color with another alpha.
    public func withAlpha(_ alpha: Double) -> ThemeColor {
        ThemeColor(red: red, green: green, blue: blue, alpha: alpha, colorSpace: colorSpace)
    }

    /// WCAG 2 relative luminance of the color (alpha ignored).
    public var relativeLuminance: Double {
        let color = sRGB
        return 0.2126 * Self.linear(color.red) + 0.7152 * Self.linear(color.green) + 0.0722 * Self.linear(color.blue)
    }

    /// An sRGB channel made linear (WCAG 2). A channel of 8 bits, as a hex color gives it, is
    /// looked up: the table holds what the formula gives for each of the 256, so the result is
    /// the same to the bit, without a `pow` for every channel of every level in every style.
    private static func linear(_ channel: Double) -> Double {
        let scaled = (channel * 255).rounded()
        if scaled >= 0, scaled <= 255, Double(Int(scaled)) / 255 == channel {
            return linearByByte[Int(scaled)]
        }
        return linearByFormula(channel)
    }

    private static func linearByFormula(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }

    private static let linearByByte: [Double] = (0...255).map { linearByFormula(Double($0) / 255) }

    /// This color laid over `background` with its alpha (source-over in sRGB, as a display
    /// blends it), the background taken as opaque: what a reader sees of translucent text.
    public func composited(over background: ThemeColor) -> ThemeColor {
        let (top, bottom) = (sRGB, background.sRGB)
        func blend(_ upper: Double, _ lower: Double) -> Double { alpha * upper + (1 - alpha) * lower }
        return ThemeColor(red: blend(top.red, bottom.red), green: blend(top.green, bottom.green), blue: blend(top.blue, bottom.blue), alpha: 1)
    }

    /// The WCAG 2 contrast ratio between two colors, from 1 to 21.
    public func contrastRatio(with other: ThemeColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

extension ThemeColor: CustomStringConvertible {
    /// The canonical text: `#RRGGBBAA`, or `color(display-p3 …)` for a wide color.
    public var description: String { canonicalText }
}

extension ThemeColor: Codable {
    /// Decodes a color from its hex string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let color = ThemeColor(hex: text) {
            self = color
        } else if case .color(let color) = CSSColorFunction.parse(text) {
            self = color
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a #RRGGBB(AA) or color(display-p3 …) color")
        }
    }

    /// Encodes the color as its canonical text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(canonicalText)
    }
}
