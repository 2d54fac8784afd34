import Foundation
import Testing
import Themeload

@Suite("Colors")
struct ThemeColorTests {
    @Test("hex forms", arguments: [
        ("#fff", "#FFFFFFFF"), ("#0000", "#00000000"), ("#0770e3", "#0770E3FF"), ("#0770E380", "#0770E380"),
    ])
    func hex(_ text: String, _ canonical: String) {
        #expect(ThemeColor(hex: text)?.hex == canonical)
    }

    @Test("not colors", arguments: ["fff", "#ff", "#fffff", "#ggg", "#0770E3FF0", ""])
    func notColors(_ text: String) {
        #expect(ThemeColor(hex: text) == nil)
    }

    @Test("components round to the nearest of 0...255, halves up")
    func rounding() {
        // 0.5 * 255 = 127.5 → 128 (0x80); 0.498 * 255 = 126.99 → 127 (0x7F); 1/255 stays 1.
        #expect(ThemeColor(red: 0.5, green: 0.498, blue: 1.0 / 255, alpha: 1).hex == "#807F01FF")
    }

    @Test("WCAG contrast: black on white is 21:1, a color against itself 1:1")
    func contrast() throws {
        let black = try #require(ThemeColor(hex: "#000")), white = try #require(ThemeColor(hex: "#fff"))
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        #expect(abs(white.contrastRatio(with: white) - 1) < 1e-9)
        // #767676 on white is the classic 4.54:1 boundary color.
        let gray = try #require(ThemeColor(hex: "#767676"))
        #expect(abs(gray.contrastRatio(with: white) - 4.54) < 0.01)
    }

    @Test("0xRRGGBB integers", arguments: [(Int64(0x0770E3), "#0770E3FF"), (0, "#000000FF"), (0xFFFFFF, "#FFFFFFFF")])
    func integers(_ value: Int64, _ canonical: String) {
        #expect(ThemeColor(rgb: value)?.hex == canonical)
    }

    @Test("font weights by number")
    func weights() {
        #expect(ThemeFont.Weight(numericValue: 600) == .semibold)
        #expect(ThemeFont.Weight(numericValue: 650) == nil)
        #expect(ThemeFont.Weight.black.numericValue == 900)
    }

    @Test("a Display P3 color keeps its space: canonical text, sRGB conversion for hex and contrast, Codable round trip")
    func displayP3() throws {
        let magenta = ThemeColor(red: 1, green: 0, blue: 1, alpha: 0.5, colorSpace: .displayP3)
        #expect(magenta.canonicalText == "color(display-p3 1 0 1 / 0.5)")
        // P3 magenta lies outside sRGB (coloraide: 1.093, -0.227, 1.034 before clipping).
        #expect(magenta.hex == "#FF00FF80")
        #expect(magenta.sRGB.colorSpace == .sRGB)
        #expect(magenta.withAlpha(1).colorSpace == .displayP3)
        // P3 (0.2, 0.4, 0.6) is sRGB #1B689D (coloraide), so its contrast with white is that color's.
        let blue = ThemeColor(red: 0.2, green: 0.4, blue: 0.6, colorSpace: .displayP3)
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let same = try #require(ThemeColor(hex: "#1B689D"))
        #expect(abs(blue.contrastRatio(with: white) - same.contrastRatio(with: white)) < 0.05)  // #1B689D is rounded to 8 bits
        let encoded = try JSONEncoder().encode([blue])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["color(display-p3 0.2 0.4 0.6 \/ 1)"]"#)
        #expect(try JSONDecoder().decode([ThemeColor].self, from: encoded) == [blue])
    }

    @Test("a color made in code far outside 0...1, or not a number, converts to sRGB and prints clamped, never a crash")
    func displayP3FarOutside() {
        // 1e300 decodes to infinity (x^2.4 overflows), so the formulas give no number to clip.
        let far = ThemeColor(red: 1e300, green: -1e300, blue: .nan, colorSpace: .displayP3)
        // P3 red is sRGB (1.093, -0.227, -0.150) before clipping (coloraide).
        #expect(far.sRGB == ThemeColor(red: 1, green: 0, blue: 0))
        #expect(far.hex == "#FF0000FF")
        // An sRGB color made in code with components outside 0...1, or not numbers: clamped, and
        // 0 for NaN (its hex trapped on Int(.nan)).
        #expect(ThemeColor(red: .nan, green: 2, blue: -1, alpha: .nan).hex == "#00FF0000")
        #expect(ThemeColor(red: .infinity, green: -.infinity, blue: 0.5, alpha: 1).hex == "#FF0080FF")
    }
}
