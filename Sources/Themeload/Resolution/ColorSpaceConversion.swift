import Foundation

/// Converts colors in the color spaces of the DTCG Color module (2025.10, section 4.2) to sRGB,
/// by the formulas and matrices of CSS Color Module Level 4 (sections 7, 8, 9 and 10 and its
/// sample code).
///
/// The result is in sRGB's unit cube when the color is inside the sRGB gamut; outside it, the
/// components are clipped and ``Conversion/wasClipped`` says so (within a tolerance of half a
/// step of an 8-bit component, so a color written in another space that rounds to an sRGB color
/// is not reported).
enum ColorSpaceConversion {
    /// A color space and the ranges of its components, as the DTCG Color module lists them.
    struct Space {
        var name: String
        /// Each component's name and range; `nil` for an unbounded side.
        var components: [(name: String, lower: Double?, upper: Double?)]
    }

    /// sRGB's entry of ``spaces``, the space nearly every color object is in, found without hashing.
    static let sRGBSpace = spaces["srgb"]!

    static let spaces: [String: Space] = {
        let unit: [(name: String, lower: Double?, upper: Double?)] = [("red", 0, 1), ("green", 0, 1), ("blue", 0, 1)]
        let list = [
            Space(name: "srgb", components: unit),
            Space(name: "srgb-linear", components: unit),
            Space(name: "hsl", components: [("hue", 0, 360), ("saturation", 0, 100), ("lightness", 0, 100)]),
            Space(name: "hwb", components: [("hue", 0, 360), ("whiteness", 0, 100), ("blackness", 0, 100)]),
            Space(name: "lab", components: [("lightness", 0, 100), ("a", nil, nil), ("b", nil, nil)]),
            Space(name: "lch", components: [("lightness", 0, 100), ("chroma", 0, nil), ("hue", 0, 360)]),
            Space(name: "oklab", components: [("lightness", 0, 1), ("a", nil, nil), ("b", nil, nil)]),
            Space(name: "oklch", components: [("lightness", 0, 1), ("chroma", 0, nil), ("hue", 0, 360)]),
            Space(name: "display-p3", components: unit),
            Space(name: "a98-rgb", components: unit),
            Space(name: "prophoto-rgb", components: unit),
            Space(name: "rec2020", components: unit),
            Space(name: "xyz-d65", components: [("x", 0, 1), ("y", 0, 1), ("z", 0, 1)]),
            Space(name: "xyz-d50", components: [("x", 0, 1), ("y", 0, 1), ("z", 0, 1)]),
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
    }()

    /// The names of the spaces, in the order the Color module lists them.
    static let spaceNames = ["srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3", "a98-rgb",
                             "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"]

    struct Conversion {
        var red: Double
        var green: Double
        var blue: Double
        /// The color lay outside the sRGB gamut and was clipped to it.
        var wasClipped: Bool
    }

    /// The sRGB color of `components` in `space` (a name from ``spaces``; `none` components
    /// already taken as 0); `nil` when the formulas overflow (a `lab` `a` of 1e200: a color so
    /// far outside every gamut that its sRGB components are not numbers, so there is nothing
    /// to clip).
    static func toSRGB(_ components: [Double], in space: String) -> Conversion? {
        let c = components
        let encoded: [Double]
        switch space {
        case "srgb": encoded = c
        case "srgb-linear": encoded = c.map(sRGBEncode)
        case "hsl":
            let (r, g, b) = hslToSRGB(hue: c[0], saturation: c[1], lightness: c[2])
            encoded = [r, g, b]
        case "hwb": encoded = hwbToSRGB(hue: c[0], whiteness: c[1], blackness: c[2])
        case "lab": encoded = fromXYZD50(labToXYZD50(c))
        case "lch": encoded = fromXYZD50(labToXYZD50(polarToCartesian(c)))
        case "oklab": encoded = oklabToLinearSRGB(c).map(sRGBEncode)
        case "oklch": encoded = oklabToLinearSRGB(polarToCartesian(c)).map(sRGBEncode)
        case "display-p3": encoded = fromXYZD65(multiply(linearP3ToXYZ, c.map(sRGBDecode)))
        case "a98-rgb": encoded = fromXYZD65(multiply(linearA98ToXYZ, c.map { signed($0) { pow($0, 563 / 256) } }))
        case "prophoto-rgb": encoded = fromXYZD50(multiply(linearProPhotoToXYZD50, c.map(proPhotoDecode)))
        case "rec2020": encoded = fromXYZD65(multiply(linearRec2020ToXYZ, c.map(rec2020Decode)))
        case "xyz-d65": encoded = fromXYZD65(c)
        case "xyz-d50": encoded = fromXYZD50(c)
        default: preconditionFailure("unknown color space \(space)")
        }
        // Half a step of an 8-bit component: closer than that, the color rounds to an sRGB one.
        let tolerance = 0.5 / 255
        guard encoded.allSatisfy(\.isFinite) else { return nil }
        let wasClipped = encoded.contains { $0 < -tolerance || $0 > 1 + tolerance }
        let clipped = encoded.map { min(max($0, 0), 1) }
        return Conversion(red: clipped[0], green: clipped[1], blue: clipped[2], wasClipped: wasClipped)
    }

    /// An sRGB color's components (unclipped, in the unit cube or beyond) in `space`: `hsl`,
    /// `lch`, `display-p3`, or `srgb` as they are; by the inverses of the formulas ``toSRGB(_:in:)``
    /// uses (the matrices inverted, CSS Color 4's sample code for HSL). An achromatic color's hue
    /// is NaN: it has none (CSS Color 4 section 4.4, "powerless"). Tokens Studio's color
    /// modifiers work on these.
    static func fromSRGB(_ rgb: [Double], to space: String) -> [Double] {
        switch space {
        case "hsl":
            return sRGBToHSL(rgb)
        case "lch":
            let xyzD50 = multiply(bradfordD65ToD50, multiply(linearSRGBToXYZ, rgb.map(sRGBDecode)))
            let lab = xyzD50ToLab(xyzD50)
            let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
            // Color.js's threshold for a hue that is no hue: both axes within 0.02 of gray.
            let hue = abs(lab[1]) < 0.02 && abs(lab[2]) < 0.02 ? Double.nan : normalizedHue(atan2(lab[2], lab[1]) * 180 / .pi)
            return [lab[0], chroma, hue]
        case "display-p3":
            return multiply(xyzToLinearP3, multiply(linearSRGBToXYZ, rgb.map(sRGBDecode))).map(sRGBEncode)
        default:
            return rgb
        }
    }

    /// CSS Color 4's `rgbToHsl` (section 7.2 sample code): hue in degrees (NaN for a gray),
    /// saturation and lightness in percent.
    private static func sRGBToHSL(_ rgb: [Double]) -> [Double] {
        let (r, g, b) = (rgb[0], rgb[1], rgb[2])
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (low + high) / 2, spread = high - low
        var hue = Double.nan, saturation = 0.0
        if spread != 0 {
            saturation = lightness == 0 || lightness == 1 ? 0 : (high - lightness) / min(lightness, 1 - lightness)
            switch high {
            case r: hue = (g - b) / spread + (g < b ? 6 : 0)
            case g: hue = (b - r) / spread + 2
            default: hue = (r - g) / spread + 4
            }
            hue *= 60
        }
        if saturation < 0 {
            hue += 180
            saturation = -saturation
        }
        if hue >= 360 { hue -= 360 }
        return [hue, saturation * 100, lightness * 100]
    }

    private static func xyzD50ToLab(_ xyz: [Double]) -> [Double] {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let white = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]
        let f = (0..<3).map { index -> Double in
            let value = xyz[index] / white[index]
            return value > epsilon ? cbrt(value) : (kappa * value + 16) / 116
        }
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
    }

