import Foundation
import Testing
import Themeload
import ThemeloadTesting
import ThemeloadYAML

/// How an app checks its own themes: each loads with no error and no warning in every style, the
/// levels a page depends on match golden files, and the theme reads back the same compiled and
/// from its design-token export. The golden files were recorded with
/// `THEMELOAD_RECORD_GOLDEN=1 swift test` and then checked by hand against `theme.yaml` and the
/// bundled Default theme it extends.
@Suite("Storefront's themes pass their checks")
struct ThemeCheckTests {
    /// The theme sources, as an app's test reads them (beside the tests in the repository).
    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/StorefrontStyle/Themes").standardizedFileURL.path

    @Test("Storefront loads with no error or warning, with the styles the app uses")
    func loads() throws {
        try ThemeExpectation(loader: .standard(searchDirectories: [Self.themes]))
            .requireLoads(named: "Storefront", warnings: .fail, styles: ["light", "dark", "sale"])
    }

    @Test("the sale price tag and buy button match their golden files", arguments: ["priceTag", "buyButton"])
    func golden(_ level: String) throws {
        let theme = try ThemeExpectation(loader: .standard(searchDirectories: [Self.themes])).requireLoads(named: "Storefront")
        try GoldenFile(path: "Golden/\(level)-sale.json", relativeTo: #filePath).check(theme.canonicalJSON(level: level, style: "sale"))
    }

    @Test("Storefront reads back the same compiled, as an app that ships compiled themes would, and from its design-token export")
    func roundTrips() throws {
        let theme = try ThemeExpectation(loader: .standard(searchDirectories: [Self.themes])).requireLoads(named: "Storefront")
        #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
        // Its color and font `price` are one name in two sections: the font's token moves.
        #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
    }
}
