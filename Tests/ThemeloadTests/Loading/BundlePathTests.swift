import Foundation
import Testing
@testable import Themeload
import ThemeloadTestSupport
import ThemeloadTesting
import ThemeloadYAML

/// Paths in a bundle are read as the file system reads them, byte by byte (docs/SPEC.md, section
/// 11, "Paths are bytes"): a `/` followed by a combining mark still separates, and two spellings
/// of one letter are two names. Found by the `loader` fuzz target, which gave a style a name
/// starting with a combining mark.
@Suite("Bundle paths, byte by byte")
struct BundlePathTests {
    @Test("the in-memory file system keeps two spellings of a name as two files, as a disk does")
    func inMemoryFilesByBytes() throws {
        let files = InMemoryFileSystem()
        let precomposed = "/themes/Caf\u{E9}.yaml", decomposed = "/themes/Cafe\u{301}.yaml"
        files.write(precomposed, "one")
        files.write(decomposed, "two")
        #expect(try files.readFile(atPath: precomposed, maxSize: 100) == Data("one".utf8))
        #expect(try files.readFile(atPath: decomposed, maxSize: 100) == Data("two".utf8))
        #expect(files.status(ofPath: precomposed)?.identity != files.status(ofPath: decomposed)?.identity)
        files.remove(decomposed)
        #expect(files.status(ofPath: decomposed) == nil && files.status(ofPath: precomposed) != nil)
        files.rename(precomposed, to: decomposed)
        #expect(files.status(ofPath: precomposed) == nil)
        #expect(try files.readFile(atPath: decomposed, maxSize: 100) == Data("one".utf8))
        // A folder is found by its bytes too.
        #expect(files.status(ofPath: "/the\u{300}mes") == nil && files.status(ofPath: "/themes")?.kind == .directory)
    }

    @Test("joining folds . and .. by bytes, wherever a combining mark stands", arguments: [
        ("a/\u{301}b.png", "/b/a/\u{301}b.png"),       // the `/` before the mark separates
        ("a/../\u{301}b.png", "/b/\u{301}b.png"),
        ("./\u{64B}x.json", "/b/\u{64B}x.json"),
        ("..\u{301}/x.png", "/b/..\u{301}/x.png"),      // `..` and a mark is a name, not the parent
    ])
    func joinsInside(relative: String, joined: String) throws {
        guard case .success(let path) = BundlePath.join("/b", relative) else {
            Issue.record("\(relative.debugDescription) did not join")
            return
        }
        #expect(path.utf8.elementsEqual(joined.utf8), "\(path.debugDescription)")
    }

    @Test("a path that climbs out through a `/` followed by a combining mark, or starts with one, is outside", arguments: [
        ("../\u{301}x.png", "leaves the bundle directory"),
        ("a/../../\u{301}x.png", "leaves the bundle directory"),
        ("/\u{301}etc/passwd", "is an absolute path"),
    ])
    func joinsOutside(relative: String, reason: String) {
        guard case .failure(.outside(let message)) = BundlePath.join("/b", relative) else {
            Issue.record("\(relative.debugDescription) joined")
            return
        }
        #expect(message.contains(reason))
    }

    @Test("inside is by bytes: a file whose name starts with a combining mark is inside; another spelling of the folder is not")
    func insideByBytes() {
        #expect(BundlePath.isInside("/tokens/\u{64B}izeme.tokens.json", directory: "/tokens"))
        #expect(BundlePath.isInside("/tokens/\u{64B}izeme.tokens.json", directory: "/tokens/"))
        #expect(!BundlePath.isInside("/tokens2/a.json", directory: "/tokens"))
        // `é` and `e` with a combining acute are equal Strings, and two folders on Linux.
        #expect(!BundlePath.isInside("/t/Cafe\u{301}.theme/secret.png", directory: "/t/Caf\u{E9}.theme"))
        #expect(BundleLocator.parent(of: "/t/x/\u{301}y.png") == "/t/x")
        #expect(BundleLocator.lastComponent("/t/x/\u{301}y.png").utf8.elementsEqual("\u{301}y.png".utf8))
    }

