import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadTesting
import ThemeloadYAML

@Suite("Compiled themes")
struct CompiledThemeTests {
    /// Every fixture case that loads, compiled to a temporary directory and loaded back.
    static let loadingCases = FixtureSuiteTests.cases.filter { (try? FixtureSuiteTests.report(for: $0).theme) != nil }

    @Test("every fixture case that loads round-trips: the compiled file gives byte for byte the same canonical JSON", arguments: loadingCases)
    func roundTrip(_ testCase: FixtureSuiteTests.Case) throws {
        let theme = try #require(try FixtureSuiteTests.report(for: testCase).theme)
        let directory = TemporaryDirectory()
        let path = directory.path("Out/\(theme.name).themec")
        try CompiledTheme.write(theme, toPath: path)
        let loaded = try ThemeLoader().load(atPath: path)
        #expect(loaded.theme.canonicalJSON().utf8.elementsEqual(theme.canonicalJSON().utf8))
        #expect(loaded.theme.tokenNotes == theme.tokenNotes)
        #expect(loaded.warnings.isEmpty)
        // In memory with the images embedded too, as the testing product checks an app's theme.
        #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
        // Image variants point at copies beside the compiled file, with the same bytes.
        for style in theme.styles {
            let original = theme.resolved(style).images, compiled = loaded.theme.resolved(style).images
            for (name, set) in original {
                for (variant, copy) in zip(set.variants, compiled[name]?.variants ?? []) {
                    #expect(copy.path.hasPrefix(directory.path("Out/\(theme.name).images/")))
                    #expect(FileManager.default.contents(atPath: copy.path) == FileManager.default.contents(atPath: variant.path))
                    #expect(loaded.dependencies.files.contains(copy.path))
                }
            }
        }
    }

