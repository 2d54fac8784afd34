import Foundation
import Testing
import ThemeloadTestSupport

/// `themeload keygen|publish|fetch` are run by the `themeload-remote` executable beside the tool,
/// which alone links ThemeloadRemote (and with it FoundationNetworking and swift-crypto).
@Suite("themeload's remote commands run by themeload-remote")
struct RemoteHelperTests {
    static let helperURL = Tool.url.deletingLastPathComponent().appendingPathComponent("themeload-remote")

    @Test("themeload --help lists the remote commands with their summaries")
    func listed() throws {
        let help = try Tool.run(["--help"])
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (command, summaryStart) in [("keygen", "Make an Ed25519 key pair"), ("publish", "Write themes, compiled and signed"), ("fetch", "Run one update of a folder")] {
            #expect(lines.contains { $0.hasPrefix(command + " ") && $0.contains(summaryStart) }, "\(command) in \(help.stdout)")
        }
    }

    @Test("everything after the command's name reaches the helper: its help, its usage errors and their status")
    func forwarded() throws {
        let help = try Tool.run(["fetch", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: themeload fetch <url> --public-key <public-key>"), "\(help.stdout)")
        #expect(help.stdout.contains("--cache <cache>") && help.stdout.contains("--timeout <timeout>"))

        let usage = try Tool.run(["publish", "Default", "-o", "out"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("Missing expected argument '--private-key <private-key> ...'"), "\(usage.stderr)")

        #expect(try Tool.runProgram(Self.helperURL.path, ["--version"]).stdout == (try Tool.run(["--version"])).stdout)
    }

    @Test("the helper is found through a symbolic link to the tool")
    func throughLink() throws {
        let directory = TemporaryDirectory()
        let link = directory.path("bin/themeload")
        try FileManager.default.createDirectory(atPath: directory.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Tool.url.path)
        let run = try Tool.runProgram(link, ["keygen", "--private-key", directory.path("k.pem"), "--public-key", directory.path("k.pub.pem")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path("k.pub.pem")))
    }

    @Test("a tool without the helper beside it says where it looked and how to build it, and exits 1")
    func helperMissing() throws {
        let directory = TemporaryDirectory()
        let lonely = directory.path("themeload")
        try FileManager.default.copyItem(atPath: Tool.url.path, toPath: lonely)
        let run = try Tool.runProgram(lonely, ["fetch", "https://example.com/themes/", "--public-key", "k.pem", "--cache", "cache"])
        #expect(run.status == 1)
        // The folder it looked in is the copy's (its path with links resolved ends the same).
        let looked = directory.url.lastPathComponent + "/themeload-remote)"
        #expect(run.stderr.contains("themeload fetch is run by themeload-remote, which is not beside this themeload (looked for "), "\(run.stderr)")
        #expect(run.stderr.contains(looked), "\(run.stderr)")
        #expect(run.stderr.contains("swift build --product themeload-remote"))
        // The other commands do not need it.
        #expect(try Tool.runProgram(lonely, ["formats"]).status == 0)
    }

    #if os(Linux)
        @Test("the tool itself loads no networking library at its start (ldd lists what the loader maps)")
        func noNetworkingInTheTool() throws {
            let tool = try Tool.runProgram("/usr/bin/ldd", [Tool.url.path])
            #expect(tool.status == 0)
            #expect(tool.stdout.contains("libFoundation.so"))  // the check can see a Foundation library
            #expect(!tool.stdout.contains("libFoundationNetworking") && !tool.stdout.contains("libcurl"), "\(tool.stdout)")
            let helper = try Tool.runProgram("/usr/bin/ldd", [Self.helperURL.path])
            #expect(helper.stdout.contains("libFoundationNetworking"))
        }
    #endif
}
