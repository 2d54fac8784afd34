import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// Sections read once per style: large sections (which keep an index of their keys) and small
/// ones, entries with variants and without, give every entry its own value in every style.
@Suite("Section reading")
struct SectionReadingTests {
    /// `#RRGGBB` of a number, as a theme writes it and as the canonical form spells it (`…FF`).
    func hex(_ number: Int) -> String { String(format: "#%06X", number) }

    @Test("every entry of a section has its own value in every style", arguments: [3, 12, 40])
    func everyEntry(count: Int) throws {
        var yaml = "palette:\n"
        for index in 0..<count {
            // Even entries differ by style, odd ones are the same in both.
            yaml += index % 2 == 0 ? "  c\(index): {light: \"\(hex(index))\", dark: \"\(hex(0x100000 + index))\"}\n" : "  c\(index): \"\(hex(index))\"\n"
        }
        yaml += "fonts:\n"
        for index in 0..<count { yaml += "  f\(index): {name: Font\(index), size: \(10 + index)}\n" }
        yaml += "metrics:\n"
        for index in 0..<count { yaml += "  m\(index): \(index * 3)\n" }
        yaml += "levels:\n  normal:\n    textColor: \"{palette.c0}\"\n    font: \"{fonts.f\(count - 1)}\"\n"
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", yaml)
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).load(named: "Main").theme
        for style in [ThemeStyle.light, .dark] {
            let resolved = theme.resolved(style)
            #expect(resolved.palette.count == count && resolved.fonts.count == count && resolved.metrics.count == count)
            for index in 0..<count {
                let written = index % 2 == 0 && style == .dark ? 0x100000 + index : index
                #expect(resolved.palette["c\(index)"]?.canonicalText == hex(written) + "FF", "c\(index) in \(style)")
                #expect(resolved.fonts["f\(index)"]?.name == "Font\(index)" && resolved.fonts["f\(index)"]?.size == Double(10 + index))
                #expect(resolved.metrics["m\(index)"] == .integer(Int64(index * 3)))
            }
            #expect(resolved.levels["normal", "textColor"]?.color?.canonicalText == hex(style == .dark ? 0x100000 : 0) + "FF")
            #expect(resolved.levels["normal", "font"]?.font?.name == "Font\(count - 1)")
        }
    }

    /// A binary property list has no lines, so its diagnostics keep the order they were found
    /// in: the styles one after the other, each through palette, fonts, metrics and level cells
    /// (SPEC section 8), however the resolver schedules its reading.
    @Test("problems of a file without lines come style by style, each style's in section order")
    func problemsStyleByStyle() throws {
        func variants(light: Any, dark: Any) -> [String: Any] { ["light": light, "dark": dark] }
        let theme: [String: Any] = [
            "palette": ["a": variants(light: "nope", dark: "#000000"), "b": variants(light: "#FFFFFF", dark: "nope")],
            "fonts": ["f": variants(light: "{bad", dark: ["name": "X", "size": 12])],
            "metrics": ["m": variants(light: 1, dark: "wide")],
            "levels": ["normal": ["textColor": variants(light: "#000000", dark: "bad")]],
        ]
        let directory = TemporaryDirectory()
        try PropertyListSerialization.data(fromPropertyList: theme, format: .binary, options: 0).write(to: directory.url.appendingPathComponent("Main.plist"))
        let report = ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).report(for: .named("Main"))
        #expect(report.diagnostics.allSatisfy { $0.line == nil })
        let found = report.diagnostics.map { $0.keyPath?.description ?? "" }
        let expected = ["palette.a", "fonts.f", "palette.b", "metrics.m", "levels.normal.textColor"]
        var positions: [Int] = []
        for prefix in expected {
            positions.append(try #require(found.firstIndex { $0.hasPrefix(prefix) }, "no problem at \(prefix) among \(found)"))
        }
        #expect(positions == positions.sorted(), "found \(found)")
    }
}
