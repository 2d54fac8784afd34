/// A map read as a typed value (a color, font, metric, shadow, border, insets or gradient) that
/// holds none of that value's fields: most likely meant as values per style (SPEC section 6), and no variant map because
/// one key is no style of the theme, a misspelt style (`drak`) or one the theme does not
/// declare (a token file's `{light, dark}` in a theme of `day` and `night`). Reported at that
/// key, with the theme's styles and the one it may stand for, as `unknown-style`, rather than
/// as a value with a stray field.
enum StrayStyleKey {
    /// Reports the first key of `map` that is neither one of `styles` nor `default`, and says
    /// whether it did. It does so only for a map that looks meant as values per style: one key
    /// at least is a style of the theme, `default`, `light` or `dark`, and none is one of the
    /// value's fields (`isField`), whose own check reports the map otherwise (a font where a color
    /// belongs, a DTCG color object without its `colorSpace`). `styles` empty: not known where the
    /// value is read, never reported.
    static func report(in map: NodeMap, isField: (String) -> Bool, kind: String, styles: [String], path: @autoclosure () -> DocumentPath,
                       diagnostics: inout DiagnosticCollector) -> Bool {
        guard !styles.isEmpty, !map.keys.contains(where: isField),
              map.keys.contains(where: { $0 == "default" || styles.contains($0) || StyleList.standard.names.contains($0) }),
              let stray = map.entries.first(where: { $0.key != "default" && !styles.contains($0.key) }) else { return false }
        // A style spelt otherwise (`lightHC` for `lightHighContrast`, `light` for `Light`) first;
        // else a likely typo, but `light` is no misspelt `night`: the default styles' names are
        // taken as meant.
        let spelling = ThemeStyle(stray.key).spellingKey
        let suggestion = styles.first { ThemeStyle($0).spellingKey == spelling }
            ?? (StyleList.standard.names.contains(stray.key) ? nil : Suggestion.closest(to: stray.key, among: styles))
        diagnostics.error(.unknownStyle, "\"\(stray.key)\" is no style of this theme (\(styles.joined(separator: ", "))), so the map holds no values per style, and is no \(kind)"
                          + (suggestion.map { "; did you mean \($0)?" } ?? ""),
                          at: stray.keyLocation, keyPath: path().appending(stray.key))
        return true
    }
}
