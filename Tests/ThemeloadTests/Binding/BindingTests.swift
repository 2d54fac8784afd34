import Foundation
import Testing
import ThemeloadTesting
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// A view stand-in: a main-actor class with settable properties, as UIKit's views are.
@MainActor
final class FakeLabel {
    var textColor: ThemeColor? { didSet { writes += 1 } }
    var fontSize: Double = 0
    var writes = 0
    var hex: String? { textColor?.hex }
}

@Suite("Bindings", .tags(.concurrency))
@MainActor
struct BindingTests {
    let files = AppearanceFixture.files()
    var loader: ThemeLoader { AppearanceFixture.loader(files) }

    init() {
        files.write("/themes/Other.yaml", "levels:\n  normal:\n    textColor: \"#0000FF\"\n    font: {size: 20}\n")
        files.write("/themes/Bare.yaml", "levels:\n  normal:\n    font: {size: 20}\n")
    }

    func manager(selection: StyleSelection = .followsSystem) throws -> ThemeManager {
        try ThemeManager(loader: loader, defaultTheme: "Main", selection: selection)
    }

    @Test("a binding writes at once, then after a style switch, a theme switch, a reload and a trait change")
    func reapplies() throws {
        let manager = try manager()
        let label = FakeLabel()
        try manager.bind(label, \.textColor, to: .color(level: "normal")) { $0 }
        #expect(label.hex == "#111111FF")
        try manager.setStyle("pink")
        #expect(label.hex == "#550022FF")
        manager.followSystem()
        manager.updateSystemTraits(SystemTraits(appearance: .dark))
        #expect(label.hex == "#EEEEEEFF")
        manager.updateSystemTraits(SystemTraits(appearance: .dark, contrast: .high))
        #expect(label.hex == "#FFFFFFFF")

        let step = manager.makeReloadStepper()
        files.write("/themes/Main.yaml", "styles: [light, dark]\nlevels:\n  normal:\n    textColor: {light: \"#222222\", dark: \"#DDDDDD\"}\n    font: {size: 17}\n")
        _ = step(); _ = step()
        #expect(label.hex == "#DDDDDDFF")  // no darkHighContrast any more: dark
        try manager.switchTheme(to: "Other")
        #expect(label.hex == "#0000FFFF")
    }

    @Test("the object is held weakly: a released object's binding is gone and nothing retains it")
    func weakRelease() throws {
        let manager = try manager()
        weak var released: FakeLabel?
        var binding: ThemeBinding?
        do {
            let label = FakeLabel()
            released = label
            binding = try manager.bind(label, \.textColor, to: .color(level: "normal")) { $0 }
            #expect(manager.bindingCount == 1)
        }
        #expect(released == nil)
        #expect(binding?.isActive == false)
        try manager.setStyle(.dark)  // the next application drops it
        #expect(manager.bindingCount == 0)
        // Its key is released with it: a theme without the key may now become current.
        try manager.switchTheme(to: "Bare")
    }

    @Test("a cancelled binding stops; the object keeps its last value")
    func cancel() throws {
        let manager = try manager(selection: .fixed(.light))
        let label = FakeLabel()
        let binding = try manager.bind(label, \.textColor, to: .color(level: "normal")) { $0 }
        binding.cancel()
        try manager.setStyle(.dark)
        #expect(label.hex == "#111111FF")
        #expect(!binding.isActive && manager.bindingCount == 0)
    }

    @Test("a key the theme lacks fails when bound, and a bound key makes themes without it refused")
    func keysChecked() async throws {
        let manager = try manager()
        let label = FakeLabel()
        let error = #expect(throws: ThemeLookupError.self) {
            try manager.bind(label, \.textColor, to: .color(level: "normal", "textColour")) { $0 }
        }
        #expect(error?.diagnostic.message.contains(#"did you mean "textColor"?"#) == true)
        #expect(manager.bindingCount == 0 && label.writes == 0)

        try manager.bind(label, \.textColor, to: .color(level: "normal")) { $0 }
        let refused = #expect(throws: ThemeManager.Failure.self) { try manager.switchTheme(to: "Bare") }
        guard case .themeDoesNotLoad("Bare", let diagnostics)? = refused else { Issue.record("expected a refusal"); return }
        #expect(diagnostics.map(\.code) == [.unknownKey])
        #expect(manager.themeName == "Main" && label.hex == "#111111FF")