    @Test("with embedded images the compiled file is all there is: variants carry the images' bytes")
    func embeddedImages() throws {
        let theme = try #require(try FixtureSuiteTests.report(for: FixtureSuiteTests.Case(name: "images")).theme)
        let directory = TemporaryDirectory()
        let path = directory.path("Main.themec")
        try CompiledTheme.write(theme, toPath: path, embeddingImages: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Main.themec"])
        let loaded = try ThemeLoader().load(atPath: path)
        #expect(loaded.theme.canonicalJSON() == theme.canonicalJSON())
        #expect(loaded.dependencies.files == [path])
        let original = try #require(theme.resolved(.light).images["logo"]?.variants)
        let embedded = try #require(loaded.theme.resolved(.light).images["logo"]?.variants)
        for (variant, copy) in zip(original, embedded) {
            #expect(copy.data == FileManager.default.contents(atPath: variant.path))
            #expect(copy.path == path + "#" + variant.file)
        }
        // Compiled again with images in a folder, from the embedded theme: the same images.
        try CompiledTheme.write(loaded.theme, toPath: directory.path("Again/Main.themec"))
        let again = try ThemeLoader().load(atPath: directory.path("Again/Main.themec")).theme
        #expect(again.canonicalJSON() == theme.canonicalJSON())
        #expect(again.resolved(.light).images["logo"]?.variants.map { FileManager.default.contents(atPath: $0.path) } == embedded.map(\.data))
    }

    @Test("images of one bundle share one numbered folder, whatever letters their names have")
    func oneFolderPerBundle() throws {
        let directory = TemporaryDirectory()
        try directory.write("Src/Main.theme/theme.yaml", "images:\n  logo: logo.png\n  cafe: café.png\nlevels: {normal: {}}\n")
        try directory.write("Src/Main.theme/logo.png", "logo")
        try directory.write("Src/Main.theme/café.png", "cafe")
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")]).load(named: "Main").theme
        try CompiledTheme.write(theme, toPath: directory.path("Out/Main.themec"))
        let images = try ThemeLoader().load(atPath: directory.path("Out/Main.themec")).theme.resolved(.light).images
        #expect(images["logo"]?.variants.first?.path == directory.path("Out/Main.images/0/logo.png"))
        #expect(images["cafe"]?.variants.first?.path == directory.path("Out/Main.images/0/café.png"))
    }

    @Test("two strings equal only as Swift compares them (é precomposed, e and a combining acute) read back each as written")
    func equivalentStrings() throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", "custom:\n  one: \"Caf\u{E9}\"\n  two: \"Cafe\u{301}\"\nlevels: {normal: {}}\n")
        let theme = try ThemeLoader(registry: .standard).load(atPath: directory.path("Main.yaml")).theme
        try CompiledTheme.write(theme, toPath: directory.path("Main.themec"))
        let compiled = try ThemeLoader().load(atPath: directory.path("Main.themec")).theme
        // The compiled file's table of strings held one of the two, for both entries.
        guard case .string(let two)? = compiled.resolved(.light).custom["two"] else { Issue.record("no string two"); return }
        #expect(two.utf8.elementsEqual("Cafe\u{301}".utf8), "\(two.debugDescription)")
        #expect(compiled.canonicalJSON().utf8.elementsEqual(theme.canonicalJSON().utf8))
        #expect(ThemeRoundTrip.compiledDifferences(theme) == [])
    }

    @Test("the same theme always compiles to the same bytes")
    func deterministic() throws {
        let theme = try ThemeLoader.standard().load(named: "Default").theme
        let a = CompiledTheme.encode(theme, images: .files { $0.file }), b = CompiledTheme.encode(theme, images: .files { $0.file })
        #expect(a == b)
    }

    /// A compiled theme with images, the bytes of its file, and where it is.
    static func compiledImagesTheme() throws -> (bytes: Data, directory: TemporaryDirectory, path: String) {
        let theme = try #require(try FixtureSuiteTests.report(for: FixtureSuiteTests.Case(name: "images")).theme)
        let directory = TemporaryDirectory()
        let path = directory.path("Main.themec")
        try CompiledTheme.write(theme, toPath: path)
        return (try Data(contentsOf: URL(fileURLWithPath: path)), directory, path)
    }

    static func report(_ bytes: Data, in directory: TemporaryDirectory) throws -> LoadReport {
        let path = try directory.write("Damaged.themec", bytes)
        return ThemeLoader().report(for: .path(path))
    }

    @Test("a compiled file cut short at any byte is a syntax diagnostic, never a crash or a theme")
    func cutShort() throws {
        let (bytes, directory, _) = try Self.compiledImagesTheme()
        for length in 0..<bytes.count {
            let report = try Self.report(bytes.prefix(length), in: directory)
            #expect(report.theme == nil && report.errors.map(\.code) == [.syntax], "cut at \(length)")
        }
    }

    @Test("any byte changed is a diagnostic, never a crash or a wrong theme")
    func flippedBytes() throws {
        let (bytes, directory, _) = try Self.compiledImagesTheme()
        for offset in 0..<bytes.count {
            var damaged = bytes
            damaged[offset] ^= 0x5A
            let report = try Self.report(damaged, in: directory)
            #expect(report.theme == nil, "byte \(offset) changed, yet a theme loaded")
            #expect(!report.errors.isEmpty)
        }
    }

    /// A compiled two-style theme whose palette holds `keyone01` and `keytwo02` in both styles,
    /// with one of its strings rewritten in place and the checksum made again, so that only the
    /// checks behind the checksum can find what is wrong.
    static func rewrittenString(_ replacement: [UInt8]) throws -> LoadReport {
        let directory = TemporaryDirectory()
        try directory.write("Src/Main.yaml", "palette:\n  keyone01: {light: \"#111111\", dark: \"#222222\"}\n  keytwo02: \"#333333\"\nlevels: {normal: {}}\n")
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")]).load(named: "Main").theme
        var bytes = [UInt8](CompiledTheme.encode(theme, images: .files { $0.file }))
        let original = Array("keytwo02".utf8)
        let at = try #require((0...(bytes.count - original.count)).first { bytes[$0..<($0 + original.count)].elementsEqual(original) })
        bytes.replaceSubrange(at..<(at + original.count), with: replacement)
        return try report(resealing(bytes), in: directory)
    }

    /// A compiled file's bytes with the header's payload length and checksum made again for them.
    static func resealing(_ bytes: [UInt8]) -> Data {
        var bytes = bytes
        // The header (docs/SPEC.md): signature (8 bytes), version and payload length (4 each),
        // checksum (8).
        let headerSize = 24
        withUnsafeBytes(of: UInt32(bytes.count - headerSize).littleEndian) { bytes.replaceSubrange(12..<16, with: $0) }
        let checksum = bytes[headerSize...].withUnsafeBytes { CompiledTheme.checksum($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange((headerSize - 8)..<headerSize, with: $0) }
        return Data(bytes)
    }

    @Test("behind a good checksum, an image path that climbs out through a `/` followed by a combining mark is a diagnostic, not a path outside")
    func imagePathClimbingOut() throws {
        // A String splits by characters, where the `/` and the mark are one: the path looked
        // like one name, and the file system reads `..` and a name (docs/SPEC.md, section 11).
        let directory = TemporaryDirectory()
        try directory.write("Src/Main.theme/zzzzzzzzzzzzzz.png", "png")
        try directory.write("Src/Main.theme/theme.yaml", "images:\n  logo: zzzzzzzzzzzzzz.png\nlevels:\n  normal: {}\n")
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")]).load(named: "Main").theme
        var bytes = [UInt8](CompiledTheme.encode(theme, images: .files { $0.file }))
        let original = Array("zzzzzzzzzzzzzz.png".utf8), climbing = Array("../\u{301}zzzzzzzzz.png".utf8)
        try #require(original.count == climbing.count)
        var replaced = 0
        for at in 0...(bytes.count - original.count) where bytes[at..<(at + original.count)].elementsEqual(original) {
            bytes.replaceSubrange(at..<(at + original.count), with: climbing)
            replaced += 1
        }
        try #require(replaced > 0)
        let report = try Self.report(Self.resealing(bytes), in: directory)
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.assetOutsideBundle])
        #expect(report.errors.first?.message.contains("which is not a path inside its folder") == true)
    }

    @Test("behind a good checksum, a key given twice in a section is a diagnostic")
    func repeatedKey() throws {
        let report = try Self.rewrittenString(Array("keyone01".utf8))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.message).contains { $0.contains("holds the key \"keyone01\" twice") })
    }

    @Test("behind a good checksum, a string that is not UTF-8 is a diagnostic; other letters read as written")
    func stringEncoding() throws {
        let invalid = try Self.rewrittenString(Array("keytwo".utf8) + [0xC3, 0x28])
        #expect(invalid.theme == nil)
        #expect(invalid.errors.map(\.message).contains { $0.contains("not valid UTF-8") })
        let accented = try Self.rewrittenString(Array("keytwoé".utf8))
        let theme = try #require(accented.theme)
        #expect(theme.resolved(.dark).palette["keytwoé"]?.canonicalText == "#333333FF")
        #expect(theme.resolved(.light).palette["keyone01"]?.canonicalText == "#111111FF")
        #expect(theme.resolved(.dark).palette["keyone01"]?.canonicalText == "#222222FF")
    }

    @Test("a newer format version is unsupported-format; another file renamed is syntax")
    func versionAndSignature() throws {
        let (bytes, directory, _) = try Self.compiledImagesTheme()
        var newer = bytes
        newer[8] = UInt8(CompiledTheme.formatVersion + 1)
        #expect(try Self.report(newer, in: directory).errors.map(\.code) == [.unsupportedFormat])
        let yaml = Data("levels: {normal: {}}\n".utf8)
        let renamed = try Self.report(yaml, in: directory)
        #expect(renamed.errors.map(\.code) == [.syntax])
        #expect(renamed.errors.first?.message.contains("not a compiled theme") == true)
    }

    @Test("fonts with fallback families are written in format 5, a theme without them in format 4; format 4 holds no fallbacks")
    func fallbackFamiliesFormat() throws {
        let directory = TemporaryDirectory()
        try directory.write("Src/Stacked.yaml", "fonts: {body: {family: [Inter, Helvetica Neue, sans-serif], size: 15}}\nlevels: {normal: {font: \"{fonts.body}\"}}\n")
        try directory.write("Src/Plain.yaml", "fonts: {body: {family: Inter, size: 15}}\nlevels: {normal: {font: \"{fonts.body}\"}}\n")
        let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")])
        let stacked = try loader.load(named: "Stacked").theme, plain = try loader.load(named: "Plain").theme
        let formatFive = [UInt8](CompiledTheme.encode(stacked, images: .files { $0.file }))
        #expect(formatFive[8] == 5)
        #expect(CompiledTheme.encode(plain, images: .files { $0.file })[8] == 4)
        let loaded = try #require(try Self.report(Data(formatFive), in: directory).theme)
        #expect(loaded.resolved(.light).fonts["body"]?.fallbackFamilies == ["Helvetica Neue", "sans-serif"])
        #expect(loaded.canonicalJSON() == stacked.canonicalJSON())
        // The same bytes labelled format 4 (resealed, so that the checksum holds): the flag for
        // fallback families is unknown there.
        var labelledFour = formatFive
        labelledFour[8] = 4
        let report = try Self.report(Self.resealing(labelledFour), in: directory)
        #expect(report.theme == nil)
        #expect(report.errors.map(\.message).contains { $0.contains("a font has unknown extras") })
    }

    @Test("a rem other than 16 points is kept, in format 6; behind a good checksum, one that is not a number above 0 is a diagnostic")
    func remSizeFormat() throws {
        let directory = TemporaryDirectory()
        try directory.write("Src/Main.yaml", "metrics: {gap: 1rem}\nlevels: {normal: {textColor: \"#111111\"}}\n")
        var loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")])
        loader.designTokens.remSize = 18
        let theme = try loader.load(named: "Main").theme
        let bytes = [UInt8](CompiledTheme.encode(theme, images: .files { $0.file }))
        #expect(bytes[8] == 6)
        let loaded = try #require(try Self.report(Data(bytes), in: directory).theme)
        #expect(loaded.canonicalJSON() == theme.canonicalJSON())
        #expect(loaded.resolved(.light).metrics["gap"]?.number == 18)

        let eighteen = withUnsafeBytes(of: (18.0).bitPattern.littleEndian) { Array($0) }
        for bad in [0.0, -16, .nan, .infinity] {
            var damaged = bytes
            let at = try Self.firstPlace(of: eighteen, in: damaged)
            withUnsafeBytes(of: bad.bitPattern.littleEndian) { damaged.replaceSubrange(at..<(at + 8), with: $0) }
            let report = try Self.report(Self.resealing(damaged), in: directory)
            #expect(report.theme == nil)
            #expect(report.errors.map(\.message).contains { $0.contains("its points of a rem are not a number greater than 0") }, "\(bad)")
        }
    }

    /// The exports read what design tokens said of the entries they gave: a compiled theme
    /// without it wrote a duration as `0.15px` in CSS and left a shadow token out of the CSS and
    /// DTCG exports.
    @Test("a theme with design tokens' notes is written in format 7, which keeps them; the remote publisher's bytes leave them out, in format 6 or older")
    func tokenNotesFormat() throws {
        let theme = try #require(try FixtureSuiteTests.report(for: FixtureSuiteTests.Case(name: "tokens-every-type")).theme)
        #expect(!theme.tokenNotes.isEmpty)
        let bytes = CompiledTheme.encode(theme, images: .files { $0.file })
        #expect(bytes[8] == 7)
        let decoded = try CompiledTheme.decode(bytes, file: "Main.themec", directory: "/")
        #expect(decoded.tokenNotes == theme.tokenNotes && decoded.canonicalJSON() == theme.canonicalJSON())
        let published = CompiledTheme.encode(theme, images: .files { $0.file }, keepingTokenNotes: false)
        #expect(published[8] <= 6)
        let bare = try CompiledTheme.decode(published, file: "Main.themec", directory: "/")
        #expect(bare.tokenNotes.isEmpty && bare.canonicalJSON() == theme.canonicalJSON())
        // A theme without notes is written as before.
        let plain = try #require(try FixtureSuiteTests.report(for: FixtureSuiteTests.Case(name: "images")).theme)
        #expect(CompiledTheme.encode(plain, images: .files { $0.file })[8] < 6)
    }

    /// The reader's bound on nesting was 64 whatever the loader's limits, and called deeper
    /// values damage: a theme loaded under raised limits compiled into a file no loader read.
    @Test("values as deep as the loader's limits allow read back under those limits; a lower limit is limit-exceeded, not damage")
    func nestingUnderTheLoadersLimits() throws {
        let directory = TemporaryDirectory()
        let deep = String(repeating: "{k: ", count: 80) + "1" + String(repeating: "}", count: 80)
        try directory.write("Src/Main.yaml", "custom: {deep: \(deep)}\nlevels: {normal: {textColor: \"#111111\"}}\n")
        var limits = Limits.default
        limits.maxDepth = 100
        let loader = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")], limits: limits)
        let theme = try loader.load(named: "Main").theme
        let path = directory.path("Main.themec")
        try CompiledTheme.write(theme, toPath: path)
        #expect(try ThemeLoader(limits: limits).load(atPath: path).theme.canonicalJSON() == theme.canonicalJSON())
        let report = ThemeLoader().report(for: .path(path))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.limitExceeded])
        #expect(report.errors.first?.message == "the compiled theme's values nest deeper than the limit of 64 (Limits.maxDepth); load it with the limits it was compiled under")
    }

    @Test("a level cell holding a palette or font entry's value refers to the entry: the same theme in fewer bytes")
    func cellsReferToEntries() throws {
        let folder = FixtureSuiteTests.root.appendingPathComponent("compiled-format-3").path
        let formatThree = try Data(contentsOf: URL(fileURLWithPath: folder + "/Main.themec"))
        let theme = try ThemeLoader().load(atPath: folder + "/Main.themec").theme
        let formatFour = CompiledTheme.encode(theme, images: .files { $0.file })
        #expect(formatFour[8] == 4)
        // In each of the two styles, of the nine cells (normal, mainTitle and subTitle by
        // backgroundColor, font and textColor) six colors and the two `body` fonts are entries':
        // a color written whole is a tag and 33 bytes, a reference a tag and 4 (29 fewer); the
        // font {family: Inter, size: 16} is a tag and 20 bytes (15 fewer). mainTitle's own font
        // stays whole. 2 × (6 × 29 + 2 × 15) = 408 bytes fewer, the strings the same.
        #expect(formatThree.count - formatFour.count == 408)
        let directory = TemporaryDirectory()
        let loaded = try #require(try Self.report(formatFour, in: directory).theme)
        #expect(loaded.canonicalJSON() == theme.canonicalJSON())
    }

    /// A compiled theme of one palette entry that `normal`'s textColor refers to, so that each
    /// style's level table is three references to it (`normal`, `mainTitle`, `subTitle`), and one
    /// metric; `edit` changes its bytes, then the header's length and checksum are made again,
    /// so that only the checks behind the checksum can find what is wrong.
    static func resealed(_ edit: (inout [UInt8]) throws -> Void) throws -> LoadReport {
        let directory = TemporaryDirectory()
        try directory.write("Src/Main.yaml", "palette: {ink: \"#111111\"}\nmetrics: {gap: 8}\nlevels: {normal: {textColor: \"{palette.ink}\"}}\n")
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")]).load(named: "Main").theme
        var bytes = [UInt8](CompiledTheme.encode(theme, images: .files { $0.file }))
        try edit(&bytes)
        return try report(resealing(bytes), in: directory)
    }

    /// Where `pattern` first starts in `bytes`: in the first style's data, for the two styles
    /// write the same sections alike.
    static func firstPlace(of pattern: [UInt8], in bytes: [UInt8]) throws -> Int {
        try #require((0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) })
    }

    @Test("behind a good checksum, a cell's reference past its section, in a format 3 file, or outside the level table is a diagnostic")
    func damagedReferences() throws {
        // Each style's level table: three references to palette entry 0 (tag 15, u32 0).
        let cells: [UInt8] = [15, 0, 0, 0, 0, 15, 0, 0, 0, 0, 15, 0, 0, 0, 0]
        let intact = try Self.resealed { _ in }
        #expect(intact.theme?.resolved(.dark).levels["subTitle", "textColor"]?.color?.canonicalText == "#111111FF")

        let pastTheEnd = try Self.resealed { bytes in
            let at = try Self.firstPlace(of: cells, in: bytes)
            bytes[at + 1] = 1
        }
        #expect(pastTheEnd.theme == nil)
        #expect(pastTheEnd.errors.map(\.message).contains { $0.contains("refers to an entry past the end of its section") })

        let formatThree = try Self.resealed { bytes in bytes[8] = 3 }
        #expect(formatThree.theme == nil)
        #expect(formatThree.errors.map(\.message).contains { $0.contains("a format 3 file holds a value of a later format") })

        // The metric `gap: 8` (tag 6, u64 8) made a reference to font entry 0 (tag 16, u32 0).
        let outside = try Self.resealed { bytes in
            let metric: [UInt8] = [6, 8, 0, 0, 0, 0, 0, 0, 0]
            let at = try Self.firstPlace(of: metric, in: bytes)
            bytes.replaceSubrange(at..<(at + metric.count), with: [16, 0, 0, 0, 0])
        }
        #expect(outside.theme == nil)
        #expect(outside.errors.map(\.message).contains { $0.contains("refers to a palette or font entry outside the level table") })
    }

    @Test("a missing image beside the compiled file is asset-missing, and the folder is a dependency")
    func missingImage() throws {
        let (_, directory, path) = try Self.compiledImagesTheme()
        try FileManager.default.removeItem(atPath: directory.path("Main.images/0/logo@2x.png"))
        let report = ThemeLoader().report(for: .path(path))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.assetMissing])
        #expect(report.errors.first?.keyPath?.description == "images.logo")
        #expect(report.dependencies.missing.contains(directory.path("Main.images/0/logo@2x.png")))
    }

    @Test("found by name in a search directory like any bundle, and ambiguous beside its sources")
    func lookUpByName() throws {
        let directory = TemporaryDirectory()
        try directory.write("Sources/Brand.yaml", "levels: {normal: {textColor: \"#123456\"}}\n")
        let theme = try ThemeLoader(registry: .standard, searchDirectories: [directory.path("Sources")]).load(named: "Brand").theme
        try CompiledTheme.write(theme, toPath: directory.path("Built/Brand.themec"))
        let loaded = try ThemeLoader(registry: .builtIn, searchDirectories: [directory.path("Built")]).load(named: "Brand")
        #expect(loaded.theme.canonicalJSON() == theme.canonicalJSON())
        try CompiledTheme.write(theme, toPath: directory.path("Sources/Brand.themec"))
        let both = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Sources")]).report(for: .named("Brand"))
        #expect(both.errors.map(\.code) == [.ambiguousBundle])
    }

    @Test("a source theme cannot extend a compiled one: the diagnostic says to extend its sources")
    func extendCompiled() throws {
        let directory = TemporaryDirectory()
        let base = try ThemeLoader.standard().load(named: "Default").theme
        try CompiledTheme.write(base, toPath: directory.path("Base.themec"))
        try directory.write("Main.yaml", "extends: Base\n")
        let report = ThemeLoader(registry: .standard, searchDirectories: [directory.url.path]).report(for: .named("Main"))
        #expect(report.errors.map(\.code) == [.unsupportedFormat])
        #expect(report.errors.first?.message.contains("extend its sources") == true)
        #expect(report.errors.first?.line == 1)
    }

    @Test("hot reload follows a compiled file as it follows sources")
    func hotReload() async throws {
        let directory = TemporaryDirectory()
        try directory.write("Src/Main.yaml", "levels: {normal: {textColor: \"#111111\"}}\n")
        let sources = ThemeLoader(registry: .standard, searchDirectories: [directory.path("Src")])
        try CompiledTheme.write(try sources.load(named: "Main").theme, toPath: directory.path("Main.themec"))
        let watcher = ThemeWatcher(loader: ThemeLoader(), source: .path(directory.path("Main.themec")))
        #expect(await watcher.theme.flatMap(lightTextColor) == "#111111FF")
        try directory.write("Src/Main.yaml", "levels: {normal: {textColor: \"#222222\"}}\n")
        try CompiledTheme.write(try sources.load(named: "Main").theme, toPath: directory.path("Main.themec"))
        #expect(reloadedColor(await pollSettled(watcher)) == "#222222FF")
    }
}

