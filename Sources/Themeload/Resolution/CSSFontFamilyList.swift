import Foundation

/// A CSS `font-family` list written in one string, as older token files, Tokens Studio and CSS
/// itself write a font's fallbacks (`"'Open Sans', Helvetica, sans-serif"`); a native theme's
/// font family and a design token's are read as the list of names it stands for
/// (docs/SPEC.md section 11, "Font fallbacks").
enum CSSFontFamilyList {
    /// The names of the list in order (`Open Sans`, `Helvetica` and `sans-serif`): split at the
    /// commas outside quotes, their quotes taken off and the spaces around them. A string
    /// without a comma or quote is one name as it is. `nil` when a name is empty, a quote is not
    /// closed, or text follows a closing quote.
    static func names(in list: String) -> [String]? {
        guard list.contains(",") || list.contains("'") || list.contains("\"") else { return [list] }
        var families: [String] = []
        var rest = Substring(list)
        while true {
            rest = rest.drop(while: { $0 == " " })
            let name: Substring
            if let quote = rest.first, quote == "'" || quote == "\"" {
                let afterOpening = rest.dropFirst()
                guard let closing = afterOpening.firstIndex(of: quote) else { return nil }
                name = afterOpening[..<closing]
                rest = afterOpening[afterOpening.index(after: closing)...].drop(while: { $0 == " " })
                guard rest.isEmpty || rest.first == "," else { return nil }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                name = rest[..<end]
                rest = rest[end...]
            }
            let family = name.trimmingCharacters(in: .whitespaces)
            guard !family.isEmpty else { return nil }
            families.append(family)
            guard rest.first == "," else { return families }
            rest = rest.dropFirst()
        }
    }
}
