import FuzzSupport

/// The program's entry (see `FuzzDriver`): fuzz bytes cut into a manifest, two includes and a
/// parent (see `FuzzBundle`), loaded and resolved.
@_cdecl("FuzzLoader_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        FuzzChecks.load(UnsafeRawBufferPointer(start: start, count: count))
        return 0
    }
}
