import Foundation
import Testing
import ThemeloadTestSupport

/// `themeload keygen`, `publish` and `fetch`, run as a user runs them, against a real server.
@Suite("themeload keygen, publish and fetch", .serialized)
struct RemoteCommandsTests {
    @Test("keygen, publish, fetch, show from the cache; a second fetch is not modified and rewrites nothing")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let (privateKey, publicKey) = (directory.path("private.pem"), directory.path("public.pem"))
        let keygen = try Tool.run(["keygen", "--private-key", privateKey, "--public-key", publicKey])
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: privateKey)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try Tool.run(["keygen", "--private-key", privateKey, "--public-key", publicKey]).status == 1)

        let published = directory.path("published")
        // A theme larger than the apps fetch is refused, and nothing is written.
        let tooLarge = try Tool.run(["publish", "Default", "--private-key", privateKey, "-o", published, "--max-file-size", "100"])
        #expect(tooLarge.status == 1 && tooLarge.stderr.contains("more than the 100 a client fetches (RemoteFetchLimits.maxFileSize)"), "\(tooLarge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: published + "/index.json"))
        let tooMuch = try Tool.run(["publish", "Default", "Blossom", "--private-key", privateKey, "-o", published, "--max-total-size", "100"])
        #expect(tooMuch.status == 1 && tooMuch.stderr.contains("a client fetches for one index (RemoteFetchLimits.maxTotalSize)"), "\(tooMuch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: published + "/index.json"))
        let publish = try Tool.run(["publish", "Default", "Blossom", "--private-key", privateKey, "-o", published])
        #expect(publish.status == 0, "\(publish.stderr)")
        #expect(publish.stdout.contains("published Default, Blossom as version") && publish.stdout.contains("3 files written"))
        let again = try Tool.run(["publish", "Default", "Blossom", "--private-key", privateKey, "-o", published])
        #expect(again.stdout.contains("nothing written"))

        let server = try TestHTTPServer(root: published)
        defer { server.stop() }
        let cache = directory.path("cache")
        let fetch = try Tool.run(["fetch", server.url().absoluteString, "--public-key", publicKey, "--cache", cache])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.hasPrefix("updated 2 files to version ") && fetch.stdout.contains("the cache holds Blossom, Default"))

        // Every command works on the cache: it is a search directory.
        let fromCache = try Tool.run(["show", "Blossom", "--search-path", cache, "--format", "json"])
        let fromSources = try Tool.run(["show", "Blossom", "--format", "json"])
        #expect(fromCache.status == 0 && fromCache.stdout == fromSources.stdout)

        let cachedFile = cache + "/.remote/current/Blossom.themec"
        let before = try FileManager.default.attributesOfItem(atPath: cachedFile)[.modificationDate] as? Date
        let second = try Tool.run(["fetch", server.url().absoluteString, "--public-key", publicKey, "--cache", cache])
        #expect(second.status == 0 && second.stdout.hasPrefix("not modified"))
        #expect(try FileManager.default.attributesOfItem(atPath: cachedFile)[.modificationDate] as? Date == before)
    }

    @Test("a refused update exits 1 with the reason, and the cache keeps what it held")
    func refused() throws {
        let directory = TemporaryDirectory()
        let (privateKey, publicKey, otherPublic) = (directory.path("private.pem"), directory.path("public.pem"), directory.path("other.pem"))
        _ = try Tool.run(["keygen", "--private-key", privateKey, "--public-key", publicKey])
        _ = try Tool.run(["keygen", "--private-key", directory.path("other-private.pem"), "--public-key", otherPublic])
        let published = directory.path("published")
        _ = try Tool.run(["publish", "Default", "--private-key", privateKey, "-o", published])
        let server = try TestHTTPServer(root: published)
        defer { server.stop() }
        let cache = directory.path("cache")
        let wrongKey = try Tool.run(["fetch", server.url().absoluteString, "--public-key", otherPublic, "--cache", cache])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.stderr.contains("none of them a pinned key"))

        #expect(try Tool.run(["fetch", server.url().absoluteString, "--public-key", publicKey, "--cache", cache]).status == 0)
        server.setBehavior(.status(500), for: "index.json")
        let failing = try Tool.run(["fetch", server.url().absoluteString, "--public-key", publicKey, "--cache", cache, "--force"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("answered HTTP 500") && failing.stderr.contains("the cache keeps Default as it was"))
        server.stop()
        let unreachable = try Tool.run(["fetch", server.url().absoluteString, "--public-key", publicKey, "--cache", cache, "--force"])
        #expect(unreachable.status == 1 && unreachable.stderr.contains("could not fetch"))

        let usage = try Tool.run(["fetch", "ftp://example.com/", "--public-key", publicKey, "--cache", cache])
        #expect(usage.status == 64)
        let badKey = try Tool.run(["publish", "Default", "--private-key", publicKey, "-o", published])
        #expect(badKey.status == 1 && badKey.stderr.contains("no \"-----BEGIN PRIVATE KEY-----\" block"))
    }

    /// A folder with a key pair made by `keygen` and a one-level theme `Plain.yaml`; the private key's path.
    static func publishingFolder() throws -> (TemporaryDirectory, privateKey: String) {
        let directory = TemporaryDirectory()
        let privateKey = directory.path("private.pem")
        #expect(try Tool.run(["keygen", "--private-key", privateKey, "--public-key", directory.path("public.pem")]).status == 0)
        try directory.write("Plain.yaml", "levels:\n  normal:\n    textColor: \"#123456\"\n")
        return (directory, privateKey)
    }

    @Test("publish --prune removes the compiled themes neither the new index nor the one it replaces lists, and says how many")
    func publishPrune() throws {
        let (directory, privateKey) = try Self.publishingFolder()
        let published = directory.path("published")
        for theme in ["Default", "Blossom"] {
            #expect(try Tool.run(["publish", theme, "--private-key", privateKey, "-o", published], in: directory.url).status == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: published + "/themes").count == 2)
        let pruned = try Tool.run(["publish", "Plain", "--private-key", privateKey, "-o", published, "--prune"], in: directory.url)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stdout.contains("(2 files written, 1 older file removed)"), "\(pruned.stdout)")
        // Blossom's file stays for apps that hold the index Plain's replaced; Default's is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: published + "/themes").count == 2)
    }

    @Test("publish warns when a theme's manifest names it otherwise than its bundle: apps shipping it would not see it replaced")
    func publishRenamed() throws {
        let (directory, privateKey) = try Self.publishingFolder()
        try directory.write("Holiday.theme/theme.yaml", "name: Holiday Sale\nlevels:\n  normal:\n    textColor: \"#123456\"\n")
        let run = try Tool.run(["publish", "Holiday", "Plain", "--private-key", privateKey, "-o", "published"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("published Holiday Sale, Plain as version"))
        #expect(run.stderr == "warning: the theme Holiday is published as \"Holiday Sale\", its manifest's name; an app that ships it finds it as \"Holiday\", "
                + "so this version will not replace that one there (remove the manifest's name, or make it \"Holiday\")\n", "\(run.stderr)")
    }
}
