import Foundation
import Testing
@testable import Themeload
import ThemeloadTestSupport

/// A plugin that parses every file to the same string, to watch the registry choose plugins.
private struct FixedFormat: FormatPlugin {
    var name: String
    var fileExtensions: [String]
    func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        DocumentNode(.string(name), at: input.location(line: 1, column: 1))
    }
}

@Suite("Format registry")
struct FormatRegistryTests {
    @Test("the built-in registry reads JSON, JSON5, property lists, design tokens and token resolvers")
    func builtIn() {
        let registry = FormatRegistry.builtIn
        #expect(registry.fileExtensions == ["json", "json5", "plist", "tokens.json", "tokens", "tokens.json5", "resolver.json"])
        #expect(registry.plugin(forPath: "Themes/Moments.JSON5")?.name == "JSON5")
        #expect(registry.plugin(forPath: "design/colors.tokens.json5")?.name == "Design tokens (JSON5)")
        #expect(registry.plugin(forPath: "design/colors.tokens.json5")?.documentKind == .designTokens)
        #expect(registry.plugin(forPath: "design/colors.tokens.json")?.documentKind == .designTokens)
        #expect(registry.plugin(forPath: "design/Colors.Tokens")?.documentKind == .designTokens)
        #expect(registry.plugin(forPath: "design/app.resolver.json")?.documentKind == .tokenResolver)
        #expect(registry.plugin(forPath: "tokens.json")?.name == "JSON")
        #expect(registry.plugin(forPath: "a.tokens.json/theme.json")?.documentKind == .theme)
        #expect(registry.claimedExtension(ofPath: "x/brand.v2.tokens.json") == "tokens.json")
        #expect(registry.claimedExtension(ofPath: "x/brand.v2.unknown") == "unknown")
        #expect(registry.plugin(forPath: "Themes/Moments.JSON")?.name == "JSON")
        #expect(registry.plugin(forPath: "a.b/theme.plist")?.name == "Property list")
        #expect(registry.plugin(forPath: "theme.toml") == nil)
        #expect(registry.plugin(forPath: "Makefile") == nil)
    }

    /// Paths and the extension each has: the last component's (after trailing slashes), with
    /// no leading-dot name counted as one, lowercased; a claimed compound extension before it.
    @Test("a path's extension is its last name's, whatever the case, slashes or dots", arguments: [
        ("Themes/Moments.YAML", "yaml", "yaml"),
        ("Themes/Moments.theme/", "theme", "theme"),
        ("Themes/Brand.Tokens.JSON", "json", "tokens.json"),
        ("a.tokens.json/theme.json", "json", "json"),
        ("x/.json", nil, nil),
        ("x/name.", nil, nil),
        ("x/a..json", "json", "json"),
        ("x/a.json.", nil, nil),
        ("x/.config.Tokens.json", "json", "tokens.json"),
        ("/.../", nil, nil),
        ("///", nil, nil),
        ("", nil, nil),
        ("Makefile", nil, nil),
        ("x/Thème.JSON", "json", "json"),
        ("x/DÉCOR.Tokens.Json", "json", "tokens.json"),
        ("Ünï/theme.PLIST", "plist", "plist"),
    ] as [(String, String?, String?)])
    func extensionOfPath(_ path: String, last: String?, claimed: String?) {
        #expect(FormatRegistry.fileExtension(ofPath: path) == last)
        #expect(FormatRegistry.builtIn.claimedExtension(ofPath: path) == claimed)
    }