@Suite("Compiled theme checksums")
struct CompiledChecksumTests {
    /// XXH64 with seed 0 of the first `length` bytes of `(i * 37 + 11) & 0xFF`, at lengths on
    /// both sides of each of its steps (4, 8 and 32 bytes), as the reference implementation
    /// (xxHash 0.8, through Python's `xxhash` package) gives them; and its published value of
    /// the empty input.
    static let reference: [(length: Int, hash: UInt64)] = [
        (0, 0xEF46_DB37_51D8_E999), (1, 0xF592_C0C7_639C_4CB6), (3, 0x22C0_8528_601D_4F27), (4, 0xFB1E_5CF2_F1AE_4D95),
        (7, 0x5613_AC51_0496_C04E), (8, 0x57CB_2B75_21F3_E21A), (9, 0xC3F1_D097_7525_7B66), (31, 0xE4A0_E629_E519_A4AE),
        (32, 0xCC6B_8AAA_DA79_0B2D), (33, 0x35EC_4985_0475_A832), (63, 0xBF9F_0BA3_CF95_B28A), (64, 0x155C_CCE4_BF32_BEFC),
        (65, 0xDA5E_E441_A595_CFB8), (70, 0x0D74_D36B_AFB8_D9C7),
    ]

    @Test("the current format's checksum is XXH64: the reference implementation's values at every step", arguments: reference)
    func xxh64(_ vector: (length: Int, hash: UInt64)) {
        let bytes = (0..<vector.length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(bytes.withUnsafeBytes { CompiledTheme.checksum($0) } == vector.hash)
    }

    @Test("a file of an earlier format still loads (2: a CRC-32 over its payload; 3: level cells written whole), and any byte of it changed is a diagnostic",
          arguments: [2, 3])
    func earlierFormat(_ version: Int) throws {
        let folder = FixtureSuiteTests.root.appendingPathComponent("compiled-format-\(version)").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/Main.themec"))
        #expect(bytes[8] == UInt8(version))
        let directory = TemporaryDirectory()
        #expect(try CompiledThemeTests.report(bytes, in: directory).theme != nil)
        for offset in 0..<bytes.count {
            var damaged = bytes
            damaged[offset] ^= 0x5A
            let report = try CompiledThemeTests.report(damaged, in: directory)
            #expect(report.theme == nil, "byte \(offset) changed, yet a theme loaded")
        }
    }
}
