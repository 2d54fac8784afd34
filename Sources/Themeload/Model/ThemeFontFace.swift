import Foundation

extension ThemeFont {
    /// One way a platform can make a font, tried in the order of ``ThemeFont/faces``.
    public enum Face: Hashable, Sendable {
        /// The font of this PostScript name, where the platform has it.
        case postScriptName(String)
        /// The font of this family at the font's weight, where the platform has the family.
        case family(String)
        /// The system font in one of its designs, which every platform has.
        case system(SystemDesign)
    }

    /// The designs of the system font, as `UIFontDescriptor.SystemDesign`,
    /// `NSFontDescriptor.SystemDesign` and SwiftUI's `Font.Design` name them.
    public enum SystemDesign: String, Hashable, Sendable, CaseIterable {
        /// San Francisco.
        case `default`
        /// New York.
        case serif
        /// SF Pro Rounded.
        case rounded
        /// SF Mono.
        case monospaced
    }

    /// The faces to try, in order, to make this font: its PostScript name, its family, each
    /// fallback family, and last the system font (docs/SPEC.md section 11, "Font fallbacks").
    ///
    /// A family that names the system font, by a CSS generic family (`system-ui`, `sans-serif`,
    /// `serif`, `monospace`, `ui-rounded`, …) or by Apple's names for it (`-apple-system`,
    /// `SF Pro`, `SF Mono`, `New York`, …), is the system font in that design: apps cannot ask
    /// for those by family. The list ends there, as the system font is always there. CSS's
    /// generic families with no system design (`cursive`, `fantasy`, `emoji`, `math`,
    /// `fangsong`) are passed over, and a family named twice is tried once.
    public var faces: [Face] {
        var faces: [Face] = name.map { [.postScriptName($0)] } ?? []
        for family in (family.map { [$0] } ?? []) + fallbackFamilies {
            switch Self.meaning(ofFamily: family) {
            case .design(let design):
                faces.append(.system(design))
                return faces
            case .noDesign:
                continue
            case .installedFamily:
                if !faces.contains(.family(family)) { faces.append(.family(family)) }
            }
        }
        faces.append(.system(.default))
        return faces
    }

    /// The first of ``faces`` that `make` makes: a platform adapter passes a closure that makes
    /// a name or a family only where the platform has it, and always makes the system font.
    public func firstAvailable<Made>(_ make: (Face) -> Made?) -> Made? {
        for face in faces {
            if let made = make(face) { return made }
        }
        return nil
    }

    /// The system design a family name stands for, in any case, or `nil` for a family the
    /// platform may have installed (`Inter`, `Helvetica Neue`).
    public static func systemDesign(ofFamily family: String) -> SystemDesign? {
        if case .design(let design) = meaning(ofFamily: family) { design } else { nil }
    }

    private enum FamilyMeaning {
        case design(SystemDesign), noDesign, installedFamily
    }

    private static func meaning(ofFamily family: String) -> FamilyMeaning {
        let key = family.trimmingCharacters(in: .whitespaces).lowercased()
        if let design = systemFamilies[key] { return .design(design) }
        return cssGenericFamilies.contains(key) ? .noDesign : .installedFamily
    }

    /// CSS's generic families and Apple's names of its system fonts, lower case.
    private static let systemFamilies: [String: SystemDesign] = [
        "system-ui": .default, "ui-sans-serif": .default, "sans-serif": .default, "-apple-system": .default,
        "blinkmacsystemfont": .default, "san francisco": .default, "sf pro": .default, "sf pro text": .default,
        "sf pro display": .default, "sf ui text": .default, "sf ui display": .default, "sf compact": .default,
        "sf compact text": .default, "sf compact display": .default,
        "ui-serif": .serif, "serif": .serif, "new york": .serif,
        "ui-rounded": .rounded, "sf pro rounded": .rounded, "sf compact rounded": .rounded,
        "ui-monospace": .monospaced, "monospace": .monospaced, "sf mono": .monospaced,
    ]

    /// CSS's generic families (CSS Fonts 4, section 2.1), lower case, with Safari's
    /// `-apple-system`: keywords in a `font-family` list, not names of installed fonts. Those
    /// that no system design stands for are passed over in ``faces``.
    package static let cssGenericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded",
        "math", "emoji", "fangsong", "-apple-system",
    ]
}