    @Test("claiming a claimed extension is refused, and nothing changes")
    func refusesSecondClaim() {
        var registry = FormatRegistry.builtIn
        #expect(throws: FormatRegistryError.extensionAlreadyClaimed("json", by: "JSON", plugin: "HJSON")) {
            try registry.register(FixedFormat(name: "HJSON", fileExtensions: ["hjson", "json"]))
        }
        #expect(registry.plugin(forExtension: "json")?.name == "JSON")
        #expect(registry.plugin(forExtension: "hjson") == nil)
    }

    @Test("replacing takes over only the extensions claimed")
    func replaces() throws {
        var registry = FormatRegistry()
        try registry.register(FixedFormat(name: "Old", fileExtensions: ["a", "b"]))
        try registry.register(FixedFormat(name: "New", fileExtensions: ["b"]), replacingExisting: true)
        #expect(registry.plugin(forExtension: "a")?.name == "Old")
        #expect(registry.plugin(forExtension: "b")?.name == "New")
        #expect(registry.plugins.map(\.fileExtensions) == [["a"], ["b"]])
        try registry.register(FixedFormat(name: "Newer", fileExtensions: ["a"]), replacingExisting: true)
        #expect(registry.plugins.map(\.plugin.name) == ["New", "Newer"])
        registry.unregister(extension: "B")
        #expect(registry.fileExtensions == ["a"])
    }

    @Test("extensions must be lowercase words, joined by single dots", arguments: ["", ".json", "JSON", "a b", "tokens..json", "tokens."])
    func invalidExtension(_ fileExtension: String) {
        var registry = FormatRegistry()
        #expect(throws: FormatRegistryError.self) {
            try registry.register(FixedFormat(name: "Bad", fileExtensions: [fileExtension]))
        }
        #expect(throws: FormatRegistryError.noExtensions(plugin: "None")) {
            try registry.register(FixedFormat(name: "None", fileExtensions: []))
        }
    }

    @Test("an extension no plugin claims is unsupported-format")
    func unsupported() {
        #expect {
            _ = try FormatRegistry.builtIn.parse(Data("a = 1".utf8), file: "theme.toml")
        } throws: { error in
            let diagnostic = (error as? ThemeloadError)?.diagnostics.first
            return diagnostic?.code == .unsupportedFormat && diagnostic?.file == "theme.toml"
                && diagnostic?.message.contains(".toml") == true
        }
    }

    @Test("bytes over the size limit are limit-exceeded")
    func sizeLimit() throws {
        var limits = Limits.default
        limits.maxFileSize = 10
        #expect(try FormatRegistry.builtIn.parse(Data("[1,2,3,45]".utf8), file: "a.json", limits: limits).value != .null)
        #expect {
            _ = try FormatRegistry.builtIn.parse(Data("[1,2,3,456]".utf8), file: "a.json", limits: limits)
        } throws: { ($0 as? ThemeloadError)?.codes == [.limitExceeded] }
    }
}

@Suite("Reading files")
struct FileReadingTests {
    /// Removed when the test's instance is released.
    let directory = TemporaryDirectory()

