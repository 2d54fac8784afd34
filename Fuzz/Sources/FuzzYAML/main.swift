import FuzzSupport
import Themeload
import ThemeloadYAML

/// The program's entry (see `FuzzDriver`): fuzz bytes to a document with the YAML plugin.
@_cdecl("FuzzYAML_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        FuzzChecks.parse(UnsafeRawBufferPointer(start: start, count: count), with: YAMLFormat(), file: "fuzz.yaml")
        return 0
    }
}
