/// Reads a CSS `linear-gradient()` (CSS Images 3, section 3.1), as Tokens Studio writes a
/// gradient in a `color` token: `linear-gradient(90deg, #FF0000 0%, rgba(0, 0, 255, 0.5) 100%)`.
///
/// A theme's gradient is its stops (``ThemeGradient``); its direction is the view's to choose.
/// So the reader gives the stops, each a color as written and a position from 0 to 1, found as
/// CSS finds them: a stop without a position is 0 first, 1 last and spaced evenly between its
/// neighbours otherwise, a stop with two positions is two stops, and a position before an
/// earlier one is moved up to it. It also says whether the gradient names a direction other
/// than CSS's default, top to bottom, which the theme then does not keep.
struct CSSLinearGradient {
    /// A stop: its color as written (read as a color where the gradient is) and its position.
    struct Stop: Equatable {
        var color: String
        var position: Double
    }

    var stops: [Stop]
    /// The direction as written (`90deg`, `to right`), when it is not top to bottom.
    var direction: String?

    /// What is wrong with a gradient, for its message.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Whether a string is written as a CSS gradient function of any kind (`linear-gradient(`,
    /// `radial-gradient(` …), which is no color.
    static func isGradientFunction(_ text: String) -> Bool {
        let lowered = text.lowercased().drop { $0 == " " }
        return ["linear-gradient(", "radial-gradient(", "conic-gradient(", "repeating-linear-gradient(", "repeating-radial-gradient(",
                "repeating-conic-gradient("].contains { lowered.hasPrefix($0) }
    }

    static func parse(_ text: String) -> Result<CSSLinearGradient, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let name = "linear-gradient("
        guard trimmed.lowercased().hasPrefix(name) else {
            let function = trimmed.prefix { $0 != "(" }
            return .failure(Problem(message: "a \(function)() is not read: a theme's gradient is its stops along a line, so only linear-gradient() is"))
        }
        guard trimmed.hasSuffix(")") else { return .failure(Problem(message: "linear-gradient( has no closing parenthesis")) }
        let inner = trimmed.dropFirst(name.count).dropLast()
        guard var arguments = topLevelArguments(inner) else {
            return .failure(Problem(message: "linear-gradient() has unbalanced parentheses"))
        }
        var direction: String?
        if let first = arguments.first, let isDefault = Self.isDefaultDirection(first) {
            if !isDefault { direction = first }
            arguments.removeFirst()
        }
        guard !arguments.isEmpty else { return .failure(Problem(message: "linear-gradient() has no color stops")) }
        var written: [(color: String, position: Double?)] = []
        for argument in arguments {
            switch stops(of: argument) {
            case .success(let found): written += found
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(CSSLinearGradient(stops: Self.placed(written), direction: direction))
    }

    /// The arguments of a function, split at its own commas (not those inside a nested
    /// `rgba(…)`), trimmed; `nil` when the parentheses do not balance.
    private static func topLevelArguments(_ inner: Substring) -> [String]? {
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in inner {
            switch character {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return nil }
            case "," where depth == 0:
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0 else { return nil }
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        return arguments
    }

    /// Whether a first argument is a direction, and if so whether it is CSS's default, top to
    /// bottom (`180deg`, `0.5turn`, `to bottom`); `nil` when it is no direction (a color stop).
    private static func isDefaultDirection(_ argument: String) -> Bool? {
        let words = argument.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        if words.first == "to" {
            guard words.count >= 2 else { return nil }
            return words.count == 2 && words[1] == "bottom"
        }
        guard words.count == 1, let degrees = CSSColorFunction.degrees(words[0]) else { return nil }
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        return turned == 180 || turned == -180
    }

    /// The stops one argument writes: a color and none, one or two positions. A position alone
    /// is a color hint, which is not read.
    private static func stops(of argument: String) -> Result<[(color: String, position: Double?)], Problem> {
        guard !argument.isEmpty else { return .failure(Problem(message: "linear-gradient() has an empty color stop")) }
        // The color is a function up to its closing parenthesis, or the first word.
        let colorEnd: String.Index
        if let open = argument.firstIndex(of: "("), !argument[..<open].contains(" ") {
            var depth = 0
            var end = argument.endIndex
            for index in argument[open...].indices {
                if argument[index] == "(" { depth += 1 }
                if argument[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = argument.index(after: index)
                        break
                    }
                }
            }
            colorEnd = end
        } else {
            colorEnd = argument.firstIndex(of: " ") ?? argument.endIndex
        }
        let color = String(argument[..<colorEnd])
        let positions = argument[colorEnd...].split(separator: " ", omittingEmptySubsequences: true)
        if positions.isEmpty, color.hasSuffix("%") {
            return .failure(Problem(message: "the color hint \(color) is not read: write the stops it lies between"))
        }
        guard positions.count <= 2 else {
            return .failure(Problem(message: "the color stop \"\(argument)\" has more than two positions"))
        }
        var found: [(color: String, position: Double?)] = []
        for position in positions {
            guard position.hasSuffix("%"), let percent = Double(position.dropLast()), percent.isFinite else {
                return .failure(Problem(message: "the position \(position) of a color stop is not a percentage (a length needs the size of the view)"))
            }
            found.append((color, percent / 100))
        }
        return .success(found.isEmpty ? [(color, nil)] : found)
    }

    /// The stops with every position found (CSS Images 3, section 3.5.3), clamped to 0...1 as
    /// a theme's gradient has them.
    private static func placed(_ written: [(color: String, position: Double?)]) -> [Stop] {
        var positions = written.map(\.position)
        if positions.first ?? nil == nil { positions[0] = 0 }
        if positions.last ?? nil == nil { positions[positions.count - 1] = 1 }
        // A position before an earlier one is moved up to it.
        var largest = -Double.infinity
        for index in positions.indices {
            if let position = positions[index] {
                largest = max(largest, position)
                positions[index] = largest
            }
        }
        // A run without positions is spaced evenly between the stops around it.
        var index = 0
        while index < positions.count {
            guard positions[index] == nil else {
                index += 1
                continue
            }
            let start = index - 1
            var end = index
            while positions[end] == nil { end += 1 }
            let from = positions[start] ?? 0, to = positions[end] ?? 1
            for gap in index..<end {
                positions[gap] = from + (to - from) * Double(gap - start) / Double(end - start)
            }
            index = end
        }
        return zip(written, positions).map { Stop(color: $0.color, position: min(max($1 ?? 0, 0), 1)) }
    }
}
