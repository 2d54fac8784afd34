import FuzzSupport

/// The program's entry (see `FuzzDriver`): fuzz bytes to a theme with the compiled-theme reader.
@_cdecl("FuzzCompiled_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        FuzzChecks.compiled(UnsafeRawBufferPointer(start: start, count: count))
        return 0
    }
}
