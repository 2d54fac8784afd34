import Foundation

/// Timing helpers: every figure is a median, and cases compared side by side run interleaved
/// (A, B, A, B, ...) so that a noisy moment on the machine hits both alike.
enum Measure {
    /// Seconds one call of `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A new folder in the temporary directory for one benchmark's files, named by `tag` and
    /// the process; the caller removes it.
    static func scratchDirectory(_ tag: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("themeload-bench-\(tag)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The median of samples.
    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Median seconds of each case over `runs` interleaved rounds (after one warm-up round).
    static func interleaved(runs: Int, _ cases: [(name: String, body: () throws -> Void)]) throws -> [String: Double] {
        for item in cases { try item.body() }
        var samples: [String: [Double]] = [:]
        for _ in 0..<runs {
            for item in cases { samples[item.name, default: []].append(try seconds(item.body)) }
        }
        return samples.mapValues(median)
    }

    /// Whether this is the short pass CI runs so the benchmarks cannot rot
    /// (`THEMELOAD_BENCH_QUICK=1`): small sizes and few rounds; its numbers mean nothing.
    static let quick = ProcessInfo.processInfo.environment["THEMELOAD_BENCH_QUICK"] == "1"

    /// How many interleaved rounds fit a time budget, given one round's cost (at least 5; 2 in
    /// the quick pass).
    static func rounds(budget: Double, perRound: Double) -> Int {
        quick ? 2 : max(5, min(200, Int(budget / max(perRound, 1e-6))))
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: seconds < 0.01 ? "%.3f" : "%.2f", seconds * 1000)
    }

    static func megabytesPerSecond(bytes: Int, seconds: Double) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000 / seconds)
    }

    static func ratio(_ a: Double, _ b: Double) -> String {
        String(format: "%.2fx", a / b)
    }
}