    @Test("a link into a folder named another spelling of the bundle's is outside the bundle")
    func linkToAnotherSpelling() throws {
        let directory = TemporaryDirectory()
        let bundle = "Caf\u{E9}.theme", sibling = "Cafe\u{301}.theme"
        try directory.write("\(sibling)/secret.png", "not the theme's")
        try directory.write("\(bundle)/theme.yaml", "images:\n  logo: logo.png\nlevels:\n  normal: {}\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path("\(bundle)/logo.png"), withDestinationPath: "../\(sibling)/secret.png")
        // The file system keeps the two folders apart (this test means nothing where it does not).
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        try #require(names.count == 2, "the file system folds the two spellings into one folder")
        let report = ThemeLoader(registry: .standard).report(for: .path(directory.path(bundle)))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.assetOutsideBundle])
        #expect(report.errors.first?.message == "the image \"logo.png\" is a link that leads outside the bundle")
    }

    @Test("an image path that climbs out through a `/` followed by a combining mark is refused, not read")
    func climbingImage() throws {
        let directory = TemporaryDirectory()
        try directory.write("\u{301}outside.png", "not the theme's")
        try directory.write("Main.theme/theme.yaml", "images:\n  logo: \"../\u{301}outside.png\"\nlevels:\n  normal: {}\n")
        let report = ThemeLoader(registry: .standard).report(for: .path(directory.path("Main.theme")))
        #expect(report.theme == nil)
        #expect(report.errors.map(\.code) == [.assetOutsideBundle])
        #expect(report.errors.first?.message.contains("leaves the bundle directory") == true)
        #expect(report.errors.first?.keyPath == DocumentPath(keys: "images", "logo"))
    }

    // Two files whose names differ only in how `é` is encoded: one `String` to Swift, two
    // files to a byte-named file system. A load keeps them apart wherever it keys files by path.
    static let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"

    /// Writes `files` into a new bundle `Main.theme`. Where the file system folds the two
    /// spellings into one name (macOS's APFS does), the test means nothing and is cancelled,
    /// which the run reports.
    private static func twinBundle(_ files: [(String, String)]) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        for (name, text) in files { try directory.write("Main.theme/\(name)", text) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("Main.theme"))
        if names.count != files.count { try Test.cancel("the file system folds the two spellings of one name into one file") }
        return directory
    }

    @Test("two partials named two spellings of one name are two files, each read for itself")
    func twinPartials() throws {
        let directory = try Self.twinBundle([
            ("theme.yaml", "include: ['\(Self.precomposed).yaml', '\(Self.decomposed).yaml']\nlevels:\n  normal: {textColor: '{palette.two}'}\n"),
            ("\(Self.precomposed).yaml", "palette:\n  one: '#111111'\n"),
            ("\(Self.decomposed).yaml", "palette:\n  two: '#222222'\n  bad: 'nope'\n"),
        ])
        let report = ThemeLoader(registry: .standard).report(for: .path(directory.path("Main.theme")))
        // Before, the second was "already included, as include[0]" and {palette.two} pointed at nothing.
        #expect(report.errors.map(\.code) == [.invalidColor])
        // The diagnostic names the file it is in, byte for byte, not its twin read before it.
        let file = try #require(report.errors.first?.file)
        #expect(file.utf8.elementsEqual(directory.path("Main.theme/\(Self.decomposed).yaml").utf8), "\(file.debugDescription)")
        #expect(SourceFile(directory.path("Main.theme/\(Self.precomposed).yaml")) != SourceFile(directory.path("Main.theme/\(Self.decomposed).yaml")))
    }

    @Test("two design-token files named two spellings of one name give each its own tokens")
    func twinTokenFiles() throws {
        let directory = try Self.twinBundle([
            ("theme.yaml", "include: ['\(Self.precomposed).tokens.json', '\(Self.decomposed).tokens.json']\nlevels:\n  normal: {textColor: '{palette.two}'}\n"),
            ("\(Self.precomposed).tokens.json", ##"{"one": {"$type": "color", "$value": "#111111"}}"##),
            ("\(Self.decomposed).tokens.json", ##"{"two": {"$type": "color", "$value": "#222222"}}"##),
        ])
        let loaded = try ThemeLoader(registry: .standard).load(atPath: directory.path("Main.theme"))
        // The second file's parse is its own, not its twin's kept for the files read together.
        #expect(loaded.theme.resolved(.light).palette["one"]?.hex == "#111111FF")
        #expect(loaded.theme.resolved(.light).palette["two"]?.hex == "#222222FF")
        #expect(loaded.dependencies.readPaths.count == 3)
    }

    @Test("an image named another spelling of an image that is there is missing, not taken for it")
    func twinImageMissing() throws {
        let directory = try Self.twinBundle([
            ("theme.yaml", "images:\n  here: '\(Self.precomposed).png'\n  gone: '\(Self.decomposed).png'\nlevels:\n  normal: {}\n"),
            ("\(Self.precomposed).png", "a"),
        ])
        let report = ThemeLoader(registry: .standard).report(for: .path(directory.path("Main.theme")))
        #expect(report.errors.map(\.code) == [.assetMissing])
        #expect(report.errors.first?.keyPath == DocumentPath(keys: "images", "gone"))
    }

    @Test("a compiled theme copies both of two images named two spellings of one name")
    func twinImagesCompiled() throws {
        let directory = try Self.twinBundle([
            ("theme.yaml", "images:\n  one: '\(Self.precomposed).png'\n  two: '\(Self.decomposed).png'\nlevels:\n  normal: {}\n"),
            ("\(Self.precomposed).png", "first"),
            ("\(Self.decomposed).png", "second"),
        ])
        let theme = try ThemeLoader(registry: .standard).load(atPath: directory.path("Main.theme")).theme
        try CompiledTheme.write(theme, toPath: directory.path("Out/Main.themec"))
        let compiled = try ThemeLoader().load(atPath: directory.path("Out/Main.themec")).theme
        for (name, bytes) in [("one", "first"), ("two", "second")] {
            let path = try #require(compiled.resolved(.light).images[name]?.variants.first?.path)
            #expect(FileManager.default.contents(atPath: path) == Data(bytes.utf8), "\(name) at \(path.debugDescription)")
        }
    }

    @Test("hot reload watches both of two partials named two spellings of one name, and reloads an edit of either")
    func twinPartialsReload() async throws {
        let files = InMemoryFileSystem()
        let first = "/themes/Main.theme/\(Self.precomposed).yaml", second = "/themes/Main.theme/\(Self.decomposed).yaml"
        files.write("/themes/Main.theme/theme.yaml", "include: ['\(Self.precomposed).yaml', '\(Self.decomposed).yaml']\nlevels:\n  normal: {textColor: '{palette.two}', backgroundColor: '{palette.one}'}\n")
        files.write(first, "palette:\n  one: '#FFFFFF'\n")
        files.write(second, "palette:\n  two: '#111111'\n")
        let watcher = ThemeWatcher(loader: ThemeLoader(registry: .standard, searchDirectories: ["/themes"], fileSystem: files), source: .named("Main"))
        let watched = await watcher.watchedPaths
        #expect(watched.contains { $0.utf8.elementsEqual(first.utf8) } && watched.contains { $0.utf8.elementsEqual(second.utf8) })
        files.write(second, "palette:\n  two: '#222222'\n")
        #expect(reloadedColor(await pollSettled(watcher)) == "#222222FF")
    }
}
