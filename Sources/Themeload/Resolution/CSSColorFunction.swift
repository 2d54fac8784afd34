import Foundation

/// Reads the CSS Color 4 functional notations a color string may use: `rgb()`, `rgba()`,
/// `hsl()`, `hsla()`, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()` and `color()` in any of
/// its predefined spaces, in the modern syntax (`rgb(7 112 227 / 50%)`, components separated by
/// spaces, alpha after `/`, `none` for a missing component); `rgb()` and `hsl()` also in the
/// legacy one (`rgba(7, 112, 227, 0.5)`, commas, no `none`). `rgba` and `hsla` are the same
/// functions as `rgb` and `hsl`, as in CSS.
///
/// Red, green and blue are numbers 0...255 or percentages; in the legacy syntax all three are the
/// same kind. Hue is a number of degrees or an angle in `deg`, `grad`, `rad` or `turn`, taken
/// modulo a full turn; saturation and lightness are percentages (the modern syntax also takes
/// plain numbers, meaning percent). The other functions' components are numbers in the ranges
/// the Color module gives their space (`oklch()`'s lightness 0...1) or percentages of the
/// reference CSS gives each (100% of `oklch()`'s chroma is 0.4). Alpha is a number 0...1 or a
/// percentage. A component outside its range is an error here, not clamped as a browser would: a
/// theme that says `rgb(300 0 0)` has a mistake in it.
///
/// `color(srgb …)` and `color(display-p3 …)` are kept in their space; every other space is
/// converted to sRGB by the Color module's formulas, as a DTCG color object in it is, and a color
/// outside the sRGB gamut is clipped to it (``Outcome/clipped(_:)``).
enum CSSColorFunction {
    /// The result of reading a string: not a color function at all, a color, or a message
    /// saying what is wrong with it.
    enum Outcome: Equatable {
        case notAFunction
        case color(ThemeColor)
        /// A color converted from another space that lay outside the sRGB gamut, clipped to it.
        case clipped(ThemeColor)
        case invalid(String)
    }

    /// A component of a function whose components are in a space of their own: its name in
    /// messages, and what 100% of it is (`nil` for a hue, an angle).
    private struct Channel {
        var role: String
        var hundredPercent: Double?
    }

    /// The functions whose components are in a space of their own, by name: the Color module's
    /// space (``ColorSpaceConversion/spaces``) and the components in order, each percentage's
    /// reference as CSS Color 4 gives it.
    private static let spaceFunctions: [String: (space: String, channels: [Channel])] = [
        "hwb": ("hwb", [Channel(role: "hue"), Channel(role: "whiteness", hundredPercent: 100), Channel(role: "blackness", hundredPercent: 100)]),
        "lab": ("lab", [Channel(role: "lightness", hundredPercent: 100), Channel(role: "a", hundredPercent: 125), Channel(role: "b", hundredPercent: 125)]),
        "lch": ("lch", [Channel(role: "lightness", hundredPercent: 100), Channel(role: "chroma", hundredPercent: 150), Channel(role: "hue")]),
        "oklab": ("oklab", [Channel(role: "lightness", hundredPercent: 1), Channel(role: "a", hundredPercent: 0.4), Channel(role: "b", hundredPercent: 0.4)]),
        "oklch": ("oklch", [Channel(role: "lightness", hundredPercent: 1), Channel(role: "chroma", hundredPercent: 0.4), Channel(role: "hue")]),
    ]

    /// The spaces `color()` takes besides `srgb` and `display-p3`, each by its CSS name, with the
    /// Color module's name of it: CSS's `xyz` is `xyz-d65`.
    private static let convertedPredefinedSpaces = [
        "srgb-linear": "srgb-linear", "a98-rgb": "a98-rgb", "prophoto-rgb": "prophoto-rgb", "rec2020": "rec2020",
        "xyz": "xyz-d65", "xyz-d50": "xyz-d50", "xyz-d65": "xyz-d65",
    ]

    /// The names `color()` takes for its space, for messages.
    private static let predefinedSpaceNames = "srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50 or xyz-d65"

