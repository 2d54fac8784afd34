import FuzzSupport

/// The program's entry (see `FuzzDriver`): fuzz bytes to design-token files (see
/// `FuzzTokenFiles`), loaded as a theme.
@_cdecl("FuzzTokens_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { start, count in
        FuzzChecks.tokens(UnsafeRawBufferPointer(start: start, count: count))
        return 0
    }
}
