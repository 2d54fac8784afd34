/// Tokens Studio's color modifiers (`$extensions["studio.tokens"].modify`), applied as the
/// plugin and sd-transforms apply them (docs/SPEC.md section 11):
///
/// - `lighten` by an amount moves each channel toward its top (sRGB or Display P3 channels
///   toward 1, HSL lightness toward 100) by that share of the way, and in LCH the lightness too
///   while the chroma drops by the amount's share;
/// - `darken` moves them toward 0 the same way (LCH's chroma drops as for lighten);
/// - `mix` takes the amount (kept within 0...1) of the way from the color to another, each
///   component and the alpha on a line in the space, a hue the shorter way round (a gray's
///   hue taking the other color's);
/// - `alpha` sets the alpha to the amount (kept within 0...1).
///
/// The space is `srgb`, `hsl`, `lch` or `p3`; a result in `p3` is a Display P3 color, any other
/// is converted to sRGB (clipped to its gamut, with a warning, where LCH leaves it).
struct TokensStudioColorModifier {
    enum Kind: String, CaseIterable {
        case lighten, darken, mix, alpha
    }

    /// The spaces the plugin offers, by the names it writes.
    enum Space: String, CaseIterable {
        case srgb, hsl, lch, p3

        /// The name ``ColorSpaceConversion`` knows it by.
        var conversionName: String { self == .p3 ? "display-p3" : rawValue }
    }

    var kind: Kind
    var amount: Double
    /// `nil` only for ``Kind/alpha``, which then keeps the color's own space.
    var space: Space?
    /// The color ``Kind/mix`` goes toward.
    var mixColor: ThemeColor?

    /// A modified color, and whether it lay outside the sRGB gamut and was clipped to it.
    struct Result {
        var color: ThemeColor
        var wasClipped: Bool
    }

    /// The modified color.
    func applied(to color: ThemeColor) -> Result {
        if kind == .alpha, space == nil {
            return Result(color: color.withAlpha(min(max(amount, 0), 1)), wasClipped: false)
        }
        let space = space ?? .srgb
        var clipped = false
        var components = Self.components(of: color, in: space, clipped: &clipped)
        var alpha = color.alpha
        let a = amount
        switch (kind, space) {
        case (.lighten, .srgb), (.lighten, .p3):
            components = components.map { min(1, $0 + a * (1 - $0)) }
        case (.darken, .srgb), (.darken, .p3):
            components = components.map { max(0, $0 - a * $0) }
        case (.lighten, .hsl):
            components[2] = min(100, components[2] + (100 - components[2]) * a)
        case (.darken, .hsl):
            components[2] = max(0, components[2] - components[2] * a)
        case (.lighten, .lch):
            components[0] = min(100, components[0] + (100 - components[0]) * a)
            components[1] = max(0, components[1] - a * components[1])
        case (.darken, .lch):
            components[0] = max(0, components[0] - components[0] * a)
            components[1] = max(0, components[1] - a * components[1])
        case (.mix, _):
            let progress = min(max(a, 0), 1)
            let other = mixColor ?? color
            var target = Self.components(of: other, in: space, clipped: &clipped)
            if let hue = Self.hueIndex(space) {
                // A hue that is no hue takes the other's; then the shorter way round.
                if components[hue].isNaN { components[hue] = target[hue] }
                if target[hue].isNaN { target[hue] = components[hue] }
                if !components[hue].isNaN {
                    if target[hue] - components[hue] > 180 {
                        components[hue] += 360
                    } else if target[hue] - components[hue] < -180 {
                        target[hue] += 360
                    }
                }
            }
            components = zip(components, target).map { $0 + ($1 - $0) * progress }
            alpha += (other.alpha - alpha) * progress
        case (.alpha, _):
            alpha = min(max(a, 0), 1)
        }
        return Self.color(components, alpha: alpha, in: space, clipped: clipped)
    }

    /// The place of the hue among a polar space's components.
    private static func hueIndex(_ space: Space) -> Int? {
        switch space {
        case .hsl: 0
        case .lch: 2
        case .srgb, .p3: nil
        }
    }

    /// A color's components in a space: a wide color is taken to sRGB first (clipped, noted in
    /// `clipped`) unless the space is P3.
    private static func components(of color: ThemeColor, in space: Space, clipped: inout Bool) -> [Double] {
        let channels = [color.red, color.green, color.blue]
        if color.colorSpace == .displayP3 {
            if space == .p3 { return channels }
            guard let converted = ColorSpaceConversion.toSRGB(channels, in: "display-p3") else { return channels }
            clipped = clipped || converted.wasClipped
            return ColorSpaceConversion.fromSRGB([converted.red, converted.green, converted.blue], to: space.conversionName)
        }
        return ColorSpaceConversion.fromSRGB(channels, to: space.conversionName)
    }

    /// A color from its components in a space.
    private static func color(_ components: [Double], alpha: Double, in space: Space, clipped: Bool) -> Result {
        switch space {
        case .srgb, .p3:
            let unit = components.map { min(max($0, 0), 1) }
            return Result(color: ThemeColor(red: unit[0], green: unit[1], blue: unit[2], alpha: alpha, colorSpace: space == .p3 ? .displayP3 : .sRGB),
                          wasClipped: clipped)
        case .hsl, .lch:
            // A gray's hue (NaN) is 0 on the way back, as for a `none` component.
            let defined = components.map { $0.isNaN ? 0 : $0 }
            guard let converted = ColorSpaceConversion.toSRGB(defined, in: space.conversionName) else {
                return Result(color: ThemeColor(red: 0, green: 0, blue: 0, alpha: alpha), wasClipped: true)
            }
            return Result(color: ThemeColor(red: converted.red, green: converted.green, blue: converted.blue, alpha: alpha), wasClipped: clipped || converted.wasClipped)
        }
    }
}
