/// Text from a theme made safe to print on one line of a terminal, a log or generated source:
/// every control character but a tab (line feeds, carriage returns, escape sequences), the
/// line and paragraph separators and the bidi controls are written as escapes such as
/// `\u{1B}`. A key that held `\r\nfake.yaml:1:1: error: …` printed a forged diagnostic line an
/// editor would follow, and an escape sequence could recolor or clear the terminal.
package enum PrintableText {
    /// Whether a scalar is written as an escape: C0 and C1 controls but the tab, DEL, U+2028,
    /// U+2029, and the bidi controls that can make text show what it does not
    /// (CVE-2021-42574).
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The text with each escaped scalar written as `\u{HEX}`; itself when it has none.
    package static func escaped(_ text: String) -> String {
        guard mayNeedEscapes(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func mayNeedEscapes(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { mayNeedEscapes($0) }
    }

    /// Whether UTF-8 bytes hold a byte that can begin an escaped scalar: a control byte, or the
    /// lead byte of a C1 control (0xC2), of U+061C (0xD8), or of the separators and bidi
    /// controls (0xE2). `false` means the text is printed as it is. Most text holds none, and a
    /// check prints thousands of lines: eight bytes at a time are first asked whether any is
    /// below 0x20, 0x7F or beyond ASCII, and only words that say so are read byte by byte.
    package static func mayNeedEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func needs(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
        }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[index..<(index + 8)]).loadUnaligned(as: UInt64.self)
            // A byte below 0x20, or 0x7F (a zero byte of word ^ 0x7F…), or with its top bit set.
            let below = (word &- ones &* 0x20) & ~word & highs
            let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
            if below | delete | (word & highs) != 0, bytes[index..<(index + 8)].contains(where: needs) { return true }
            index += 8
        }
        return bytes[index...].contains(where: needs)
    }
}
