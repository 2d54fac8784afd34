import Foundation
import Themeload

/// A file of expected text that a test compares its output with, as snapshot tests do: canonical
/// JSON of a theme, a level, or any text. A mismatch throws a ``GoldenFileMismatch`` with a
/// readable line diff. In record mode (or when the file does not exist yet) the file is written
/// and the check still fails, once, so that a recording is always looked at before it is trusted.
///
/// ```swift
/// @Test func priceTagLooksRight() throws {
///     let theme = try ThemeExpectation(loader: loader).requireLoads(named: "Storefront")
///     try GoldenFile(path: "Tests/Golden/priceTag.json", relativeTo: #filePath)
///         .check(theme.canonicalJSON(level: "priceTag"))
/// }
/// ```
///
/// Record with `THEMELOAD_RECORD_GOLDEN=1 swift test`, or `recording: true` for one file.
public struct GoldenFile: Sendable {
    /// The file.
    public var url: URL
    /// Whether a check writes the file instead of comparing.
    public var recording: Bool

    /// Whether `THEMELOAD_RECORD_GOLDEN` is set to `1` in the environment.
    public static var recordingFromEnvironment: Bool {
        ProcessInfo.processInfo.environment["THEMELOAD_RECORD_GOLDEN"] == "1"
    }

    /// A golden file at a URL.
    public init(url: URL, recording: Bool = GoldenFile.recordingFromEnvironment) {
        self.url = url
        self.recording = recording
    }

    /// A golden file at a path relative to the folder of a source file (pass `#filePath`), so the
    /// files live beside the tests that read them.
    public init(path: String, relativeTo sourceFile: String, recording: Bool = GoldenFile.recordingFromEnvironment) {
        let folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        self.init(url: folder.appendingPathComponent(path), recording: recording)
    }

    /// Compares `actual` with the file (a final newline is added to text without one). Throws a
    /// ``GoldenFileMismatch`` when they differ, when recording, and when there was no file; the
    /// file system's error when the file is there but cannot be read (it is then left as it is).
    public func check(_ actual: String) throws {
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        if recording {
            try write(text)
            throw GoldenFileMismatch(url: url, kind: .recorded, diff: "")
        }
        guard let bytes = try contentsIfPresent() else {
            try write(text)
            throw GoldenFileMismatch(url: url, kind: .created, diff: "")
        }
        // A file that is not UTF-8 differs from any output, and is shown with U+FFFD where its
        // bytes are not text; it is never taken for a missing file and overwritten.
        let expected = String(decoding: bytes, as: UTF8.self)
        guard expected != text else { return }
        throw GoldenFileMismatch(url: url, kind: .differs, diff: LineDiff(expected: expected, actual: text).rendered)
    }

    /// The file's bytes, or `nil` when there is no file; any other failure to read it is thrown.
    private func contentsIfPresent() throws -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
            return nil
        }
    }

    private func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Compares a theme's canonical JSON (SPEC section 7), for every style or one.
    public func checkCanonicalJSON(of theme: Theme, style: ThemeStyle? = nil) throws {
        try check(theme.canonicalJSON(style: style))
    }
}

/// Output that did not match its ``GoldenFile``, or a golden file that was just written.
public struct GoldenFileMismatch: Error, CustomStringConvertible, Sendable {
    /// Why the check failed.
    public enum Kind: Sendable {
        /// The output differs from the file.
        case differs
        /// Record mode wrote the file.
        case recorded
        /// There was no file; it was written.
        case created
    }

    /// The golden file.
    public var url: URL
    /// Why the check failed.
    public var kind: Kind
    /// For ``Kind/differs``: the lines that differ, `-` for the file's, `+` for the output's, with
    /// two lines of context and the file's line numbers.
    public var diff: String

    /// What happened, and for a difference the diff.
    public var description: String {
        switch kind {
        case .differs:
            return "the output differs from the golden file \(url.path) (- golden, + output; set THEMELOAD_RECORD_GOLDEN=1 to record it):\n\(diff)"
        case .recorded:
            return "recorded the golden file \(url.path); check it, then run again without THEMELOAD_RECORD_GOLDEN"
        case .created:
            return "there was no golden file \(url.path); wrote it from the output: check it, then run again"
        }
    }
}
