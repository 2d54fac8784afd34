import Themeload

/// Checks for an app's own tests that its themes load: no errors (and, if asked, no warnings) in
/// any style, and the styles the app relies on. Works in Swift Testing and XCTest alike: a failed
/// check throws a ``ThemeCheckFailure`` whose description lists every diagnostic in the form
/// compilers use, so the test log links to the file, line and column.
///
/// ```swift
/// @Test func themesLoad() throws {
///     let loader = ThemeLoader.standard(searchDirectories: [themesDirectory])
///     for name in ["Storefront", "Holiday"] {
///         try ThemeExpectation(loader: loader).requireLoads(named: name, warnings: .fail, styles: ["light", "dark"])
///     }
/// }
/// ```
public struct ThemeExpectation: Sendable {
    /// What warnings do to a check.
    public enum Warnings: Sendable {
        /// Warnings are allowed (the theme loads, after all).
        case allowed
        /// Any warning fails the check, as errors do.
        case fail
    }

    /// The loader the themes are loaded with (its search directories, formats and strictness).
    public var loader: ThemeLoader

    /// Creates a check that loads through `loader`.
    public init(loader: ThemeLoader) {
        self.loader = loader
    }

    /// Loads a theme by name and returns it, or throws a ``ThemeCheckFailure`` listing what is wrong.
    ///
    /// - Parameters:
    ///   - name: the theme's name, looked up in the loader's search directories.
    ///   - warnings: whether warnings fail the check.
    ///   - styles: styles the theme must have; empty to require none.
    @discardableResult
    public func requireLoads(named name: String, warnings: Warnings = .allowed, styles: [ThemeStyle] = []) throws(ThemeCheckFailure) -> Theme {
        try requireLoads(.named(name), warnings: warnings, styles: styles)
    }

    /// Loads a theme from a source (a name or a path) and returns it, or throws a
    /// ``ThemeCheckFailure`` listing what is wrong.
    @discardableResult
    public func requireLoads(_ source: ThemeLoader.Source, warnings: Warnings = .allowed, styles: [ThemeStyle] = []) throws(ThemeCheckFailure) -> Theme {
        let report = loader.report(for: source)
        let counted = report.diagnostics.filter { $0.severity == .error || warnings == .fail }
        guard let theme = report.theme, counted.isEmpty else {
            throw ThemeCheckFailure(source: source, problems: counted.map(\.description))
        }
        let missing = styles.filter { !theme.styles.contains($0) }
        guard missing.isEmpty else {
            let have = theme.styles.map(\.rawValue).joined(separator: ", ")
            throw ThemeCheckFailure(source: source, problems: missing.map { "the theme has no style \"\($0.rawValue)\"; its styles are \(have)" })
        }
        return theme
    }
}

/// A theme that did not pass a ``ThemeExpectation``: what was checked and every problem found.
public struct ThemeCheckFailure: Error, CustomStringConvertible, Sendable {
    /// The theme that was checked.
    public var source: ThemeLoader.Source
    /// The problems, one per line: diagnostics in compiler form, or a missing style.
    public var problems: [String]

    /// Creates a failure.
    public init(source: ThemeLoader.Source, problems: [String]) {
        self.source = source
        self.problems = problems
    }

    /// The theme and its problems, one per line.
    public var description: String {
        let name: String
        switch source {
        case .named(let theme): name = "the theme \(theme)"
        case .path(let path): name = "the theme at \(path)"
        }
        return "\(name) does not pass its check:\n" + problems.joined(separator: "\n")
    }
}
