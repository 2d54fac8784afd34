import Foundation
import FuzzSupport
import ThemeloadRemote

/// A pinned key no fuzz input can have signed for: the envelope reader and the signature check
/// run on every input, and none may crash, hang or leak.
let pinned = ThemeSigningKey().verifyingKey

/// The program's entry (see `FuzzDriver`): fuzz bytes to the remote index readers. The first
/// byte picks the reader: even, a whole signed index (`SignedIndex.open`); odd, an index
/// payload (`RemoteIndex.parse`), whose every accepted index must write back to the same index.
@_cdecl("FuzzIndex_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        guard let start, count > 0 else { return 0 }
        let data = Data(bytes: start + 1, count: count - 1)
        if start[0] & 1 == 0 {
            _ = try? SignedIndex.open(data, file: "index.json", trusting: [pinned])
        } else if let index = try? RemoteIndex.parse(data, file: "payload.json") {
            guard let again = try? RemoteIndex.parse(index.jsonData(), file: "again.json"), again == index else {
                fatalError("an accepted index does not read back from its own JSON: \(index)")
            }
        }
        return 0
    }
}
