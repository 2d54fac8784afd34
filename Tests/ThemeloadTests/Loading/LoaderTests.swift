import Foundation
import Testing
@testable import Themeload
import ThemeloadTestSupport
import ThemeloadTesting
import ThemeloadYAML

@Suite("Theme loader")
struct LoaderTests {
    @Test("a load records every file it read and every path it probed and found missing")
    func dependencies() throws {
        let directory = TemporaryDirectory()
        try directory.write("Base.json", ##"{"levels": {"normal": {"textColor": "#000"}}}"##)
        try directory.write("Main.theme/theme.yaml", "extends: Base\ninclude: [part.yaml]\nimages:\n  logo: logo.png\n")
        try directory.write("Main.theme/part.yaml", "palette: {primary: \"#fff\"}\n")
        try directory.write("Main.theme/logo.png", "png")
        let loaded = try ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).load(named: "Main")
        let files = loaded.dependencies.files
        #expect(files.contains(directory.path("Main.theme/theme.yaml")))
        #expect(files.contains(directory.path("Main.theme/part.yaml")))
        #expect(files.contains(directory.path("Base.json")))
        #expect(files.contains(directory.path("Main.theme/logo.png")))
        let missing = loaded.dependencies.missing
        #expect(missing.contains(directory.path("Main.theme/theme.json")))   // a competing manifest
        #expect(missing.contains(directory.path("Main.yaml")))               // a competing single file
        #expect(missing.contains(directory.path("Base.theme/theme.yaml")))   // the parent's other candidates
        #expect(missing.contains(directory.path("Main.theme/logo@2x.png")))  // image siblings
    }

    /// SPEC section 1's candidates for `Main` in one search directory, each probed and, but for
    /// the one there, noted missing for hot reload, at a path with one `/` between directory and
    /// name however the directory is written.
    @Test("a theme found by name notes every other candidate missing, each path written once, however its directory is written",
          arguments: [("/themes", "/themes/"), ("/themes/", "/themes/"), ("", ""), (".", "")])
    func candidatePaths(directory: String, prefix: String) throws {
        let files = InMemoryFileSystem()
        files.write(prefix + "Main.yaml", "levels: {normal: {textColor: \"#000000\"}}\n")
        let loaded = try ThemeLoader(registry: .standard, searchDirectories: [directory], fileSystem: files).load(named: "Main")
        let extensions = ["json", "json5", "plist", "tokens.json", "tokens", "tokens.json5", "resolver.json", "yaml", "yml", "tokens.yaml", "tokens.yml"]
        let manifests = extensions.map { prefix + "Main.theme/theme." + $0 }
        let singleFiles = (extensions + ["themec"]).filter { $0 != "yaml" }.map { prefix + "Main." + $0 }
        let folderFiles = [prefix + "Main/$metadata.json", prefix + "Main/$themes.json"]
        #expect(loaded.dependencies.missing == Set(manifests + singleFiles + folderFiles))
        #expect(loaded.dependencies.files == [prefix + "Main.yaml"])
    }

