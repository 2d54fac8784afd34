import Foundation

/// Tokens Studio's math in token values (`"{spacing.md} * 2"`, `"roundTo({base} * 1.33)"`,
/// `"{ratio} * 100%"`), evaluated as the plugin shows the result to the designer and as
/// sd-transforms' `ts/resolveMath` writes it, once every alias in the text has been replaced
/// by its token's value (docs/SPEC.md section 11):
///
/// - numbers (`8`, `1.5`, `.5`, `2e3`), each with an optional unit (`px`, `rem`, `%`, `ms`, any
///   letters); `+`, `-`, `*`, `/`, `^` (a power, as expr-eval reads it: before `*` and a sign,
///   from the right, `-2^2` is -4 and `2^3^2` 512), parentheses, a sign before a number or a
///   group;
/// - the functions `roundTo(x, decimals)` (decimals 0 when left out), `round`, `floor`, `ceil`,
///   `abs`, `min` and `max`, rounding halves up as JavaScript's `Math.round` does;
/// - `px` counts as a bare number, as the plugin strips it before evaluating, and comes back on
///   the result when the text had it and no other unit is left;
/// - any other unit must agree: `+` and `-` take two values of the unit, `*` at most one side
///   with it, `/` a bare divisor or the same unit on both sides (which cancels it). Mixing units
///   the plugin cannot combine (`1.5rem + 2px`) is a problem, as it is in the plugin;
/// - the result is rounded to three decimals (the plugin's `toFixed(3)`).
///
/// Text that is not such an expression (a color, a font name, `"16px"`, `"4 8"`) is not
/// math, and is left as it is.
enum TokensStudioMath {
    /// What evaluating a text gives.
    enum Outcome: Equatable {
        /// The text is not an expression, or has no operation in it: it stays as written.
        case notMath
        /// The result, written as Tokens Studio writes it: `16`, `3rem`, `150%`, `3.333px`.
        case value(String)
        /// An expression that cannot be evaluated, and why (`it adds 1.5rem and 2px`).
        case failed(String)
    }

