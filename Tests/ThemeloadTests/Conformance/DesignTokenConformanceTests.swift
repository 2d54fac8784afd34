import Foundation
import Testing
import ThemeloadTestSupport
import ThemeloadTesting
@testable import Themeload

/// The W3C DTCG 2025.10 reports' JSON examples and Figma's Simple Design System, read as theme
/// sources: the examples the reports give as valid load, the others are diagnostics, none
/// crash; the Figma set loads with its light and dark contexts as styles.
@Suite("Conformance: DTCG 2025.10")
struct DesignTokenConformanceTests {
    static let rows = Conformance.rows(of: "dtcg/examples/index.tsv")

    struct Example: CustomTestStringConvertible, Sendable {
        var file: String
        var title: String
        var isStrictJSON: Bool
        var testDescription: String { file }
    }

    static let examples: [Example] = rows.map { Example(file: $0[0], title: $0[4], isStrictJSON: $0[5] == "strict-json") }

    /// The examples that are diagnostics, and why (each read by hand against its report): the
    /// rest load with no error. Examples that are not strict JSON (they hold comments or `...`)
    /// are `syntax`, as RFC 8259 makes them.
    static let expectedErrors: [String: (codes: Set<DiagnosticCode>, why: String)] = [
        "color-token-naming-03.json": ([.unknownReference], "a fragment: its aliases name tokens of a palette the example does not hold"),
        "color-token-naming-09.json": ([.unknownReference], "a fragment: aliases to a palette the example does not hold"),
        "color-token-naming-11.json": ([.unknownReference], "a fragment: aliases to a palette the example does not hold"),
        "format-composite-types-06.json": ([.unknownReference], "a fragment: {color.focusring} is not in it"),
        "format-composite-types-08.json": ([.unknownReference], "a fragment: {base.shadow} is not in it"),
        "format-composite-types-11.json": ([.unknownReference], "a fragment: {brand.secondary} is not in it"),
        "format-composite-types-12.json": ([.unknownReference], "a fragment: {font.serif} and the sizes are not in it"),
        "format-groups-10.json": ([.type], "the token base has no $type and is no alias, so its type cannot be known (Format 5.2)"),
        "format-groups-11.json": ([.type], "the token base has no $type and is no alias, so its type cannot be known (Format 5.2)"),
        "resolver-syntax-01.json": ([.type], "shows sets only: a resolver document needs its resolutionOrder"),
        "resolver-syntax-02.json": ([.type], "shows a modifier only: no resolutionOrder"),
        "resolver-syntax-03.json": ([.unknownReference], "refers to #/sets/Animation, which the example does not define"),
        "resolver-syntax-04.json": ([.unknownKey, .type], "titled \"Invalid reference objects\": token groups where a resolver document's keys belong, and no resolutionOrder"),
    ]

    /// The examples that load with a warning, and why.
    static let expectedWarnings: [String: DiagnosticCode] = [
        // Hot pink written in a wider space, or rounded so that it falls a little outside sRGB
        // (checked with the coloraide Python package). Display P3 (example 12) stays a wide color.
        "color-color-type-10.json": .outOfGamut, "color-color-type-13.json": .outOfGamut,
        "color-color-type-14.json": .outOfGamut, "color-color-type-15.json": .outOfGamut,
        // The resolver examples leave out the "version" the module requires.
        "resolver-resolution-logic-01.json": .type,
        // "Group extension with override" gives a width of 100 "%", which 2025.10's dimensions
        // (px, rem) do not have: relative to what holds it, it is kept as data.
        "format-groups-15.json": .type,
    ]

    /// Loads an example as a token file, or a resolver document for the resolver report's.
    static func report(_ example: Example) throws -> LoadReport {
        let url = try #require(Conformance.url("dtcg/examples/\(example.file)"))
        let fileSystem = InMemoryFileSystem()
        let stem = example.file.replacingOccurrences(of: ".json", with: "")
        let path = example.file.hasPrefix("resolver-") ? "/examples/\(stem).resolver.json" : "/examples/\(stem).tokens.json"
        fileSystem.write(path, try Data(contentsOf: url))
        return ThemeLoader(fileSystem: fileSystem).report(for: .path(path))
    }

