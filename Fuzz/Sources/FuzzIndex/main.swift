import Foundation
import FuzzSupport
import ThemeloadRemote

/// A pinned key no fuzz input can have signed for (RFC 8032's first test key): the envelope
/// reader and the signature check run on every input, and none may crash, hang or leak. Made per
/// input: a `Data` held in a global sits behind a tagged pointer LeakSanitizer cannot follow.
func pinnedKey() -> ThemeVerifyingKey? {
    let bytes: [UInt8] = [0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
                          0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a]
    return try? ThemeVerifyingKey(rawRepresentation: Data(bytes))
}

/// The program's entry (see `FuzzDriver`): fuzz bytes to the remote index readers. The first
/// byte picks the reader: even, a whole signed index (`SignedIndex.open`); odd, an index
/// payload (`RemoteIndex.parse`), whose every accepted index must write back to the same index.
@_cdecl("FuzzIndex_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        guard let start, count > 0 else { return 0 }
        let data = Data(bytes: start + 1, count: count - 1)
        if start[0] & 1 == 0 {
            _ = try? SignedIndex.open(data, file: "index.json", trusting: pinnedKey().map { [$0] } ?? [])
        } else if let index = try? RemoteIndex.parse(data, file: "payload.json") {
            guard let again = try? RemoteIndex.parse(index.jsonData(), file: "again.json"), again == index else {
                fatalError("an accepted index does not read back from its own JSON: \(index)")
            }
        }
        return 0
    }
}
