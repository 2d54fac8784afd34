import Foundation
import Testing
import ThemeloadTestSupport

/// The SwiftPM plugins, driven the way a user drives them: `swift build` and `swift package
/// lint-themes` on the package in `Tests/PluginFixtures/Shop`, which depends on this repository by
/// path. The first run builds Themeload for that package (about a minute); later runs reuse
/// `.build-plugin-fixtures`.
@Suite("SwiftPM plugins", .serialized)
struct PluginTests {
    static let package = Repository.url("Tests/PluginFixtures/Shop")
    static let scratch = Repository.url(".build-plugin-fixtures")
    static let themes = package.appendingPathComponent("Sources").path

    /// SwiftPM reuses the build plan an earlier run left in the fixture's build folder, and with
    /// it misses Swift files added to this repository (a path dependency) since: the build fails
    /// with "cannot find … in scope". So the first command of a run that finds the folder makes
    /// the plan again (building the fixture's main target, about a second more); a fresh clone,
    /// as in CI, has nothing to refresh. Made once, before any test's command.
    static let buildPlanIsCurrent: Bool = {
        guard FileManager.default.fileExists(atPath: scratch.path) else { return true }
        let refresh = try? Tool.runProgram("/usr/bin/env", ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path,
                                                             "--disable-build-manifest-caching", "--target", "Shop"])
        return refresh?.status == 0
    }()

    /// Runs `swift COMMAND` on the fixture package. The package options go before the arguments:
    /// after a plugin's verb, everything is the plugin's.
    ///
    /// SwiftPM has been seen to hang (a `swift-build` waiting, with no child process and no CPU
    /// time, for minutes): a command still running after ``commandTimeLimit`` is stopped and run
    /// once more, so a hang costs the run minutes rather than all of CI's time. A second hang is
    /// a failure.
    func swift(_ command: String, _ arguments: [String]) throws -> Tool.Run {
        _ = Self.buildPlanIsCurrent
        let invocation = ["swift", command, "--package-path", Self.package.path, "--scratch-path", Self.scratch.path] + arguments
        var run = try Tool.runProgram("/usr/bin/env", invocation, timeLimit: Self.commandTimeLimit)
        if run.timedOut { run = try Tool.runProgram("/usr/bin/env", invocation, timeLimit: Self.commandTimeLimit) }
        if run.timedOut { Issue.record("swift \(command) ran past \(Int(Self.commandTimeLimit)) seconds twice: \(run.stdout)\(run.stderr)") }
        return run
    }

    /// The longest one SwiftPM command runs: a fresh build of Themeload for the fixture takes about
    /// a minute, several on a slow CI machine.
    static let commandTimeLimit: TimeInterval = 600

    func generated(_ name: String, target: String) -> URL? {
        let outputs = Self.scratch.appendingPathComponent("plugins/outputs")
        let files = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.first { $0.lastPathComponent == name && $0.path.contains("/\(target)/") }
    }

    @Test("the build-tool plugin generates typed keys that compile without warnings, and an unchanged theme is not exported again")
    func buildGood() throws {
        let first = try swift("build", ["--target", "Shop"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(!first.stdout.contains("GoodTheme.swift") || !first.stdout.contains("warning:"), "\(first.stdout)")
        let file = try #require(generated("GoodTheme.swift", target: "Shop"))
        let source = try String(contentsOf: file, encoding: .utf8)
        #expect(source.contains("public enum GoodTheme {") && source.contains("case mainTitle = \"mainTitle\""))
        #expect(source.contains("/// `ink`: light `#111111FF`, dark `#EEEEEEFF`"))
        #expect(!source.contains("func fontProvider(_ key:"))  // the theme has no named fonts
        // Brands/Sale.theme extends Good, which is in another folder of the target: found through
        // the search paths the plugin passes, so Sale's keys include what it inherits.
        let sale = try String(contentsOf: try #require(generated("SaleTheme.swift", target: "Shop")), encoding: .utf8)
        #expect(sale.contains("case priceTag = \"priceTag\"") && sale.contains("/// `ink`: light `#111111FF`, dark `#EEEEEEFF`"))

        // SwiftPM may relink the tool once more on the build after a fresh one, which reruns the
        // export (the tool is an input too); from then on, nothing changed means nothing runs.
        _ = try swift("build", ["--target", "Shop"])
        let written = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let again = try swift("build", ["--target", "Shop"])
        #expect(again.status == 0)
        #expect(!again.stdout.contains("Generating typed keys"), "\(again.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == written)
    }

    @Test("a bundle that extends design tokens beside it (a resolver, a Tokens Studio folder) gets the tokens' keys, and again when a token file changes")
    func tokenParentIsAnInput() throws {
        // Themes/Tokened.theme extends Themes/brand.resolver.json, whose sources are in Themes/brand/
        // (its base set in JSON5);
        // Studio/Synced.theme extends the Tokens Studio folder Studio/studio/ (no resolver beside it).
        let tokens = Self.package.appendingPathComponent("Sources/Shop/Themes/brand/base.tokens.json5")
        let studioSet = Self.package.appendingPathComponent("Sources/Shop/Studio/studio/core.json")
        let original = try Data(contentsOf: tokens)
        let originalSet = try Data(contentsOf: studioSet)
        defer {
            try? original.write(to: tokens)
            try? originalSet.write(to: studioSet)
        }
        let first = try swift("build", ["--target", "Shop"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let file = try #require(generated("TokenedTheme.swift", target: "Shop"))
        let before = try String(contentsOf: file, encoding: .utf8)
        #expect(before.contains("        /// Body text\n        case colorInk = \"color.ink\"") && !before.contains("colorAccent"), "\(before)")
        let synced = try #require(generated("SyncedTheme.swift", target: "Shop"))
        let syncedBefore = try String(contentsOf: synced, encoding: .utf8)
        #expect(syncedBefore.contains("case colorBrand = \"color.brand\"") && !syncedBefore.contains("colorAccent"), "\(syncedBefore)")
        // The design team adds a token: the keys follow without a clean build. The Tokens Studio
        // set changes alone, after a build that settles the tool (see `build()`), so that only
        // its being an input can make the keys follow.
        _ = try swift("build", ["--target", "Shop"])
        try Data(##"{"color": {"brand": {"value": "#0770E3", "type": "color"}, "accent": {"value": "#FF6600", "type": "color"}}}"##.utf8).write(to: studioSet)
        let second = try swift("build", ["--target", "Shop"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("Generating typed keys for the theme Synced"), "\(second.stdout)")
        let added = String(decoding: original, as: UTF8.self).replacingOccurrences(of: #""ink": {"#, with: ##""accent": {"$value": "#0770E3"}, "ink": {"##)
        #expect(added != String(decoding: original, as: UTF8.self))
        try Data(added.utf8).write(to: tokens)
        let third = try swift("build", ["--target", "Shop"])
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(third.stdout.contains("Generating typed keys for the theme Tokened"), "\(third.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("case colorAccent = \"color.accent\""))
        #expect(try String(contentsOf: synced, encoding: .utf8).contains("case colorAccent = \"color.accent\""))
    }

    @Test("a typo in a generated key fails the build")
    func typo() throws {
        let run = try swift("build", ["--target", "TypoShop"])
        #expect(run.status != 0)
        #expect((run.stdout + run.stderr).contains("TypoShop.swift:4:40: error: type 'GoodTheme.Level' has no member 'mainTitel'"))
    }

    @Test("a theme with errors fails the build with the diagnostic at its file, line and column")
    func buildBroken() throws {
        let run = try swift("build", ["--target", "BrokenShop"])
        #expect(run.status != 0)
        let output = run.stdout + run.stderr
        // theme.yaml line 5: `    textColor: "#12345"`, the value starting in column 16.
        #expect(output.contains("\(Self.themes)/BrokenShop/Themes/Broken.theme/theme.yaml:5:16: error: invalid color \"#12345\"; a color is \"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", a CSS color name (\"white\", \"transparent\"), \"rgb(R G B / A)\", \"rgba(R, G, B, A)\", \"hsl(H S% L% / A)\", \"hsla(H, S%, L%, A)\", \"hwb(H W% B% / A)\", \"lab(L a b / A)\", \"lch(L C H / A)\", \"oklab(L a b / A)\", \"oklch(L C H / A)\", \"color(display-p3 R G B / A)\", 0xRRGGBB, {red, green, blue, alpha}, {colorSpace, components, alpha} or {color, alpha} at levels.normal.textColor [invalid-color]"), "\(output)")
    }

    @Test("two bundles of one target whose keys would be one file are refused by name, not by SwiftPM's \"multiple producers\"")
    func sameNameBundles() throws {
        // A second bundle named like BrokenShop's Broken.theme but for case, made only for this
        // test: a build-tool plugin's error stops the planning of every target of the package.
        let twin = Self.package.appendingPathComponent("Sources/BrokenShop/Themes/Seasonal/broken.theme")
        try FileManager.default.createDirectory(at: twin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: twin.deletingLastPathComponent()) }
        try Data("levels:\n  normal:\n    textColor: \"#111111\"\n".utf8).write(to: twin.appendingPathComponent("theme.yaml"))
        let run = try swift("build", ["--target", "BrokenShop"])
        #expect(run.status != 0)
        #expect((run.stdout + run.stderr).contains("error: the theme bundles \(Self.themes)/BrokenShop/Themes/Broken.theme and \(twin.path) would both become brokenTheme.swift in this target; rename one of them"),
                "\(run.stdout)\(run.stderr)")
    }

    @Test("lint-themes checks every bundle with its own target's search paths, prints the diagnostics and fails when one has an error")
    func lintAll() throws {
        let run = try swift("package", ["lint-themes"])
        #expect(run.status != 0)
        let output = run.stdout
        #expect(output.contains("Checking Sources/BrokenShop/Themes/Broken.theme\n\(Self.themes)/BrokenShop/Themes/Broken.theme/theme.yaml:5:16: error: invalid color \"#12345\""), "\(output)")
        #expect(output.contains("Checking Sources/Shop/Themes/Good.theme\n0 errors, 0 warnings in 1 theme"))
        #expect(output.contains("Checking Sources/CompiledShop/Themes/Good.theme\n0 errors, 0 warnings in 1 theme"))
        #expect(output.contains("Checking Sources/Shop/Themes/Brands/Sale.theme\n0 errors, 0 warnings in 1 theme"))
        #expect(output.contains("Checking Sources/Shop/Themes/Tokened.theme\n0 errors, 0 warnings in 1 theme"))
        #expect(output.contains("Checking Sources/Shop/Studio/Synced.theme\n0 errors, 0 warnings in 1 theme"))
        // Themes/Outlet.theme, in no target, extends Good, which only Shop and CompiledShop have:
        // checked with its own folders, as a build plugin gives a target's bundles theirs, it is
        // not found (before, every bundle's folder was every bundle's search path).
        let outlet = Self.package.appendingPathComponent("Themes").path
        #expect(output.contains("Checking Themes/Outlet.theme\n\(outlet)/Outlet.theme/theme.yaml:3:10: error: no theme named \"Good\" (searched \(outlet), "), "\(output)")
        #expect(output.contains("lint-themes: 2 of 7 theme bundles have errors:\n  Sources/BrokenShop/Themes/Broken.theme\n  Themes/Outlet.theme\n"))
    }

    @Test("lint-themes --target checks only that target's bundles; flags it does not know are ignored")
    func lintTarget() throws {
        let run = try swift("package", ["lint-themes", "--target", "Shop", "--strict", "--flag-from-xcode"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Checking Sources/Shop/Themes/Good.theme\n"))
        #expect(!run.stdout.contains("Broken"))
        #expect(run.stdout.contains("lint-themes: 4 theme bundles checked, no errors."))
    }

    @Test("the compiled-themes plugin ships a theme as a resource: the app loads it with no format plugin, images inside")
    func compiledResource() throws {
        let run = try swift("run", ["CompiledShop"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let sources = Self.package.appendingPathComponent("Sources/CompiledShop/Themes/Good.theme").path
        let expected = try Tool.run(["show", sources, "--format", "json"])
        #expect(run.stdout == expected.stdout + "not really a png\n")
        #expect(try #require(generated("Good.themec", target: "CompiledShop")).lastPathComponent == "Good.themec")
    }
}

/// The time limit the plugin tests put on each SwiftPM command.
@Suite("Running a program with a time limit")
struct ProgramTimeLimitTests {
    @Test("a program still running at its time limit is stopped and said to have timed out; one that ends in time is not")
    func timeLimit() throws {
        let start = Date()
        let stopped = try Tool.runProgram("/bin/sleep", ["60"], timeLimit: 0.5)
        #expect(stopped.timedOut)
        #expect(Date().timeIntervalSince(start) < 30)
        let finished = try Tool.runProgram("/bin/sh", ["-c", "echo done"], timeLimit: 60)
        #expect(!finished.timedOut && finished.status == 0 && finished.stdout == "done\n")
    }
}