    @Test("the examples are all there", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func counts() {
        #expect(Self.examples.count == 84)
        #expect(Self.examples.filter { !$0.isStrictJSON }.count == 14)
    }

    @Test("example", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)), arguments: examples)
    func example(_ example: Example) throws {
        let report = try Self.report(example)
        let errors = Set(report.diagnostics.filter { $0.severity == .error }.map(\.code))
        let warnings = Set(report.diagnostics.filter { $0.severity == .warning }.map(\.code))
        #expect(report.diagnostics.allSatisfy { $0.line != nil }, "every diagnostic has a position: \(report.diagnostics)")
        if !example.isStrictJSON {
            #expect(errors == [.syntax], "\(report.diagnostics)")
        } else if let expected = Self.expectedErrors[example.file] {
            #expect(errors == expected.codes, "\(expected.why): \(report.diagnostics)")
        } else {
            #expect(errors.isEmpty, "\(report.diagnostics)")
            #expect(warnings == Set(Self.expectedWarnings[example.file].map { [$0] } ?? []), "\(report.diagnostics)")
            // What loads reads back the same compiled and from its own design-token export.
            let theme = try #require(report.theme)
            #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
            #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
        }
    }

    static func loaded(_ file: String) throws -> Theme {
        let example = try #require(examples.first { $0.file == file })
        return try #require(try report(example).theme)
    }

    @Test("examples give the values their reports say", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func values() throws {
        let colors = try Self.loaded("color-color-type-01.json").resolved(ThemeStyle("light"))
        #expect(colors.palette["Hot pink"]?.hex == "#FF00FFFF")
        #expect(colors.palette["Translucent shadow"]?.hex == "#00000080")

        // Display P3 is kept as a wide color; its hex is the sRGB color it clips to.
        let wide = try #require(try Self.loaded("color-color-type-12.json").resolved(ThemeStyle("light")).palette["Hot pink"])
        #expect(wide.colorSpace == .displayP3 && wide.canonicalText == "color(display-p3 1 0 1 / 1)" && wide.hex == "#FF00FFFF")

        // A chain of aliases; the type comes along it.
        let chained = try Self.loaded("format-aliases-03.json").resolved(ThemeStyle("light"))
        #expect(chained.palette["semantic.link"]?.hex == "#0066CCFF")

        // Component references into a dimension: 16 rem is 256 points, 32 px 32.
        let dimensions = try Self.loaded("format-aliases-06.json").resolved(ThemeStyle("light"))
        #expect(dimensions.metrics["layout.small"] == .integer(256))
        #expect(dimensions.metrics["layout.large"] == .integer(32))

        // Typography whose family and line height are references into another's value.
        let type = try Self.loaded("format-aliases-07.json").resolved(ThemeStyle("light"))
        let h1 = try #require(type.fonts["headings.h1"])
        #expect(h1.family == "Helvetica" && h1.size == 32 && h1.weight == .bold && h1.lineHeight == 1.5)

        let curves = try Self.loaded("format-types-05.json").resolved(ThemeStyle("light"))
        #expect(curves.custom["Accelerate"] == .list([.number(0.5), .integer(0), .integer(1), .integer(1)]))
    }

    @Test("Figma's Simple Design System loads with its light and dark contexts as styles",
          .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func figmaSimpleDesignSystem() throws {
        let path = try #require(Conformance.url("dtcg/figma-sds/sds.resolver.json")).path
        let report = ThemeLoader().report(for: .path(path))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let theme = try #require(report.theme)
        #expect(theme.name == "Figma SDS")
        #expect(theme.styles == [ThemeStyle("light"), ThemeStyle("dark")])
        #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
        #expect(ThemeRoundTrip.designTokenOutcome(theme) == .same)
        let light = theme.resolved(ThemeStyle("light")), dark = theme.resolved(ThemeStyle("dark"))
        // base/color.tokens.json, by hand: components 0.0470588… (12/255) and alpha 0.0509803… (13/255).
        #expect(light.palette["color.black.100"]?.hex == "#0C0C0D0D")
        #expect(light.palette["color.brand.800"]?.hex == "#2C2C2CFF")
        // theme/light.tokens.json and theme/dark.tokens.json swap white.1000 and gray.900.
        #expect(light.palette["color.background.default.default"]?.hex == "#FFFFFFFF")
        #expect(dark.palette["color.background.default.default"]?.hex == "#1E1E1EFF")
        #expect(light.palette["color.text.default.default"]?.hex == "#1E1E1EFF")
        #expect(dark.palette["color.text.default.default"]?.hex == "#FFFFFFFF")
        // base/size.tokens.json: 1 rem, taken as 16 points.
        #expect(light.metrics["size.space.400"] == .integer(16))
        // base/typography.tokens.json: body.medium is sans (["inter", "sans-serif"]), scale.03 (1 rem), regular (400).
        let body = try #require(light.fonts["typography.body.medium"])
        #expect(body.family == "inter" && body.fallbackFamilies == ["sans-serif"] && body.size == 16 && body.weight == .regular)
        #expect(light.custom["typography.family.sans"] == .list([.string("inter"), .string("sans-serif")]))
        #expect(light.metrics["typography.weight.bold"] == .integer(700))
    }
}
