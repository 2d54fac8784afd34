import Testing
@testable import Themeload

@Suite("Design-token aliases")
struct DesignTokenAliasTests {
    /// DTCG Format 2025.10, section 7.1: `{` names separated by dots `}`, each name non-empty and
    /// free of braces. The expected names are read off each string by hand.
    @Test("an alias names its token; anything else is not an alias", arguments: [
        ("{color.brand.primary}", ["color", "brand", "primary"]),
        ("{a}", ["a"]),
        ("{color.accent.$root}", ["color", "accent", "$root"]),
        ("{couleur.été}", ["couleur", "été"]),
        ("{a b.c}", ["a b", "c"]),
        ("{}", nil), ("{.a}", nil), ("{a.}", nil), ("{a..b}", nil), ("{a.{b}}", nil), ("{a}b}", nil),
        ("color.brand", nil), ("{color", nil), ("color}", nil), ("#ff0000", nil), ("", nil), ("{", nil),
    ] as [(String, [String]?)])
    func alias(text: String, names: [String]?) {
        #expect(DesignTokenAlias.path(in: text) == names)
        #expect(DesignTokenAlias.key(in: text) == names?.joined(separator: "."))
    }
}