    static func parse(_ text: String) -> Outcome {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return .notAFunction }
        let name = trimmed[..<open].lowercased()
        let spaceFunction = spaceFunctions[name]
        guard ["rgb", "rgba", "hsl", "hsla", "color"].contains(name) || spaceFunction != nil else { return .notAFunction }
        var inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        if name == "color" {
            // color(SPACE R G B / A): the space first, then components 0...1 or percentages.
            let words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let space = words.first.map { $0.lowercased() } ?? ""
            let colorSpace = ThemeColor.ColorSpace(rawValue: space), converted = convertedPredefinedSpaces[space]
            guard colorSpace != nil || converted != nil else {
                return .invalid("color(): the color space is \(predefinedSpaceNames), not \"\(words.first ?? "")\"")
            }
            inner = inner.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(space.count)
            let arguments: Arguments
            switch Arguments.split(inner, allowsCommas: false) {
            case .failure(let problem): return .invalid("color(): \(problem.message)")
            case .success(let split): arguments = split
            }
            if let converted {
                // Components 0...1, or percentages of 1.
                let roles = space.hasPrefix("xyz") ? ["x", "y", "z"] : ["red", "green", "blue"]
                return converting(arguments, to: converted, channels: roles.map { Channel(role: $0, hundredPercent: 1) }, function: "color")
            }
            switch predefined(arguments, colorSpace: colorSpace ?? .sRGB) {
            case .success(let color): return .color(color)
            case .failure(let problem): return .invalid("color(): \(problem.message)")
            }
        }
        if let spaceFunction {
            switch Arguments.split(inner, allowsCommas: false) {
            case .failure(let problem): return .invalid("\(name)(): \(problem.message)")
            case .success(let arguments): return converting(arguments, to: spaceFunction.space, channels: spaceFunction.channels, function: name)
            }
        }
        let arguments: Arguments
        switch Arguments.split(inner) {
        case .success(let split): arguments = split
        case .failure(let problem): return .invalid("\(name)(): \(problem.message)")
        }
        let result = name.hasPrefix("rgb") ? rgb(arguments) : hsl(arguments)
        switch result {
        case .success(let color): return .color(color)
        case .failure(let problem): return .invalid("\(name)(): \(problem.message)")
        }
    }

    struct Problem: Error {
        var message: String
    }

    /// The components of a call, split by the syntax it uses.
    struct Arguments {
        var components: [Substring]
        var alpha: Substring?
        var isLegacy: Bool

        /// `allowsCommas`: whether the function has the legacy syntax (`rgb()` and `hsl()`), which
        /// the message about a wrong count of components then names too.
        static func split(_ inner: Substring, allowsCommas: Bool = true) -> Result<Arguments, Problem> {
            if inner.contains(",") {
                guard allowsCommas else { return .failure(Problem(message: "components are separated by spaces, not commas")) }
                let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
                guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
                    return .failure(Problem(message: "the comma syntax takes three components and an optional alpha, each separated by a comma"))
                }
                guard !inner.contains("/") else { return .failure(Problem(message: "the comma syntax has no \"/\"; write the alpha as a fourth component")) }
                return .success(Arguments(components: Array(parts.prefix(3)), alpha: parts.count == 4 ? parts[3] : nil, isLegacy: true))
            }
            let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return .failure(Problem(message: "only one \"/\" may stand before the alpha")) }
            let components = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard components.count == 3 else {
                return .failure(Problem(message: "three components are needed, separated by spaces\(allowsCommas ? " (or all by commas)" : ""), not \(components.count)"))
            }
            var alpha: Substring?
            if halves.count == 2 {
                let parts = halves[1].split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 1 else { return .failure(Problem(message: "one alpha value must follow \"/\"")) }
                alpha = parts[0]
            }
            return .success(Arguments(components: components, alpha: alpha, isLegacy: false))
        }
    }

    /// An angle as CSS writes one (`90deg`, `0.25turn`, `100grad`, `1.5rad`, or a bare `0`), in
    /// degrees; `nil` for anything else.
    static func degrees(_ text: Substring) -> Double? {
        switch Token(text) {
        case .angle(let degrees): degrees
        case .number(0): 0
        default: nil
        }
    }

    /// A number with an optional unit, or `none`.
    private enum Token {
        case none
        case number(Double)
        case percentage(Double)
        case angle(Double)

        init?(_ text: Substring) {
            let lower = text.lowercased()
            if lower == "none" {
                self = .none
                return
            }
            for (unit, degrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where lower.hasSuffix(unit) {
                guard let value = Self.number(lower.dropLast(unit.count)) else { return nil }
                self = .angle(value * degrees)
                return
            }
            if lower.hasSuffix("%") {
                guard let value = Self.number(lower.dropLast()) else { return nil }
                self = .percentage(value)
                return
            }
            guard let value = Self.number(lower[...]) else { return nil }
            self = .number(value)
        }

        /// A CSS number: digits with an optional sign, fraction and exponent; no `inf` or `nan`.
        private static func number(_ text: Substring) -> Double? {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                  let value = Double(text), value.isFinite else { return nil }
            return value
        }
    }

    private static func token(_ text: Substring, _ role: String, isLegacy: Bool) -> Result<Token, Problem> {
        guard let token = Token(text) else { return .failure(Problem(message: "\(role) \"\(text)\" is not a number, percentage\(role == "hue" ? ", angle" : "") or none")) }
        if case .none = token, isLegacy { return .failure(Problem(message: "none is only allowed in the space-separated syntax")) }
        return .success(token)
    }

    private static func inRange(_ value: Double, _ range: ClosedRange<Double>, _ role: String, written: Substring) -> Result<Double, Problem> {
        range.contains(value) ? .success(value) : .failure(Problem(message: "\(role) \(written) is outside \(format(range))"))
    }

    private static func format(_ range: ClosedRange<Double>) -> String {
        "\(range.lowerBound.plainText)–\(range.upperBound.plainText)"
    }

    private static func alpha(_ arguments: Arguments) -> Result<Double, Problem> {
        guard let written = arguments.alpha else { return .success(1) }
        return token(written, "alpha", isLegacy: arguments.isLegacy).flatMap { token in
            switch token {
            case .none: .success(0)
            case .number(let value): inRange(value, 0...1, "alpha", written: written)
            case .percentage(let value): inRange(value, 0...100, "alpha", written: written).map { $0 / 100 }
            case .angle: .failure(Problem(message: "alpha \(written) is an angle; write a number 0–1 or a percentage"))
            }
        }
    }

    /// The components written, read in order by `read`; the first problem stops.
    private static func components(_ written: some Sequence<Substring>, roles: [String], isLegacy: Bool,
                                   _ read: (Token, Substring, String) -> Result<Double, Problem>) -> Result<[Double], Problem> {
        var values: [Double] = []
        for (text, role) in zip(written, roles) {
            switch token(text, role, isLegacy: isLegacy).flatMap({ read($0, text, role) }) {
            case .success(let value): values.append(value)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(values)
    }

    private static func rgb(_ arguments: Arguments) -> Result<ThemeColor, Problem> {
        var kinds: Set<String> = []
        return components(arguments.components, roles: ["red", "green", "blue"], isLegacy: arguments.isLegacy) { token, written, role in
            switch token {
            case .none: return .success(0)
            case .number(let value):
                kinds.insert("number")
                return inRange(value, 0...255, role, written: written).map { $0 / 255 }
            case .percentage(let value):
                kinds.insert("percentage")
                return inRange(value, 0...100, role, written: written).map { $0 / 100 }
            case .angle: return .failure(Problem(message: "\(role) \(written) is an angle; write a number 0–255 or a percentage"))
            }
        }.flatMap { channels in
            if arguments.isLegacy, kinds.count > 1 {
                return .failure(Problem(message: "the comma syntax takes red, green and blue all as numbers or all as percentages"))
            }
            return alpha(arguments).map { ThemeColor(red: channels[0], green: channels[1], blue: channels[2], alpha: $0) }
        }
    }

    /// The components of `color()`: numbers 0...1 or percentages, in the given space.
    private static func predefined(_ arguments: Arguments, colorSpace: ThemeColor.ColorSpace) -> Result<ThemeColor, Problem> {
        components(arguments.components, roles: ["red", "green", "blue"], isLegacy: false) { token, written, role in
            switch token {
            case .none: .success(0)
            case .number(let value): inRange(value, 0...1, role, written: written)
            case .percentage(let value): inRange(value, 0...100, role, written: written).map { $0 / 100 }
            case .angle: .failure(Problem(message: "\(role) \(written) is an angle; write a number 0–1 or a percentage"))
            }
        }.flatMap { channels in
            alpha(arguments).map { ThemeColor(red: channels[0], green: channels[1], blue: channels[2], alpha: $0, colorSpace: colorSpace) }
        }
    }

    /// A color whose components are in a space of the Color module, read against that space's
    /// ranges and converted to sRGB as a DTCG color object in it is.
    private static func converting(_ arguments: Arguments, to space: String, channels: [Channel], function: String) -> Outcome {
        guard let ranges = ColorSpaceConversion.spaces[space]?.components else { return .invalid("\(function)(): no color space \(space)") }
        // The components in order, each read as its channel's kind (``components(_:roles:isLegacy:_:)``
        // reads the token and stops at the first problem), then checked against its range.
        var index = 0
        let read = components(arguments.components, roles: channels.map(\.role), isLegacy: false) { token, written, role -> Result<Double, Problem> in
            defer { index += 1 }
            let hundredPercent = channels[index].hundredPercent, range = ranges[index]
            var value: Double
            switch (token, hundredPercent) {
            case (.none, _): value = 0
            case (.number(let number), _): value = number
            case (.angle(let degrees), nil): value = degrees
            case (.percentage(let percent), let hundred?): value = percent / 100 * hundred
            case (.angle, _?): return .failure(Problem(message: "\(role) \(written) is an angle; write a number or a percentage"))
            case (.percentage, nil): return .failure(Problem(message: "\(role) \(written) is a percentage; write degrees or an angle"))
            }
            // A hue is taken modulo a full turn, as in hsl().
            if hundredPercent == nil { value = ColorSpaceConversion.normalizedHue(value) }
            if let lower = range.lower, value < lower { return .failure(Problem(message: "\(role) \(written) is below \(lower.plainText)")) }
            if let upper = range.upper, value > upper { return .failure(Problem(message: "\(role) \(written) is above \(upper.plainText)")) }
            return .success(value)
        }.flatMap { values in alpha(arguments).map { (values, $0) } }
        let (values, alphaValue): ([Double], Double)
        switch read {
        case .success(let read): (values, alphaValue) = read
        case .failure(let problem): return .invalid("\(function)(): \(problem.message)")
        }
        guard let converted = ColorSpaceConversion.toSRGB(values, in: space) else {
            return .invalid("\(function)(): the color is too far outside every gamut to convert to sRGB: its components overflow")
        }
        let color = ThemeColor(red: converted.red, green: converted.green, blue: converted.blue, alpha: alphaValue)
        return converted.wasClipped ? .clipped(color) : .color(color)
    }

    private static func hsl(_ arguments: Arguments) -> Result<ThemeColor, Problem> {
        let hue: Double
        switch token(arguments.components[0], "hue", isLegacy: arguments.isLegacy) {
        case .failure(let problem): return .failure(problem)
        case .success(.none): hue = 0
        case .success(.number(let degrees)), .success(.angle(let degrees)): hue = degrees
        case .success(.percentage): return .failure(Problem(message: "hue \(arguments.components[0]) is a percentage; write degrees or an angle"))
        }
        return components(arguments.components.dropFirst(), roles: ["saturation", "lightness"], isLegacy: arguments.isLegacy) { token, written, role in
            switch token {
            case .none: .success(0)
            case .percentage(let value): inRange(value, 0...100, role, written: written)
            case .number(let value) where !arguments.isLegacy: inRange(value, 0...100, role, written: written)
            case .number: .failure(Problem(message: "\(role) \(written) needs a % in the comma syntax"))
            case .angle: .failure(Problem(message: "\(role) \(written) is an angle; write a percentage"))
            }
        }.flatMap { percents in
            let (red, green, blue) = ColorSpaceConversion.hslToSRGB(hue: hue, saturation: percents[0], lightness: percents[1])
            return alpha(arguments).map { ThemeColor(red: red, green: green, blue: blue, alpha: $0) }
        }
    }
}
