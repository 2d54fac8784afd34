import Foundation
import Testing
import Themeload
import ThemeloadTesting
import ThemeloadYAML
@testable import ThemeloadBundledThemes

@Suite("Bundled themes")
struct BundledThemesTests {
    /// The directory holds the bundled bundles, `Default.theme` among them.
    @Test func directoryHoldsDefault() {
        var isDirectory: ObjCBool = false
        let path = BundledThemes.directory + "/" + BundledThemes.defaultThemeName + ".theme"
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue, "\(path)")
    }

    /// Each bundled theme loads without a problem and reads back the same compiled and from
    /// its design-token export, as an app's own themes are checked.
    @Test(arguments: ["Default", "Blossom"])
    func loadsAndRoundTrips(_ name: String) throws {
        let theme = try ThemeExpectation(loader: .standard(searchDirectories: [BundledThemes.directory])).requireLoads(named: name, warnings: .fail)
        #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
        #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
    }

    /// On Linux the directory is found beside the executable without making a `Bundle`, and it is
    /// the one `Bundle.module` gives: SwiftPM puts the test runner, like the tool, beside the
    /// resources directory.
    @Test(.enabled(if: isLinux))
    func besideExecutableIsBundleModule() throws {
        let beside = try #require(BundledThemes.besideExecutable())
        #expect(beside.hasSuffix("/" + BundledThemes.resourceDirectoryName + "/Themes"))
        #expect(URL(fileURLWithPath: beside).standardizedFileURL.path
            == URL(fileURLWithPath: BundledThemes.fromResourceBundle()).standardizedFileURL.path)
        #expect(BundledThemes.directory == beside)
    }
}

#if os(Linux)
    private let isLinux = true
#else
    private let isLinux = false
#endif
