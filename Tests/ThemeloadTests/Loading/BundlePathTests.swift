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
}
