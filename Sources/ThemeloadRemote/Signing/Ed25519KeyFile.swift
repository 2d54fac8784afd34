import Foundation

/// The PEM files Ed25519 keys are kept in: a public key as `PUBLIC KEY` (X.509
/// SubjectPublicKeyInfo, RFC 8410) and a private key as `PRIVATE KEY` (PKCS #8, RFC 8410), the
/// forms `openssl genpkey -algorithm ed25519` writes and `openssl pkey` reads.
///
/// For Ed25519 both DER structures are a fixed prefix followed by the 32 key bytes, so reading
/// is an exact comparison of the prefix, never a general ASN.1 parse of untrusted bytes.
enum Ed25519KeyFile {
    /// SEQUENCE { SEQUENCE { OID 1.3.101.112 } BIT STRING (0 unused bits) … }
    static let publicKeyPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]
    /// SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING … } }
    static let privateKeyPrefix: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]

    static let publicLabel = "PUBLIC KEY"
    static let privateLabel = "PRIVATE KEY"

    /// The PEM text of 32 key bytes under `label`.
    static func pem(label: String, prefix: [UInt8], key: Data) -> String {
        let body = (Data(prefix) + key).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
    }

    /// The 32 key bytes of PEM text with `label`, or a sentence saying why there are none.
    static func keyBytes(pem text: String, label: String, prefix: [UInt8]) -> Result<Data, KeyFileError> {
        let begin = "-----BEGIN \(label)-----", end = "-----END \(label)-----"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            let other = text.contains("-----BEGIN ") ? " (it holds another kind of PEM block)" : ""
            return .failure(KeyFileError("no \"\(begin)\" block\(other)"))
        }
        let base64 = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
        guard let der = Data(base64Encoded: String(base64)) else {
            return .failure(KeyFileError("the \(label) block is not valid base64"))
        }
        guard der.count == prefix.count + 32, der.prefix(prefix.count).elementsEqual(prefix) else {
            return .failure(KeyFileError("the \(label) block is not an Ed25519 key (expected \(prefix.count + 32) DER bytes with the Ed25519 algorithm identifier)"))
        }
        return .success(Data(der.suffix(32)))
    }
}

/// Why a key file could not be read.
public struct KeyFileError: Error, Sendable, CustomStringConvertible {
    /// A sentence saying what is wrong.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
