import Foundation
import Testing
import ThemeloadTesting
import Themeload
import ThemeloadTestSupport

/// Property-based tests of the merge rules (SPEC sections 4 and 5): random themes, loaded through
/// the real loader, compared with themes that write the expected value directly. Every case is
/// made from a seed, so a failure names the seed that reproduces it.
@Suite("Merge rules, property-based")
struct MergePropertyTests {
    static let seeds = Array(UInt64(1)...UInt64(150))

    /// A value a property of the given kind can hold, as JSON text.
    enum Kind: CaseIterable { case color, insets, font, untyped }

    struct Generator {
        var random: SplitMix64

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        mutating func unit() -> String { pick(["0", "0.25", "0.5", "1", "0.8"]) }

        mutating func hex() -> String {
            "\"#" + (0..<3).map { _ in String(format: "%02X", int(0...255)) }.joined() + "\""
        }

        /// A plain value of a kind (no variants, no references): what a child may write.
        mutating func plain(_ kind: Kind) -> String {
            switch kind {
            case .color:
                return pick([0, 1, 2]) == 0 ? hex()
                    : pick([true, false]) ? "{\"red\": \(unit()), \"green\": \(unit()), \"blue\": \(unit())}"
                    : "{\"color\": \(hex()), \"alpha\": \(unit())}"
            case .insets:
                return pick([0, 1, 2]) == 0 ? "\(int(0...20))"
                    : pick([true, false]) ? "[\(int(0...9)), \(int(0...9)), \(int(0...9)), \(int(0...9))]"
                    : "{\"top\": \(int(0...9)), \"right\": \(int(0...9))}"
            case .font:
                return "{\"name\": \(pick(["\"A\"", "\"B\"", "\"C\""])), \"size\": \(int(8...30))" + (pick([true, false]) ? ", \"weight\": \"bold\"}" : "}")
            case .untyped:
                return pick(["\(int(0...99))", "\"text\"", "[1, 2]", "{\"a\": 1, \"b\": {\"c\": 2}}", "true"])
            }
        }

        /// Any value a parent may hold: plain, a variant map of plain values, or a reference to
        /// a custom entry holding either (written into `custom` by the caller). `variants` are the
        /// entries of the variant map the value is or points to, if it is one.
        mutating func inherited(_ kind: Kind, styles: [String]) -> (value: String, customEntry: String?, variants: [String: String]?) {
            switch int(0...2) {
            case 0: return (plain(kind), nil, nil)
            case 1:
                let entries = variants(kind, styles: styles)
                return (Self.text(entries), nil, entries)
            default:
                if pick([true, false]) { return ("\"{custom.target}\"", plain(kind), nil) }
                let entries = variants(kind, styles: styles)
                return ("\"{custom.target}\"", Self.text(entries), entries)
            }
        }

        mutating func variants(_ kind: Kind, styles: [String]) -> [String: String] {
            var entries = [styles[0]: plain(kind)]
            for style in styles.dropFirst() where pick([true, false]) { entries[style] = plain(kind) }
            if pick([true, false]) { entries["default"] = plain(kind) }
            return entries
        }

        static func text(_ variants: [String: String]) -> String {
            "{" + variants.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    static func property(_ kind: Kind) -> String {
        switch kind {
        case .color: "textColor"
        case .insets: "contentInsets"
        case .font: "font"
        case .untyped: "extra"
        }
    }

    /// Loads themes from JSON texts (file name to text) and gives the value of `normal`'s
    /// property in each style, or the diagnostics if it did not load.
    static func values(_ files: [String: String], property: String, styles: [String], level: String = "normal") -> Result<[ThemeValue?], ThemeloadError> {
        let fileSystem = InMemoryFileSystem()
        for (name, text) in files { fileSystem.write("/themes/\(name).json", text) }
        let loader = ThemeLoader(registry: .builtIn, searchDirectories: ["/themes"], fileSystem: fileSystem)
        do {
            let theme = try loader.load(named: "Main").theme
            return .success(styles.map { theme.levelTable(ThemeStyle($0))[level, property] })
        } catch {
            return .failure(error)
        }
    }

    static func theme(extends parent: String? = nil, styles: [String]?, custom: String? = nil, levels: String) -> String {
        var parts: [String] = []
        if let parent { parts.append("\"extends\": \"\(parent)\"") }
        if let styles { parts.append("\"styles\": [" + styles.map { "\"\($0)\"" }.joined(separator: ", ") + "]") }
        if let custom { parts.append("\"custom\": {\"target\": \(custom)}") }
        parts.append("\"levels\": \(levels)")
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// SPEC section 4: a variant map over a plain value keeps it as the `default` entry, so the
    /// named style takes the new value as written; over a variant map (written, or reached by a
    /// reference), maps merge key by key, so the named style's entry, if there is one, is merged
    /// with the new value exactly as a level merges what it inherits. Every other style keeps the
    /// inherited value, except one that had no entry and no `default` and so took the fallback
    /// style's entry (SPEC section 6), when the fallback style is the one replaced.
    @Test("a variant map over any inherited value replaces only the named style", arguments: seeds)
    func variantOverInherited(seed: UInt64) throws {
        var generate = Generator(random: SplitMix64(seed: seed))
        let kind = generate.pick(Kind.allCases)
        let property = Self.property(kind)
        let styles = generate.pick([["light", "dark"], ["light", "dark", "pink"]])
        let (inherited, customEntry, variants) = generate.inherited(kind, styles: styles)
        let replaced = generate.pick(styles)
        let replacement = generate.plain(kind)
        let written = "\(inherited) (custom.target \(customEntry ?? "-")) then {\(replaced): \(replacement)}"

        let merged = Self.values([
            "Base": Self.theme(styles: styles, custom: customEntry, levels: "{\"normal\": {\"\(property)\": \(inherited)}}"),
            "Main": Self.theme(extends: "Base", styles: nil, levels: "{\"normal\": {\"\(property)\": {\"\(replaced)\": \(replacement)}}}"),
        ], property: property, styles: styles)
        let before = Self.values(["Main": Self.theme(styles: styles, custom: customEntry, levels: "{\"normal\": {\"\(property)\": \(inherited)}}")],
                                 property: property, styles: styles)
        // The named style: its own entry, if the inherited variant map has one, inherited by a
        // level that writes the replacement; else the replacement alone.
        let levels = variants?[replaced].map { "{\"normal\": {\"\(property)\": \($0)}, \"main\": {\"\(property)\": \(replacement)}}" }
            ?? "{\"normal\": {\"\(property)\": \(replacement)}, \"main\": {}}"
        let named = Self.values(["Main": Self.theme(styles: styles, levels: levels)], property: property, styles: [replaced], level: "main")

        guard case .success(let beforeValues) = before else { Issue.record("seed \(seed): the inherited value alone does not load: \(written)"); return }
        switch (merged, named) {
        case (.success(let mergedValues), .success(let namedValues)):
            for (index, style) in styles.enumerated() {
                let followsFallback = variants.map { $0[style] == nil && $0["default"] == nil } ?? false
                let takesReplacement = style == replaced || (followsFallback && replaced == styles[0])
                let expected = takesReplacement ? namedValues[0] : beforeValues[index]
                #expect(mergedValues[index] == expected, "seed \(seed), style \(style): \(written)")
            }
        case (.failure(let error), .failure(let expected)):
            // The named style's merge is itself invalid (a color map merged into a derived color):
            // the same problem either way.
            #expect(error.codes == expected.codes, "seed \(seed): \(written)")
        default:
            Issue.record("seed \(seed): one loads and the other does not: \(merged) against \(named): \(written)")
        }
    }

    @Test("a plain map over a variant value is laid over each variant", arguments: seeds)
    func plainOverVariants(seed: UInt64) throws {
        var generate = Generator(random: SplitMix64(seed: seed))
        let styles = generate.pick([["light", "dark"], ["light", "dark", "pink"]])
        let fonts = styles.map { _ in generate.plain(.font) }
        let variantFont = "{" + zip(styles, fonts).map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "}"
        let patch = generate.pick(["{\"size\": 40}", "{\"weight\": \"heavy\"}", "{\"name\": \"Z\", \"italic\": true}"])
        let viaReference = generate.pick([true, false])

        let levels = viaReference
            ? "{\"normal\": {\"font\": \"{custom.target}\"}, \"mainTitle\": {\"font\": \(patch)}}"
            : "{\"normal\": {\"font\": \(variantFont)}, \"mainTitle\": {\"font\": \(patch)}}"
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("/themes/Main.json", Self.theme(styles: styles, custom: viaReference ? variantFont : nil, levels: levels))
        let theme = try ThemeLoader(registry: .builtIn, searchDirectories: ["/themes"], fileSystem: fileSystem).load(named: "Main").theme
        for (style, font) in zip(styles, fonts) {
            // The expected font: the variant with the patch's keys written over it by hand.
            var expected = try #require(Self.values(["Main": Self.theme(styles: styles, levels: "{\"normal\": {\"font\": \(font)}}")],
                                                    property: "font", styles: [style]).get().first??.font)
            switch patch {
            case "{\"size\": 40}": expected.size = 40
            case "{\"weight\": \"heavy\"}": expected.weight = .heavy
            default: (expected.name, expected.italic) = ("Z", true)
            }
            #expect(theme.levelTable(ThemeStyle(style))["mainTitle", "font"]?.font == expected, "seed \(seed), style \(style)")
        }
    }

    @Test("null in a level deletes the property there and in every level that inherits it", arguments: seeds)
    func nullDeletes(seed: UInt64) throws {
        var generate = Generator(random: SplitMix64(seed: seed))
        let kind = generate.pick(Kind.allCases)
        let property = Self.property(kind)
        // normal → a → b → c, each level extending the one before; one of them says null, a
        // later one may set the property again.
        let chain = ["normal", "a", "b", "c"]
        let nulled = generate.int(1...3)
        let resetAt: Int? = nulled < 3 && generate.pick([true, false]) ? generate.int((nulled + 1)...3) : nil
        let value = generate.plain(kind)
        var levels: [String] = []
        for (index, level) in chain.enumerated() {
            var entries: [String] = index == 0 ? [] : ["\"extends\": \"\(chain[index - 1])\""]
            if index == 0 || index == resetAt { entries.append("\"\(property)\": \(value)") }
            if index == nulled { entries.append("\"\(property)\": null") }
            levels.append("\"\(level)\": {" + entries.joined(separator: ", ") + "}")
        }
        let fileSystem = InMemoryFileSystem()
        fileSystem.write("/themes/Main.json", Self.theme(styles: nil, levels: "{" + levels.joined(separator: ", ") + "}"))
        let theme = try ThemeLoader(registry: .builtIn, searchDirectories: ["/themes"], fileSystem: fileSystem).load(named: "Main").theme
        for (index, level) in chain.enumerated() {
            let present = index < nulled || (resetAt.map { index >= $0 } ?? false)
            #expect((theme.levelTable(.light)[level, property] != nil) == present, "seed \(seed): level \(level), null at \(chain[nulled])")
        }
    }
}

/// A small, fast, seedable generator (SplitMix64), so every generated case can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
