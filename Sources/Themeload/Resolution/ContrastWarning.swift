/// The words of a `low-contrast` warning (SPEC section 8): a level's textColor on its
/// backgroundColor below WCAG AA's 4.5:1 in a style. A theme made of generated or unchecked
/// colors can have one for most of its levels, so the message is written byte by byte into one
/// string, not pieced together from interpolated parts.
enum ContrastWarning {
    /// WCAG 2, success criterion 1.4.3 (AA), for normal text.
    static let minimumRatio = 4.5

    /// `textColor #777777FF on backgroundColor #888888FF has a contrast of 1.34:1 in style
    /// light, below WCAG AA's 4.5:1`: each color's canonical text, the ratio to hundredths as
    /// Swift prints that `Double` (`2.7`, `4.48`, `3.0`).
    static func message(text: ThemeColor, background: ThemeColor, ratio: Double, style: String) -> String {
        let hundredths = (ratio * 100).rounded()
        // Whole hundredths are written digit by digit; a ratio no pair of colors gives (negative,
        // not finite, or past nine digits) as Swift prints it.
        let printedRatio = hundredths >= 0 && hundredths < 1e9 ? nil : "\(hundredths / 100)"
        let capacity = wordsLength + length(of: text) + length(of: background)
            + (printedRatio?.utf8.count ?? 10) + style.utf8.count
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            writer.put("textColor ")
            writer.put(text)
            writer.put(" on backgroundColor ")
            writer.put(background)
            writer.put(" has a contrast of ")
            if let printedRatio {
                writer.put(printedRatio)
            } else {
                let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
                writer.put(decimal: whole)
                writer.put(".")
                if fraction % 10 == 0 {
                    writer.put(decimal: fraction / 10)
                } else {
                    if fraction < 10 { writer.put("0") }
                    writer.put(decimal: fraction)
                }
            }
            writer.put(":1 in style ")
            writer.put(style)
            writer.put(", below WCAG AA's 4.5:1")
            return writer.end
        }
    }

    /// The length of the message's own words, without the colors, the ratio and the style.
    private static let wordsLength = "textColor  on backgroundColor  has a contrast of :1 in style , below WCAG AA's 4.5:1".utf8.count

    /// The length of a color's canonical text: ``ThemeColor/hexLength`` for an sRGB one.
    private static func length(of color: ThemeColor) -> Int {
        color.colorSpace == .sRGB ? ThemeColor.hexLength : color.canonicalText.utf8.count
    }
}

extension UTF8Writer {
    /// A color's canonical text: its hex written in place for an sRGB color.
    fileprivate mutating func put(_ color: ThemeColor) {
        guard color.colorSpace == .sRGB else { return put(color.canonicalText) }
        color.writeHex(into: buffer, at: end)
        advance(by: ThemeColor.hexLength)
    }
}
