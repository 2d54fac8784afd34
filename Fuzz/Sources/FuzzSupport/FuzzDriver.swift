import CFuzzerDriver

/// Runs libFuzzer with a target's callback. SwiftPM links every executable target with a main
/// function of its own, `TARGET_main`, so each target defines that function with `@_cdecl` and
/// hands its arguments to libFuzzer's driver here.
public enum FuzzDriver {
    /// The signature libFuzzer calls for each input.
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs the fuzzer; returns its exit status.
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: Callback
    ) -> CInt {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, callback)
    }
}
