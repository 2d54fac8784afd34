import ArgumentParser
import Foundation
import ThemeloadRemote
import ThemeloadToolSupport

/// `themeload keygen --private-key FILE --public-key FILE`.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: RemoteCommandName.keygen.abstract,
        discussion: """
            Writes the private key (PKCS #8 PEM, readable by its owner only) and the public key \
            (SubjectPublicKeyInfo PEM), the forms openssl writes. Keep the private key where you \
            publish, never in the app or on the web server; pin the public key in the app.

            Example:
              themeload keygen --private-key keys/themes.pem --public-key Resources/themes-public.pem
            """
    )

    @Option(help: "Where to write the private key.", completion: .file())
    var privateKey: String

    @Option(help: "Where to write the public key.", completion: .file())
    var publicKey: String

    @Flag(help: "Replace a private key file that exists (its signatures stop verifying for apps that pin only it).")
    var force = false

    func run() throws {
        if !force, FileManager.default.fileExists(atPath: privateKey) {
            printError("error: \(privateKey) exists; a new key would orphan every app that pins the old one (use --force to replace it)")
            throw ExitCode(1)
        }
        let key = ThemeSigningKey()
        do {
            _ = FileManager.default.createFile(atPath: privateKey, contents: nil, attributes: [.posixPermissions: 0o600])
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: privateKey)
            try Data(key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: privateKey))
            try Data(key.verifyingKey.pemRepresentation.utf8).write(to: URL(fileURLWithPath: publicKey))
        } catch {
            printError("error: cannot write the keys: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("wrote the private key \(privateKey) and the public key \(publicKey) (key ID \(key.verifyingKey.keyID))")
    }
}

/// Reads a PEM key file for a command, or fails with a message saying why.
func readKeyFile<Key>(_ path: String, _ make: (String) throws(KeyFileError) -> Key) throws -> Key {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        printError("error: cannot read the key file \(path)")
        throw ExitCode(1)
    }
    do {
        return try make(text)
    } catch {
        printError("error: \(path): \(error)")
        throw ExitCode(1)
    }
}
