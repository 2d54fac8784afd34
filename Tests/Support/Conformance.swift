import Foundation

/// Where the third-party conformance data lives: `THEMELOAD_CONFORMANCE` if set, else
/// `../shared/conformance` beside the repository. Tests that need it are skipped, visibly, when it
/// is absent; the data is never copied into the repository.
public enum Conformance {
    /// The conformance folder, or `nil` when it is not there.
    public static let directory: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["THEMELOAD_CONFORMANCE"].map { URL(fileURLWithPath: $0) },
            Repository.root.deletingLastPathComponent().appendingPathComponent("shared/conformance"),
        ]
        return candidates.compactMap { $0 }.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }()

    /// The message shown for a skipped conformance test.
    public static let absentMessage = "conformance data not found: set THEMELOAD_CONFORMANCE or put shared/conformance beside the repository"

    /// Whether the data is there.
    public static var isAvailable: Bool { directory != nil }

    /// A file or folder inside the conformance data, if the data is there.
    public static func url(_ relativePath: String) -> URL? {
        directory?.appendingPathComponent(relativePath)
    }

    /// The rows of a tab-separated file inside the data, header dropped, or none when absent.
    public static func rows(of relativePath: String) -> [[String]] {
        guard let url = url(relativePath), let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}


/// The repository this test run belongs to.
public enum Repository {
    /// The repository's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A file of the repository.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
