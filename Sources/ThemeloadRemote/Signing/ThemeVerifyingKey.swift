import Crypto
import Foundation

/// A public Ed25519 key an app pins: a remote index counts only if a pinned key signed it.
///
/// Pin more than one to rotate keys: publish with the new key (and, while clients still pin
/// only the old one, the old key too), ship an app that pins both, then retire the old one.
///
/// ```swift
/// let key = try ThemeVerifyingKey(pem: String(contentsOfFile: "themes-public.pem", encoding: .utf8))
/// ```
public struct ThemeVerifyingKey: Sendable, Hashable {
    /// The 32 bytes of the key.
    public let rawRepresentation: Data

    /// A key from its 32 raw bytes.
    public init(rawRepresentation: Data) throws(KeyFileError) {
        guard rawRepresentation.count == 32, (try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation)) != nil else {
            throw KeyFileError("an Ed25519 public key is 32 bytes, not \(rawRepresentation.count)")
        }
        self.rawRepresentation = rawRepresentation
    }

    /// A key from bytes CryptoKit itself produced.
    init(validated rawRepresentation: Data) {
        self.rawRepresentation = rawRepresentation
    }

    /// A key from a PEM `PUBLIC KEY` block (as `themeload keygen` and `openssl pkey -pubout` write).
    public init(pem: String) throws(KeyFileError) {
        let bytes = try Ed25519KeyFile.keyBytes(pem: pem, label: Ed25519KeyFile.publicLabel, prefix: Ed25519KeyFile.publicKeyPrefix).get()
        try self.init(rawRepresentation: bytes)
    }

    /// The key as a PEM `PUBLIC KEY` block.
    public var pemRepresentation: String {
        Ed25519KeyFile.pem(label: Ed25519KeyFile.publicLabel, prefix: Ed25519KeyFile.publicKeyPrefix, key: rawRepresentation)
    }

    /// The key's identifier in signed indexes: the first 8 bytes of the SHA-256 of its raw bytes,
    /// in lowercase hex.
    public var keyID: String {
        SHA256.hash(data: rawRepresentation).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `signature` is this key's signature of `message`.
    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}
