import Testing
@testable import Themeload

@Suite("Property kinds by name")
struct PropertyKindTests {
    /// SPEC section 5 and docs/SPEC.md section 11: the name, or a name ending in the capitalized
    /// kind, gives the kind; anything else is kept as written.
    @Test("a property's name gives its kind", arguments: [
        ("color", PropertyKind.color), ("textColor", .color), ("Color", .color), ("fontColor", .color),
        ("font", .font), ("titleFont", .font), ("image", .image), ("backgroundImage", .image),
        ("insets", .insets), ("contentInsets", .insets), ("shadow", .shadow), ("dropShadow", .shadow),
        ("border", .border), ("topBorder", .border), ("gradient", .gradient), ("heroGradient", .gradient),
        ("textcolor", .untyped), ("colour", .untyped), ("colors", .untyped), ("lines", .untyped), ("", .untyped),
        ("textColors", .untyped), ("Shadow", .shadow), ("fonts", .untyped), ("backgroundColor ", .untyped), ("imageColor", .color),
        ("caféColor", .color), ("ÉtéFont", .font),
        // U+0600 joins the letter after it into one character, so the name does not end in "Color".
        ("\u{0600}Color", .untyped),
    ])
    func kindByName(name: String, kind: PropertyKind) {
        #expect(PropertyKind(propertyName: name) == kind)
    }
}
