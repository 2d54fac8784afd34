import Foundation
import Themeload

/// Checks that a loaded theme reads back the same from the two forms Themeload writes it in for
/// others to read: a compiled theme (what an app ships, docs/SPEC.md section 12) and W3C design
/// tokens (`themeload export --format dtcg`, which a design team's tools read). For an app's own
/// tests, that the compiled themes it ships hold what its sources say; Themeload's fuzz targets
/// ask it of every theme they load.
///
/// ```swift
/// @Test func compiledThemeIsTheSource() throws {
///     let theme = try ThemeExpectation(loader: loader).requireLoads(named: "Storefront")
///     #expect(ThemeRoundTrip.compiledDifferences(theme).isEmpty)
/// }
/// ```
public enum ThemeRoundTrip {
    /// What differs once `theme` is compiled and decoded again: empty when the two give byte for
    /// byte the same canonical JSON (every style's) and the same notes of its design tokens (the
    /// types, descriptions and deprecations the exports read), else the line diff of the two, or
    /// why the compiled bytes did not decode. Images are embedded with the
    /// bytes their variants carry (none for an image read from a file: canonical JSON names an
    /// image's files, not their bytes).
    public static func compiledDifferences(_ theme: Theme) -> [String] {
        let bytes = CompiledTheme.encode(theme, images: .embedded { $0.data ?? Data() })
        let decoded: Theme
        do {
            decoded = try CompiledTheme.decode(bytes, file: "RoundTrip.themec", directory: "/")
        } catch {
            return ["the compiled theme does not decode: \(error)"]
        }
        var differences: [String] = []
        let source = theme.canonicalJSON(), compiled = decoded.canonicalJSON()
        // By bytes: `String`'s `==` takes a precomposed `é` for `e` and a combining acute.
        if !compiled.utf8.elementsEqual(source.utf8) {
            differences.append("the canonical JSON differs (- the source's, + the compiled theme's):\n" + LineDiff(expected: source, actual: compiled).rendered)
        }
        if decoded.tokenNotes != theme.tokenNotes {
            differences.append("the design tokens' notes differ: the source's has \(theme.tokenNotes.count), the compiled theme's \(decoded.tokenNotes.count)")
        }
        return differences
    }

    /// What the design-token export does to a theme.
    public enum DesignTokenOutcome: Sendable, Equatable {
        /// The export read back with the same name, styles, palette, fonts, metrics (integers
        /// exactly) and typed custom entries in every style; untyped custom data, which has no
        /// token type, is left out of the export and of the comparison.
        case same
        /// The export refused the theme, saying why: a name cannot be a token's, or a name two
        /// sections have would move to a token another name is (docs/SPEC.md section 11,
        /// "Design-token export").
        case refused(String)
        /// What differs, or that the export does not load back and its errors.
        case different([String])
    }

    /// Exports `theme` as design tokens into an in-memory folder, loads the resolver document
    /// back and compares what the export promises to keep.
    public static func designTokenOutcome(_ theme: Theme) -> DesignTokenOutcome {
        let export: DesignTokenExport
        do {
            export = try DesignTokenExport(theme, fileStem: "RoundTrip")
        } catch {
            return .refused(error.message)
        }
        let fileSystem = InMemoryFileSystem()
        for (name, json) in export.files { fileSystem.write("/tokens/\(name)", json.text()) }
        let report = ThemeLoader(fileSystem: fileSystem).report(for: .path("/tokens/RoundTrip.resolver.json"))
        guard let back = report.theme else {
            return .different(["the export does not load back:"] + report.errors.map(\.description))
        }
        var differences: [String] = []
        if back.name != theme.name { differences.append("name: \(back.name), not \(theme.name)") }
        guard back.styles == theme.styles else {
            return .different(differences + ["styles: \(back.styles.map(\.rawValue)), not \(theme.styles.map(\.rawValue))"])
        }
        let skipped = Set(export.skipped)
        for style in theme.styles {
            let original = theme.resolved(style), read = back.resolved(style)
            compare("palette", read.palette, original.palette, style: style, into: &differences)
            compare("fonts", read.fonts, original.fonts, style: style, into: &differences)
            // A float with no fraction may come back as an integer (JSON does not tell 2.0 from
            // 2 to every reader); an integer comes back exactly, past what a Double holds too.
            compare("metrics", read.metrics.mapValues(\.number), original.metrics.mapValues(\.number), style: style, into: &differences)
            let integers = original.metrics.filter { if case .integer = $0.value { true } else { false } }
            compare("integer metrics", read.metrics.filter { integers[$0.key] != nil }, integers, style: style, into: &differences)
            compare("custom", read.custom, original.custom.filter { !skipped.contains($0.key) }, style: style, into: &differences)
        }
        return differences.isEmpty ? .same : .different(differences)
    }

    /// Adds a line for each entry of a section that is missing, added or changed on the way back.
    private static func compare<Value: Equatable>(_ section: String, _ read: [String: Value], _ original: [String: Value], style: ThemeStyle,
                                                  into differences: inout [String]) {
        guard read != original else { return }
        for name in Set(read.keys).union(original.keys).sorted() where read[name] != original[name] {
            let was = original[name].map { "\($0)" } ?? "nothing", now = read[name].map { "\($0)" } ?? "nothing"
            differences.append("\(section).\(name) in the style \(style.rawValue): \(now), not \(was)")
        }
    }
}