        // A reload that drops the key is refused the same way, and reported.
        let stream = manager.events()
        let step = manager.makeReloadStepper()
        files.write("/themes/Main.yaml", "levels:\n  normal:\n    font: {size: 17}\n")
        _ = step(); _ = step()
        #expect(manager.theme.resolved(.light).palette["ink"] != nil)
        manager.updateSystemTraits(SystemTraits(appearance: .dark))
        #expect(label.hex == "#EEEEEEFF")  // still the last good theme, still applied
        var iterator = stream.makeAsyncIterator()
        guard case .reloadFailed(let problems)? = await iterator.next() else { Issue.record("expected a refused reload"); return }
        #expect(problems.map(\.code) == [.unknownKey])
        #expect(problems.first?.keyPath?.description == "levels.normal.textColor")
    }

    @Test("Dynamic Type: a level with a textStyle scales its font with the preferred text size")
    func dynamicType() throws {
        let manager = try manager()
        let label = FakeLabel()
        try manager.bind(label, \.fontSize, to: .font(level: "normal")) { $0.size }
        let caption = FakeLabel(), badge = FakeLabel()
        try manager.bind(caption, \.fontSize, to: .font(level: "caption")) { $0.size }
        try manager.bind(badge, \.fontSize, to: .font(level: "badge")) { $0.size }
        #expect(label.fontSize == 17 && caption.fontSize == 12 && badge.fontSize == 10)
        manager.updateSystemTraits(SystemTraits(contentSize: .accessibilityExtraExtraExtraLarge))
        #expect(label.fontSize == 53)      // body: 17 at large, 53 at AX5 (HIG)
        #expect(caption.fontSize == 43)    // caption1: 12 at large, 43 at AX5
        #expect(badge.fontSize == 10)      // textStyle deleted (null): fixed size
        manager.updateSystemTraits(SystemTraits(contentSize: .extraSmall))
        #expect(label.fontSize == 14)
    }

    @Test("many bindings are all re-applied after a switch")
    func many() throws {
        let manager = try manager(selection: .fixed(.light))
        let labels = (0..<2_000).map { _ in FakeLabel() }
        for label in labels { try manager.bind(label, \.textColor, to: .color(level: "normal")) { $0 } }
        try manager.setStyle(.dark)
        #expect(labels.allSatisfy { $0.hex == "#EEEEEEFF" })
        #expect(manager.bindingCount == 2_000)
    }

    @Test("bindings made from many tasks at once, while styles switch on other threads, all end current")
    func concurrent() async throws {
        let manager = try manager(selection: .fixed(.light))
        let labels = await withTaskGroup(of: [FakeLabel].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var made: [FakeLabel] = []
                    for _ in 0..<50 {
                        // A binding is made on the main actor, as a view's properties are set there.
                        let label = await MainActor.run {
                            let label = FakeLabel()
                            _ = try? manager.bind(label, \.textColor, to: .color(level: "normal")) { $0 }
                            return label
                        }
                        made.append(label)
                    }
                    return made
                }
                group.addTask {
                    for style in [ThemeStyle.dark, .light, "pink", .dark] { try? manager.setStyle(style) }
                    return []
                }
            }
            var all: [FakeLabel] = []
            for await made in group { all += made }
            return all
        }
        #expect(labels.count == 400)
        // Switches made off the main actor are applied there in order; let the queued ones run.
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        try manager.setStyle("pink")
        #expect(labels.allSatisfy { $0.hex == "#550022FF" })
    }
}

@Suite("Checked keys", .tags(.concurrency))
struct CheckedKeyTests {
    @Test("a checked key reads without try in every later theme; themes without it are refused")
    func checked() throws {
        let files = InMemoryFileSystem()
        files.write("/themes/A.yaml", "levels:\n  normal:\n    textColor: {light: \"#111111\", dark: \"#EEEEEE\"}\n")
        files.write("/themes/B.yaml", "levels:\n  normal:\n    textColor: \"#0000FF\"\n")
        files.write("/themes/C.yaml", "levels:\n  normal:\n    backgroundColor: \"#0000FF\"\n")
        let manager = try ThemeManager(loader: ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files), defaultTheme: "A")
        let text = try manager.checked(.color(level: "normal"))
        #expect(manager[text].hex == "#111111FF")
        #expect(manager[text, for: SystemTraits(appearance: .dark)].hex == "#EEEEEEFF")
        try manager.switchTheme(to: "B")
        #expect(manager[text].hex == "#0000FFFF")
        #expect(throws: ThemeManager.Failure.self) { try manager.switchTheme(to: "C") }
        #expect(throws: ThemeLookupError.self) { try manager.checked(.color(level: "normal", "backgroundColor")) }
    }
}

/// The theme the appearance and binding tests share: four styles, one with a fallback, and levels
/// with and without a Dynamic Type text style.
enum AppearanceFixture {
    static func files() -> InMemoryFileSystem {
        let files = InMemoryFileSystem()
        files.write("/themes/Main.yaml", """
            styles: [light, dark, {name: darkHighContrast, fallback: dark}, pink]
            palette:
              ink: {light: "#111111", dark: "#EEEEEE", darkHighContrast: "#FFFFFF", pink: "#550022"}
            levels:
              normal:
                textColor: "{palette.ink}"
                font: {size: 17}
                textStyle: body
              caption:
                font: {size: 12}
                textStyle: caption1
              badge:
                font: {size: 10}
                textStyle: null

            """)
        return files
    }

    static func loader(_ files: InMemoryFileSystem) -> ThemeLoader {
        ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files)
    }
}
