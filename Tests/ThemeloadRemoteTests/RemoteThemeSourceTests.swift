import Foundation
import Testing
import Themeload
@testable import ThemeloadRemote
import ThemeloadTestSupport
import ThemeloadTesting

/// Remote updates against a real HTTP server on 127.0.0.1: every success, every fault the
/// server or the network can make, and every refusal. In each failing case the themes held
/// before stay, and the reason is reported.
@Suite("RemoteThemeSource against a real server", .tags(.concurrency), .serialized)
struct RemoteThemeSourceTests {
    @Test("a first update fetches, verifies and holds every theme; a second with nothing changed asks conditionally and rewrites nothing")
    func firstAndUnchanged() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        #expect(source.cachedThemes.isEmpty)
        let first = await source.update()
        guard case .updated(let summary) = first else { Issue.record("expected an update, got \(first)"); return }
        #expect(summary.filesFetched == 2 && summary.themes == ["Sunny", "Night"])
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#112233FF")
        #expect(RemoteFixture.textColor(source.cachedThemes, "Night") == "#445566FF")

        let version = try #require(fixture.cachedVersions.first)
        let file = fixture.cache + "/.remote/versions/\(version)/Sunny.themec"
        let before = try FileManager.default.attributesOfItem(atPath: file)
        fixture.server.clearRequests()
        #expect(await source.update() == .notModified)
        let requests = fixture.server.requests
        #expect(requests.map(\.path) == ["index.json"])
        #expect(requests.first?.headers["if-none-match"] != nil)
        #expect(requests.first?.headers["if-modified-since"] == "Mon, 23 Nov 2026 10:00:00 GMT")
        let after = try FileManager.default.attributesOfItem(atPath: file)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(fixture.cachedVersions == [version])
    }

    @Test("a theme's images travel inside its file: the fetched theme holds their bytes")
    func imagesInside() async throws {
        let fixture = try RemoteFixture()
        let bundle = fixture.root + "/sources/Logo.theme"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let light = Data((0..<200).map { UInt8($0) }), dark = Data((0..<100).map { UInt8(255 - $0) })
        try light.write(to: URL(fileURLWithPath: bundle + "/logo.png"))
        try dark.write(to: URL(fileURLWithPath: bundle + "/logo-dark.png"))
        try Data(##"""
            {"styles": ["light", "dark"],
             "levels": {"normal": {"textColor": "#111111", "backgroundColor": "#FFFFFF"}},
             "images": {"logo": {"variants": [{"file": "logo.png"}, {"file": "logo-dark.png", "style": "dark"}]}}}
            """##.utf8).write(to: URL(fileURLWithPath: bundle + "/theme.json"))
        let theme = try ThemeLoader(searchDirectories: [fixture.root + "/sources"]).load(named: "Logo").theme
        try fixture.publish([theme])
        // The sources are gone: only what was published can give the images now.
        try FileManager.default.removeItem(atPath: fixture.root + "/sources")
        let source = fixture.source()
        #expect(await source.update().succeeded)
        let fetched = try #require(source.cachedThemes["Logo"])
        #expect(fetched.resolved(.light).images["logo"]?.variants.map(\.data) == [light])
        #expect(fetched.resolved(.dark).images["logo"]?.variants.compactMap(\.data).contains(dark) == true)
    }

    /// Every publication added a file and none was ever removed: a folder published into for a
    /// year held every version of every theme.
    @Test("pruning removes the compiled files neither the new index nor the one it replaced lists, and no other file; the folder still serves a client")
    func pruning() async throws {
        let fixture = try RemoteFixture()
        func publish(_ color: String, pruning: Bool) throws -> ThemePublisher.Report {
            try ThemePublisher.publish([RemoteFixture.theme("Sunny", textColor: color)], signedBy: [fixture.key], to: fixture.published, pruning: pruning)
        }
        let first = try publish("#111111", pruning: true)
        #expect(first.removed.isEmpty)  // no index before it
        let source = fixture.source()
        guard case .updated = await source.update() else { Issue.record("the first version was not installed"); return }
        let second = try publish("#222222", pruning: false)
        // Files publishing never writes stay, even named like its own but for case or length.
        let others = ["README.txt", String(repeating: "A", count: 64) + ".themec", String(repeating: "a", count: 63) + ".themec"]
        for name in others { try Data("keep".utf8).write(to: URL(fileURLWithPath: fixture.published + "/themes/" + name)) }
        let third = try publish("#333333", pruning: true)
        #expect(third.removed == [first.index.themes[0].path])
        let kept = try Set(FileManager.default.contentsOfDirectory(atPath: fixture.published + "/themes"))
        #expect(kept == Set([second, third].map { String($0.index.themes[0].path.dropFirst("themes/".count)) } + others))
        // Nothing changed: nothing written, nothing removed (the second's files are the previous
        // index's as far as a client one publication behind knows).
        let again = try publish("#333333", pruning: true)
        #expect(again.written.isEmpty && again.removed.isEmpty)
        guard case .updated(let summary) = await source.update() else { Issue.record("the pruned folder did not serve the third version"); return }
        #expect(summary.sequence == third.index.sequence && summary.filesFetched == 1)
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#333333FF")
    }

    /// A client reads the whole index under its limit on a file's size: one entry past it made
    /// the index unreadable there, and every theme in it stopped updating.
    @Test("a theme larger than clients fetch is refused at publishing, and nothing is written; one within the limit is published")
    func publishingPastTheClientsLimit() throws {
        let fixture = try RemoteFixture()
        let theme = try RemoteFixture.theme("Sunny", textColor: "#112233")
        let size = CompiledTheme.encode(theme, images: .embedded { _ in Data() }).count
        let refused = #expect(throws: ThemeloadError.self) {
            try ThemePublisher.publish([theme], signedBy: [fixture.key], to: fixture.published, maxFileSize: size - 1)
        }
        #expect(refused?.diagnostics.map(\.code) == [.limitExceeded])
        #expect(refused?.diagnostics.first?.message.hasPrefix("the theme \"Sunny\" with its images is \(size) bytes, more than the \(size - 1) a client fetches") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.published).isEmpty)
        let report = try ThemePublisher.publish([theme], signedBy: [fixture.key], to: fixture.published, maxFileSize: size)
        #expect(report.index.themes.map(\.size) == [size])
    }

    /// Format 7 keeps what design tokens said of their entries, for exports; apps never read
    /// it, and an app on a format 6 reader must read every published theme.
    @Test("a theme made from design tokens is published without its tokens' notes, in a format older apps read, and fetched with the same values")
    func publishedWithoutTokenNotes() throws {
        let fixture = try RemoteFixture()
        let files = InMemoryFileSystem()
        files.write("/t/Tokens.tokens.json", ##"{"brand": {"$type": "color", "$value": "#0770E3", "$description": "Links"}, "fast": {"$type": "duration", "$value": {"value": 150, "unit": "ms"}}}"##)
        let theme = try ThemeLoader(registry: .builtIn, searchDirectories: ["/t"], fileSystem: files).load(named: "Tokens").theme
        #expect(CompiledTheme.encode(theme, images: .embedded { _ in Data() })[8] == 7)
        let report = try fixture.publish([theme])
        let published = try Data(contentsOf: URL(fileURLWithPath: fixture.publishedFile(of: "Tokens", in: report)))
        #expect(published[8] <= 6)
        let read = try CompiledTheme.decode(published, file: "Tokens.themec", directory: "/")
        #expect(read.canonicalJSON() == theme.canonicalJSON())
        #expect(read.tokenNotes.isEmpty)
    }

    /// A theme's name is a file name in every client's cache: a name no disk can hold, or two
    /// names one case-insensitive disk holds as one file, were published, and no client could
    /// install the index ("File name too long"; on macOS, one theme's file over the other's).
    @Test("a name no cache could hold as a file, or two that differ only in case, are refused at publishing")
    func namesAsFiles() throws {
        let fixture = try RemoteFixture()
        let tooLong = #expect(throws: ThemeloadError.self) {
            try fixture.publish([RemoteFixture.theme(String(repeating: "日", count: 128), textColor: "#112233")])
        }
        #expect(tooLong?.diagnostics.map(\.code) == [.type])
        let clash = #expect(throws: ThemeloadError.self) {
            try fixture.publish([RemoteFixture.theme("Blossom", textColor: "#112233"), RemoteFixture.theme("blossom", textColor: "#445566")])
        }
        #expect(clash?.diagnostics.map(\.message) == [RemoteIndex.caseClash("Blossom", "blossom")])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.published).isEmpty)
    }

    /// The longest name the publisher lets through makes a cache file name of 255 bytes, what
    /// APFS and ext4 hold. Some disks hold less (eCryptfs, 143 bytes): there the update fails
    /// and keeps what it held, as any disk fault does, and this boundary cannot be checked.
    @Test("the longest name a publisher takes is installed, as a cache file of 255 bytes",
          .enabled(if: RemoteThemeSourceTests.temporaryDiskHoldsNamesOf255Bytes,
                   "the temporary directory's disk cannot hold a file name of 255 bytes"))
    func longestNameInstalled() async throws {
        let fixture = try RemoteFixture()
        let longest = String(repeating: "日", count: 82) + "ab"
        #expect((longest + "." + CompiledTheme.fileExtension).utf8.count == 255)
        try fixture.publish([RemoteFixture.theme(longest, textColor: "#112233")])
        let source = fixture.source()
        let result = await source.update()
        guard case .updated = result else { Issue.record("the longest name was not installed: \(result)"); return }
        #expect(RemoteFixture.textColor(source.cachedThemes, longest) == "#112233FF")
        #expect(FileManager.default.fileExists(atPath: fixture.cache + "/" + longest + ".themec"))
    }

    /// Whether a file named with 255 bytes of UTF-8 can be made in the temporary directory.
    static let temporaryDiskHoldsNamesOf255Bytes: Bool = {
        let path = NSTemporaryDirectory() + "/" + String(repeating: "日", count: 84) + "abc"
        guard FileManager.default.createFile(atPath: path, contents: Data()) else { return false }
        try? FileManager.default.removeItem(atPath: path)
        return true
    }()

    /// `sequence + 1` trapped on an index at the largest sequence (the publisher reads its
    /// earlier output, which anyone who can write the folder can change), and a date out of
    /// range trapped converting it to seconds.
    @Test("a published sequence with no successor, or a date an index cannot carry, is refused before anything is written")
    func sequenceAndDateBounds() throws {
        let fixture = try RemoteFixture()
        let theme = try RemoteFixture.theme("Sunny", textColor: "#112233")
        let last = RemoteIndex(sequence: Int.max, published: Date(timeIntervalSince1970: 1_795_600_000),
                               themes: [RemoteIndex.Entry(name: "Old", path: "themes/old.themec", size: 1, sha256: String(repeating: "0", count: 64), styles: ["light"])])
        try SignedIndex.sign(last, with: [fixture.key]).write(to: URL(fileURLWithPath: fixture.published + "/index.json"))
        let atLargest = #expect(throws: ThemeloadError.self) { try fixture.publish([theme]) }
        #expect(atLargest?.diagnostics.map(\.code) == [.limitExceeded])
        #expect(atLargest?.diagnostics.first?.message.contains("has the largest sequence there is (9223372036854775807)") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.published) == ["index.json"])
        try FileManager.default.removeItem(atPath: fixture.published + "/index.json")
        for seconds in [1e300, -1e12, .nan] {
            let badDate = #expect(throws: ThemeloadError.self) {
                try ThemePublisher.publish([theme], signedBy: [fixture.key], to: fixture.published, date: Date(timeIntervalSince1970: seconds))
            }
            #expect(badDate?.diagnostics.map(\.code) == [.type])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.published).isEmpty)
        let lastYear = try ThemePublisher.publish([theme], signedBy: [fixture.key], to: fixture.published, date: Date(timeIntervalSince1970: 253_402_300_799))
        #expect(lastYear.index.sequence == 253_402_300_799)
    }

    /// An update holds what it fetched until it is checked whole, and the app every theme: an
    /// index of 1,000 files of the file limit each was 64 GB fetched into memory.
    @Test("an index whose files add up to more than the client's limit is refused before any file is fetched; at publishing too")
    func totalSize() async throws {
        let fixture = try RemoteFixture()
        let themes = [try RemoteFixture.theme("Sunny", textColor: "#112233"), try RemoteFixture.theme("Night", textColor: "#445566")]
        let sizes = themes.map { CompiledTheme.encode($0, images: .embedded { _ in Data() }).count }
        let refused = #expect(throws: ThemeloadError.self) {
            try ThemePublisher.publish(themes, signedBy: [fixture.key], to: fixture.published, maxTotalSize: sizes[0] + sizes[1] - 1)
        }
        #expect(refused?.diagnostics.map(\.code) == [.limitExceeded])
        #expect(refused?.diagnostics.first?.message.hasPrefix("the themes up to \"Night\" with their images are \(sizes[0] + sizes[1]) bytes, more than the \(sizes[0] + sizes[1] - 1)") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.published).isEmpty)
        for count in [0, RemoteIndex.maxThemes + 1] {
            let wrongCount = #expect(throws: ThemeloadError.self) {
                try ThemePublisher.publish(Array(repeating: themes[0], count: count), signedBy: [fixture.key], to: fixture.published)
            }
            #expect(wrongCount?.diagnostics.map(\.message) == ["an index lists 1 to 1000 themes, not \(count): every client would refuse it"])
        }

        try fixture.publish(themes)
        let source = fixture.source(limits: RemoteFixture.patientLimits { $0.maxTotalSize = sizes[0] + sizes[1] - 1 })
        guard case .failed(.invalidIndex(let diagnostics)) = await source.update() else { Issue.record("an index past the total was taken"); return }
        #expect(diagnostics.map(\.code) == [.limitExceeded])
        #expect(diagnostics.first?.keyPath == DocumentPath([.key("themes"), .index(1), .key("size")]))
        #expect(fixture.server.requests.map(\.path) == ["index.json"])
        #expect(source.cachedThemes.isEmpty)
        let within = fixture.source(limits: RemoteFixture.patientLimits { $0.maxTotalSize = sizes[0] + sizes[1] })
        guard case .updated = await within.update() else { Issue.record("an index at the total was refused"); return }
    }

    /// The held version's files are read from its folder when an update reuses them (they are
    /// not kept in memory beside the themes); a copy there that changed is fetched again.
    @Test("an unchanged file is reused from the cache's folder; one changed on disk there is fetched again, and the update succeeds")
    func reuseFromDisk() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        try fixture.tamperWithCachedFile(of: "Night")
        let second = try fixture.publishSecondVersion()
        fixture.server.clearRequests()
        guard case .updated(let summary) = await source.update() else { Issue.record("expected an update"); return }
        #expect(summary.filesFetched == 2)
        #expect(Set(fixture.server.requests.map(\.path)) == Set(["index.json"] + second.index.themes.map(\.path)))
        #expect(RemoteFixture.textColor(fixture.source().cachedThemes, "Night") == "#445566FF")
    }

    /// URLSession decodes a gzip body and gives the decoded bytes, while the announced length
    /// is the encoded one: every update from such a server failed as "cut short".
    @Test("a server that sends its files gzip-encoded, as CDNs send JSON, is read")
    func compressedAnswers() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        fixture.server.setCompression(true)
        let source = fixture.source()
        let outcome = await source.update()
        guard case .updated = outcome else { Issue.record("expected an update, got \(outcome)"); return }
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#112233FF")
        #expect(fixture.server.requests.allSatisfy { $0.headers["accept-encoding"]?.contains("gzip") == true })

        // What an encoded body decodes to is what the limit counts, as it arrives.
        let small = fixture.source(limits: RemoteFixture.patientLimits { $0.maxIndexSize = 100 })
        let refused = await small.update(force: true)
        guard case .failed(.tooLarge(_, let limit)) = refused else { Issue.record("expected too large, got \(refused)"); return }
        #expect(limit == 100)
    }

    /// `Int.max` for "no limit" trapped reading the cache back (the limit plus one byte), on
    /// every start; a negative limit trapped making the range of sizes the index may give.
    @Test("limits at either end of Int: the largest reads and rereads the cache, a negative one refuses, neither traps")
    func extremeLimits() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let unbounded = RemoteFixture.patientLimits { ($0.maxIndexSize, $0.maxFileSize, $0.maxTotalSize) = (.max, .max, .max) }
        guard case .updated = await fixture.source(limits: unbounded).update() else { Issue.record("expected an update"); return }
        #expect(RemoteFixture.textColor(fixture.source(limits: unbounded).cachedThemes, "Sunny") == "#112233FF")
        let negative = RemoteFixture.patientLimits { ($0.maxIndexSize, $0.maxFileSize, $0.maxTotalSize) = (-1, -1, -1) }
        let refused = fixture.source(limits: negative)
        #expect(refused.cachedThemes.isEmpty)
        guard case .failed(.tooLarge) = await refused.update(force: true) else { Issue.record("expected a refusal"); return }
    }

    @Test("a new version fetches only the files whose hash changed")
    func onlyChangedFiles() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        let second = try fixture.publishSecondVersion()
        fixture.server.clearRequests()
        guard case .updated(let summary) = await source.update() else { Issue.record("expected an update"); return }
        #expect(summary.filesFetched == 1)
        #expect(fixture.server.requests.map(\.path) == ["index.json", try #require(second.index.entry(named: "Sunny")?.path)])
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#AA0000FF")
        #expect(RemoteFixture.textColor(source.cachedThemes, "Night") == "#445566FF")
    }

    @Test("Cache-Control max-age: no request while the index is fresh, unless forced")
    func maxAge() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        fixture.server.setCacheControl("public, max-age=600")
        let source = fixture.source()
        _ = await source.update()
        fixture.server.clearRequests()
        guard case .fresh(let until) = await source.update() else { Issue.record("expected fresh"); return }
        #expect(until > Date().addingTimeInterval(500))
        #expect(fixture.server.requests.isEmpty)
        #expect(await source.update(force: true) == .notModified)
        #expect(fixture.server.requests.count == 1)

        fixture.server.setCacheControl("no-cache, max-age=600")
        _ = await source.update(force: true)
        fixture.server.clearRequests()
        #expect(await source.update() == .notModified)
        #expect(fixture.server.requests.count == 1)
    }

    /// `max-age` is not signed, and a CDN that gives every file a year (as the theme files
    /// should have) stopped updates for a year; an answer recorded under a clock set ahead
    /// stopped them until that date came.
    @Test("freshness is at most the limit's, and an answer from the future is not fresh", arguments: [
        (maxAge: 600, checkedAgo: 60.0, fresh: 540.0 as Double?),
        (maxAge: 31_536_000, checkedAgo: 60, fresh: 86_340),
        (maxAge: 600, checkedAgo: 600, fresh: nil),
        (maxAge: 600, checkedAgo: -3_600, fresh: nil),
        (maxAge: 0, checkedAgo: 0, fresh: nil),
    ])
    func freshness(maxAge: Int, checkedAgo: Double, fresh: Double?) {
        let now = Date(timeIntervalSince1970: 1_795_600_000)
        let state = CacheHTTPState(version: "1-abc", checked: now.addingTimeInterval(-checkedAgo), maxAge: maxAge)
        #expect(state.freshUntil(at: now, atMost: .seconds(86_400)).map { $0.timeIntervalSince(now) } == fresh)
    }

    @Test("a year's max-age keeps a source from asking no longer than its limit")
    func freshnessLimit() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        fixture.server.setCacheControl("public, max-age=31536000, immutable")
        let source = fixture.source(limits: RemoteFixture.patientLimits { $0.maxFreshness = .zero })
        _ = await source.update()
        fixture.server.clearRequests()
        #expect(await source.update() == .notModified)
        #expect(fixture.server.requests.map(\.path) == ["index.json"])
        let sameCache = fixture.source()
        guard case .fresh(let until) = await sameCache.update() else { Issue.record("expected fresh"); return }
        #expect(until < Date().addingTimeInterval(86_401))
    }

    /// What a server or network fault does to a source that already holds version 1 while
    /// version 2 is published.
    enum Fault: String, CaseIterable, Sendable {
        case indexNotFound, serverError, indexCutShort, fileCutShort, fileLargerThanIndexSays, fileLargerUnannounced,
             indexTooLarge, redirectToOtherScheme, serverStopsMidUpdate, slowServer
    }

    @Test("a server or network fault keeps the themes held and says why", arguments: Fault.allCases)
    func faults(_ fault: Fault) async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        // Version 1 is fetched with patient limits; the source that meets the fault holds it. Only
        // the slow server's case has a short request time limit: in the others a time-out that a
        // busy task pool let pass would hide the fault under test.
        guard case .updated = await fixture.source().update() else { Issue.record("version 1 was not fetched"); return }
        let source = fixture.source(limits: RemoteFixture.patientLimits {
            $0.maxIndexSize = 4096
            if fault == .slowServer { $0.requestTimeout = .milliseconds(500) }
        })
        let second = try fixture.publishSecondVersion()
        let sunnyFile = try #require(second.index.entry(named: "Sunny")?.path)
        switch fault {
        case .indexNotFound: fixture.server.setBehavior(.status(404), for: "index.json")
        case .serverError: fixture.server.setBehavior(.status(500), for: "index.json")
        case .indexCutShort: fixture.server.setBehavior(.cutShort(after: 40), for: "index.json")
        case .fileCutShort: fixture.server.setBehavior(.cutShort(after: 100), for: sunnyFile)
        case .fileLargerThanIndexSays: fixture.server.setBehavior(.padded(extra: 10), for: sunnyFile)
        case .fileLargerUnannounced: fixture.server.setBehavior(.paddedUnannounced(extra: 10), for: sunnyFile)
        case .indexTooLarge: fixture.server.setBehavior(.paddedUnannounced(extra: 5000), for: "index.json")
        case .redirectToOtherScheme: fixture.server.setBehavior(.redirect(to: "ftp://127.0.0.1/index.json"), for: "index.json")
        case .serverStopsMidUpdate: fixture.server.setBehavior(.stopServer, for: sunnyFile)
        // Ten minutes: no wait of the task pool lets the answer arrive before the time-out fires.
        case .slowServer: fixture.server.setBehavior(.delay(milliseconds: 600_000), for: "index.json")
        }
        let outcome = await source.update(force: true)
        let error = try #require(outcome.error, "expected a failure, got \(outcome)")
        switch (fault, error) {
        case (.indexNotFound, .httpStatus(_, 404)), (.serverError, .httpStatus(_, 500)),
             (.indexCutShort, .network), (.fileCutShort, .network), (.serverStopsMidUpdate, .network), (.slowServer, .network),
             (.fileLargerThanIndexSays, .tooLarge), (.fileLargerUnannounced, .tooLarge), (.indexTooLarge, .tooLarge),
             (.redirectToOtherScheme, .redirectRefused):
            break
        default:
            Issue.record("\(fault): unexpected \(error)")
        }
        #expect(error.diagnostics.allSatisfy { $0.code == .network })
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#112233FF")
        #expect(await source.index?.sequence == nil || fixture.cachedVersions.count == 1)
        // A new source over the same cache (the app's next start) holds version 1 whole.
        #expect(RemoteFixture.textColor(fixture.source().cachedThemes, "Sunny") == "#112233FF")
    }

    @Test("a slow server times out with a sentence that says so")
    func timeoutSentence() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        // Ten minutes: no wait of the task pool lets the answer arrive before the time-out fires.
        fixture.server.setBehavior(.delay(milliseconds: 600_000), for: "index.json")
        let started = ContinuousClock.now
        let outcome = await fixture.source(limits: RemoteFetchLimits(requestTimeout: .milliseconds(300))).update()
        // Not a timing assertion: a time-out that fires at once (as FoundationNetworking's own
        // does for a limit under a second) would also say "time".
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        guard case .network(_, let reason)? = outcome.error else { Issue.record("expected a network failure, got \(outcome)"); return }
        #expect(reason.contains("time"))
    }

    @Test("passing failures are retried with backoff; a 404 is not")
    func retries() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let retry = RemoteRetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(20), maxDelay: .milliseconds(50))
        fixture.server.setBehavior(.status(503), for: "index.json")
        #expect(await fixture.source(retry: retry).update().error == .httpStatus(url: fixture.server.url("index.json").absoluteString, status: 503))
        #expect(fixture.server.requests.count == 3)
        fixture.server.clearRequests()
        fixture.server.setBehavior(.status(404), for: "index.json")
        _ = await fixture.source(retry: retry).update()
        #expect(fixture.server.requests.count == 1)
        fixture.server.clearRequests()
        fixture.server.resetBehaviors()
        #expect(await fixture.source(retry: retry).update().succeeded)
    }

    @Test("the backoff grows exponentially up to its cap, with full jitter")
    func backoff() {
        let policy = RemoteRetryPolicy(maxAttempts: 9, initialDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(policy.delay(beforeAttempt: 2, random: 1) == .milliseconds(100))
        #expect(policy.delay(beforeAttempt: 3, random: 1) == .milliseconds(200))
        #expect(policy.delay(beforeAttempt: 5, random: 1) == .milliseconds(800))
        #expect(policy.delay(beforeAttempt: 6, random: 1) == .seconds(1))
        #expect(policy.delay(beforeAttempt: 6, random: 0.5) == .milliseconds(500))
        #expect(policy.delay(beforeAttempt: 3, random: 0) == .zero)
    }

    @Test("a redirect within the scheme is followed; more redirects than allowed are refused")
    func redirects() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        try FileManager.default.copyItem(atPath: fixture.published + "/index.json", toPath: fixture.published + "/moved.json")
        fixture.server.setBehavior(.redirect(to: fixture.server.url("moved.json").absoluteString), for: "index.json")
        #expect(await fixture.source().update().succeeded)
        let loop = try RemoteFixture()
        try loop.publishFirstVersion()
        loop.server.setBehavior(.redirect(to: loop.server.url("index.json").absoluteString), for: "index.json")
        guard case .redirectRefused(_, let reason)? = await loop.source().update().error else { Issue.record("expected a refused redirect"); return }
        #expect(reason.contains("more than 3 redirects"))
    }

    @Test("an index signed by a key that is not pinned is refused, naming the keys")
    func unpinnedKey() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        let stranger = ThemeSigningKey()
        try fixture.publish([RemoteFixture.theme("Sunny", textColor: "#AA0000")], keys: [stranger])
        guard case .untrustedSignature(_, let reason)? = await source.update().error else { Issue.record("expected a refusal"); return }
        #expect(reason.contains(stranger.verifyingKey.keyID) && reason.contains(fixture.key.verifyingKey.keyID))
        #expect(source.cachedThemes.count == 2)
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#112233FF")
    }

    @Test("rotation: an app pinning the old and the new key takes an index signed by the new one only")
    func rotation() async throws {
        let fixture = try RemoteFixture()
        let newKey = ThemeSigningKey()
        try fixture.publish([RemoteFixture.theme("Sunny", textColor: "#112233")], keys: [newKey])
        let pinsBoth = fixture.source(keys: [fixture.key.verifyingKey, newKey.verifyingKey])
        #expect(await pinsBoth.update().succeeded)
        // During the rotation the publisher signs with both, so apps pinning only the old key follow too.
        try fixture.publish([RemoteFixture.theme("Sunny", textColor: "#AA0000")], keys: [fixture.key, newKey])
        let pinsOld = RemoteThemeSource(baseURL: fixture.server.url(), publicKeys: [fixture.key.verifyingKey],
                                        cacheDirectory: fixture.root + "/other-cache", retry: .never)
        #expect(await pinsOld.update().succeeded)
        #expect(await pinsBoth.update().succeeded)
    }

    @Test("a payload changed after signing is refused")
    func tamperedPayload() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let path = fixture.published + "/index.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        // Re-encode the payload with one theme's styles changed: still valid JSON, not what was signed.
        let payloadRange = try #require(text.range(of: #"(?<="payload": ")[^"]+"#, options: .regularExpression))
        let payload = String(decoding: try #require(Data(base64Encoded: String(text[payloadRange]))), as: UTF8.self)
        text.replaceSubrange(payloadRange, with: Data(payload.replacingOccurrences(of: "\"dark\"", with: "\"dusk\"").utf8).base64EncodedString())
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .untrustedSignature(_, let reason)? = await fixture.source().update().error else { Issue.record("expected a refusal"); return }
        #expect(reason.contains("does not match"))
    }

    @Test("a right signature with one tampered file is refused by its hash")
    func tamperedFile() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        let second = try fixture.publishSecondVersion()
        let file = fixture.publishedFile(of: "Sunny", in: second)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: file))
        guard case .integrity(_, let reason)? = await source.update().error else { Issue.record("expected an integrity failure"); return }
        #expect(reason.contains("SHA-256"))
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#112233FF")
    }

    @Test("a signed theme that does not load is refused with its diagnostics")
    func signedButBroken() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        // A compiled file with a byte changed inside its payload, signed as it is: the signature
        // and hash hold, the compiled reader's checksum does not.
        let theme = try RemoteFixture.theme("Sunny", textColor: "#AA0000")
        var bytes = CompiledTheme.encode(theme, images: .embedded { $0.data ?? Data() })
        bytes[bytes.count - 3] ^= 0x01
        let digest = CompiledThemeCheck.digest(bytes)
        try FileManager.default.createDirectory(atPath: fixture.published + "/themes", withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: fixture.published + "/themes/\(digest).themec"))
        let index = RemoteIndex(sequence: Int(Date().timeIntervalSince1970) + 10, published: Date(timeIntervalSince1970: 1_800_000_000), themes: [
            RemoteIndex.Entry(name: "Sunny", path: "themes/\(digest).themec", size: bytes.count, sha256: digest, styles: ["light", "dark"]),
        ])
        try SignedIndex.sign(index, with: [fixture.key]).write(to: URL(fileURLWithPath: fixture.published + "/index.json"))
        guard case .themeDoesNotLoad(let name, let diagnostics)? = await source.update().error else { Issue.record("expected a refusal"); return }
        #expect(name == "Sunny" && diagnostics.contains { $0.code == .syntax })
        #expect(source.cachedThemes.count == 2)
    }

    @Test("an older signed index (a replay) is refused")
    func rollback() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let old = try Data(contentsOf: URL(fileURLWithPath: fixture.published + "/index.json"))
        let source = fixture.source()
        _ = await source.update()
        try fixture.publishSecondVersion()
        #expect(await source.update().succeeded)
        try old.write(to: URL(fileURLWithPath: fixture.published + "/index.json"))
        guard case .rollback? = await source.update().error else { Issue.record("expected a rollback refusal"); return }
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#AA0000FF")
    }

    @Test("two updates at once share one: one index request, one result, one version in the cache")
    func racingUpdates() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        fixture.server.setBehavior(.delay(milliseconds: 200), for: "index.json")
        let source = fixture.source()
        async let first = source.update()
        async let second = source.update()
        let (a, b) = await (first, second)
        #expect(a == b && a.succeeded)
        #expect(fixture.server.requests.filter { $0.path == "index.json" }.count == 1)
        #expect(fixture.cachedVersions.count == 1)
    }

    @Test("two sources on one cache (two processes) take turns and leave one whole version")
    func twoSourcesOneCache() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let (one, two) = (fixture.source(), fixture.source())
        async let first = one.update()
        async let second = two.update()
        let (a, b) = await (first, second)
        #expect(a.succeeded && b.succeeded)
        #expect(fixture.cachedVersions.count == 1 && fixture.cacheLeftovers.isEmpty)
        #expect(RemoteFixture.textColor(fixture.source().cachedThemes, "Night") == "#445566FF")
    }

    @Test("a cache that cannot be written refuses the update and keeps the held themes")
    func unwritableCache() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        try fixture.publishSecondVersion()
        // The lock file replaced by a directory: nothing can take the lock, even as root (for
        // whom permission bits do not stop writes).
        try FileManager.default.removeItem(atPath: fixture.cache + "/.remote/lock")
        try FileManager.default.createDirectory(atPath: fixture.cache + "/.remote/lock", withIntermediateDirectories: false)
        guard case .cacheUnwritable? = await source.update().error else { Issue.record("expected an unwritable cache"); return }
        #expect(RemoteFixture.textColor(source.cachedThemes, "Sunny") == "#112233FF")

        // A cache directory under a regular file: there is nothing to hold, and it says so.
        let file = fixture.root + "/plain-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let nowhere = RemoteThemeSource(baseURL: fixture.server.url(), publicKeys: [fixture.key.verifyingKey], cacheDirectory: file + "/cache", retry: .never)
        guard case .cacheUnwritable? = await nowhere.update().error else { Issue.record("expected an unwritable cache"); return }
        #expect(nowhere.cachedThemes.isEmpty)
    }

    @Test("a process killed at any step of a write leaves the old version or the new one, whole", arguments: CacheStep.allCases)
    func killedMidWrite(after step: CacheStep) async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        try fixture.publishSecondVersion()
        await source.interruptWrites(after: step)
        #expect(await source.update().error != nil)
        // The next start reads whatever the disk holds.
        let restarted = fixture.source()
        let sunny = RemoteFixture.textColor(restarted.cachedThemes, "Sunny")
        let swapped = [CacheStep.swappedCurrent, .linkedThemes].contains(step)
        #expect(sunny == (swapped ? "#AA0000FF" : "#112233FF"))
        #expect(RemoteFixture.textColor(restarted.cachedThemes, "Night") == "#445566FF")
        // And the next update completes and clears what the killed one left.
        let outcome = await restarted.update(force: true)
        #expect(outcome.succeeded, "\(outcome)")
        #expect(RemoteFixture.textColor(restarted.cachedThemes, "Sunny") == "#AA0000FF")
        #expect(fixture.cacheLeftovers.isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.cache + "/Sunny.themec"))
    }

    @Test("a cached version changed on disk is not trusted: the newest older version that verifies is used")
    func tamperedCache() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        let source = fixture.source()
        _ = await source.update()
        try fixture.publishSecondVersion()
        _ = await source.update()
        #expect(fixture.cachedVersions.count == 2)
        try fixture.tamperWithCachedFile(of: "Sunny")
        let restarted = fixture.source()
        #expect(RemoteFixture.textColor(restarted.cachedThemes, "Sunny") == "#112233FF")
        // Pinned to another key, nothing in the cache counts.
        #expect(fixture.source(keys: [ThemeSigningKey().verifyingKey]).cachedThemes.isEmpty)
    }

    @Test("cancelling the task stops an update at once and changes nothing")
    func cancellation() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        // The server would answer after ten minutes and the request time limit is five: only
        // the cancellation ends the update within the bound below, however long the task pool
        // keeps the test waiting.
        fixture.server.setBehavior(.delay(milliseconds: 600_000), for: "index.json")
        let source = fixture.source(limits: RemoteFixture.patientLimits { $0.requestTimeout = .seconds(300) })
        let started = ContinuousClock.now
        let task = Task { await source.update() }
        // Wait until the server has the request (polling what it saw, not sleeping on a guess).
        while fixture.server.requests.isEmpty { await Task.yield() }
        task.cancel()
        let outcome = await task.value
        #expect(outcome.error == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(200))
        #expect(source.cachedThemes.isEmpty && fixture.cachedVersions.isEmpty)
    }

    @Test("the whole update is bounded: retries stop at the total time limit")
    func totalTimeLimit() async throws {
        let fixture = try RemoteFixture()
        try fixture.publishFirstVersion()
        fixture.server.setBehavior(.status(503), for: "index.json")
        let limits = RemoteFetchLimits(requestTimeout: .seconds(5), totalTimeout: .milliseconds(300))
        let retry = RemoteRetryPolicy(maxAttempts: 100, initialDelay: .milliseconds(100), maxDelay: .milliseconds(100))
        let outcome = await fixture.source(limits: limits, retry: retry).update()
        #expect(outcome.error != nil)
        #expect(fixture.server.requests.count < 100)
    }
}
