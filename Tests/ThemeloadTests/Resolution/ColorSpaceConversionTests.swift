import Testing
@testable import Themeload

/// The DTCG Color module's spaces converted to sRGB (CSS Color 4's formulas): every color gives
/// components in 0...1, or none when the formulas overflow; never a NaN taken as black.
@Suite("Color space conversion")
struct ColorSpaceConversionTests {
    /// Each component at its lower bound, its upper bound, and where a side is unbounded, at
    /// 1e300 on that side (what a hostile or broken file can write).
    static func extremes(of space: ColorSpaceConversion.Space) -> [[Double]] {
        let choices = space.components.map { component in
            [component.lower ?? -1e300, component.upper ?? 1e300, ((component.lower ?? -1) + (component.upper ?? 1)) / 2]
        }
        return choices[0].flatMap { first in choices[1].flatMap { second in choices[2].map { [first, second, $0] } } }
    }

    @Test("every space, every component at an extreme: components in 0...1 or no conversion", arguments: ColorSpaceConversion.spaceNames)
    func extremes(space: String) throws {
        let definition = try #require(ColorSpaceConversion.spaces[space])
        var overflowed = 0
        for components in Self.extremes(of: definition) {
            guard let converted = ColorSpaceConversion.toSRGB(components, in: space) else {
                overflowed += 1
                continue
            }
            for value in [converted.red, converted.green, converted.blue] {
                #expect((0...1).contains(value), "\(space) \(components) gave \(value)")
            }
        }
        // Only the unbounded components can be written large enough to overflow.
        let unbounded = definition.components.contains { $0.lower == nil || $0.upper == nil }
        #expect(unbounded || overflowed == 0, "\(space): \(overflowed) of the bounded colors gave no conversion")
    }

    @Test("lab: far outside sRGB clips to it, past what the formulas hold gives none")
    func labOverflow() throws {
        // coloraide converts [50, 1e10, -1e10] to sRGB (-2.3e9, -1.1e9, 4.7e9): clipped, blue.
        let clipped = try #require(ColorSpaceConversion.toSRGB([50, 1e10, -1e10], in: "lab"))
        #expect(clipped.wasClipped)
        #expect([clipped.red, clipped.green, clipped.blue] == [0, 0, 1])
        // (a / 500 + 0.66)³ passes the largest Double from about a = 2.8e105 on.
        #expect(ColorSpaceConversion.toSRGB([50, 1e200, 0], in: "lab") == nil)
        #expect(ColorSpaceConversion.toSRGB([0.5, 1e200, 0], in: "oklab") == nil)
        #expect(ColorSpaceConversion.toSRGB([50, 1e100, 0], in: "lab") != nil)
    }

    /// The other way, for Tokens Studio's color modifiers: an sRGB color's components in HSL,
    /// LCH and Display P3, each checked against coloraide (#0770E3: hsl 211.364 94.017 45.882,
    /// lch 47.391 67.503 277.570, display-p3 0.19149 0.43240 0.86033), and back again.
    @Test("sRGB to hsl, lch and display-p3, and back", arguments: [
        ("hsl", [211.364, 94.017, 45.882]), ("lch", [47.391, 67.503, 277.570]), ("display-p3", [0.19149, 0.43240, 0.86033]),
    ])
    func fromSRGB(space: String, expected: [Double]) throws {
        let rgb = [7.0 / 255, 112.0 / 255, 227.0 / 255]
        let components = ColorSpaceConversion.fromSRGB(rgb, to: space)
        for (found, wanted) in zip(components, expected) {
            #expect(abs(found - wanted) < 0.001, "\(space): \(components)")
        }
        let back = try #require(ColorSpaceConversion.toSRGB(components, in: space))
        #expect(!back.wasClipped)
        for (found, wanted) in zip([back.red, back.green, back.blue], rgb) {
            #expect(abs(found - wanted) < 1e-9, "\(space) back: \(back)")
        }
    }

    @Test("a gray has no hue: NaN in hsl and lch")
    func grayHasNoHue() {
        #expect(ColorSpaceConversion.fromSRGB([0.5, 0.5, 0.5], to: "hsl")[0].isNaN)
        #expect(ColorSpaceConversion.fromSRGB([0.5, 0.5, 0.5], to: "lch")[2].isNaN)
        #expect(!ColorSpaceConversion.fromSRGB([0.5, 0.5, 0.6], to: "lch")[2].isNaN)
    }
}
