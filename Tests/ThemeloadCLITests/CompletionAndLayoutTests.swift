import Foundation
import Testing
import ThemeloadTestSupport

/// Shell completion of theme names, styles and levels (asked the way the generated scripts ask:
/// `themeload ---completion SUBCOMMAND -- ARGUMENT WORD-INDEX CURSOR WORDS…`), and the narrow
/// layout of `show`.
@Suite("themeload completion and show layouts")
struct CompletionAndLayoutTests {
    /// A folder with `Themes/Ocean.theme` (styles light, dark and pink; levels normal and badge),
    /// `Themes/Paper.yaml`, the Tokens Studio folder `Themes/Synced`, a file that is no theme and a
    /// subfolder.
    static func workspace() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try directory.write("Themes/Ocean.theme/theme.yaml", """
            styles: [light, dark, pink]
            levels:
              normal:
                textColor: {light: "#111111", dark: "#EEEEEE", pink: "#330011"}
                backgroundColor: {light: "#FFFFFF", dark: "#000000", pink: "#FFE0EE"}
              badge:
                cornerRadius: 4
            """)
        try directory.write("Themes/Paper.yaml", "levels:\n  normal:\n    textColor: \"#000000\"\n")
        try directory.write("Themes/Synced/$metadata.json", #"{"tokenSetOrder": []}"#)
        try directory.write("Themes/notes.txt", "not a theme\n")
        try directory.write("Themes/sub/.keep", "")
        return directory
    }