    func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    @Test("a file is read and parsed by its extension")
    func readsFile() throws {
        try Data(#"{"a": [1]}"#.utf8).write(to: URL(fileURLWithPath: path("t.json")))
        let node = try FormatRegistry.builtIn.parseFile(atPath: path("t.json"))
        #expect(node["a"]?.location.file == path("t.json"))
    }

    @Test("the local file system's status: nothing, a file, a directory, a link followed, a dangling link as .other")
    func localStatus() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: path("file.yaml")))
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("to-file"), withDestinationPath: "file.yaml")
        try FileManager.default.createSymbolicLink(atPath: path("to-folder"), withDestinationPath: "folder")
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "nowhere.yaml")
        let files = LocalFileSystem()
        #expect(files.status(ofPath: path("missing.yaml")) == nil)
        #expect(files.status(ofPath: path("file.yaml"))?.kind == .regular)
        #expect(files.status(ofPath: path("file.yaml"))?.size == 1)
        #expect(files.status(ofPath: path("folder"))?.kind == .directory)
        // A link has its target's status: kind, size and identity.
        #expect(files.status(ofPath: path("to-file")) == files.status(ofPath: path("file.yaml")))
        #expect(files.status(ofPath: path("to-folder"))?.kind == .directory)
        #expect(files.status(ofPath: path("dangling"))?.kind == .other)
    }

    @Test("a missing file, a directory and a FIFO are io errors, and the FIFO does not block")
    func notRegularFiles() throws {
        try FileManager.default.createDirectory(atPath: path("dir.json"), withIntermediateDirectories: true)
        #expect(mkfifo(path("fifo.json"), 0o600) == 0)
        for name in ["missing.json", "dir.json", "fifo.json"] {
            #expect {
                _ = try FormatRegistry.builtIn.parseFile(atPath: path(name))
            } throws: { error in
                let diagnostic = (error as? ThemeloadError)?.diagnostics.first
                return diagnostic?.code == .io && diagnostic?.file == path(name)
            }
        }
    }

    @Test("a directory is said to be one, whether or not its name has a format's extension", arguments: ["dir.json", "Shop.theme"])
    func directory(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        #expect {
            _ = try FormatRegistry.builtIn.parseFile(atPath: path(name))
        } throws: { error in
            let diagnostic = (error as? ThemeloadError)?.diagnostics.first
            return diagnostic?.code == .io && diagnostic?.message.hasPrefix("this is a directory; give one of its files") == true
        }
    }

    @Test("an oversized file is refused before it is read")
    func oversized() throws {
        let handle = try #require(FileManager.default.createFile(atPath: path("big.json"), contents: nil) ? FileHandle(forWritingAtPath: path("big.json")) : nil)
        try handle.truncate(atOffset: 100 * 1024 * 1024)  // sparse: 100 MB that were never written
        try handle.close()
        #expect {
            _ = try FormatRegistry.builtIn.parseFile(atPath: path("big.json"))
        } throws: { error in
            let diagnostic = (error as? ThemeloadError)?.diagnostics.first
            return diagnostic?.code == .limitExceeded && diagnostic?.message.contains("104857600 bytes") == true
        }
    }

    @Test("the local file system reads a file's bytes exactly, up to the size limit", arguments: [0, 1, 4095, 4096, 4097, 300_001])
    func readsExactBytes(size: Int) throws {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path("bytes.bin")))
        let files = LocalFileSystem()
        #expect(try files.readFile(atPath: path("bytes.bin"), maxSize: size) == Data(bytes))
        #expect(try files.readFile(atPath: path("bytes.bin"), maxSize: size + 1) == Data(bytes))
        guard size > 0 else { return }
        #expect {
            _ = try files.readFile(atPath: path("bytes.bin"), maxSize: size - 1)
        } throws: { ($0 as? ThemeloadError)?.codes == [.limitExceeded] }
    }

    /// A file read while it grows (an editor saving it) was read to the size first seen and one
    /// byte more, and that part given as the whole file. A Linux `/proc` file is a regular file
    /// whose size is 0 and whose bytes are more: a file that has grown since its status was read.
    @Test("a file longer than its status said is read to its end, and still never past the limit",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/version")))
    func fileLongerThanItsStatus() throws {
        let files = LocalFileSystem()
        #expect(files.status(ofPath: "/proc/version")?.size == 0)
        let whole = try #require(FileManager.default.contents(atPath: "/proc/version"))
        #expect(whole.count > 10)
        #expect(try files.readFile(atPath: "/proc/version", maxSize: 1 << 20) == whole)
        #expect(try files.readFile(atPath: "/proc/version", maxSize: whole.count) == whole)
        #expect {
            _ = try files.readFile(atPath: "/proc/version", maxSize: 10)
        } throws: { ($0 as? ThemeloadError)?.diagnostics.first?.message == "the file grew past the limit of 10 bytes while being read" }
    }

    @Test("the status of a file tells kind, size and identity")
    func status() throws {
        try Data("12345".utf8).write(to: URL(fileURLWithPath: path("s.json")))
        let status = try #require(LocalFileSystem().status(ofPath: path("s.json")))
        #expect(status.kind == .regular && status.size == 5)
        #expect(LocalFileSystem().status(ofPath: directory.url.path)?.kind == .directory)
        #expect(LocalFileSystem().status(ofPath: path("none")) == nil)
    }
}
