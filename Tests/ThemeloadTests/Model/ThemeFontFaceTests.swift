import Foundation
import Testing
import Themeload

/// docs/SPEC.md section 11, "Font fallbacks": the faces a platform adapter tries, in order.
@Suite("Font faces and fallbacks")
struct ThemeFontFaceTests {
    @Test("a font's faces: its name, its family, each fallback, then the system font; a system family ends the list", arguments: [
        (ThemeFont(name: "Inter-Medium", family: "Inter", fallbackFamilies: ["Helvetica Neue"], size: 12),
         [ThemeFont.Face.postScriptName("Inter-Medium"), .family("Inter"), .family("Helvetica Neue"), .system(.default)]),
        (ThemeFont(size: 12), [.system(.default)]),
        (ThemeFont(family: "Avenir", size: 12), [.family("Avenir"), .system(.default)]),
        // A generic family is the system font's design, and nothing after it is tried.
        (ThemeFont(family: "Menlo", fallbackFamilies: ["monospace", "Courier"], size: 12), [.family("Menlo"), .system(.monospaced)]),
        (ThemeFont(family: "Georgia", fallbackFamilies: ["serif"], size: 12), [.family("Georgia"), .system(.serif)]),
        (ThemeFont(family: "SF Pro Rounded", size: 12), [.system(.rounded)]),
        // Apple HIG's token files name the system fonts; Primer names -apple-system first.
        (ThemeFont(family: "SF Mono", size: 12), [.system(.monospaced)]),
        (ThemeFont(family: "New York", size: 12), [.system(.serif)]),
        (ThemeFont(family: "-apple-system", fallbackFamilies: ["BlinkMacSystemFont", "Segoe UI"], size: 12), [.system(.default)]),
        // Generic families with no system design are passed over; a family twice is tried once.
        (ThemeFont(family: "Comic Neue", fallbackFamilies: ["cursive", "Comic Neue", "Chalkboard"], size: 12),
         [.family("Comic Neue"), .family("Chalkboard"), .system(.default)]),
    ])
    func faces(_ font: ThemeFont, expected: [ThemeFont.Face]) {
        #expect(font.faces == expected)
    }

    @Test("system family names match in any case and with spaces around them", arguments: [
        ("SANS-SERIF", ThemeFont.SystemDesign.default), ("System-UI", .default), (" sf pro text ", .default), ("BlinkMacSystemFont", .default),
        ("UI-Serif", .serif), ("ui-rounded", .rounded), ("Ui-Monospace", .monospaced),
    ])
    func systemNames(_ family: String, design: ThemeFont.SystemDesign) {
        #expect(ThemeFont.systemDesign(ofFamily: family) == design)
    }

    @Test("an installed family's name is no system design", arguments: ["Inter", "SF Symbols", "Serifa", "Helvetica Neue", "cursive"])
    func installedNames(_ family: String) {
        #expect(ThemeFont.systemDesign(ofFamily: family) == nil)
    }

    @Test("the first face the platform makes wins: a missing family falls back to the next")
    func firstAvailable() {
        let font = ThemeFont(family: "Inter", fallbackFamilies: ["Helvetica Neue", "ui-rounded"], size: 12)
        var asked: [ThemeFont.Face] = []
        let installed: Set<String> = ["Helvetica Neue"]
        let made = font.firstAvailable { face -> String? in
            asked.append(face)
            switch face {
            case .postScriptName(let name), .family(let name): return installed.contains(name) ? name : nil
            case .system(let design): return "system \(design)"
            }
        }
        #expect(made == "Helvetica Neue")
        #expect(asked == [.family("Inter"), .family("Helvetica Neue")])
        #expect(font.firstAvailable { face -> String? in if case .system(let design) = face { "system \(design)" } else { nil } } == "system rounded")
    }

    @Test("a font encoded before fallback families decodes with none; one with them keeps them")
    func codable() throws {
        let old = Data(#"{"family": "Inter", "size": 12, "weight": "bold", "italic": false}"#.utf8)
        let font = try JSONDecoder().decode(ThemeFont.self, from: old)
        #expect(font == ThemeFont(family: "Inter", size: 12, weight: .bold))
        let stacked = ThemeFont(family: "Inter", fallbackFamilies: ["sans-serif"], size: 12, lineHeight: 1.5)
        #expect(try JSONDecoder().decode(ThemeFont.self, from: JSONEncoder().encode(stacked)) == stacked)
    }
}
