import Foundation
import Testing
import ThemeloadTestSupport

@Suite("themeload show, check and export")
struct ThemeCommandsTests {
    @Test("with no argument the tool shows the bundled Default theme")
    func defaultTheme() throws {
        let run = try Tool.run([])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Default · light │ dark │ lightHighContrast │ darkHighContrast\n"))
        // The normal row, the four styles side by side: background, the body font (the same in
        // all, so shown once), primaryText.
        let normal = run.stdout.split(separator: "\n").first { $0.hasPrefix("normal ") }.map(String.init) ?? ""
        #expect(normal.contains("#FFFFFF │ #010913 │ #FFFFFF │ #000000") && normal.contains("PingFangSC-Regular 15")
            && normal.contains("#111236 │ #FFFFFF │ #000000 │ #FFFFFF"))
        #expect(!run.stdout.contains("\u{1B}["))  // not a terminal: no colors
        #expect(run.stderr.isEmpty)
    }

    @Test("check and show print a theme's line breaks and escape sequences escaped: no forged diagnostic line, no terminal control")
    func escapedOutput() throws {
        let directory = TemporaryDirectory()
        try directory.write("Esc.yaml", #"""
            name: "N\e[2J"
            palette:
              "a\e[31m\r\nfake.yaml:1:1: error: forged": "#12"
            levels:
              normal: {textColor: "#000000", "la\e[0mbel": "v\r\nw"}

            """#)
        let check = try Tool.run(["check", "Esc.yaml"], in: directory.url)
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix("at palette.a\\u{1B}[31m\\u{D}\\u{A}fake.yaml:1:1: error: forged [invalid-color]"), "\(check.stdout)")
        #expect(!lines.contains { $0.hasPrefix("fake.yaml") } && !check.stdout.contains("\u{1B}") && !check.stdout.contains("\r"))

        try directory.write("Esc.yaml", #"""
            name: "N\e[2J"
            levels:
              normal: {textColor: "#000000", "la\e[0mbel": "v\r\nw"}

            """#)
        let show = try Tool.run(["show", "Esc.yaml"], in: directory.url)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(!show.stdout.contains("\u{1B}") && !show.stdout.contains("\r"), "\(show.stdout.debugDescription)")
        #expect(show.stdout.hasPrefix("N\\u{1B}[2J · light │ dark\n"))
        #expect(show.stdout.contains("la\\u{1B}[0mbel") && show.stdout.contains("v\\u{D}\\u{A}w"))
        // The table's rows stay one a line: title, header, rule and three levels.
        #expect(show.stdout.split(separator: "\n").count == 6)
    }

    @Test("show --style and --level narrow the table; --format json is canonical")
    func showOptions() throws {
        let run = try Tool.run(["show", "Blossom", "--style", "pink", "--level", "button"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Blossom · pink")
        #expect(lines.count == 4)  // title, header, rule, one row
        #expect(lines[3].hasPrefix("button") && lines[3].contains("#C2185B") && lines[3].contains("10 16 10 16"))

        let json = try Tool.run(["show", "Default", "--format", "json", "--style", "dark"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let resolved = object?["resolved"] as? [String: Any]
        #expect(resolved?.keys.sorted() == ["dark"])

        // --level narrows the JSON too: the level's properties per style, in canonical form.
        let level = try Tool.run(["show", "Default", "--format", "json", "--level", "button", "--style", "dark"])
        #expect(level.status == 0)
        let levelObject = try JSONSerialization.jsonObject(with: Data(level.stdout.utf8)) as? [String: Any]
        #expect(levelObject?["level"] as? String == "button")
        let dark = (levelObject?["resolved"] as? [String: Any])?["dark"] as? [String: Any]
        #expect((levelObject?["resolved"] as? [String: Any])?.keys.sorted() == ["dark"])
        #expect(dark?["textColor"] as? String == "#0B121DFF" && dark?["backgroundColor"] as? String == "#6D9FEBFF")
        #expect(levelObject?["palette"] == nil)
    }

    @Test("--version names the tool's version and the formats it reads")
    func version() throws {
        let run = try Tool.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "themeload 0.3.0 (theme format 1, compiled format 7)\n")
    }

    @Test("an unknown style or level is a usage error")
    func badOptions() throws {
        let negative = try Tool.run(["show", "Default", "--watch", "--interval", "-1"])
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("--interval must be more than 0"), "\(negative.stderr)")

        let style = try Tool.run(["show", "Default", "--style", "sepia"])
        #expect(style.status == 64)
        #expect(style.stderr.contains("has no style \"sepia\""))
        let level = try Tool.run(["show", "Default", "--level", "footer"])
        #expect(level.status == 64)
    }

    @Test("export --format json writes the canonical form, styles sorted keys and all")
    func export() throws {
        let directory = TemporaryDirectory()
        try directory.write("Mini.yaml", "styles: [light]\npalette: {b: \"#000\", a: \"#fff\"}\nlevels: {normal: {textColor: \"{palette.b}\", backgroundColor: \"{palette.a}\"}}\n")
        let run = try Tool.run(["export", "Mini.yaml", "--format", "json"], in: directory.url)
        #expect(run.status == 0)
        #expect(run.stdout == """
            {
              "name": "Mini",
              "styles": [
                "light"
              ],
              "resolved": {
                "light": {
                  "palette": {
                    "a": "#FFFFFFFF",
                    "b": "#000000FF"
                  },
                  "fonts": {},
                  "metrics": {},
                  "images": {},
                  "levels": {
                    "mainTitle": {
                      "backgroundColor": "#FFFFFFFF",
                      "textColor": "#000000FF"
                    },
                    "normal": {
                      "backgroundColor": "#FFFFFFFF",
                      "textColor": "#000000FF"
                    },
                    "subTitle": {
                      "backgroundColor": "#FFFFFFFF",
                      "textColor": "#000000FF"
                    }
                  },
                  "custom": {}
                }
              }
            }

            """)
    }

    @Test("check prints diagnostics in compiler form, a summary, and exits 1 on errors")
    func checkErrors() throws {
        let directory = TemporaryDirectory()
        try directory.write("Bad.yaml", "levels:\n  normal:\n    textColor: \"#12345\"\n")
        try directory.write("Good.yaml", "levels:\n  normal: {}\n")
        let run = try Tool.run(["check", "Bad.yaml", "Good.yaml"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
            Bad.yaml:3:16: error: invalid color "#12345"; a color is "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA", a CSS color name ("white", "transparent"), "rgb(R G B / A)", "rgba(R, G, B, A)", "hsl(H S% L% / A)", "hsla(H, S%, L%, A)", "hwb(H W% B% / A)", "lab(L a b / A)", "lch(L C H / A)", "oklab(L a b / A)", "oklch(L C H / A)", "color(display-p3 R G B / A)", 0xRRGGBB, {red, green, blue, alpha}, {colorSpace, components, alpha} or {color, alpha} at levels.normal.textColor [invalid-color]
            1 error, 0 warnings in 2 themes

            """)
    }

    @Test("check passes with warnings; --strict adds unused-token; names are looked up in --search-path")
    func checkWarnings() throws {
        let directory = TemporaryDirectory()
        try directory.write("themes/Soft.yaml", "palette: {spare: \"#123456\"}\nlevels:\n  normal:\n    textColor: \"#777777\"\n    backgroundColor: \"#888888\"\n")
        let plain = try Tool.run(["check", "Soft", "--search-path", "themes"], in: directory.url)
        #expect(plain.status == 0)
        #expect(plain.stdout.hasSuffix("0 errors, 2 warnings in 1 theme\n"))  // low contrast in light and dark
        let strict = try Tool.run(["check", "Soft", "--search-path", "themes", "--strict"], in: directory.url)
        #expect(strict.status == 0)
        #expect(strict.stdout.contains("themes/Soft.yaml:1:11: warning: palette.spare is never referred to at palette.spare [unused-token]"))
    }

    @Test("a theme that does not load exits 1 with its diagnostics on stderr")
    func showBroken() throws {
        let directory = TemporaryDirectory()
        let run = try Tool.run(["show", "Nowhere"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no theme named \"Nowhere\"") && run.stderr.contains("[theme-not-found]"))
        #expect(run.stdout.isEmpty)
    }

    @Test("the completion scripts ask the tool for themes, styles and levels", arguments: ["bash", "zsh", "fish"])
    func completion(_ shell: String) throws {
        let run = try Tool.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        // What the tool answers is CompletionAndLayoutTests' part.
        for argument in ["show -- positional@0", "show -- --style", "show -- --level", "check -- positional@0", "export -- --style"] {
            #expect(run.stdout.contains("---completion \(argument)"), "\(argument)")
        }
        #expect(run.stdout.contains("parse"))
    }
}
