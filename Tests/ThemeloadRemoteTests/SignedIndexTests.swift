import Foundation
import Testing
import Themeload
@testable import ThemeloadRemote

/// Keys, signatures and the index format (docs/SPEC.md section 13), without a network.
@Suite("Signed indexes and keys")
struct SignedIndexTests {
    static let entry = RemoteIndex.Entry(name: "Holiday", path: "themes/\(String(repeating: "ab", count: 32)).themec", size: 120,
                                         sha256: String(repeating: "ab", count: 32), styles: ["light", "dark"])
    static let index = RemoteIndex(sequence: 42, published: Date(timeIntervalSince1970: 1_795_000_000), themes: [entry])

    @Test("keys round-trip through PEM, and a key ID is the first 8 bytes of the SHA-256 of the key")
    func keys() throws {
        let key = ThemeSigningKey()
        let again = try ThemeSigningKey(pem: key.pemRepresentation)
        #expect(again.verifyingKey == key.verifyingKey)
        let publicKey = try ThemeVerifyingKey(pem: key.verifyingKey.pemRepresentation)
        #expect(publicKey == key.verifyingKey)
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI"))
        #expect(key.verifyingKey.pemRepresentation.hasPrefix("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA"))
        // RFC 8032 test 1's public key; its SHA-256 starts 21fe31dfa154a261 (checked with sha256sum).
        let rfcKey = try ThemeVerifyingKey(rawRepresentation: Data(hex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"))
        #expect(rfcKey.keyID == "21fe31dfa154a261")
    }

    @Test("a key file that is not an Ed25519 key says what it holds")
    func badKeyFiles() {
        #expect(throws: KeyFileError.self) { try ThemeVerifyingKey(pem: "nothing here") }
        do {
            _ = try ThemeVerifyingKey(pem: ThemeSigningKey().pemRepresentation)
            Issue.record("a private key was taken for a public one")
        } catch {
            #expect(error.description.contains("another kind of PEM block"))
        }
        // A P-256 public key: a PUBLIC KEY block with another algorithm.
        let p256 = "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEVs/o5+uQbTjL3chynL4wXgUg2R9\nq9UU8I5mEovUf86QZ7kOBIjJwqnzD1omageEHWwHdBO6B+dFabmdT9POxg==\n-----END PUBLIC KEY-----\n"
        do {
            _ = try ThemeVerifyingKey(pem: p256)
            Issue.record("a P-256 key was taken")
        } catch {
            #expect(error.description.contains("not an Ed25519 key"))
        }
    }

    @Test("openssl reads the keys: its public key of our private key is our public key", .enabled(if: SignedIndexTests.openssl != nil))
    func opensslInterop() throws {
        let key = ThemeSigningKey()
        let directory = NSTemporaryDirectory() + "themeload-keys-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try key.pemRepresentation.write(toFile: directory + "/private.pem", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.openssl))
        process.arguments = ["pkey", "-in", directory + "/private.pem", "-pubout"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: output, as: UTF8.self) == key.verifyingKey.pemRepresentation)
    }

    static let openssl: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("a signed index opens with a pinned key, and gives back the index")
    func roundTrip() throws {
        let key = ThemeSigningKey()
        let data = SignedIndex.sign(Self.index, with: [key])
        #expect(try SignedIndex.open(data, file: "index.json", trusting: [key.verifyingKey]) == Self.index)
        // Signed by two keys, either one alone opens it.
        let other = ThemeSigningKey()
        let both = SignedIndex.sign(Self.index, with: [key, other])
        #expect(try SignedIndex.open(both, file: "index.json", trusting: [other.verifyingKey]) == Self.index)
    }

    @Test("a signature over another payload, or by another key under a pinned key's ID, is refused")
    func forgedSignature() throws {
        let key = ThemeSigningKey(), forger = ThemeSigningKey()
        var text = String(decoding: SignedIndex.sign(Self.index, with: [forger]), as: UTF8.self)
        text = text.replacingOccurrences(of: forger.verifyingKey.keyID, with: key.verifyingKey.keyID)
        #expect(throws: RemoteThemeError.untrustedSignature(url: "index.json", reason: "the signature by key \(key.verifyingKey.keyID) does not match the payload")) {
            try SignedIndex.open(Data(text.utf8), file: "index.json", trusting: [key.verifyingKey])
        }
    }