    @Test("a failed load still reports its dependencies, so fixing a file can be noticed")
    func failedDependencies() throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", "levels: {normal: {textColor: nope}}\n")
        let report = ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).report(for: .named("Main"))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.invalidColor])
        #expect(report.dependencies.files == [directory.path("Main.yaml")])
    }

    @Test("a search directory that is the child's own folder is searched once, and named once when the parent is missing")
    func ownFolderSearchedOnce() throws {
        let directory = TemporaryDirectory()
        try directory.write("Child.yaml", "extends: Missing\n")
        let folder = directory.url.path
        let report = ThemeLoader(registry: .standard, searchDirectories: [folder + "/", folder, "/nonexistent/themes"]).report(for: .named("Child"))
        #expect(report.errors.map(\.message) == ["no theme named \"Missing\" (searched \(folder), /nonexistent/themes)"])
    }

    @Test("directory paths written two ways are one folder", arguments: [
        ("Themes", "Themes/", true), ("./Themes", "Themes", true), (".", "./", true), ("/", "//", true), ("", ".", true),
        ("Themes", "themes", false), ("Themes/a/..", "Themes", false), ("/t", "t", false),
    ])
    func sameDirectory(first: String, second: String, same: Bool) {
        #expect(BundleLocator.isSameDirectory(first, second) == same)
    }

    @Test("loading throws one error holding every diagnostic")
    func throwsAll() throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", "levels: {normal: {textColor: nope, font: {}}}\n")
        #expect {
            _ = try ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).load(named: "Main")
        } throws: { error in
            (error as? ThemeloadError)?.codes == [.invalidColor, .invalidFont]
        }
    }

    @Test("an extends chain is counted in links: 32 links load by default, 33 are limit-exceeded", arguments: [32, 33])
    func extendsChainInLinks(links: Int) throws {
        let directory = TemporaryDirectory()
        for index in 0..<links { try directory.write("T\(index).yaml", "extends: T\(index + 1)\n") }
        try directory.write("T\(links).yaml", "levels: {normal: {lines: 1}}\n")
        let report = ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).report(for: .named("T0"))
        if links <= Limits.default.maxExtendsChain {
            #expect(report.diagnostics.isEmpty)
            #expect(report.theme?.levelTable("light")["normal", "lines"] == .integer(1))
        } else {
            #expect(report.errors.map(\.code) == [.limitExceeded])
            #expect(report.errors.first?.file == directory.path("T\(links - 1).yaml"))
        }
    }

    @Test("themes load by directory path, manifest path and file URL")
    func byPath() throws {
        let directory = TemporaryDirectory()
        try directory.write("Moments.theme/theme.json", #"{"levels": {"normal": {}}}"#)
        let loader = ThemeLoader(registry: .standard)
        #expect(try loader.load(atPath: directory.path("Moments.theme")).theme.name == "Moments")
        #expect(try loader.load(atPath: directory.path("Moments.theme/")).theme.name == "Moments")
        #expect(try loader.load(atPath: directory.path("Moments.theme/theme.json")).theme.name == "Moments")
        #expect(try loader.load(contentsOf: directory.url.appendingPathComponent("Moments.theme")).theme.name == "Moments")
    }

    @Test("theme names must be names", arguments: ["../etc", "", ".hidden", "-dash", "_under", "a/b", "Thème", "a b", "Ⅻ", "é"])
    func invalidNames(_ name: String) {
        let report = ThemeLoader(registry: .standard, searchDirectories: ["."]).report(for: .named(name))
        #expect(report.errors.map(\.code) == [.themeNotFound])
        #expect(report.errors.first?.message.contains("is not a theme name") == true)
    }

    @Test("a theme name is letters, digits, _, . and -, starting with a letter or digit",
          arguments: ["Moments", "9lives", "a", "Z", "brand_v2.dark-mode", "x.y.z", "A-_."])
    func validNames(_ name: String) {
        let report = ThemeLoader(registry: .standard, searchDirectories: ["/nonexistent-directory"]).report(for: .named(name))
        #expect(report.errors.map(\.code) == [.themeNotFound])
        #expect(report.errors.first?.message.contains("no theme named") == true)
    }

    @Test("the bundled themes load, Blossom adds pink to Default, and neither has a warning")
    func bundled() throws {
        let loader = ThemeLoader.standard()
        let defaultTheme = try loader.load(named: "Default")
        #expect(defaultTheme.warnings.isEmpty)
        #expect(defaultTheme.theme.paletteProvider("primary")?(.light).hex == "#0770E3FF")
        #expect(defaultTheme.theme.paletteProvider("primary")?(.dark).hex == "#6D9FEBFF")
        for name in ["background", "secondaryBackground", "tertiaryBackground", "line", "primaryText", "secondaryText", "tertiaryText", "quaternaryText"] {
            #expect(defaultTheme.theme.paletteProvider(name) != nil, "the Default palette lacks \(name)")
        }
        // The high-contrast styles: every level with a text and a background color reaches 7:1
        // (WCAG AAA); what they do not override comes from light and dark through their fallbacks.
        let theme = defaultTheme.theme
        #expect(theme.styles == [.light, .dark, "lightHighContrast", "darkHighContrast"])
        var pairs = 0
        for style in ["lightHighContrast", "darkHighContrast"] as [ThemeStyle] {
            for level in theme.levels {
                guard let text = theme.level(level, style: style)?.textColor,
                      let background = theme.level(level, style: style)?.backgroundColor else { continue }
                pairs += 1
                #expect(text.composited(over: background).contrastRatio(with: background) >= 7, "\(level) in \(style)")
            }
        }
        #expect(pairs >= 12)
        #expect(theme.paletteProvider("tertiaryBackground")?("darkHighContrast").hex == "#243346FF")  // dark's, by fallback
        #expect(theme.paletteProvider("background")?("lightHighContrast").hex == "#FFFFFFFF")  // light's, by fallback
        let blossom = try loader.load(named: "Blossom")
        #expect(blossom.warnings.isEmpty)
        #expect(blossom.theme.styles == [.light, .dark, "lightHighContrast", "darkHighContrast", "pink"])
        #expect(blossom.theme.colorProvider(level: "button", property: "backgroundColor")?("pink").hex == "#C2185BFF")
        #expect(blossom.theme.imageProvider(named: "logo")?.image(for: Traits(style: "pink", scale: 2))?.file == "logo@2x.png")
        #expect(blossom.theme.imageProvider(named: "logo")?.image(for: Traits(style: .dark, scale: 2))?.file == "logo-dark.png")
    }

    @Test("an app's bundle resources are a place to load themes from")
    func foundationBundle() throws {
        let directory = TemporaryDirectory()
        try directory.write("App.bundle/Themes/Shipped.yaml", "levels: {normal: {lines: 1}}\n")
        let bundle = try #require(Bundle(path: directory.path("App.bundle")))
        let loaded = try ThemeLoader(registry: .standard).load(named: "Shipped", in: bundle, subdirectory: "Themes")
        #expect(loaded.theme.name == "Shipped")
    }
}
