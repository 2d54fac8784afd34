import Foundation
import Testing
import ThemeloadTestSupport

/// The README's tour and the design-token guide (`docs/DESIGN-TOKENS.md`), run as written: every
/// YAML block that starts with `# PATH`, and every block right after a line `<!-- file: PATH -->`,
/// is saved at that path in a fresh folder; every text block of `$ swift run themeload ARGS` lines
/// is run there, its commands in order, and each command's output must be the lines after it,
/// exactly.
@Suite("The README's tour and the design-token guide")
struct ReadmeTourTests {
    struct Command: Sendable {
        let arguments: [String]
        let expected: String
    }

    /// The commands of one text block, run in one folder.
    struct Session: CustomTestStringConvertible, Sendable {
        let commands: [Command]
        var testDescription: String { commands.map { "themeload " + $0.arguments.joined(separator: " ") }.joined(separator: "; ") }
    }

    /// The README, then the guide.
    static let documents: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ["README.md", "docs/DESIGN-TOKENS.md"].map { path in
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
    }()

    /// The fenced blocks of a language, as lists of lines, with the line before each fence.
    static func blocks(_ language: String) -> [(before: String, lines: [String])] {
        var blocks: [(before: String, lines: [String])] = []
        var current: [String]?
        var previous = "", before = ""
        for line in documents.components(separatedBy: "\n") {
            if current == nil, line == "```" + language {
                current = []
                before = previous
            } else if current != nil, line == "```" {
                blocks.append((before, current ?? []))
                current = nil
            } else {
                current?.append(line)
            }
            if !line.isEmpty { previous = line }
        }
        return blocks
    }

    static let files: [(path: String, text: String)] = {
        let marked = (blocks("json") + blocks("yaml")).compactMap { block -> (String, String)? in
            guard block.before.hasPrefix("<!-- file: "), block.before.hasSuffix(" -->") else { return nil }
            return (String(block.before.dropFirst("<!-- file: ".count).dropLast(" -->".count)), block.lines.joined(separator: "\n") + "\n")
        }
        let headed = blocks("yaml").compactMap { block -> (String, String)? in
            guard let first = block.lines.first, first.hasPrefix("# Themes/") else { return nil }
            return (String(first.dropFirst(2)), block.lines.joined(separator: "\n") + "\n")
        }
        return headed + marked
    }()

    static let prompt = "$ swift run themeload "

    static let sessions: [Session] = blocks("text").compactMap { block in
        guard block.lines.first?.hasPrefix(prompt) == true else { return nil }
        var commands: [Command] = []
        var arguments: [String]?
        var output: [String] = []
        func finish() {
            guard let arguments else { return }
            commands.append(Command(arguments: arguments, expected: output.isEmpty ? "" : output.joined(separator: "\n") + "\n"))
        }
        for line in block.lines {
            if line.hasPrefix(prompt) {
                finish()
                arguments = line.dropFirst(prompt.count).split(separator: " ").map(String.init)
                output = []
            } else {
                output.append(line)
            }
        }
        finish()
        return Session(commands: commands)
    }

    @Test("the tour has its files and commands")
    func found() {
        #expect(Self.files.map(\.path) == [
            "Themes/Moments.theme/theme.yaml", "Themes/Broken.yaml", "Themes/Shop.yaml", "Themes/ShopWeb.yaml", "Themes/brand.resolver.json",
            "Themes/brand/base.tokens.json", "Themes/brand/light.tokens.json", "Themes/brand/dark.tokens.json", "Themes/Legacy.tokens.json",
            "Themes/Figma.tokens.json",
            "Themes/Synced/$metadata.json", "Themes/Synced/$themes.json", "Themes/Synced/core.json", "Themes/Synced/mode/light.json",
            "Themes/Synced/mode/dark.json",
        ])
        #expect(Self.sessions.map(\.commands.count) == [1, 1, 1, 1, 1, 2, 1, 1, 1, 1])
    }

    @Test("each command prints what the README shows", arguments: sessions)
    func command(_ session: Session) throws {
        let directory = TemporaryDirectory()
        for file in Self.files { try directory.write(file.path, file.text) }
        for command in session.commands {
            let run = try Tool.run(command.arguments, in: directory.url)
            #expect(run.stdout == command.expected, "themeload \(command.arguments.joined(separator: " "))")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        }
    }
}