    /// A 3×3 matrix's inverse (by its adjugate), for the directions CSS Color 4 gives one way.
    private static func inverse(_ m: [[Double]]) -> [[Double]] {
        let cofactors = (0..<3).map { row in
            (0..<3).map { column -> Double in
                let r1 = (row + 1) % 3, r2 = (row + 2) % 3, c1 = (column + 1) % 3, c2 = (column + 2) % 3
                return m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]
            }
        }
        let determinant = (0..<3).reduce(0) { $0 + m[0][$1] * cofactors[0][$1] }
        // The adjugate is the cofactors transposed.
        return (0..<3).map { row in (0..<3).map { column in cofactors[column][row] / determinant } }
    }

    private static let linearSRGBToXYZ = inverse(xyzToLinearSRGB)
    private static let xyzToLinearP3 = inverse(linearP3ToXYZ)
    private static let bradfordD65ToD50 = inverse(bradfordD50ToD65)

    /// HSL (hue in degrees, saturation and lightness in percent) to sRGB, CSS Color 4 section 7.1.
    static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        let hue = normalizedHue(hue), s = saturation / 100, l = lightness / 100
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    /// A hue taken modulo a full turn, in 0..<360, as CSS reads any angle.
    static func normalizedHue(_ degrees: Double) -> Double {
        let turn = degrees.truncatingRemainder(dividingBy: 360)
        return turn < 0 ? turn + 360 : turn
    }

    private static func hwbToSRGB(hue: Double, whiteness: Double, blackness: Double) -> [Double] {
        let w = whiteness / 100, b = blackness / 100
        if w + b >= 1 {
            let gray = w / (w + b)
            return [gray, gray, gray]
        }
        let (r, g, bl) = hslToSRGB(hue: hue, saturation: 100, lightness: 50)
        return [r, g, bl].map { $0 * (1 - w - b) + w }
    }

    /// `[lightness, chroma, hue]` to `[lightness, a, b]`.
    private static func polarToCartesian(_ c: [Double]) -> [Double] {
        let radians = normalizedHue(c[2]) * .pi / 180
        return [c[0], c[1] * cos(radians), c[1] * sin(radians)]
    }

    private static func labToXYZD50(_ c: [Double]) -> [Double] {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let f1 = (c[0] + 16) / 116, f0 = c[1] / 500 + f1, f2 = f1 - c[2] / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = c[0] > kappa * epsilon ? pow((c[0] + 16) / 116, 3) : c[0] / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        let white = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]
        return [x * white[0], y * white[1], z * white[2]]
    }

    private static func oklabToLinearSRGB(_ c: [Double]) -> [Double] {
        let l = pow(c[0] + 0.3963377774 * c[1] + 0.2158037573 * c[2], 3)
        let m = pow(c[0] - 0.1055613458 * c[1] - 0.0638541728 * c[2], 3)
        let s = pow(c[0] - 0.0894841775 * c[1] - 1.2914855480 * c[2], 3)
        return [
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s,
        ]
    }

    private static func fromXYZD65(_ xyz: [Double]) -> [Double] {
        multiply(xyzToLinearSRGB, xyz).map(sRGBEncode)
    }

    private static func fromXYZD50(_ xyz: [Double]) -> [Double] {
        fromXYZD65(multiply(bradfordD50ToD65, xyz))
    }

    private static func signed(_ value: Double, _ transfer: (Double) -> Double) -> Double {
        value < 0 ? -transfer(-value) : transfer(value)
    }

    static func sRGBEncode(_ value: Double) -> Double {
        signed(value) { $0 <= 0.0031308 ? 12.92 * $0 : 1.055 * pow($0, 1 / 2.4) - 0.055 }
    }

    static func sRGBDecode(_ value: Double) -> Double {
        signed(value) { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
    }

    private static func proPhotoDecode(_ value: Double) -> Double {
        signed(value) { $0 <= 16.0 / 512 ? $0 / 16 : pow($0, 1.8) }
    }

    /// CSS Color 4 decodes `rec2020` with the BT.1886 display transfer, a pure 2.4 gamma (the
    /// draft's earlier camera curve with its linear toe was replaced), as browsers do.
    private static func rec2020Decode(_ value: Double) -> Double {
        signed(value) { pow($0, 2.4) }
    }

    private static func multiply(_ matrix: [[Double]], _ vector: [Double]) -> [Double] {
        matrix.map { row in zip(row, vector).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    private static let xyzToLinearSRGB: [[Double]] = [
        [12831 / 3959, -329 / 214, -1974 / 3959],
        [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
        [705 / 12673, -2585 / 12673, 705 / 667],
    ]
    private static let linearP3ToXYZ: [[Double]] = [
        [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
        [35783 / 156275, 247089 / 357200, 198249 / 2500400],
        [0, 32229 / 714400, 5220557 / 5000800],
    ]
    private static let linearA98ToXYZ: [[Double]] = [
        [573536 / 994567, 263643 / 1420810, 187206 / 994567],
        [591459 / 1989134, 6239551 / 9945670, 374412 / 4972835],
        [53769 / 1989134, 351524 / 4972835, 4929758 / 4972835],
    ]
    private static let linearProPhotoToXYZD50: [[Double]] = [
        [0.79776664490064230, 0.13518129740053308, 0.03134773412839220],
        [0.28807482881940130, 0.71183523424187300, 0.00008993693872564],
        [0, 0, 0.82510460251046020],
    ]
    private static let linearRec2020ToXYZ: [[Double]] = [
        [63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314],
        [26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157],
        [0, 19567812 / 697040785, 295819943 / 278816314],
    ]
    private static let bradfordD50ToD65: [[Double]] = [
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ]
}
