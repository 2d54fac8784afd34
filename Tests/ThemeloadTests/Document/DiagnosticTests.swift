import Testing
@testable import Themeload

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("diagnostics print in the compiler form of SPEC section 8")
    func compilerForm() {
        let full = Diagnostic(
            .invalidColor, "invalid color \"#12345\"",
            at: SourceLocation(file: "Themes/Moments.theme/theme.yaml", line: 12, column: 16),
            keyPath: "levels.mainTitle.textColor")
        #expect(full.description == ##"Themes/Moments.theme/theme.yaml:12:16: error: invalid color "#12345" at levels.mainTitle.textColor [invalid-color]"##)

        let plist = Diagnostic(.type, "a <date> value has no meaning in a theme", at: SourceLocation(file: "t.plist"),
                               keyPath: DocumentPath([.key("images"), .key("logo"), .key("variants"), .index(1)]))
        #expect(plist.description == "t.plist: error: a <date> value has no meaning in a theme at images.logo.variants[1] [type]")

        let warning = Diagnostic(.lowContrast, "contrast 2.1:1", severity: .warning, at: SourceLocation(file: "a.json", line: 3))
        #expect(warning.description == "a.json:3: warning: contrast 2.1:1 [low-contrast]")

        #expect(Diagnostic(.themeNotFound, "no theme named \"X\"").description == #"error: no theme named "X" [theme-not-found]"#)
    }

    @Test("every code of SPEC section 8 has its kebab-case spelling")
    func codes() {
        let spelled = DiagnosticCode.allCases.map(\.rawValue)
        #expect(spelled == [
            "syntax", "duplicate-key", "type", "unknown-key", "unsupported-format", "ambiguous-bundle",
            "theme-not-found", "inheritance-cycle", "missing-level", "unknown-level", "level-cycle",
            "unknown-reference", "reference-cycle", "unknown-style", "style-fallback-cycle", "missing-variant", "invalid-color", "invalid-font",
            "asset-missing", "asset-outside-bundle", "limit-exceeded", "io", "network", "untrusted-signature", "integrity", "low-contrast", "unused-token",
            "out-of-gamut", "deprecated-token",
        ])
    }

    @Test("a location without a line has no column")
    func locationParts() {
        #expect(SourceLocation(file: "a", line: nil, column: 3).column == nil)
        #expect(SourceLocation(file: "a", line: 2, column: 3).description == "a:2:3")
        #expect(DocumentPath(keys: "levels", "normal").appending(index: 0).description == "levels.normal[0]")
    }
}
