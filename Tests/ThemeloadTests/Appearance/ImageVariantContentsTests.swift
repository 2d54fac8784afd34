import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// What the UIKit, AppKit and SwiftUI adapters make an image of (docs/SPEC.md, section 11, "An
/// image is drawn at its variant's scale"): the variant's bytes, sized by its scale, whatever its
/// file is named.
@Suite("Image variants' bytes and size")
struct ImageVariantContentsTests {
    /// Stand-ins for image files: the adapters decode them, these tests only compare the bytes.
    static let large = Data("large-bytes".utf8), small = Data("small-bytes".utf8)

    /// A theme whose logo names its files without Apple's `@2x`: the variant list says the scale.
    static func themeWithUnconventionalNames(in directory: TemporaryDirectory) throws -> Theme {
        try directory.write("Logo.theme/logo-large.png", large)
        try directory.write("Logo.theme/logo-small.png", small)
        try directory.write("Logo.theme/theme.yaml", """
            images:
              logo:
                - {file: logo-small.png, scale: 1}
                - {file: logo-large.png, scale: 2}
            levels:
              normal: {}
            """)
        return try ThemeLoader.standard(searchDirectories: [directory.url.path]).load(named: "Logo").theme
    }

    @Test("a file's variant gives the file's bytes, and its scale, not its name, sizes it")
    func fileVariant() throws {
        let directory = TemporaryDirectory()
        let theme = try Self.themeWithUnconventionalNames(in: directory)
        let logo = try #require(theme.resolved(.light).images["logo"])
        let large = try #require(logo.bestVariant(for: Traits(style: .light, scale: 2)))
        #expect(large.file == "logo-large.png")
        #expect(large.data == nil)
        #expect(large.contents() == Self.large)
        // 240 × 96 pixels at scale 2 are 120 × 48 points (UIImage(contentsOfFile:) would say 240 × 96).
        #expect(large.pointSize(pixelWidth: 240, pixelHeight: 96) == CGSize(width: 120, height: 48))
        let small = try #require(logo.bestVariant(for: Traits(style: .light, scale: 1)))
        #expect(small.contents() == Self.small)
        #expect(small.pointSize(pixelWidth: 120, pixelHeight: 48) == CGSize(width: 120, height: 48))
    }

    @Test("an embedded image gives its bytes with no file behind it")
    func embeddedVariant() throws {
        let directory = TemporaryDirectory()
        let theme = try Self.themeWithUnconventionalNames(in: directory)
        let path = directory.path("Out/Logo.themec")
        try CompiledTheme.write(theme, toPath: path, embeddingImages: true)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("Logo.theme"))
        let loaded = try ThemeLoader().load(atPath: path).theme
        let large = try #require(loaded.resolved(.dark).images["logo"]?.bestVariant(for: Traits(style: .dark, scale: 3)))
        #expect(large.scale == 2)
        #expect(!FileManager.default.fileExists(atPath: large.path))
        #expect(large.contents() == Self.large)
    }

    @Test("a variant whose file has gone gives no bytes")
    func missingFile() {
        let directory = TemporaryDirectory()
        let variant = ImageVariant(file: "gone.png", path: directory.path("gone.png"), scale: 2)
        #expect(variant.contents() == nil)
    }

    @Test("points are pixels over the scale; a scale below 1 counts as 1", arguments: [
        (1, 300, 150, 300.0, 150.0),
        (2, 300, 150, 150.0, 75.0),
        (3, 300, 150, 100.0, 50.0),
        (3, 100, 10, 100.0 / 3, 10.0 / 3),
        (0, 300, 150, 300.0, 150.0),
    ])
    func pointSize(scale: Int, pixelWidth: Int, pixelHeight: Int, width: Double, height: Double) {
        let variant = ImageVariant(file: "logo.png", path: "/nowhere/logo.png", scale: scale)
        #expect(variant.pointSize(pixelWidth: pixelWidth, pixelHeight: pixelHeight) == CGSize(width: width, height: height))
    }
}