    /// Payloads breaking one rule each, and the code each must give.
    static let badPayloads: [(String, DiagnosticCode)] = [
        (#"{"format": 2, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": []}"#, .unsupportedFormat),
        (#"{"format": 1, "sequence": -1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON())]}"#, .type),
        (#"{"format": 1, "sequence": 1, "published": "yesterday", "themes": [\#(entryJSON())]}"#, .type),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": []}"#, .limitExceeded),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(path: "../etc/passwd"))]}"#, .assetOutsideBundle),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(path: "/abs.themec"))]}"#, .assetOutsideBundle),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(name: "../Evil"))]}"#, .type),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(digest: "ABC"))]}"#, .type),
        // 128 characters, but 384 bytes: NAME.themec passes the 255 bytes of a file name.
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(name: String(repeating: "日", count: 128)))]}"#, .type),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(name: "a" + String(repeating: "\u{301}", count: 130)))]}"#, .type),
        // One file on a case-insensitive disk (macOS's by default).
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(name: "Blossom")), \#(entryJSON(name: "blossom", path: "b.themec"))]}"#, .duplicateKey),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(name: "Straße")), \#(entryJSON(name: "STRASSE", path: "b.themec"))]}"#, .duplicateKey),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(name: "Caf\u{E9}")), \#(entryJSON(name: "Cafe\u{301}", path: "b.themec"))]}"#, .duplicateKey),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON(size: "99999999999"))]}"#, .type),
        (#"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON()), \#(entryJSON(path: "b.themec"))]}"#, .duplicateKey),
        (#"{"format": 1, "sequence": 1, "sequence": 2, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON())]}"#, .duplicateKey),
        (#"{"format": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(entryJSON())]}"#, .type),
        (#"[1, 2]"#, .type),
        (#"{"format": 1,"#, .syntax),
    ]

    static func entryJSON(name: String = "Holiday", path: String = "a.themec", size: String = "10", digest: String = String(repeating: "0", count: 64)) -> String {
        #"{"name": "\#(name)", "path": "\#(path)", "size": \#(size), "sha256": "\#(digest)", "styles": ["light"]}"#
    }

    @Test("every rule of the payload is a diagnostic at its line", arguments: badPayloads)
    func badPayload(_ payload: String, _ code: DiagnosticCode) {
        do {
            _ = try RemoteIndex.parse(Data(payload.utf8), file: "index.json", maxFileSize: 1 << 20)
            Issue.record("accepted: \(payload)")
        } catch {
            #expect(error.codes.contains(code), "\(error)")
            #expect(error.diagnostics.allSatisfy { $0.file == "index.json" })
        }
    }

    @Test("names are compared as a case-insensitive disk would: the second of a pair is the problem, naming both")
    func caseClash() throws {
        let payload = #"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(Self.entryJSON(name: "Blossom")),\#n \#(Self.entryJSON(name: "BLOSSOM", path: "b.themec"))]}"#
        let error = #expect(throws: ThemeloadError.self) { try RemoteIndex.parse(Data(payload.utf8), file: "index.json") }
        #expect(error?.diagnostics.map(\.code) == [.duplicateKey])
        #expect(error?.diagnostics.first?.line == 2)
        #expect(error?.diagnostics.first?.keyPath == DocumentPath([.key("themes"), .index(1), .key("name")]))
        #expect(error?.diagnostics.first?.message == "the themes \"Blossom\" and \"BLOSSOM\" differ only in case or in how their characters are encoded, and would be one file in a cache on a case-insensitive disk")
    }

    @Test("files past the total size are one problem, at the entry whose size passes it")
    func totalSize() throws {
        let entries = (0..<4).map { Self.entryJSON(name: "T\($0)", path: "\($0).themec") }.joined(separator: ",\n")
        let payload = #"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#n\#(entries)]}"#
        #expect(try RemoteIndex.parse(Data(payload.utf8), file: "index.json", maxTotalSize: 40).themes.count == 4)
        let error = #expect(throws: ThemeloadError.self) { try RemoteIndex.parse(Data(payload.utf8), file: "index.json", maxTotalSize: 25) }
        #expect(error?.diagnostics.map(\.line) == [4])
        #expect(error?.diagnostics.first?.keyPath == DocumentPath([.key("themes"), .index(2), .key("size")]))
        #expect(error?.diagnostics.first?.message == "the files listed up to here add up to 30 bytes, more than the 25 a client fetches for one index (RemoteFetchLimits.maxTotalSize)")
    }

    @Test("a name of 248 bytes is the longest: NAME.themec is then 255 bytes, a file name's most")
    func longestName() throws {
        let longest = String(repeating: "日", count: 82) + "ab"
        #expect(longest.utf8.count == 248)
        let payload = #"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(Self.entryJSON(name: longest))]}"#
        #expect(try RemoteIndex.parse(Data(payload.utf8), file: "index.json").themes.map(\.name) == [longest])
        let tooLong = #"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(Self.entryJSON(name: longest + "c"))]}"#
        let error = #expect(throws: ThemeloadError.self) { try RemoteIndex.parse(Data(tooLong.utf8), file: "index.json") }
        #expect(error?.diagnostics.first?.message.hasSuffix("cannot name a theme: 1 to 128 characters and at most 248 bytes of UTF-8, no control character, / \\ or :, not starting with .") == true)
    }

    @Test("a name is refused where its file in the cache would be hidden, a `.` first, whatever mark follows it", arguments: [
        (".hidden", false), (".\u{301}x", false), (".\u{64B}x", false), ("\u{301}x", true), ("a.b", true),
    ])
    func hiddenNames(name: String, valid: Bool) throws {
        let payload = #"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "themes": [\#(Self.entryJSON(name: name))]}"#
        if valid {
            #expect(try RemoteIndex.parse(Data(payload.utf8), file: "index.json").themes.map { Array($0.name.utf8) } == [Array(name.utf8)])
        } else {
            let error = #expect(throws: ThemeloadError.self) { try RemoteIndex.parse(Data(payload.utf8), file: "index.json") }
            #expect(error?.diagnostics.first?.message.hasSuffix("not starting with .") == true)
        }
    }

    @Test("an unknown field is ignored: a reader that does not need it can still read the index")
    func unknownField() throws {
        let payload = #"{"format": 1, "sequence": 1, "published": "2026-11-23T10:00:00Z", "notes": "x", "themes": [\#(Self.entryJSON())]}"#
        #expect(try RemoteIndex.parse(Data(payload.utf8), file: "index.json").themes.map(\.name) == ["Holiday"])
    }

    @Test("a malformed envelope is an invalid index with the line and column, never a crash")
    func badEnvelope() {
        let envelope = "{\n  \"format\": 1,\n  \"payload\": 7,\n  \"signatures\": []\n}\n"
        do {
            _ = try SignedIndex.open(Data(envelope.utf8), file: "index.json", trusting: [ThemeSigningKey().verifyingKey])
            Issue.record("accepted")
        } catch {
            guard case .invalidIndex(let diagnostics) = error else { Issue.record("\(error)"); return }
            #expect(diagnostics.contains { $0.line == 3 && $0.column == 14 && $0.code == .type })
            #expect(diagnostics.contains { $0.code == .limitExceeded && $0.line == 4 })
        }
    }

    @Test("the payload's JSON is what parse reads back, quotes escaped")
    func payloadText() throws {
        var odd = Self.entry
        odd.name = "Quote \" and café"
        let index = RemoteIndex(sequence: 7, published: Date(timeIntervalSince1970: 1_795_000_000), themes: [odd])
        #expect(try RemoteIndex.parse(index.jsonData(), file: "i") == index)
        #expect(String(decoding: index.jsonData(), as: UTF8.self).contains(#""name": "Quote \" and café""#))
        #expect(String(decoding: index.jsonData(), as: UTF8.self).contains(#""published": "2026-11-18T11:06:40Z""#))
    }
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        self.init(bytes)
    }
}
