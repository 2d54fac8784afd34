import Foundation
import Testing
@testable import Themeload

@Suite("Contrast warnings")
struct ContrastWarningTests {
    /// The message as SPEC section 8's wording gives it, pieced together the plain way: the colors'
    /// canonical text, the ratio rounded to hundredths and printed as Swift prints a `Double`.
    func plainMessage(_ text: ThemeColor, _ background: ThemeColor, _ ratio: Double, _ style: String) -> String {
        "textColor \(text.canonicalText) on backgroundColor \(background.canonicalText) has a contrast of \((ratio * 100).rounded() / 100):1 in style \(style), below WCAG AA's 4.5:1"
    }

    @Test("the ratio is written as Swift prints it rounded to hundredths, for every hundredth from 1 to 21 and between them")
    func ratios() throws {
        let ink = try #require(ThemeColor(hex: "#777777")), paper = try #require(ThemeColor(hex: "#888888"))
        for hundredths in 100...2100 {
            for offset in [-0.004, 0, 0.003, 0.005] {
                let ratio = Double(hundredths) / 100 + offset
                #expect(ContrastWarning.message(text: ink, background: paper, ratio: ratio, style: "light") == plainMessage(ink, paper, ratio, "light"))
            }
        }
    }

    @Test("written by hand", arguments: [
        (1.0, "1.0"), (2.7, "2.7"), (4.48, "4.48"), (1.05, "1.05"), (1.3449, "1.34"), (1.345, "1.35"), (21, "21.0"), (10.1, "10.1"),
    ])
    func handWritten(_ ratio: Double, _ written: String) throws {
        let ink = try #require(ThemeColor(hex: "#00FF00")), paper = try #require(ThemeColor(hex: "#FFFFFF"))
        #expect(ContrastWarning.message(text: ink, background: paper, ratio: ratio, style: "dark")
                == "textColor #00FF00FF on backgroundColor #FFFFFFFF has a contrast of \(written):1 in style dark, below WCAG AA's 4.5:1")
    }

    @Test("colors of every kind, style names of any length and script, and ratios no pair of colors gives")
    func colorsAndStyles() {
        let colors = [
            ThemeColor(red: 0, green: 0, blue: 0), ThemeColor(red: 1, green: 1, blue: 1, alpha: 0.5),
            ThemeColor(red: 0.1234, green: 0.5, blue: 0.998, alpha: 0.25),
            ThemeColor(red: 0.9, green: 0.2, blue: 0.1, colorSpace: .displayP3),
        ]
        for style in ["", "pink", "high-contrast-dark-with-a-very-long-name-indeed", "rosé", "夜間"] {
            for text in colors {
                for background in colors {
                    for ratio in [3.21, -1, .infinity, .nan, 1e12] {
                        #expect(ContrastWarning.message(text: text, background: background, ratio: ratio, style: style) == plainMessage(text, background, ratio, style))
                    }
                }
            }
        }
    }

    @Test("luminance of every 8-bit gray, and of channels between them, is WCAG 2's formula")
    func luminance() {
        func linear(_ channel: Double) -> Double { channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4) }
        for byte in 0...255 {
            let channel = Double(byte) / 255
            let gray = ThemeColor(red: channel, green: channel, blue: channel)
            #expect(gray.relativeLuminance == 0.2126 * linear(channel) + 0.7152 * linear(channel) + 0.0722 * linear(channel), "byte \(byte)")
        }
        for channel in [0.5, 0.04045, 0.0404, 1e-9, 0.999999] {
            let color = ThemeColor(red: channel, green: 0, blue: 1)
            #expect(color.relativeLuminance == 0.2126 * linear(channel) + 0.7152 * linear(0) + 0.0722 * linear(1), "channel \(channel)")
        }
    }
}
