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

    /// Printed forms written by hand, at the edges of how they are counted and written: digits
    /// across powers of ten, the largest line and column, key paths that start with an index or
    /// an empty key (no dot before the next key, as nothing was written), negative indexes,
    /// text beyond ASCII, and the parts a diagnostic leaves out.
    static let printedForms: [(Diagnostic, String)] = [
        (Diagnostic(.type, "m", at: SourceLocation(file: "f", line: 9, column: 10)), "f:9:10: error: m [type]"),
        (Diagnostic(.type, "m", at: SourceLocation(file: "f", line: 99, column: 100)), "f:99:100: error: m [type]"),
        (Diagnostic(.type, "m", at: SourceLocation(file: "f", line: 4_294_967_295, column: 1_000_000_000)), "f:4294967295:1000000000: error: m [type]"),
        (Diagnostic(.type, "m", at: SourceLocation(file: "f", line: 7), keyPath: DocumentPath([.index(2), .key("x")])), "f:7: error: m at [2].x [type]"),
        (Diagnostic(.type, "m", keyPath: DocumentPath([.key(""), .key("a"), .index(0), .index(10)])), "error: m at a[0][10] [type]"),
        (Diagnostic(.type, "m", keyPath: DocumentPath([.key("a"), .index(-1)])), "error: m at a[-1] [type]"),
        (Diagnostic(.unknownKey, "größe", severity: .warning, at: SourceLocation(file: "Thèmes/é.yaml", line: 100_000, column: 3), keyPath: "palette.café"),
         "Thèmes/é.yaml:100000:3: warning: größe at palette.café [unknown-key]"),
        (Diagnostic(.io, "", at: SourceLocation(file: ""), keyPath: DocumentPath([])), ": error:  [io]"),
        // A theme's text that could break the line, drive a terminal or reorder what it shows is
        // printed escaped; a tab and text beyond ASCII are not.
        (Diagnostic(.type, "bad \"a\u{1B}[31m\r\nf:1:1: error: forged\"", at: SourceLocation(file: "f", line: 1, column: 2), keyPath: "palette.x\u{85}\u{2028}\u{202E}y\tz"),
         "f:1:2: error: bad \"a\\u{1B}[31m\\u{D}\\u{A}f:1:1: error: forged\" at palette.x\\u{85}\\u{2028}\\u{202E}y\tz [type]"),
        (Diagnostic(.type, "é\u{7F}", at: SourceLocation(file: "dir\nname.yaml", line: 3, column: 4)), "dir\\u{A}name.yaml:3:4: error: é\\u{7F} [type]"),
    ]

    @Test("printed forms at the edges of counting and writing them", arguments: printedForms)
    func printedForm(_ diagnostic: Diagnostic, _ expected: String) {
        #expect(diagnostic.description == expected)
        #expect(diagnostic.description.utf8.count == expected.utf8.count)
        #expect(!diagnostic.description.contains("\n"))
    }

    @Test("many diagnostics written at once are their printed forms, a line each, escapes included")
    func compilerFormLines() {
        let diagnostics = Self.printedForms.map(\.0)
        let expected = Self.printedForms.map { $0.1 + "\n" }.joined()
        #expect(String(decoding: Diagnostic.compilerFormLines(diagnostics), as: UTF8.self) == expected)
        // In another order, and one alone: each line is written where it stands.
        let reversed = Self.printedForms.reversed().map { $0.1 + "\n" }.joined()
        #expect(String(decoding: Diagnostic.compilerFormLines(diagnostics.reversed()), as: UTF8.self) == reversed)
        #expect(Diagnostic.compilerFormLines([diagnostics[0]]) == Array("f:9:10: error: m [type]\n".utf8))
        #expect(Diagnostic.compilerFormLines([]).isEmpty)
    }

    @Test("a location without a line has no column")
    func locationParts() {
        #expect(SourceLocation(file: "a", line: nil, column: 3).column == nil)
        #expect(SourceLocation(file: "a", line: 2, column: 3).description == "a:2:3")
        #expect(DocumentPath(keys: "levels", "normal").appending(index: 0).description == "levels.normal[0]")
    }

    @Test("a repeat is dropped: same code, severity, place and message; a key path tells apart only places without a line")
    func repeatsDropped() {
        let here = SourceLocation(file: "t.yaml", line: 3, column: 5)
        let noLine = SourceLocation(file: "t.plist")
        var collector = DiagnosticCollector()
        collector.error(.invalidColor, "invalid color \"#12\"", at: here, keyPath: "palette.a")
        collector.error(.invalidColor, "invalid color \"#12\"", at: here, keyPath: "levels.normal.textColor")  // repeat: same place
        collector.warning(.invalidColor, "invalid color \"#12\"", at: here)  // a warning is not the error
        collector.error(.invalidColor, "invalid color \"#13\"", at: here)  // another message
        collector.error(.type, "invalid color \"#12\"", at: here)  // another code
        collector.error(.invalidColor, "invalid color \"#12\"", at: SourceLocation(file: "u.yaml", line: 3, column: 5))  // another file
        collector.error(.invalidColor, "bad", at: noLine, keyPath: "palette.a")
        collector.error(.invalidColor, "bad", at: noLine, keyPath: "levels.normal.textColor")  // no line: the key path tells them apart
        collector.error(.invalidColor, "bad", at: noLine, keyPath: "palette.a")  // repeat
        #expect(collector.diagnostics.map { "\($0.file ?? ""):\($0.severity):\($0.code.rawValue):\($0.message):\($0.keyPath?.description ?? "")" } == [
            "t.yaml:error:invalid-color:invalid color \"#12\":palette.a",
            "t.yaml:warning:invalid-color:invalid color \"#12\":",
            "t.yaml:error:invalid-color:invalid color \"#13\":",
            "t.yaml:error:type:invalid color \"#12\":",
            "u.yaml:error:invalid-color:invalid color \"#12\":",
            "t.plist:error:invalid-color:bad:palette.a",
            "t.plist:error:invalid-color:bad:levels.normal.textColor",
        ])
        #expect(collector.offeredCount == 9)
    }

    @Test("many different diagnostics at one place (a value reported in each of many styles) keep their order, and their repeats are still dropped")
    func manyAtOnePlace() {
        let here = SourceLocation(file: "t.yaml", line: 4, column: 7)
        let elsewhere = SourceLocation(file: "u.yaml", line: 4, column: 7)
        var collector = DiagnosticCollector()
        let styles = (0..<300).map { "s\($0)" }
        for (index, style) in styles.enumerated() {
            collector.warning(.lowContrast, "low contrast in style \(style)", at: here)
            // A repeat of this one, and of one met long before (before and after the place has
            // more than a few), and the same words in another file at the same line and column.
            collector.warning(.lowContrast, "low contrast in style \(style)", at: here)
            collector.warning(.lowContrast, "low contrast in style \(styles[index / 2])", at: here)
            if index == 150 { collector.warning(.lowContrast, "low contrast in style s0", at: elsewhere) }
            // The same words as an error are not a repeat of the warning.
            if index == 200 { collector.error(.lowContrast, "low contrast in style s3", at: here) }
        }
        let kept = collector.diagnostics.map { "\($0.file ?? ""):\($0.severity):\($0.message)" }
        let expected = styles.prefix(151).map { "t.yaml:warning:low contrast in style \($0)" } + ["u.yaml:warning:low contrast in style s0"]
            + styles[151...200].map { "t.yaml:warning:low contrast in style \($0)" } + ["t.yaml:error:low contrast in style s3"]
            + styles[201...].map { "t.yaml:warning:low contrast in style \($0)" }
        #expect(kept == expected)
        #expect(collector.offeredCount == 3 * 300 + 2)
    }

    @Test("past its limit a collector keeps no more: repeats of kept ones are still dropped, new ones left out, and one limit-exceeded ends the list, an error only when an error was left out")
    func limit() {
        func at(_ line: Int) -> Themeload.SourceLocation { Themeload.SourceLocation(file: "t.yaml", line: line, column: 1) }
        var warnings = DiagnosticCollector()
        warnings.limit = 3
        for line in 1...3 { warnings.warning(.lowContrast, "w\(line)", at: at(line)) }
        // Full: repeats of kept ones are not left out, so nothing is said of them.
        warnings.warning(.lowContrast, "w1", at: at(1))
        warnings.warning(.lowContrast, "w3", at: at(3))
        #expect(warnings.diagnostics.map(\.message) == ["w1", "w2", "w3"])
        #expect(!warnings.hasErrors)
        // A new one, at a new place or beside a kept one, is left out.
        warnings.warning(.lowContrast, "w4", at: at(4))
        warnings.warning(.lowContrast, "w1 again, other words", at: at(1))
        #expect(warnings.diagnostics.map(\.message) == ["w1", "w2", "w3", "more than 3 diagnostics: the rest, warnings, are not reported"])
        #expect(warnings.diagnostics.last?.code == .limitExceeded)
        #expect(warnings.diagnostics.last?.severity == .warning)
        #expect(!warnings.hasErrors)
        #expect(warnings.offeredCount == 7)

        // An error left out makes the note an error, and the collector has errors.
        var errors = warnings
        errors.error(.invalidColor, "e5", at: at(5))
        #expect(errors.hasErrors)
        #expect(errors.errorCount == 1)
        #expect(errors.inFileOrder.last?.message == "more than 3 diagnostics: the rest, errors and warnings, are not reported")
        #expect(errors.inFileOrder.last?.severity == .error)

        // Collectors of parts (the styles) are added in with what they left out.
        var whole = DiagnosticCollector()
        whole.limit = 4
        var part = DiagnosticCollector()
        part.limit = 1
        part.error(.type, "p1", at: at(1))
        part.error(.type, "p2", at: at(2))
        whole.warning(.lowContrast, "w", at: at(9))
        whole.absorb(part)
        #expect(whole.inFileOrder.map(\.message) == ["p1", "w", "more than 4 diagnostics: the rest, errors, are not reported"])
        #expect(whole.errorCount == 2)
    }

    @Test("file order: files as first met, then line and column; diagnostics without a line lead their file in the order found")
    func fileOrder() {
        let found = [
            Diagnostic(.type, "b3", at: SourceLocation(file: "b", line: 3, column: 1)),
            Diagnostic(.type, "a9", at: SourceLocation(file: "a", line: 9, column: 2)),
            Diagnostic(.type, "b1", at: SourceLocation(file: "b", line: 1, column: 7)),
            Diagnostic(.type, "a-first", at: SourceLocation(file: "a")),
            Diagnostic(.type, "a9-early", at: SourceLocation(file: "a", line: 9, column: 1)),
            Diagnostic(.type, "nowhere", at: nil),
            Diagnostic(.type, "a-second", at: SourceLocation(file: "a")),
            Diagnostic(.type, "b1-again", at: SourceLocation(file: "b", line: 1, column: 7)),
        ]
        #expect(found.inFileOrder.map(\.message) == ["nowhere", "b1", "b1-again", "b3", "a-first", "a-second", "a9-early", "a9"])
    }
}
