import Crypto
import Foundation
import Themeload

/// The file a server serves as `index.json`: an index payload, byte for byte as it was signed
/// (base64, so no JSON re-encoding can change what was signed), with one or more Ed25519
/// signatures, each naming its key (docs/SPEC.md section 13).
///
/// ```json
/// {"format": 1, "payload": "ewogICJmb3JtYXQiOiAx…", "signatures": [{"keyID": "5f0c…", "signature": "…"}]}
/// ```
public enum SignedIndex {
    /// The name of the signed index beside the files it lists.
    public static let fileName = "index.json"
    /// What a signature covers: this prefix, then the payload bytes (so a signature over an index
    /// can never be mistaken for one over anything else).
    /// (Computed: a `Data` in a global keeps its buffer behind a tagged pointer that
    /// LeakSanitizer cannot follow, so the fuzz targets would report it as leaked.)
    static var signingContext: Data { Data("themeload-index-v1\n".utf8) }
    /// Most signatures one index may carry.
    static let maxSignatures = 16

    /// The signed index file of `index`, signed by every key of `keys` (more than one while
    /// clients rotate from an old key to a new one).
    public static func sign(_ index: RemoteIndex, with keys: [ThemeSigningKey]) -> Data {
        let payload = index.jsonData()
        let message = signingContext + payload
        var text = "{\n  \"format\": \(RemoteIndex.formatVersion),\n  \"payload\": \"\(payload.base64EncodedString())\",\n  \"signatures\": ["
        for (position, key) in keys.enumerated() {
            text += position == 0 ? "\n" : ",\n"
            text += "    {\"keyID\": \"\(key.verifyingKey.keyID)\", \"signature\": \"\(key.signature(for: message).base64EncodedString())\"}"
        }
        text += "\n  ]\n}\n"
        return Data(text.utf8)
    }

    /// The index in a signed index file, once a signature by one of `keys` verifies; the payload
    /// is not read before that, so nothing unsigned is ever parsed past the envelope.
    ///
    /// - Parameters:
    ///   - data: the bytes of `index.json`.
    ///   - keys: the pinned keys; any signature by one of them must verify, and one must.
    ///   - file: how diagnostics name the file (its URL or cache path).
    ///   - maxFileSize: the largest size a listed file may have.
    ///   - maxTotalSize: the largest sum of the listed files' sizes.
    /// - Throws: ``RemoteThemeError/invalidIndex(_:)`` for a malformed envelope or payload,
    ///   ``RemoteThemeError/untrustedSignature(url:reason:)`` when no pinned key signed it.
    public static func open(_ data: Data, file: String, trusting keys: [ThemeVerifyingKey],
                            maxFileSize: Int = RemoteFetchLimits.default.maxFileSize,
                            maxTotalSize: Int = RemoteFetchLimits.default.maxTotalSize) throws(RemoteThemeError) -> RemoteIndex {
        let envelope: Envelope
        do {
            envelope = try Envelope.read(data, file: file)
        } catch {
            throw .invalidIndex(error.diagnostics)
        }
        let message = signingContext + envelope.payload
        let pinned = Dictionary(keys.map { ($0.keyID, $0) }, uniquingKeysWith: { first, _ in first })
        let byPinnedKeys = envelope.signatures.filter { pinned[$0.keyID] != nil }
        guard !byPinnedKeys.isEmpty else {
            let named = envelope.signatures.map(\.keyID).joined(separator: ", ")
            throw .untrustedSignature(url: file, reason: "it is signed by \(named), none of them a pinned key (\(pinned.keys.sorted().joined(separator: ", ")))")
        }
        // Every signature by a pinned key must verify: a bad one is tampering, not rotation.
        for signed in byPinnedKeys where pinned[signed.keyID]?.isValidSignature(signed.signature, for: message) != true {
            throw .untrustedSignature(url: file, reason: "the signature by key \(signed.keyID) does not match the payload")
        }
        do {
            return try RemoteIndex.parse(envelope.payload, file: file + " (payload)", maxFileSize: maxFileSize, maxTotalSize: maxTotalSize)
        } catch {
            throw .invalidIndex(error.diagnostics)
        }
    }

    /// The parts of a signed index file, read but not yet verified.
    struct Envelope {
        struct Signature {
            var keyID: String
            var signature: Data
        }

        var payload: Data
        var signatures: [Signature]

        static func read(_ data: Data, file: String) throws(ThemeloadError) -> Envelope {
            let root = try JSONFormat().parse(FormatInput(bytes: data, file: file))
            var reader = StrictObjectReader(root, path: .root, what: "a signed index")
            let format = reader.integer("format")
            reader.expect(format == nil || format == RemoteIndex.formatVersion, .unsupportedFormat, at: "format",
                          "signed index format \(format ?? 0) is not one this library reads (\(RemoteIndex.formatVersion)); update the app")
            let payloadText = reader.string("payload")
            let payload = payloadText.flatMap { Data(base64Encoded: $0) }
            reader.expect(payloadText == nil || payload != nil, .type, at: "payload", "\"payload\" is not base64")
            var signatures: [Signature] = []
            for (position, node) in (reader.list("signatures", count: 1...maxSignatures) ?? []).enumerated() {
                var entry = StrictObjectReader(node, path: DocumentPath([.key("signatures"), .index(position)]), what: "a signature")
                let keyID = entry.string("keyID")
                let text = entry.string("signature")
                let signature = text.flatMap { Data(base64Encoded: $0) }
                entry.expect(text == nil || signature?.count == 64, .type, at: "signature", "an Ed25519 signature is 64 bytes in base64")
                entry.expect(keyID.map { $0.utf8.count == 16 && RemoteIndex.isValidDigest(String(repeating: "0", count: 48) + $0) } ?? true,
                             .type, at: "keyID", "a key ID is 16 lowercase hex digits")
                reader.absorb(entry)
                if let keyID, let signature, signature.count == 64 { signatures.append(Signature(keyID: keyID, signature: signature)) }
            }
            try reader.finish()
            guard let payload else { throw ThemeloadError(.type, "the signed index has no payload", at: SourceLocation(file: file)) }
            return Envelope(payload: payload, signatures: signatures)
        }
    }
}
