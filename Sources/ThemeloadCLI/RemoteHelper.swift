import ArgumentParser
import Foundation
import ThemeloadToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the remote commands (`keygen`, `publish`, `fetch`) by replacing this process with the
/// `themeload-remote` executable beside it, as git runs its transports: only that program links
/// FoundationNetworking (libcurl and some 30 libraries of its own on Linux) and swift-crypto, so
/// no other command pays for loading them at each start. The helper inherits the arguments, the
/// standard streams, the working directory and the environment, and its exit status is the
/// command's.
enum RemoteHelper {
    /// Where the helper is looked for: the folder of this executable, with symbolic links followed
    /// (so a `themeload` linked into `/usr/local/bin` finds the helper where it was built).
    static func expectedPath() -> String? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        return executable.deletingLastPathComponent().appendingPathComponent(ThemeloadTool.remoteHelperName).path
    }

    /// Runs `themeload-remote COMMAND ARGUMENTS…` in place of this process; returns only by
    /// throwing, after saying on standard error why the helper could not be run.
    static func run(_ command: RemoteCommandName, arguments: [String]) throws -> Never {
        let expected = expectedPath()
        guard let helper = expected, FileManager.default.isExecutableFile(atPath: helper) else {
            let place = expected.map { " (looked for \($0))" } ?? ""
            let name = ThemeloadTool.remoteHelperName
            printError("""
                error: themeload \(command.rawValue) is run by \(name), which is not beside this themeload\(place); \
                build it there with `swift build --product \(name)` (a plain `swift build` builds both), \
                or run it yourself: `swift run \(name) \(command.rawValue) …`
                """)
            throw ExitCode(1)
        }
        let argumentVector = [helper, command.rawValue] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argumentVector.map { strdup($0) } + [nil]
        execv(helper, &cArguments)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        for argument in cArguments { free(argument) }
        printError("error: cannot run \(helper): \(reason)")
        throw ExitCode(1)
    }
}
