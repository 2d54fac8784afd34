import Foundation
import Testing
import ThemeloadTestSupport

/// The README's tour, run as written: every YAML block that starts with `# PATH` is saved at that
/// path in a fresh folder, and every text block that starts with `$ swift run themeload ARGS` is
/// run there; its output must be the rest of the block, exactly.
@Suite("The README's tour")
struct ReadmeTourTests {
    struct Command: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let expected: String
        var testDescription: String { "themeload " + arguments.joined(separator: " ") }
    }

    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The fenced blocks of a language, as lists of lines.
    static func blocks(_ language: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.components(separatedBy: "\n") {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static let files: [(path: String, text: String)] = blocks("yaml").compactMap { lines in
        guard let first = lines.first, first.hasPrefix("# Themes/") else { return nil }
        return (String(first.dropFirst(2)), lines.joined(separator: "\n") + "\n")
    }

    static let commands: [Command] = blocks("text").compactMap { lines in
        guard let first = lines.first, first.hasPrefix("$ swift run themeload ") else { return nil }
        let arguments = first.dropFirst("$ swift run themeload ".count).split(separator: " ").map(String.init)
        return Command(arguments: arguments, expected: lines.dropFirst().joined(separator: "\n") + "\n")
    }

    @Test("the tour has its files and commands")
    func found() {
        #expect(Self.files.map(\.path) == ["Themes/Moments.theme/theme.yaml", "Themes/Broken.yaml"])
        #expect(Self.commands.count == 4)
    }

    @Test("each command prints what the README shows", arguments: commands)
    func command(_ command: Command) throws {
        let directory = TemporaryDirectory()
        for file in Self.files { try directory.write(file.path, file.text) }
        let run = try Tool.run(command.arguments, in: directory.url)
        #expect(run.stdout == command.expected)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
