import Testing
@testable import Themeload

/// Tokens only some styles have, left out of the theme: what a reference to one is told. The
/// warnings and errors in a whole load are the fixture case `tokens-resolver-style-only-referenced`.
@Suite("Tokens only some styles have")
struct StyleOnlyTokensTests {
    let styles = ["light", "dark", "dim"]
    let location = SourceLocation(file: "dark.tokens.json", line: 1, column: 1)

    @Test("a reference to a left-out token hears which styles have it and which lack it")
    func explanation() {
        var tokens = StyleOnlyTokens()
        tokens.leaveOut("shade.900", inSection: "palette", givenBy: ["dark"], among: styles, at: location)
        tokens.leaveOut("night", inSection: "palette", givenBy: ["dark", "dim"], among: styles, at: location)
        #expect(tokens.whyLeftOut("palette.shade.900") == "the token is only in the tokens of style dark, and the theme would have no value for it in "
            + "light, its fallback style, and dim, so it leaves it out; refer to a token every style has, or give this one a value in light")
        #expect(tokens.whyLeftOut("palette.night")?.hasPrefix("the token is only in the tokens of styles dark, dim, and the theme would have no value for it in light, its fallback style, so") == true)
        // Another section's entry of the same name, and a token every style has, were not left out.
        #expect(tokens.whyLeftOut("metrics.night") == nil)
        #expect(tokens.whyLeftOut("palette.white") == nil)
    }

    @Test("tokens left out by two units are all explained, each with its own styles")
    func union() {
        var first = StyleOnlyTokens()
        first.leaveOut("shade.900", inSection: "palette", givenBy: ["dark"], among: styles, at: location)
        var second = StyleOnlyTokens()
        second.leaveOut("shade.900", inSection: "palette", givenBy: ["dim"], among: styles, at: location)
        second.leaveOut("shade.800", inSection: "palette", givenBy: ["dark"], among: styles, at: location)
        second.leaveOut("gap", inSection: "metrics", givenBy: ["dim"], among: styles, at: location)
        var all = StyleOnlyTokens()
        #expect(all.isEmpty)
        all.formUnion(first)
        all.formUnion(second)
        #expect(!all.isEmpty)
        // The first unit to leave a token out says why.
        #expect(all.whyLeftOut("palette.shade.900")?.contains("only in the tokens of style dark,") == true)
        #expect(all.whyLeftOut("palette.shade.800")?.contains("only in the tokens of style dark,") == true)
        #expect(all.whyLeftOut("metrics.gap")?.contains("only in the tokens of style dim, and the theme would have no value for it in light, its fallback style, and dark,") == true)
    }
}
