#if canImport(Glibc)
    import Glibc
#endif

/// How the tool asks the C allocator to serve it.
///
/// glibc gives each large block (from 128 KiB, a threshold that rises as such blocks are freed)
/// pages of its own with `mmap`, and unmaps them when the block is freed. Loading a theme grows
/// and frees many large arrays (the parsed document, its sections, the level tables), and every
/// new mapping is pages the kernel must fault in and zero. The tool runs once and exits, so it
/// asks for large blocks to come from the heap, where freed ones are used again. Measured on a
/// check of a 50,000-token theme: about 4% less time, the same peak memory. Apps that link the
/// library keep their own allocator settings; other C libraries are left as they are.
package enum AllocatorTuning {
    /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt` (`<malloc.h>`, which Swift's Glibc
    /// module does not bring in).
    private static let mmapThresholdParameter: Int32 = -3
    /// The largest threshold glibc takes on 64-bit systems (`DEFAULT_MMAP_THRESHOLD_MAX`).
    package static let largeBlockThreshold: Int32 = 32 * 1024 * 1024

    package static func forShortRun() {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            // Looked up rather than declared: not every C library on Linux has it.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, largeBlockThreshold)
        #endif
    }
}
