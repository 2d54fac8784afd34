/// The words of a `low-contrast` warning (SPEC section 8): a level's textColor on its
/// backgroundColor below WCAG AA's 4.5:1 in a style. A theme made of generated or unchecked
/// colors can have one for most of its levels, so the usual message is written byte by byte
/// into one string, not pieced together from interpolated parts.
enum ContrastWarning {
    /// WCAG 2, success criterion 1.4.3 (AA), for normal text.
    static let minimumRatio = 4.5

    /// `textColor #777777FF on backgroundColor #888888FF has a contrast of 1.34:1 in style
    /// light, below WCAG AA's 4.5:1`, the ratio to hundredths as Swift prints that `Double`
    /// (`2.7`, `4.48`, `3.0`).
    static func message(text: ThemeColor, background: ThemeColor, ratio: Double, style: String) -> String {
        let hundredths = (ratio * 100).rounded()
        guard text.colorSpace == .sRGB, background.colorSpace == .sRGB, hundredths >= 0, hundredths < 1e9 else {
            // A wide color's text is longer and rarer: the plain way.
            return "textColor \(text.canonicalText) on backgroundColor \(background.canonicalText) has a contrast of \(hundredths / 100):1 in style \(style), below WCAG AA's 4.5:1"
        }
        var style = style
        return style.withUTF8 { styleBytes in
            String(unsafeUninitializedCapacity: fixedLength + styleBytes.count) { buffer in
                var end = 0
                func put(_ text: StaticString) {
                    text.withUTF8Buffer { bytes in
                        for byte in bytes { buffer[end] = byte; end += 1 }
                    }
                }
                func put(digitsOf number: Int) {
                    var divisor = 1
                    while divisor * 10 <= number { divisor *= 10 }
                    while divisor > 0 {
                        buffer[end] = UInt8(ascii: "0") + UInt8(number / divisor % 10)
                        end += 1
                        divisor /= 10
                    }
                }
                put("textColor ")
                text.writeHex(into: buffer, at: end)
                end += ThemeColor.hexLength
                put(" on backgroundColor ")
                background.writeHex(into: buffer, at: end)
                end += ThemeColor.hexLength
                put(" has a contrast of ")
                let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
                put(digitsOf: whole)
                put(".")
                if fraction % 10 == 0 {
                    put(digitsOf: fraction / 10)
                } else {
                    if fraction < 10 { put("0") }
                    put(digitsOf: fraction)
                }
                put(":1 in style ")
                for byte in styleBytes { buffer[end] = byte; end += 1 }
                put(", below WCAG AA's 4.5:1")
                return end
            }
        }
    }

    /// The message's length without the style's name, with room for a ratio of nine digits.
    private static let fixedLength = "textColor  on backgroundColor  has a contrast of .:1 in style , below WCAG AA's 4.5:1".utf8.count
        + 2 * ThemeColor.hexLength + 9 + 2
}
