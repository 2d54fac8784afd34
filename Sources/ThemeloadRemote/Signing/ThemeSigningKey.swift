import Crypto
import Foundation

/// A private Ed25519 key that signs theme indexes (`themeload publish --private-key`). Keep it
/// off the app and off the web server; the app pins its ``verifyingKey``.
public struct ThemeSigningKey: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() {
        key = Curve25519.Signing.PrivateKey()
    }

    /// A key from a PEM `PRIVATE KEY` block (PKCS #8, as `themeload keygen` and
    /// `openssl genpkey -algorithm ed25519` write).
    public init(pem: String) throws(KeyFileError) {
        let seed = try Ed25519KeyFile.keyBytes(pem: pem, label: Ed25519KeyFile.privateLabel, prefix: Ed25519KeyFile.privateKeyPrefix).get()
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
            throw KeyFileError("the PRIVATE KEY block does not hold a usable Ed25519 key")
        }
        self.key = key
    }

    /// The key as a PEM `PRIVATE KEY` block.
    public var pemRepresentation: String {
        Ed25519KeyFile.pem(label: Ed25519KeyFile.privateLabel, prefix: Ed25519KeyFile.privateKeyPrefix, key: key.rawRepresentation)
    }

    /// The public half, for apps to pin.
    public var verifyingKey: ThemeVerifyingKey {
        ThemeVerifyingKey(validated: key.publicKey.rawRepresentation)
    }

    /// The Ed25519 signature of `message`.
    func signature(for message: Data) -> Data {
        // Signing with a valid key only fails if the system's random source does.
        guard let signature = try? key.signature(for: message) else {
            preconditionFailure("Ed25519 signing failed: the system's random source is unavailable")
        }
        return signature
    }
}