    /// Whether a text may hold math or an alias, decided from its bytes alone: when not, it is
    /// certainly a plain value.
    static func mayNeedEvaluation(_ text: String) -> Bool {
        text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "^"), UInt8(ascii: "("): true
            default: false
            }
        }
    }

    /// Evaluates a text that is an expression; ``Outcome/notMath`` for any other.
    static func evaluate(_ text: String) -> Outcome {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Outcome in
            var parser = Parser(bytes: bytes)
            guard let result = parser.wholeExpression(), parser.operations > 0 else { return .notMath }
            if let problem = parser.problem { return .failed(problem) }
            // (A number past 1e15 has no thousandths to round, and times 1000 could overflow.)
            let rounded = abs(result.number) < 1e15 ? (result.number * 1000).rounded(.toNearestOrAwayFromZero) / 1000 : result.number
            guard rounded.isFinite else { return .failed("its result is not a finite number") }
            let unit = result.unit ?? (parser.sawPixels ? "px" : "")
            return .value(rounded.plainText + unit)
        } ?? .notMath
    }

    /// The values of a text that holds several, as sd-transforms splits them (`"8 * 2 16"` is
    /// `8 * 2` and `16`): at each space, unless a lone operator (`+`, `-`, `*`, `/`, or `^`, a power) stands on
    /// either side of it or it lies inside parentheses. `nil` for a text of one value.
    static func values(in text: String) -> [String]? {
        let words = text.split(separator: " ")
        guard words.count > 1 else { return nil }
        let operators: Set<Substring> = ["+", "-", "*", "/", "^"]
        var values: [String] = []
        var current: [Substring] = []
        var depth = 0
        for word in words {
            if let last = current.last, depth == 0, !operators.contains(last), !operators.contains(word) {
                values.append(current.joined(separator: " "))
                current = []
            }
            current.append(word)
            for byte in word.utf8 {
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
            }
        }
        values.append(current.joined(separator: " "))
        return values.count > 1 ? values : nil
    }

    /// A number and its unit; `nil` for a bare number or pixels (see ``TokensStudioMath``).
    struct Quantity {
        var number: Double
        var unit: String?
        /// Written in pixels (for the words of a problem only: pixels count as bare).
        var isPixels = false
    }

    /// A recursive-descent reader that evaluates as it reads. A problem in evaluating is kept
    /// (the first one) and reading goes on, so that text that turns out not to be an
    /// expression at all is still ``Outcome/notMath``.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// Operations, function calls and groups read: an expression without any is a plain value.
        var operations = 0
        var sawPixels = false
        var problem: String?
        /// Groups, calls and signs open around the current place: bounded, so that hostile text
        /// cannot exhaust the stack.
        private var depth = 0
        private static let maxDepth = 64

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The value of the whole text, or `nil` when it is not an expression.
        mutating func wholeExpression() -> Quantity? {
            guard let value = expression() else { return nil }
            skipSpaces()
            return position == bytes.count ? value : nil
        }

        private mutating func note(_ why: String) {
            if problem == nil { problem = why }
        }

        private mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
        }

        /// The next byte after spaces, not taken.
        private mutating func peek() -> UInt8? {
            skipSpaces()
            return position < bytes.count ? bytes[position] : nil
        }

        private mutating func expression() -> Quantity? {
            guard var value = term() else { return nil }
            while let byte = peek(), byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                position += 1
                guard let right = term() else { return nil }
                operations += 1
                value = sum(value, right, subtracting: byte == UInt8(ascii: "-"))
            }
            return value
        }

        private mutating func term() -> Quantity? {
            guard var value = signed() else { return nil }
            while let byte = peek(), byte == UInt8(ascii: "*") || byte == UInt8(ascii: "/") {
                position += 1
                guard let right = signed() else { return nil }
                operations += 1
                value = byte == UInt8(ascii: "*") ? product(value, right) : quotient(value, right)
            }
            return value
        }

        private mutating func signed() -> Quantity? {
            guard let byte = peek() else { return nil }
            guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") else { return power() }
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth, var value = signed() else { return nil }
            if byte == UInt8(ascii: "-") { value.number = -value.number }
            return value
        }

        /// A value raised to a power, `base ^ exponent`: the exponent may have a sign and be a
        /// power itself, so `^` groups from the right.
        private mutating func power() -> Quantity? {
            guard let base = primary() else { return nil }
            guard peek() == UInt8(ascii: "^") else { return base }
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth, let exponent = signed() else { return nil }
            operations += 1
            if base.unit != nil || base.isPixels || exponent.unit != nil || exponent.isPixels {
                note("it raises \(Self.written(base)) to the power \(Self.written(exponent)): ^ takes numbers without units")
            }
            return Quantity(number: pow(base.number, exponent.number), unit: base.unit, isPixels: base.isPixels)
        }

        private mutating func primary() -> Quantity? {
            guard let byte = peek() else { return nil }
            if byte == UInt8(ascii: "(") {
                position += 1
                depth += 1
                defer { depth -= 1 }
                guard depth <= Self.maxDepth, let value = expression(), peek() == UInt8(ascii: ")") else { return nil }
                position += 1
                operations += 1
                return value
            }
            if Self.isLetter(byte) { return call() }
            return number()
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        private func byte(at index: Int) -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        /// A number and its unit, from the current place (no spaces between them).
        private mutating func number() -> Quantity? {
            let start = position
            while let byte = byte(at: position), Self.isDigit(byte) { position += 1 }
            if byte(at: position) == UInt8(ascii: ".") {
                position += 1
                while let byte = byte(at: position), Self.isDigit(byte) { position += 1 }
            }
            // A digit before or after the point.
            guard bytes[start..<position].contains(where: Self.isDigit) else { return nil }
            // An exponent only where a digit follows the `e` (or its sign): `2em` is em.
            if let e = byte(at: position), e | 0x20 == UInt8(ascii: "e") {
                var next = position + 1
                if let sign = byte(at: next), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { next += 1 }
                if let digit = byte(at: next), Self.isDigit(digit) {
                    position = next
                    while let byte = byte(at: position), Self.isDigit(byte) { position += 1 }
                }
            }
            guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)) else { return nil }
            let unitStart = position
            if byte(at: position) == UInt8(ascii: "%") {
                position += 1
            } else {
                while let byte = byte(at: position), Self.isLetter(byte) { position += 1 }
            }
            let unit = String(decoding: UnsafeBufferPointer(rebasing: bytes[unitStart..<position]), as: UTF8.self)
            switch unit.lowercased() {
            case "": return Quantity(number: value, unit: nil)
            case "px":
                sawPixels = true
                return Quantity(number: value, unit: nil, isPixels: true)
            case let other: return Quantity(number: value, unit: other)
            }
        }

        /// A call of one of the functions; `nil` (not math) for any other name.
        private mutating func call() -> Quantity? {
            let start = position
            while let byte = byte(at: position), Self.isLetter(byte) { position += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard ["roundTo", "round", "floor", "ceil", "abs", "min", "max"].contains(name), byte(at: position) == UInt8(ascii: "(") else { return nil }
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { return nil }
            var arguments: [Quantity] = []
            repeat {
                if !arguments.isEmpty { position += 1 }  // the comma
                guard let argument = expression() else { return nil }
                arguments.append(argument)
            } while peek() == UInt8(ascii: ",")
            guard peek() == UInt8(ascii: ")") else { return nil }
            position += 1
            operations += 1
            return apply(name, to: arguments)
        }

        private mutating func apply(_ name: String, to arguments: [Quantity]) -> Quantity {
            let first = arguments[0]
            switch name {
            case "min", "max":
                guard arguments.allSatisfy({ $0.unit == first.unit }) else {
                    note("\(name)() compares values of different units")
                    return first
                }
                let numbers = arguments.map(\.number)
                return Quantity(number: (name == "min" ? numbers.min() : numbers.max()) ?? first.number, unit: first.unit, isPixels: first.isPixels)
            case "roundTo":
                guard arguments.count <= 2 else {
                    note("roundTo() takes a value and a number of decimals")
                    return first
                }
                let decimals = arguments.count == 2 ? arguments[1] : Quantity(number: 0, unit: nil)
                guard decimals.unit == nil, decimals.number == decimals.number.rounded(), abs(decimals.number) <= 15 else {
                    note("roundTo()'s decimals must be a whole number from -15 to 15")
                    return first
                }
                return Quantity(number: Self.rounded(first.number, decimals: Int(decimals.number)), unit: first.unit, isPixels: first.isPixels)
            default:
                guard arguments.count == 1 else {
                    note("\(name)() takes one value")
                    return first
                }
                let number = switch name {
                case "round": Self.rounded(first.number, decimals: 0)
                case "floor": first.number.rounded(.down)
                case "ceil": first.number.rounded(.up)
                default: abs(first.number)
                }
                return Quantity(number: number, unit: first.unit, isPixels: first.isPixels)
            }
        }

        /// JavaScript's `Math.round` (halves up, towards positive infinity) at a number of
        /// decimals, shifted in decimal rather than multiplied, so that `1.005` to two
        /// decimals is `1.01`.
        private static func rounded(_ number: Double, decimals: Int) -> Double {
            guard number.isFinite else { return number }
            let whole = (shifted(number, by: decimals) + 0.5).rounded(.down)
            return shifted(whole, by: -decimals)
        }

        /// A number times ten to a power, by its decimal digits where Swift writes it without an
        /// exponent (`1.005` by 2 is exactly `100.5`), else by multiplying.
        private static func shifted(_ number: Double, by power: Int) -> Double {
            let written = number.description
            if !written.contains("e"), let exact = Double(written + "e\(power)") { return exact }
            let scale = (0..<abs(power)).reduce(1.0) { product, _ in product * 10 }
            return power < 0 ? number / scale : number * scale
        }

        private static func written(_ value: Quantity) -> String {
            value.number.plainText + (value.unit ?? (value.isPixels ? "px" : ""))
        }

        private mutating func sum(_ left: Quantity, _ right: Quantity, subtracting: Bool) -> Quantity {
            if left.unit != right.unit {
                note(subtracting ? "it subtracts \(Self.written(right)) from \(Self.written(left)), of different units"
                                 : "it adds \(Self.written(left)) and \(Self.written(right)), of different units")
            }
            return Quantity(number: subtracting ? left.number - right.number : left.number + right.number, unit: left.unit ?? right.unit,
                            isPixels: left.isPixels || right.isPixels)
        }

        private mutating func product(_ left: Quantity, _ right: Quantity) -> Quantity {
            if left.unit != nil, right.unit != nil {
                note("it multiplies \(Self.written(left)) by \(Self.written(right)): only one side of * may have a unit")
            }
            return Quantity(number: left.number * right.number, unit: left.unit ?? right.unit, isPixels: left.isPixels || right.isPixels)
        }

        private mutating func quotient(_ left: Quantity, _ right: Quantity) -> Quantity {
            if right.number == 0 {
                note("it divides by zero")
                return left
            }
            let unit: String?
            switch (left.unit, right.unit) {
            case (_, nil): unit = left.unit
            case let (a?, b?) where a == b: unit = nil
            default:
                note("it divides \(Self.written(left)) by \(Self.written(right)): a divisor with a unit needs the same unit above it")
                unit = left.unit
            }
            return Quantity(number: left.number / right.number, unit: unit, isPixels: left.isPixels && !right.isPixels)
        }
    }
}
