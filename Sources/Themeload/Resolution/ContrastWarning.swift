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
                var writer = ByteWriter(buffer: buffer)
                writer.put("textColor ")
                writer.put(hexOf: text)
                writer.put(" on backgroundColor ")
                writer.put(hexOf: background)
                writer.put(" has a contrast of ")
                let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
                writer.put(digitsOf: whole)
                writer.put(".")
                if fraction % 10 == 0 {
                    writer.put(digitsOf: fraction / 10)
                } else {
                    if fraction < 10 { writer.put("0") }
                    writer.put(digitsOf: fraction)
                }
                writer.put(":1 in style ")
                writer.put(styleBytes)
                writer.put(", below WCAG AA's 4.5:1")
                return writer.end
            }
        }
    }

    /// Writes text into a buffer large enough for it, keeping its end.
    private struct ByteWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var end = 0

        mutating func put(_ text: StaticString) {
            put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[end..<end + bytes.count]).initialize(from: bytes)
            end += bytes.count
        }

        mutating func put(hexOf color: ThemeColor) {
            color.writeHex(into: buffer, at: end)
            end += ThemeColor.hexLength
        }

        mutating func put(digitsOf number: Int) {
            var divisor = 1
            while divisor * 10 <= number { divisor *= 10 }
            while divisor > 0 {
                buffer[end] = UInt8(ascii: "0") + UInt8(number / divisor % 10)
                end += 1
                divisor /= 10
            }
        }
    }

    /// The message's length without the style's name, with room for a ratio of nine digits.
    private static let fixedLength = "textColor  on backgroundColor  has a contrast of .:1 in style , below WCAG AA's 4.5:1".utf8.count
        + 2 * ThemeColor.hexLength + 9 + 2
}
