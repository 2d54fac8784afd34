import Foundation

/// Runs the built `themeload` executable, as a user would.
public enum Tool {
    /// What one run printed and how it ended.
    public struct Run: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error.
        public var stderr: String
        /// Whether the program was stopped for running past its time limit (its status is then
        /// the signal's, and says nothing about what it did).
        public var timedOut = false
    }

    /// The executable: beside the test bundle, where SwiftPM builds products.
    public static let url: URL = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("themeload"))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("themeload"))
        candidates.append(Repository.url(".build/debug/themeload"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
    }()

    /// Runs the tool with arguments in a directory and waits for it to finish.
    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        try runProgram(url.path, arguments, in: directory, environment: environment)
    }

    /// Runs any program and waits for it to finish; with a `timeLimit`, stops it (SIGKILL) once
    /// it has run that many seconds, and says so in ``Run/timedOut``.
    public static func runProgram(_ path: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                                  timeLimit: TimeInterval? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        // Files rather than pipes: a large output can never fill a pipe and stall the tool.
        let scratch = TemporaryDirectory()
        let outURL = scratch.url.appendingPathComponent("stdout"), errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outURL), errors = try FileHandle(forWritingTo: errURL)
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let timedOut = timeLimit.map { exited.wait(timeout: .now() + $0) == .timedOut } ?? false
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), timedOut: timedOut)
    }
}

/// A scratch folder for one test, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder under the system's temporary directory.
    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("themeload-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes a text file (creating folders) and returns its path. A plain write truncates the file
    /// and then fills it, so a watcher may see it empty in between; an atomic write replaces the
    /// file by renaming a finished copy over it, as most editors save.
    @discardableResult
    public func write(_ relativePath: String, _ text: String, atomically: Bool = false) throws -> String {
        try write(relativePath, Data(text.utf8), atomically: atomically)
    }

    /// Writes a file (creating folders) and returns its path, plainly or atomically as above.
    @discardableResult
    public func write(_ relativePath: String, _ data: Data, atomically: Bool = false) throws -> String {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: atomically ? .atomic : [])
        return file.path
    }

    /// The path of a file inside the folder.
    public func path(_ relativePath: String) -> String {
        url.appendingPathComponent(relativePath).path
    }
}
