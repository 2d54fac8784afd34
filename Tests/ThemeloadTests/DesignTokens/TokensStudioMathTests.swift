import Testing
@testable import Themeload

@Suite("Tokens Studio math")
struct TokensStudioMathTests {
    /// Each result worked out by hand from the rules in docs/SPEC.md section 11 (the plugin's
    /// documented examples among them: `8 * 8` and `(8 * 8)` are 64, `2 * 1.33` rounded is 3,
    /// `1.5 * 100%` is 150%, `48 / 16 * 1rem` is 3rem).
    @Test("expressions evaluate as Tokens Studio shows them", arguments: [
        ("8 * 8", "64"), ("(8 * 8)", "64"), ("8*8", "64"), ("roundTo(2 * 1.33, 0)", "3"), ("roundTo(2 * 1.33)", "3"),
        ("1.5 * 100%", "150%"), ("48 / 16 * 1rem", "3rem"), ("16px + 24px", "40px"), ("4 * 7rem", "28rem"),
        ("8px * 1.5", "12px"), ("2px * 3px", "6px"), ("1rem * 16px", "16rem"), ("2rem / 1rem", "2"), ("12px / 2px", "6px"),
        ("10 / 3", "3.333"), ("2 / 3", "0.667"), ("-(8 - 2) * 2", "-12"), ("- -4 + 1", "5"), ("2 + 3 * 4", "14"), ("(2 + 3) * 4", "20"),
        ("8 - 2 - 1", "5"), ("8 / 2 / 2", "2"), (".5 * 4", "2"), ("2e3 * 1", "2000"), ("2em * 2", "4em"), ("1.5REM + 1rem", "2.5rem"),
        ("roundTo(1.005, 2)", "1.01"), ("roundTo(2.5)", "3"), ("round(-2.5)", "-2"), ("round(2.5)", "3"), ("roundTo(1234, -2)", "1200"),
        ("floor(7.8) + ceil(0.2) + abs(-1)", "9"), ("max(8, 10) - min(2px, 4px)", "8px"), ("min(1rem, 2rem, 0.5rem)", "0.5rem"),
        ("roundTo(8 * 1.25, 2) * 1px", "10px"), ("0.1 + 0.2", "0.3"), ("1e306 * 1", "1e+306"), ("1 - 1", "0"), ("-1 * 0", "0"), ("200ms * 2", "400ms"),
        // A power, as expr-eval reads `^`: before `*` and a sign, from the right.
        ("2 ^ 3", "8"), ("2^3^2", "512"), ("-2^2", "-4"), ("2^-1", "0.5"), ("(1 + 1)^3", "8"), ("16px * 1.25^2", "25px"),
        ("roundTo(16*1.25^5)", "49"), ("3 * 2^2 + 1", "13"),
    ])
    func evaluates(text: String, result: String) {
        #expect(TokensStudioMath.evaluate(text) == .value(result))
    }

    /// Values without an operation, and text that is no expression, are left as written: the
    /// type's reader decides what they are.
    @Test("text that is not math stays as written", arguments: [
        "16px", "-4px", "8", "1.5rem", "150%", "4 8", "#0770E3", "rgba(#000000, 0.5)", "Helvetica-Bold", "Inter",
        "linear-gradient(90deg, #FFFFFF 0%, #000000 100%)", "sin(2)", "8 *", "* 8", "(8", "8)", "min()", "2 ^", "^ 2", "2 ^^ 3", "1px solid #000",
        "", " ", "{md} * 2", "8 % 3", String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65),
        String(repeating: "-", count: 65) + "1",
    ])
    func notMath(text: String) {
        #expect(TokensStudioMath.evaluate(text) == .notMath)
    }

    @Test("expressions Tokens Studio cannot evaluate either are problems that say why", arguments: [
        ("1.5rem + 2px", "it adds 1.5rem and 2px, of different units"),
        ("2 - 1rem", "it subtracts 1rem from 2, of different units"),
        ("1rem * 2rem", "it multiplies 1rem by 2rem: only one side of * may have a unit"),
        ("8 / 0", "it divides by zero"),
        ("2 / 1rem", "it divides 2 by 1rem: a divisor with a unit needs the same unit above it"),
        ("max(1rem, 2px)", "max() compares values of different units"),
        ("roundTo(1.5, 0.5)", "roundTo()'s decimals must be a whole number from -15 to 15"),
        ("roundTo(1, 2, 3)", "roundTo() takes a value and a number of decimals"),
        ("abs(1, 2)", "abs() takes one value"),
        ("1e308 * 10", "its result is not a finite number"),
        ("2rem^2", "it raises 2rem to the power 2: ^ takes numbers without units"),
        ("2^1px", "it raises 2 to the power 1px: ^ takes numbers without units"),
        ("(0 - 8)^0.5", "its result is not a finite number"),
        ("10^400", "its result is not a finite number"),
    ])
    func fails(text: String, reason: String) {
        #expect(TokensStudioMath.evaluate(text) == .failed(reason))
    }

    /// sd-transforms' split of a text into values: at a space with no lone operator beside it,
    /// outside parentheses.
    @Test("a text of several values splits where sd-transforms splits it", arguments: [
        ("4 8", ["4", "8"]), ("8px * 2 16", ["8px * 2", "16"]), ("16px 8px 32px", ["16px", "8px", "32px"]),
        ("(2 + 4) 1rem", ["(2 + 4)", "1rem"]), ("2 - 1 3 / 4", ["2 - 1", "3 / 4"]), ("8 -2", ["8", "-2"]),
        ("roundTo(2 * 1.33, 1) 4", ["roundTo(2 * 1.33, 1)", "4"]), ("1  2", ["1", "2"]),
        ("8 * 2", nil), ("2 ^ 3", nil), ("16px", nil), ("(1 2)", nil), ("", nil),
    ] as [(String, [String]?)])
    func values(text: String, values: [String]?) {
        #expect(TokensStudioMath.values(in: text) == values)
    }

    /// The first problem is the one reported, where there are several.
    @Test func firstProblemWins() {
        #expect(TokensStudioMath.evaluate("(1rem + 1px) / 0") == .failed("it adds 1rem and 1px, of different units"))
    }
}