    func complete(_ subcommand: String, _ argument: String, _ words: [String], in directory: TemporaryDirectory) throws -> [String] {
        let cursor = words.last?.count ?? 0
        let run = try Tool.run(["---completion", subcommand, "--", argument, String(words.count - 1), String(cursor)] + words, in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("a theme argument completes to the theme names of the search paths and the bundled themes, then to paths")
    func themeNames() throws {
        let directory = try Self.workspace()
        let names = try complete("show", "positional@0", ["themeload", "show", "--search-path", "Themes", ""], in: directory)
        #expect(names.contains("Ocean") && names.contains("Paper") && names.contains("Synced") && names.contains("Default") && names.contains("Blossom"))
        #expect(!names.contains("notes") && !names.contains("sub"))
        #expect(names.last == "Themes/")  // the one folder of the current directory, after the names
        #expect(try complete("check", "positional@0", ["themeload", "check", "--search-path", "Themes", "O"], in: directory) == ["Ocean"])
        // Under a folder: theme bundles, theme files, Tokens Studio folders and subfolders, no names.
        #expect(try complete("show", "positional@0", ["themeload", "show", "Themes/"], in: directory)
            == ["Themes/Ocean.theme", "Themes/Paper.yaml", "Themes/Synced", "Themes/sub/"])
    }

    @Test("--style and --level complete to those of the theme on the command line")
    func stylesAndLevels() throws {
        let directory = try Self.workspace()
        #expect(try complete("show", "--style", ["themeload", "show", "--search-path", "Themes", "Ocean", "--style", ""], in: directory)
            == ["light", "dark", "pink"])
        #expect(try complete("export", "--style", ["themeload", "export", "Themes/Ocean.theme", "--style", "p"], in: directory) == ["pink"])
        #expect(try complete("show", "--level", ["themeload", "show", "Themes/Ocean.theme", "--level", ""], in: directory)
            == ["normal", "mainTitle", "subTitle", "badge"])
        // With no theme on the line, those of the bundled Default theme, as `show` would use.
        #expect(try complete("show", "--level", ["themeload", "show", "--level", "mainT"], in: directory) == ["mainTitle"])
        // A theme that does not load offers nothing rather than failing.
        #expect(try complete("show", "--style", ["themeload", "show", "Nowhere", "--style", ""], in: directory).isEmpty)
        // The design-token options are read as the command reads them, and their values are not
        // taken for the theme: a resolver whose size modifier has no context `tablet` does not load.
        try directory.write("Sized.resolver.json", """
            {"version": "2025.10", "resolutionOrder": [{"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}],
             "modifiers": {"theme": {"contexts": {"day": [], "night": []}}, "size": {"contexts": {"desktop": [], "mobile": []}}}}
            """)
        #expect(try complete("show", "--style", ["themeload", "show", "--context", "size=mobile", "--rem-size", "18", "Sized.resolver.json", "--style", ""], in: directory)
            == ["day", "night"])
        #expect(try complete("show", "--style", ["themeload", "show", "--context", "size=tablet", "Sized.resolver.json", "--style", ""], in: directory).isEmpty)
    }

    @Test("publish, which themeload-remote runs, completes themes; after --private-key any file, after -o folders")
    func publishArguments() throws {
        let directory = try Self.workspace()
        #expect(try complete("publish", "positional@0", ["themeload", "publish", "--search-path", "Themes", "O"], in: directory) == ["Ocean"])
        #expect(try complete("publish", "positional@0", ["themeload", "publish", "Ocean", "--private-key", "Themes/"], in: directory)
            == ["Themes/Ocean.theme/", "Themes/Paper.yaml", "Themes/Synced/", "Themes/notes.txt", "Themes/sub/"])
        #expect(try complete("publish", "positional@0", ["themeload", "publish", "Ocean", "-o", "Themes/"], in: directory)
            == ["Themes/Ocean.theme/", "Themes/Synced/", "Themes/sub/"])
    }

    /// The Ocean table in rows, written out by hand: properties sorted, names padded to the longest
    /// (`backgroundColor`, 15) plus two spaces, cells with no value left out.
    static let oceanRows = """
        Ocean · light │ dark │ pink
        normal
          backgroundColor  #FFFFFF │ #000000 │ #FFE0EE
          textColor        #111111 │ #EEEEEE │ #330011
        mainTitle
          backgroundColor  #FFFFFF │ #000000 │ #FFE0EE
          textColor        #111111 │ #EEEEEE │ #330011
        subTitle
          backgroundColor  #FFFFFF │ #000000 │ #FFE0EE
          textColor        #111111 │ #EEEEEE │ #330011
        badge
          backgroundColor  #FFFFFF │ #000000 │ #FFE0EE
          cornerRadius     4
          textColor        #111111 │ #EEEEEE │ #330011

        """

    @Test("show --layout rows draws a block per level")
    func rows() throws {
        let directory = try Self.workspace()
        let run = try Tool.run(["show", "Themes/Ocean.theme", "--layout", "rows"], in: directory.url)
        #expect(run.status == 0)
        #expect(run.stdout == Self.oceanRows)
    }

    /// The columns layout of Ocean is 81 wide: level 9, two color cells of 27, cornerRadius 12,
    /// and 2 between each of the 4 columns. In an 80-column terminal it comes in rows; in 100, in columns.
    @Test("show picks rows when the columns would not fit in the terminal", arguments: [(80, true), (81, false), (100, false)])
    func automatic(_ columns: Int, _ expectRows: Bool) throws {
        let directory = try Self.workspace()
        let command = "stty cols \(columns); exec \(Tool.url.path) show Themes/Ocean.theme"
        let run = try Tool.runProgram("/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"], in: directory.url, environment: ["NO_COLOR": "1"])
        #expect(run.status == 0)
        let output = run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        if expectRows {
            #expect(output == Self.oceanRows)
        } else {
            #expect(output.split(separator: "\n").dropFirst().first?.hasPrefix("level") == true, "\(output)")
            #expect(output.split(separator: "\n").map(\.count).max() == 81)
        }
    }

    @Test("the README says how to install completion for bash, zsh and fish")
    func documented() throws {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        for shell in ["bash", "zsh", "fish"] { #expect(readme.contains("themeload --generate-completion-script \(shell)")) }
    }
}
