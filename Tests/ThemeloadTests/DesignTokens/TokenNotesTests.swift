import Testing
@testable import Themeload

@Suite("Design-token notes")
struct TokenNotesTests {
    private static let brand = TokenNote(description: "The brand color", deprecation: nil, type: "color")
    private static let oldBrand = TokenNote(description: nil, deprecation: "use brand", type: "color")
    private static let body = TokenNote(description: "Body text", deprecation: nil, type: "typography")

    @Test("a note is found by its entry's section and name, and by the path section.name")
    func lookup() {
        var notes = TokenNotes()
        #expect(notes.isEmpty)
        notes[.palette, "color.brand"] = Self.brand
        notes[.fonts, "body"] = Self.body
        #expect(notes.count == 2)
        #expect(notes["palette.color.brand"] == Self.brand)
        #expect(notes["fonts.body"] == Self.body)
        // The name is all after the first dot; the section must be one tokens go to.
        #expect(notes["palette.color"] == nil)
        #expect(notes["fonts.color.brand"] == nil)
        #expect(notes["levels.color.brand"] == nil)
        #expect(notes["palette"] == nil)
        #expect(notes[""] == nil)
        notes[.palette, "color.brand"] = Self.oldBrand
        #expect(notes.count == 2)
        notes[.palette, "color.brand"] = nil
        #expect(notes.count == 1)
        #expect(notes["palette.color.brand"] == nil)
    }

    @Test("merging keeps the earlier or the later note of an entry both have, and every other", arguments: [true, false])
    func merge(keepingEarlier: Bool) {
        var earlier = TokenNotes()
        earlier[.palette, "color.brand"] = Self.brand
        var later = TokenNotes()
        later[.palette, "color.brand"] = Self.oldBrand
        later[.fonts, "body"] = Self.body
        earlier.merge(later, keepingEarlier: keepingEarlier)
        #expect(earlier.count == 2)
        #expect(earlier["palette.color.brand"] == (keepingEarlier ? Self.brand : Self.oldBrand))
        #expect(earlier["fonts.body"] == Self.body)
        var empty = TokenNotes()
        empty.merge(earlier, keepingEarlier: true)
        #expect(empty == earlier)
    }
}
