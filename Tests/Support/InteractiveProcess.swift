import Foundation

/// A running process whose output is read as it arrives, for testing long-running commands such
/// as `themeload show --watch`. Waiting for output blocks on a signal from the reader with a
/// deadline; it never sleeps hoping the output is there.
public final class InteractiveProcess: @unchecked Sendable {
    // @unchecked: every mutable field below is guarded by `lock`.
    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let lock = NSCondition()
    private var stdoutData = Data()
    private var stderrData = Data()

    /// Starts a program with arguments in a directory.
    public init(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: false) }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: true) }
        try process.run()
    }

    private func append(_ data: Data, error: Bool) {
        lock.lock()
        if error { stderrData.append(data) } else { stdoutData.append(data) }
        lock.broadcast()
        lock.unlock()
    }

    /// Everything written to standard output so far.
    public var stdout: String { lock.lock(); defer { lock.unlock() }; return String(decoding: stdoutData, as: UTF8.self) }
    /// Everything written to standard error so far.
    public var stderr: String { lock.lock(); defer { lock.unlock() }; return String(decoding: stderrData, as: UTF8.self) }

    /// Waits until a condition on (stdout, stderr) holds, or the deadline passes; returns whether it held.
    @discardableResult
    public func wait(timeout: TimeInterval = 20, until condition: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !condition(String(decoding: stdoutData, as: UTF8.self), String(decoding: stderrData, as: UTF8.self)) {
            if !lock.wait(until: deadline) { return false }
        }
        return true
    }

    /// Writes to the process's standard input.
    public func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Sends a signal (SIGINT for Ctrl-C).
    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to exit (killing it after the deadline) and returns its status.
    public func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                return nil
            }
            lock.lock()
            _ = lock.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
            lock.unlock()
        }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        append(output.fileHandleForReading.readDataToEndOfFile(), error: false)
        append(errors.fileHandleForReading.readDataToEndOfFile(), error: true)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
