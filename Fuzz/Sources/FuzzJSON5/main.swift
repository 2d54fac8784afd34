import FuzzSupport
import Themeload

/// The program's entry (see `FuzzDriver`): fuzz bytes to a document with the JSON5 plugin, which
/// must read any JSON the JSON plugin reads to the same document.
@_cdecl("FuzzJSON5_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        FuzzChecks.parseJSON5(UnsafeRawBufferPointer(start: start, count: count))
        return 0
    }
}
