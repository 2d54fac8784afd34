import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// Parses text with a plugin, for comparing export formats.
func document(_ text: String, as fileExtension: String) throws -> DocumentNode {
    try FormatRegistry.standard.parse(Data(text.utf8), file: "export.\(fileExtension)")
}

/// Data equality ignoring map order and leaving out nulls (a plist has none).
func sameIgnoringOrderAndNulls(_ a: DocumentValue, _ b: DocumentValue) -> Bool {
    switch (a, b) {
    case (.map(let x), .map(let y)):
        let x = x.filter { $0.value.value != .null }, y = y.filter { $0.value.value != .null }
        return x.count == y.count && x.allSatisfy { entry in
            y.first { $0.key == entry.key }.map { sameIgnoringOrderAndNulls(entry.value.value, $0.value.value) } ?? false
        }
    case (.list(let x), .list(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { sameIgnoringOrderAndNulls($0.value, $1.value) }
    default:
        return a == b || (a.number != nil && a.number == b.number)
    }
}

@Suite("themeload export formats and preview")
struct ExportFormatsTests {
    @Test("yaml and plist hold the same data as the canonical JSON", arguments: [("yaml", "yaml"), ("plist", "plist")])
    func sameData(_ format: String, _ fileExtension: String) throws {
        let json = try Tool.run(["export", "Blossom", "--format", "json"])
        let other = try Tool.run(["export", "Blossom", "--format", format])
        #expect(json.status == 0 && other.status == 0)
        let canonical = try document(json.stdout, as: "json")
        let exported = try document(other.stdout, as: fileExtension)
        #expect(sameIgnoringOrderAndNulls(canonical.value, exported.value))
        if format == "yaml" { #expect(canonical == exported) }  // YAML keeps the canonical order and the nulls
    }

    /// Strings YAML would read as something else, or that need quoting or escapes, in keys and
    /// values; a plist cannot hold every one of them.
    @Test("yaml keeps strings that look like other things; a string XML cannot hold is an error for plist, not a file no reader takes")
    func awkwardStrings() throws {
        let awkward = ["yes", "No", "null", "~", "123", "0x1F", "1e3", ".inf", "#c", "a #b", "key: value", "- item", "*alias", "&anchor", "!tag",
                       "%d", "@x", "`x", "|", "> x", "'q'", "\"dq\"", "\t tab", "nel\u{85}x", "ls\u{2028}x", "  lead", "trail  ", "", "multi\nline\n",
                       "cr\rx", "bom\u{FEFF}x", "{a: 1}", "[1, 2]", "? q", ":x", "x:", "---", "...", "<<", "\\back"]
        var custom = awkward.enumerated().map { "\"s\($0.offset)\": \(JSONValue.string($0.element).text())" }
        custom += ["\"weird key: #1\": 1", "\"- k\": 2", "\"\\u0085k\": 3"]
        let directory = TemporaryDirectory()
        try directory.write("Awkward.json", "{\"custom\": {\(custom.joined(separator: ", "))}, \"levels\": {\"normal\": {}}}")
        let json = try Tool.run(["export", "Awkward.json", "--format", "json"], in: directory.url)
        let yaml = try Tool.run(["export", "Awkward.json", "--format", "yaml"], in: directory.url)
        #expect(json.status == 0 && yaml.status == 0, "\(yaml.stderr)")
        #expect(try document(json.stdout, as: "json") == document(yaml.stdout, as: "yaml"))
        let plist = try Tool.run(["export", "Awkward.json", "--format", "plist"], in: directory.url)
        #expect(plist.status == 0, "\(plist.stderr)")
        #expect(sameIgnoringOrderAndNulls(try document(json.stdout, as: "json").value, try document(plist.stdout, as: "plist").value))

        try directory.write("Control.json", #"{"custom": {"ok": "a\tb", "bad": "a\u0001b"}, "levels": {"normal": {}}}"#)
        let control = try Tool.run(["export", "Control.json", "--format", "plist"], in: directory.url)
        #expect(control.status == 1 && control.stdout.isEmpty)
        #expect(control.stderr == "error: cannot write plist: resolved.light.custom.bad holds U+0001, which an XML property list cannot hold; export it as json or yaml\n", "\(control.stderr)")
    }

    @Test("exports say where each image file is, relative to the output file's folder or the current directory")
    func imagePaths() throws {
        let directory = TemporaryDirectory()
        try directory.write("Themes/Logo.theme/theme.yaml", "images:\n  logo: logo.png\nlevels:\n  normal:\n    textColor: \"#000000\"\n")
        try directory.write("Themes/Logo.theme/logo.png", Data([0x89, 0x50, 0x4E, 0x47]))
        let toStandardOutput = try Tool.run(["export", "Themes/Logo.theme", "--format", "json"], in: directory.url)
        #expect(toStandardOutput.stdout.contains(#""path": "Themes/Logo.theme/logo.png""#))
        let toFile = try Tool.run(["export", "Themes/Logo.theme", "--format", "yaml", "-o", "out/theme.yaml"], in: directory.url)
        #expect(toFile.status == 0, "\(toFile.stderr)")
        let yaml = try String(contentsOfFile: directory.path("out/theme.yaml"), encoding: .utf8)
        #expect(yaml.contains("path: ../Themes/Logo.theme/logo.png"))

        // A plist has no null: a null field is left out, which PropertyListDecoder reads as nil.
        let plist = try Tool.run(["export", "Themes/Logo.theme", "--format", "plist", "-o", "out/theme.plist"], in: directory.url)
        #expect(plist.status == 0)
        struct Export: Decodable {
            struct Style: Decodable { var images: [String: ImageSet] }
            struct ImageSet: Decodable { var variants: [Variant]; var capInsets: [String: Double]? }
            struct Variant: Decodable { var file: String; var scale: Int; var idiom: String?; var style: String?; var path: String }
            var resolved: [String: Style]
        }
        let decoded = try PropertyListDecoder().decode(Export.self, from: Data(contentsOf: directory.url.appendingPathComponent("out/theme.plist")))
        let logo = try #require(decoded.resolved["light"]?.images["logo"])
        #expect(logo.capInsets == nil)
        #expect(logo.variants.count == 1)
        #expect(logo.variants.first?.path == "../Themes/Logo.theme/logo.png" && logo.variants.first?.idiom == nil && logo.variants.first?.scale == 1)
    }

    @Test("an image path is made relative by the bytes of its folders' names: `è` precomposed and decomposed are two folders")
    func imagePathsByBytes() throws {
        let directory = TemporaryDirectory()
        let decomposed = "The\u{300}mes", precomposed = "Th\u{E8}mes"
        try directory.write("\(decomposed)/Logo.theme/theme.yaml", "images:\n  logo: logo.png\nlevels:\n  normal:\n    textColor: \"#000000\"\n")
        try directory.write("\(decomposed)/Logo.theme/logo.png", Data([0x89, 0x50, 0x4E, 0x47]))
        let run = try Tool.run(["export", "\(decomposed)/Logo.theme", "--format", "json", "-o", "\(precomposed)/theme.json"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try Data(contentsOf: directory.url.appendingPathComponent("\(precomposed)/theme.json"))
        let path = "\"path\": \"../\(decomposed)/Logo.theme/logo.png\""
        // Searched for by bytes: `String.contains` would take either spelling for the other.
        #expect(json.firstRange(of: Data(path.utf8)) != nil, "\(String(decoding: json, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: directory.path("\(precomposed)/../\(decomposed)/Logo.theme/logo.png")))
    }

    @Test("swift output is deterministic, sorted, documented and type-checks against the library")
    func swift() throws {
        let first = try Tool.run(["export", "Default", "--format", "swift"])
        let second = try Tool.run(["export", "Default", "--format", "swift"])
        #expect(first.status == 0 && first.stdout == second.stdout)
        let source = first.stdout
        #expect(source.hasPrefix("// Generated by themeload from the theme \"Default\". Do not edit"))
        #expect(source.contains("public enum DefaultTheme {"))
        #expect(source.contains("case mainTitle = \"mainTitle\""))
        #expect(source.contains("/// `primary`: light `#0770E3FF`, dark `#6D9FEBFF`"))
        let levels = source.components(separatedBy: "public enum Level")[1].components(separatedBy: "}")[0]
        let cases = levels.split(separator: "\n").filter { $0.contains("case ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cases == cases.sorted())

        // Type-check the generated file against the built Themeload module.
        let directory = TemporaryDirectory()
        let file = try directory.write("DefaultTheme.swift", source + "\nlet _: ThemeProvider<ThemeColor>? = try? (nil as Theme?)?.paletteProvider(DefaultTheme.Palette.primary)\nlet _: ThemeKey<ThemeColor> = DefaultTheme.Level.button.color(.backgroundColor)\n")
        let modules = Tool.url.deletingLastPathComponent().appendingPathComponent("Modules").path
        let swiftc = try Tool.runProgram("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules, file])
        #expect(swiftc.status == 0, "\(swiftc.stderr)")
    }

    @Test("swift: custom entries are keys too, a design token's saying its type, each readable as the typed values a level property reads")
    func swiftCustomKeys() throws {
        let fixture = Repository.url("Tests/ThemeloadTests/Fixtures/tokens-composite-types/Main.theme").path
        let run = try Tool.run(["export", fixture, "--format", "swift"])
        #expect(run.status == 0, "\(run.stderr)")
        let source = run.stdout
        #expect(source.contains("/// `elevation.raised`: a `shadow` design token.\n        case elevationRaised = \"elevation.raised\""))
        #expect(source.contains("/// `motion.ease`: a `cubicBezier` design token."))
        let uses = """

            let _: ThemeKey<ThemeShadow> = MainTheme.Custom.elevationRaised.shadow
            let _: ThemeKey<ThemeBorder> = MainTheme.Custom.outlineFocus.border
            let _: ThemeKey<ThemeGradient> = MainTheme.Custom.fadeLong.gradient
            let _: ThemeKey<ThemeValue> = MainTheme.Custom.motionEase.key

            """
        let directory = TemporaryDirectory()
        let file = try directory.write("MainTheme.swift", source + uses)
        let modules = Tool.url.deletingLastPathComponent().appendingPathComponent("Modules").path
        let swiftc = try Tool.runProgram("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules, file])
        #expect(swiftc.status == 0, "\(swiftc.stderr)")
    }

    /// Swift ends a comment at a carriage return as at a line feed: a `$description` holding
    /// one went on as code in the generated file (and in the app's build, through the plugin).
    @Test("swift and css: names, styles, font families and token descriptions with line breaks, controls, quotes or */ stay inside their comments, strings and selectors")
    func commentsHoldTheirText() throws {
        let directory = TemporaryDirectory()
        try directory.write("Hostile.yaml", """
            name: "x */ body {color: red} /* \\r static let fromName = 1"
            styles: ["li\\rght", "q\\"]{}*{color:red}", dark]
            palette:
              "p\\rstatic let fromKey = 1": "#000000"
              "q\\u2028r\\u202Es": "#FFFFFF"
            fonts:
              body: {family: "Fam\\rstatic let fromFamily = 1", size: 12}
            levels:
              normal: {textColor: "#000000"}

            """)
        try directory.write("Notes.tokens.json", ##"{"brand": {"$type": "color", "$value": "#FF0000", "$description": "one\rstatic let fromDescription = 1\r\n///two\u0085three\u2029four\u0000five", "$deprecated": "use\rstatic let fromReason = 1"}}"##)
        for file in ["Hostile.yaml", "Notes.tokens.json"] {
            let run = try Tool.run(["export", file, "--format", "swift"], in: directory.url)
            #expect(run.status == 0, "\(run.stderr)")
            let source = run.stdout
            // Nothing a comment's text holds may break its line, or show what the code does not.
            let breaking: [Unicode.Scalar] = ["\r", "\u{0}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}"]
            #expect(!source.unicodeScalars.contains(where: breaking.contains), "\(file): \(source.debugDescription)")
            // What would be code is in comments or string literals only.
            for line in source.split(separator: "\n") where line.contains("static let from") {
                let text = line.trimmingCharacters(in: .whitespaces)
                #expect(text.hasPrefix("//") || text.hasPrefix("case ") || text.hasPrefix("public static let displayName = "), "\(file): \(text)")
            }
            let checked = try directory.write("\(file).swift", source)
            let modules = Tool.url.deletingLastPathComponent().appendingPathComponent("Modules").path
            let swiftc = try Tool.runProgram("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules, checked])
            #expect(swiftc.status == 0, "\(file): \(swiftc.stderr)")
        }
        let notes = try Tool.run(["export", "Notes.tokens.json", "--format", "swift"], in: directory.url).stdout
        #expect(notes.contains("""
                    ///
                    /// one
                    /// static let fromDescription = 1
                    /// ///two
                    /// three
                    /// four\\u{0}five
                    ///
                    /// - Important: Deprecated: use static let fromReason = 1
                    case brand = "brand"
            """), "\(notes)")

        let css = try Tool.run(["export", "Hostile.yaml", "--format", "css"], in: directory.url)
        #expect(css.status == 0, "\(css.stderr)")
        let banner = css.stdout.prefix(while: { $0 != "\n" })
        #expect(banner.components(separatedBy: "*/").count == 2 && banner.hasSuffix("*/"), "\(banner)")
        // Style names are CSS strings in their selectors.
        #expect(css.stdout.contains("[data-theme=\"li\\d ght\"] {\n") && css.stdout.contains(#"[data-theme="q\"]{}*{color:red}"] {"#), "\(css.stdout)")
    }

    @Test("swift: names that are keywords, members every enum has, digits, an underscore or nothing at all type-check, and allCases stays CaseIterable's")
    func awkwardNames() throws {
        let names = ["allCases", "rawValue", "init", "key", "self", "Type", "hashValue", "description", "", "_", "0", "Protocol", "super", "🎨"]
        let palette = names.enumerated().map { "  \(JSONValue.string($0.element).text()): \"#00000\($0.offset % 10)\"" }.joined(separator: "\n")
        let directory = TemporaryDirectory()
        try directory.write("Names.yaml", "palette:\n\(palette)\nmetrics:\n  allCases: 1\nlevels:\n  normal: {textColor: \"#000000\", allCases: 1, rawValue: 2}\n  allCases: {}\n")
        let run = try Tool.run(["export", "Names.yaml", "--format", "swift"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        // The name "" was the identifier `_`, which Swift does not take.
        #expect(run.stdout.contains("case _empty = \"\"") && run.stdout.contains("case _5f = \"_\"") && run.stdout.contains("case _1f3a8 = \"🎨\""))
        // A key named allCases is not CaseIterable's: every enum's `allCases` still lists its keys.
        #expect(run.stdout.contains("case allCases_ = \"allCases\""), "\(run.stdout)")
        let uses = ["Level", "Property", "Palette", "Metric"].map { "let _: [NamesTheme.\($0)] = NamesTheme.\($0).allCases\n" }.joined()
            + "let _: NamesTheme.Palette = .allCases_\nlet _: ThemeKey<ThemeColor> = NamesTheme.Palette.key.key\n"
        let file = try directory.write("Names.swift", run.stdout + "\n" + uses)
        let modules = Tool.url.deletingLastPathComponent().appendingPathComponent("Modules").path
        let swiftc = try Tool.runProgram("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules, file])
        #expect(swiftc.status == 0, "\(swiftc.stderr)")
    }

    @Test("css has the first style on :root, dark under prefers-color-scheme, every style by data-theme, and level classes")
    func css() throws {
        let run = try Tool.run(["export", "Blossom", "--format", "css"])
        #expect(run.status == 0)
        let css = run.stdout
        #expect(css.contains(":root {\n  --palette-background: #FFFFFF;"))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root:not([data-theme]) {\n    --palette-background: #010913;"))
        #expect(css.contains("[data-theme=\"pink\"] {\n  --palette-background: #FFF0F5;"))
        #expect(css.contains("--fonts-title: normal 600 20px \"PingFangSC-Semibold\", \"PingFang SC\", system-ui, sans-serif;"))
        #expect(css.contains("--levels-button-contentInsets: 10px 16px 10px 16px;"))
        #expect(css.contains(".level-button {\n  color: var(--levels-button-textColor);\n  background-color: var(--levels-button-backgroundColor);"))
        let pinkOnly = try Tool.run(["export", "Blossom", "--format", "css", "--style", "pink"])
        #expect(pinkOnly.stdout.contains(":root {\n  --palette-background: #FFF0F5;") && !pinkOnly.stdout.contains("data-theme"))
    }

    @Test("swift: the namespace and its name are the bundle's, which a loader finds the theme by; the manifest's name is its displayName",
          arguments: [("Shop.theme", "Shop.theme/theme.yaml"), ("Shop.yaml", "Shop.yaml"), ("Shop.themec", "Shop.themec")])
    func swiftLoadName(argument: String, file: String) throws {
        let directory = TemporaryDirectory()
        let source = "name: Shop Deluxe\nlevels:\n  normal: {textColor: \"#000000\"}\n"
        if file.hasSuffix(".themec") {
            try directory.write("Sources/Shop.yaml", source)
            #expect(try Tool.run(["compile", "Sources/Shop.yaml", "-o", "Shop.themec"], in: directory.url).status == 0)
        } else {
            try directory.write(file, source)
        }
        for theme in [argument, "Shop"] {
            let run = try Tool.run(["export", theme, "--format", "swift"], in: directory.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("public enum ShopTheme {\n    /// The name to load the theme by (`ThemeLoader.load(named:)`): its bundle's.\n    public static let name = \"Shop\"\n"), "\(run.stdout)")
            #expect(run.stdout.contains("public static let displayName = \"Shop Deluxe\"\n"))
        }
        // The name loads it; the manifest's does not.
        #expect(try Tool.run(["check", "Shop"], in: directory.url).status == 0)
        #expect(try Tool.run(["check", "Shop Deluxe"], in: directory.url).status == 1)
    }

    @Test("swift: two level names that become one identifier are an error, not a silent rename")
    func swiftClash() throws {
        let directory = TemporaryDirectory()
        try directory.write("Clash.yaml", "levels:\n  normal: {}\n  aB: {}\n  a-b: {}\n")
        let run = try Tool.run(["export", "Clash.yaml", "--format", "swift"], in: directory.url)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.contains(#"the level names "a-b" and "aB" both become the Swift name aB; rename one of them"#), "\(run.stderr)")
    }

    @Test("swift: the banner's command is the one that wrote the file, search paths included")
    func swiftBanner() throws {
        let directory = TemporaryDirectory()
        try directory.write("Themes/Shop.yaml", "levels:\n  normal: {}\n")
        let run = try Tool.run(["export", "Shop", "--search-path", "Themes", "--format", "swift"], in: directory.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("// `themeload export Shop --search-path Themes --format swift`, run where it was run."), "\(run.stdout.prefix(300))")
    }

    @Test("css: lengths get px and plain numbers do not; two names that become one CSS name are an error")
    func cssUnitsAndClashes() throws {
        let directory = TemporaryDirectory()
        try directory.write("Units.yaml", "metrics:\n  spacing: 8\n  disabledOpacity: 0.3\n  zIndex: 10\n  hairline: 0.5\n  none: 0\n  far: 9007199254740993\n  farCount: -9223372036854775808\n  big: 1.5e300\nlevels:\n  normal: {}\n")
        let units = try Tool.run(["export", "Units.yaml", "--format", "css"], in: directory.url)
        #expect(units.status == 0)
        #expect(units.stdout.contains("--metrics-spacing: 8px;") && units.stdout.contains("--metrics-hairline: 0.5px;"))
        #expect(units.stdout.contains("--metrics-disabledOpacity: 0.3;") && units.stdout.contains("--metrics-zIndex: 10;"))
        // Integers past what a Double holds exactly stay as written; CSS numbers take exponents.
        #expect(units.stdout.contains("--metrics-none: 0;") && units.stdout.contains("--metrics-far: 9007199254740993px;"))
        #expect(units.stdout.contains("--metrics-farCount: -9223372036854775808;") && units.stdout.contains("--metrics-big: 1.5e+300px;"), "\(units.stdout)")

        try directory.write("Clash.yaml", "palette:\n  \"brand primary\": \"#FF0000\"\n  brand-primary: \"#00FF00\"\nlevels:\n  normal: {}\n")
        let clash = try Tool.run(["export", "Clash.yaml", "--format", "css"], in: directory.url)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("palette.brand primary and palette.brand-primary both become the CSS name --palette-brand-primary"), "\(clash.stderr)")
    }

    /// Names in other scripts all became dashes: `日本` and `中国` were both `.level---`, an
    /// error, and `café` lost its `é`.
    @Test("css: names keep the letters of other scripts, which CSS identifiers allow; a no-break space or a bidi control becomes -")
    func cssNamesBeyondASCII() throws {
        let directory = TemporaryDirectory()
        try directory.write("World.yaml", """
            palette:
              café: "#FF0000"
              cafe: "#00FF00"
              "a\\u00A0b": "#0000FF"
              "x\\u202Ey": "#000000"
            levels:
              normal: {}
              日本:
                textColor: "{palette.café}"
              中国:
                textColor: "{palette.cafe}"

            """)
        let run = try Tool.run(["export", "World.yaml", "--format", "css"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("--palette-café: #FF0000;") && run.stdout.contains("--palette-cafe: #00FF00;"), "\(run.stdout)")
        #expect(run.stdout.contains("--palette-a-b: #0000FF;") && run.stdout.contains("--palette-x-y: #000000;"), "\(run.stdout)")
        #expect(run.stdout.contains(".level-日本 {\n  color: var(--levels-日本-textColor);\n}"), "\(run.stdout)")
        #expect(run.stdout.contains(".level-中国 {\n  color: var(--levels-中国-textColor);\n}"), "\(run.stdout)")
    }

    /// A duration token wrote `0.15px` and a font weight `700px`; a corner radius was a bare `12`,
    /// which `border-radius` refuses; a border color alone drew nothing; a gradient of one stop was
    /// a `linear-gradient` CSS refuses.
    @Test("css: a token's metric as its type says; a level's lengths get px; level classes draw borderColor with borderWidth, cornerRadius and alpha; a one-stop gradient is valid CSS")
    func cssTokenMetricsAndLevelLengths() throws {
        let directory = TemporaryDirectory()
        try directory.write("Motion.tokens.json", #"""
            {"fast": {"$type": "duration", "$value": {"value": 150, "unit": "ms"}},
             "none": {"$type": "duration", "$value": {"value": 0, "unit": "ms"}},
             "bold": {"$type": "fontWeight", "$value": 700},
             "gap": {"$type": "dimension", "$value": {"value": 1, "unit": "rem"}},
             "tight": {"$type": "number", "$value": 1.25}}
            """#)
        let tokens = try Tool.run(["export", "Motion.tokens.json", "--format", "css", "--style", "light"], in: directory.url)
        #expect(tokens.status == 0, "\(tokens.stderr)")
        for line in ["--metrics-fast: 0.15s;", "--metrics-none: 0s;", "--metrics-bold: 700;", "--metrics-gap: 16px;", "--metrics-tight: 1.25;"] {
            #expect(tokens.stdout.contains(line), "\(line) in \(tokens.stdout)")
        }

        try directory.write("Card.yaml", """
            levels:
              normal: {}
              card: {borderColor: "#FF00FF", borderWidth: 3, cornerRadius: 12, alpha: 0.5, lines: 2, iconSize: 0, lineSpacing: 1.5}
              plain: {borderColor: "#00FF00"}
              banner: {backgroundGradient: [{color: "#FF0000", position: 0.5}]}
            """)
        let card = try Tool.run(["export", "Card.yaml", "--format", "css", "--style", "light"], in: directory.url)
        #expect(card.status == 0, "\(card.stderr)")
        for line in ["--levels-card-borderWidth: 3px;", "--levels-card-cornerRadius: 12px;", "--levels-card-lineSpacing: 1.5px;",
                     "--levels-card-alpha: 0.5;", "--levels-card-lines: 2;", "--levels-card-iconSize: 0;",
                     ".level-card {\n  border: var(--levels-card-borderWidth) solid var(--levels-card-borderColor);\n  border-radius: var(--levels-card-cornerRadius);\n  opacity: var(--levels-card-alpha);\n}",
                     ".level-plain {\n  border: 1px solid var(--levels-plain-borderColor);\n}",
                     // CSS needs two stops: one is written twice.
                     "--levels-banner-backgroundGradient: linear-gradient(#FF0000 50%, #FF0000 50%);"] {
            #expect(card.stdout.contains(line), "\(line) in \(card.stdout)")
        }
    }

    /// A design team's `fontFamily` lists reach the web as they wrote them: each family in order,
    /// and the system fallback only where the list ends in no generic family.
    @Test("css and preview: a font's fallback families are its font-family list, and a fontFamily token keeps its list")
    func cssFontFallbacks() throws {
        let directory = TemporaryDirectory()
        try directory.write("Stacks.yaml", """
            fonts:
              body: {family: [Inter, Helvetica Neue, sans-serif], size: 15}
              code: {name: Menlo-Regular, family: [Menlo, Courier, Menlo, monospace], size: 13}
              plain: {family: Avenir, size: 12}
              generic: {family: [system-ui], size: 12}
              apple: {family: [-apple-system], size: 12}
            levels:
              normal: {textColor: "#000000", font: "{fonts.body}"}
            """)
        let css = try Tool.run(["export", "Stacks.yaml", "--format", "css"], in: directory.url)
        #expect(css.status == 0, "\(css.stderr)")
        for line in [
            #"  --fonts-body: normal 400 15px "Inter", "Helvetica Neue", sans-serif;"#,
            #"  --fonts-code: normal 400 13px "Menlo-Regular", "Menlo", "Courier", monospace;"#,
            #"  --fonts-plain: normal 400 12px "Avenir", system-ui, sans-serif;"#,
            #"  --fonts-generic: normal 400 12px system-ui;"#,
            // Only Safari knows -apple-system: the system fallback follows it.
            #"  --fonts-apple: normal 400 12px -apple-system, system-ui, sans-serif;"#,
        ] {
            #expect(css.stdout.contains(line + "\n"), "\(line) in \(css.stdout)")
        }
        let preview = try Tool.run(["preview", "Stacks.yaml", "-o", directory.path("stacks.html")], in: directory.url)
        #expect(preview.status == 0)
        let html = try String(contentsOfFile: directory.path("stacks.html"), encoding: .utf8)
        #expect(html.contains("font-family: &quot;Inter&quot;, &quot;Helvetica Neue&quot;, sans-serif;"), "\(html)")

        try directory.write("Kit.tokens.json", #"{"stack": {"$type": "fontFamily", "$value": ["Inter", "Helvetica Neue", "sans-serif"]}}"#)
        let tokens = try Tool.run(["export", "Kit.tokens.json", "--format", "css", "--style", "light"], in: directory.url)
        #expect(tokens.stdout.contains(#"  --custom-stack: "Inter", "Helvetica Neue", sans-serif;"# + "\n"), "\(tokens.stdout)")
    }

    /// Design tokens kept in `custom` (shadows, borders, easings …) were left out of the sheet,
    /// so a web team lost them. Each expected value is worked out from the token by hand.
    @Test("css: the design tokens in custom are written as their types say; the theme's own custom data is not")
    func cssDesignTokenCustomEntries() throws {
        let directory = TemporaryDirectory()
        try directory.write("Kit.tokens.json", #"""
            {"shadow": {"$type": "shadow", "$value": [
               {"color": "#00000080", "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 0.25, "unit": "rem"}, "blur": "8px", "spread": 0, "inset": true},
               {"color": "#ff0000", "offsetX": {"value": 1, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 0, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}]},
             "outline": {"$type": "border", "$value": {"color": "#336699", "width": {"value": 2, "unit": "px"}, "style": {"dashArray": [{"value": 4, "unit": "px"}], "lineCap": "round"}}},
             "fade": {"$type": "gradient", "$value": [{"color": "#ffffff", "position": 0}, {"color": "#000000", "position": 1}]},
             "dotted": {"$type": "strokeStyle", "$value": "dotted"},
             "mono": {"$type": "fontFamily", "$value": "Menlo"},
             "system": {"$type": "fontFamily", "$value": "system-ui"},
             "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]},
             "enter": {"$type": "transition", "$value": {"duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": "{ease}"}},
             "case": {"$type": "string", "$value": "uppercase"},
             "hostile": {"$type": "string", "$value": "a; } b"},
             "help": {"$type": "link", "$value": "https://example.com/help"},
             "on": {"$type": "boolean", "$value": false},
             "fluid": {"$type": "dimension", "$value": {"value": 2.5, "unit": "vw"}},
             "android": {"$type": "dimension", "$value": "4dp"}}
            """#)
        let run = try Tool.run(["export", "Kit.tokens.json", "--format", "css", "--style", "light"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let custom = run.stdout.split(separator: "\n").filter { $0.contains("--custom-") }
        #expect(custom == [
            "  --custom-case: uppercase;",
            "  --custom-dotted: dotted;",
            "  --custom-ease: cubic-bezier(0.4, 0, 0.2, 1);",
            "  --custom-enter: 0.2s cubic-bezier(0.4, 0, 0.2, 1) 0s;",
            "  --custom-fade: linear-gradient(#FFFFFF 0%, #000000 100%);",
            "  --custom-fluid: 2.5vw;",
            "  --custom-help: url(\"https://example.com/help\");",
            "  --custom-hostile: \"a; } b\";",
            "  --custom-mono: \"Menlo\";",
            "  --custom-on: false;",
            "  --custom-outline: 2px dashed #336699;",
            "  --custom-shadow: inset 0 4px 8px 0 #00000080, 1px 1px 0 0 #FF0000;",
            "  --custom-system: system-ui;",
        ])
        // A rem is the loader's, in the shadow's offset too.
        let rem = try Tool.run(["export", "Kit.tokens.json", "--format", "css", "--style", "light", "--rem-size", "10"], in: directory.url)
        #expect(rem.stdout.contains("  --custom-shadow: inset 0 2.5px 8px 0 #00000080, 1px 1px 0 0 #FF0000;\n"), "\(rem.stdout)")

        try directory.write("Own.yaml", """
            custom: {limits: {items: 3}, label: "hello"}
            levels: {normal: {textColor: "#000000"}}
            """)
        let own = try Tool.run(["export", "Own.yaml", "--format", "css"], in: directory.url)
        #expect(own.status == 0 && !own.stdout.contains("--custom-"), "\(own.stdout)")

        try directory.write("Clash.tokens.json", #"{"x": {"y": {"$type": "string", "$value": "p"}}, "x-y": {"$type": "string", "$value": "q"}}"#)
        let clash = try Tool.run(["export", "Clash.tokens.json", "--format", "css"], in: directory.url)
        #expect(clash.status != 0)
        #expect(clash.stderr.contains("custom.x-y and custom.x.y both become the CSS name --custom-x-y"), "\(clash.stderr)")
    }

    /// The preview dropped a family's `'` and left a trailing `\` to escape its closing quote, so
    /// the declaration ran on and the browser dropped it.
    @Test("css and preview: a font family with quotes, a newline and a trailing backslash stays one CSS string")
    func cssStrings() throws {
        let directory = TemporaryDirectory()
        try directory.write("Fonts.yaml", """
            fonts:
              quoted: {family: "O'Reilly \\"Sans\\"\\\\", size: 12}
              lines: {family: "Two\\nLines\\t", size: 12}
            levels:
              normal: {textColor: "#000000", font: "{fonts.quoted}"}
              other: {textColor: "#000000", font: "{fonts.lines}"}

            """)
        let css = try Tool.run(["export", "Fonts.yaml", "--format", "css"], in: directory.url)
        #expect(css.status == 0)
        // CSS Syntax 3: `\"` and `\\` stand for themselves; `\a ` and `\9 ` are a newline and a tab.
        #expect(css.stdout.contains(#"--fonts-quoted: normal 400 12px "O'Reilly \"Sans\"\\", system-ui, sans-serif;"#), "\(css.stdout)")
        #expect(css.stdout.contains(#"--fonts-lines: normal 400 12px "Two\a Lines\9 ", system-ui, sans-serif;"#), "\(css.stdout)")
        let preview = try Tool.run(["preview", "Fonts.yaml", "-o", directory.path("fonts.html")], in: directory.url)
        #expect(preview.status == 0)
        let html = try String(contentsOfFile: directory.path("fonts.html"), encoding: .utf8)
        // The same strings, escaped again for the style attribute they stand in.
        #expect(html.contains(#"font-family: &quot;O'Reilly \&quot;Sans\&quot;\\&quot;, system-ui, sans-serif;"#))
        #expect(html.contains(#"font-family: &quot;Two\a Lines\9 &quot;, system-ui, sans-serif;"#))
    }

    @Test("--style does not apply to swift; an unknown format is a usage error")
    func exportUsage() throws {
        #expect(try Tool.run(["export", "Default", "--format", "swift", "--style", "dark"]).status == 64)
        #expect(try Tool.run(["export", "Default", "--format", "toml"]).status == 64)
        #expect(try Tool.run(["export", "Default"]).status == 64)
    }

    @Test("preview writes one self-contained page with every style, swatch and level")
    func preview() throws {
        let directory = TemporaryDirectory()
        let run = try Tool.run(["preview", "Blossom", "-o", directory.path("blossom.html")])
        #expect(run.status == 0)
        let html = try String(contentsOfFile: directory.path("blossom.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link") && !html.contains("<script"))
        for style in ["light", "dark", "pink"] { #expect(html.contains("<h2>\(style)</h2>")) }
        for hex in ["#0770E3FF", "#6D9FEBFF", "#C2185BFF"] { #expect(html.contains(hex)) }
        for level in ["normal", "mainTitle", "subTitle", "button", "card"] { #expect(html.contains("\(level): The quick brown fox")) }
        #expect(html.contains("src=\"data:image/png;base64,"))
        let failed = try Tool.run(["preview", "Blossom", "-o", directory.path("missing/dir/x.html")])
        #expect(failed.status == 1 && failed.stderr.hasPrefix("error: cannot write"))
    }

    @Test("preview: the page's own text reads on any background, names sort numerically and are never cut, every image variant shows")
    func previewLegibleAndComplete() throws {
        let directory = TemporaryDirectory()
        try directory.write("Night.theme/theme.yaml", """
            palette:
              blue-1000: "#000033"
              blue-200: "#3333FF"
              blue-30: "#9999FF"
              accent-background-pressed-strong: "#123456"
            images:
              logo:
                - {file: logo.png}
                - {file: logo@2x.png, scale: 2}
                - {file: logo-pad.png, idiom: pad, style: dark}
            levels:
              normal:
                textColor: {light: "#111111", dark: "#222222"}
                backgroundColor: {light: "#FFFFFF", dark: "#000000"}
            """)
        for file in ["logo.png", "logo@2x.png", "logo-pad.png"] { try directory.write("Night.theme/\(file)", Data([0x89, 0x50, 0x4E, 0x47])) }
        let run = try Tool.run(["preview", "Night.theme", "-o", "night.html"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: directory.path("night.html"), encoding: .utf8)
        let sections = html.components(separatedBy: "<section ").dropFirst()
        let light = try #require(sections.first { $0.contains("<h2>light</h2>") }), dark = try #require(sections.first { $0.contains("<h2>dark</h2>") })
        // The dark style's text is #222222 on black: the headings are white there, black on white.
        #expect(dark.hasPrefix(#"class="style" style="background: rgba(0, 0, 0, 1.000); color: #FFFFFF">"#))
        #expect(light.hasPrefix(#"class="style" style="background: rgba(255, 255, 255, 1.000); color: #000000">"#))
        // The level sample keeps the theme's own colors.
        #expect(dark.contains(#"<div class="sample" style="color: rgba(34, 34, 34, 1.000); background: rgba(0, 0, 0, 1.000); "#))
        // Numbers in names sort as numbers; a long name is there whole, wrapped rather than cut.
        let names = light.components(separatedBy: "<b>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(names == ["accent-background-pressed-strong", "blue-30", "blue-200", "blue-1000"])
        #expect(!html.contains("text-overflow: ellipsis") && html.contains(#"title="accent-background-pressed-strong""#))
        // Every variant the style sees, with its traits: the light style does not see the dark one.
        #expect(light.contains("logo · @1x<br>logo.png") && light.contains("logo · @2x<br>logo@2x.png") && !light.contains("logo-pad.png"))
        #expect(dark.contains("logo · @1x pad dark<br>logo-pad.png") && dark.contains("logo · @2x<br>logo@2x.png"))
    }

    @Test("preview embeds images up to 512 KB; a larger one is named, not embedded (its size is asked before it is read)")
    func previewImageSizes() throws {
        let directory = TemporaryDirectory()
        try directory.write("Pics.theme/theme.yaml", "images:\n  fits: fits.png\n  large: large.png\nlevels:\n  normal: {textColor: \"#000000\"}\n")
        try directory.write("Pics.theme/fits.png", Data(count: 512 * 1024))
        try directory.write("Pics.theme/large.png", Data(count: 512 * 1024 + 1))
        let run = try Tool.run(["preview", "Pics.theme", "-o", "pics.html"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: directory.path("pics.html"), encoding: .utf8)
        #expect(html.contains(#"<img alt="fits.png" src="data:image/png;base64,"#))
        #expect(!html.contains(#"<img alt="large.png""#) && html.contains("(not embedded)"))
    }
}

@Suite("themeload show --watch")
struct WatchTests {
    func theme(_ color: String) -> String { "levels:\n  normal:\n    textColor: \"\(color)\"\n    backgroundColor: \"#FFFFFF\"\n" }

    @Test("--format json prints one canonical document per good load; diagnostics go to stderr; Ctrl-C exits 0")
    func jsonLines() throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", theme("#111111"))
        let watch = try InteractiveProcess(Tool.url, ["show", "Main.yaml", "--watch", "--format", "json", "--interval", "0.05"], in: directory.url)
        func lines(_ out: String) -> [String] { out.split(separator: "\n").map(String.init) }
        #expect(watch.wait { out, _ in lines(out).count == 1 })
        try directory.write("Main.yaml", theme("#222222"))
        #expect(watch.wait { out, _ in lines(out).count == 2 })
        try directory.write("Main.yaml", "levels:\n  normal:\n    textColor: \"#12345\"\n")
        #expect(watch.wait { _, err in err.contains("Main.yaml:3:16: error: invalid color \"#12345\"") })
        try directory.write("Main.yaml", theme("#333333"))
        #expect(watch.wait { out, _ in lines(out).count == 3 })
        watch.signal(SIGINT)
        #expect(watch.waitForExit() == 0)
        let documents = try lines(watch.stdout).map { try document($0, as: "json") }
        #expect(documents.map { $0.node(at: "resolved.light.levels.normal.textColor")?.value } == [.string("#111111FF"), .string("#222222FF"), .string("#333333FF")])
    }

    @Test("the table redraws in a terminal, marks changed cells, keeps the last good table under diagnostics, and restores the terminal")
    func table() throws {
        let directory = TemporaryDirectory()
        try directory.write("Main.yaml", theme("#111111"))
        // `script` gives the tool a pseudo-terminal, as a user's shell would. It starts the command
        // through $SHELL -c; `exec` leaves the tool alone in the terminal's foreground, as at a
        // prompt. Without it a shell such as dash stays there too, and Ctrl-C makes it exit 130.
        let command = "exec \(Tool.url.path) show Main.yaml --watch --interval 0.05"
        let watch = try InteractiveProcess(URL(fileURLWithPath: "/usr/bin/script"), ["-q", "-f", "-e", "-c", command, "/dev/null"],
                                           in: directory.url, environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        // The pseudo-terminal may pass a screen on in pieces: only a screen that has reached its last
        // line ("Ctrl-C to quit") is whole, so every check waits for one and reads that screen.
        func wholeScreen(_ out: String) -> String? {
            let screen = out.components(separatedBy: "\u{1B}[H\u{1B}[2J").last ?? ""
            return screen.contains("Ctrl-C to quit") ? screen : nil
        }
        func waitForScreen(_ condition: (String) -> Bool) -> String? {
            var found: String?
            _ = watch.wait { out, _ in
                found = wholeScreen(out).flatMap { condition($0) ? $0 : nil }
                return found != nil
            }
            return found
        }
        let first = try #require(waitForScreen { $0.contains("Watching Main.yaml") && $0.contains("#111111") })
        #expect(!first.contains("\u{1B}[1;4m"), "nothing has changed yet: \(first)")
        #expect(watch.stdout.contains("\u{1B}[?25l"))  // cursor hidden while drawing
        // Each edit replaces the file whole, as an editor saves: a plain write could be seen empty
        // for a moment on a busy machine, and the screen would show that failure instead.
        try directory.write("Main.yaml", theme("#222222"), atomically: true)
        let afterChange = try #require(waitForScreen { $0.contains("#222222") })
        // The changed cell is marked (bold, underlined) and its swatch shows the new color inside
        // the mark: nothing in it ends the mark early.
        let marked = afterChange.components(separatedBy: "\u{1B}[1;4m").dropFirst().first?.components(separatedBy: "\u{1B}[22;24m").first
        #expect(marked?.contains("\u{1B}[48;2;34;34;34m  \u{1B}[49m #222222") == true, "the changed cells are marked: \(afterChange)")
        #expect(marked?.contains("\u{1B}[0m") == false && marked?.contains("\u{1B}[7m") == false)
        let updatedAt = afterChange.components(separatedBy: "updated ").last?.prefix(8)
        try directory.write("Main.yaml", "levels: [\n", atomically: true)
        let broken = try #require(waitForScreen { $0.contains("[syntax]") })
        #expect(broken.contains("The last edit does not load; showing the last good theme.") && broken.contains("#222222"), "\(broken)")
        // The footer says when the theme shown was loaded, which a failed load does not change.
        #expect(broken.components(separatedBy: "updated ").last?.prefix(8) == updatedAt)
        try directory.write("Main.yaml", theme("#444444"), atomically: true)
        #expect(waitForScreen { $0.contains("#444444") } != nil)
        watch.send("\u{03}")  // Ctrl-C through the terminal
        #expect(watch.waitForExit() == 0, "stderr: \(watch.stderr)")
        #expect(watch.stdout.hasSuffix("\u{1B}[0m\u{1B}[?25h\r\n") || watch.stdout.contains("\u{1B}[?25h"))
    }

    @Test("preview renders a level as the app draws it: gradient, border, corner radius, insets, shadow, line height, letter spacing, underline")
    func previewRendersLevels() throws {
        let directory = TemporaryDirectory()
        try directory.write("Card.json", #"""
            {"styles": ["light"], "levels": {"normal": {}, "card": {
              "backgroundGradient": [{"color": "#ff0000", "position": 0}, {"color": "#0000ff", "position": 1}],
              "border": {"color": "#00ff00", "width": 2, "style": "dashed"},
              "cornerRadius": 12, "contentInsets": [4, 8, 4, 8],
              "shadow": {"color": "#00000040", "offsetY": 2, "blur": 4},
              "font": {"family": "Inter", "size": 16, "lineHeight": 1.5, "letterSpacing": 0.25},
              "underline": true
            }, "outline": {"borderColor": "#ff00ff", "borderWidth": 3}}}
            """#)
        let run = try Tool.run(["preview", "Card.json", "-o", "card.html"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: directory.path("card.html"), encoding: .utf8)
        let card = try #require(html.components(separatedBy: "<div class=\"sample\"").first { $0.contains("card: The quick") })
        for rule in ["background-image: linear-gradient(#FF0000 0%, #0000FF 100%);", "border: 2px dashed #00FF00;", "border-radius: 12px;",
                     "padding: 4px 8px 4px 8px;", "box-shadow: 0 2px 4px 0 #00000040;", "line-height: 1.5;", "letter-spacing: 0.25px;",
                     "text-decoration: underline;"] {
            #expect(card.contains(rule), "\(rule) in \(card.prefix(600))")
        }
        let outline = try #require(html.components(separatedBy: "<div class=\"sample\"").first { $0.contains("outline: The quick") })
        #expect(outline.contains("border: 3px solid rgba(255, 0, 255, 1.000);"))
    }

    @Test("export --format dtcg writes token files and a resolver into the -o folder; themeload reads the resolver back as the same palette")
    func designTokens() throws {
        let directory = TemporaryDirectory()
        let run = try Tool.run(["export", "Blossom", "--format", "dtcg", "-o", directory.path("tokens")])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("tokens")).sorted()
        #expect(files == ["Blossom.resolver.json", "base.tokens.json", "dark.tokens.json", "darkHighContrast.tokens.json", "light.tokens.json", "lightHighContrast.tokens.json", "pink.tokens.json"])
        let original = try Tool.run(["export", "Blossom", "--format", "json"])
        let back = try Tool.run(["export", directory.path("tokens/Blossom.resolver.json"), "--format", "json"])
        #expect(back.status == 0, "\(back.stderr)")
        func palettes(_ text: String) throws -> [String: [String: String]] {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let resolved = object?["resolved"] as? [String: [String: Any]] ?? [:]
            return resolved.mapValues { $0["palette"] as? [String: String] ?? [:] }
        }
        #expect(try palettes(back.stdout) == palettes(original.stdout))
        #expect(try !palettes(original.stdout).isEmpty)
        #expect(try Tool.run(["export", "Blossom", "--format", "dtcg"]).status == 64)
        #expect(try Tool.run(["export", "Blossom", "--format", "dtcg", "--style", "dark", "-o", directory.path("x")]).status == 64)
        // The resolver is named after the bundle, so the theme loads back by its name: a dot in it
        // stays (it was cut at the first dot, and `Shop.v2` wrote `Shop.resolver.json`).
        try directory.write("Themes/Shop.v2.yaml", "levels:\n  normal: {textColor: \"#000000\"}\n")
        #expect(try Tool.run(["export", "Themes/Shop.v2.yaml", "--format", "dtcg", "-o", "v2"], in: directory.url).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.path("v2/Shop.v2.resolver.json")))
        #expect(try Tool.run(["check", "Shop.v2", "--search-path", "v2"], in: directory.url).status == 0)
    }

    @Test("--context chooses a resolver modifier's context and --rem-size the points of a rem, in every command that takes a theme; bad values are usage errors")
    func resolverContexts() throws {
        let directory = TemporaryDirectory()
        try directory.write("Sized.resolver.json", """
            {"version": "2025.10", "resolutionOrder": [{"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"}],
             "modifiers": {
               "theme": {"contexts": {"light": [{"ink": {"$type": "color", "$value": "#111111"}}], "dark": [{"ink": {"$type": "color", "$value": "#eeeeee"}}]}},
               "size": {"contexts": {"desktop": [{"control": {"$type": "dimension", "$value": {"value": 2, "unit": "rem"}}}],
                                     "mobile": [{"control": {"$type": "dimension", "$value": {"value": 40, "unit": "px"}}}]},
                        "default": "desktop"}}}
            """)
        func control(_ arguments: [String]) throws -> Double? {
            let run = try Tool.run(["export", "Sized.resolver.json", "--format", "json"] + arguments, in: directory.url)
            #expect(run.status == 0, "\(run.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let resolved = object?["resolved"] as? [String: [String: Any]]
            return (resolved?["dark"]?["metrics"] as? [String: Any])?["control"] as? Double
        }
        // The default context, 2 rem at 16 points; the other context, 40 px; 2 rem at 10 points.
        #expect(try control([]) == 32)
        #expect(try control(["--context", "size=mobile"]) == 40)
        #expect(try control(["--rem-size", "10"]) == 20)
        #expect(try Tool.run(["check", "Sized.resolver.json", "--context", "size=mobile", "--rem-size", "10"], in: directory.url).status == 0)
        // A context the modifier does not have is the loader's diagnostic; a malformed option,
        // a modifier named twice or a rem of no points a usage error.
        let unknown = try Tool.run(["check", "Sized.resolver.json", "--context", "size=tablet"], in: directory.url)
        #expect(unknown.status == 1 && unknown.stdout.contains("the modifier \"size\" has no context \"tablet\" (it has desktop, mobile) [unknown-style]"), "\(unknown.stdout)")
        // A context of the modifier that gives the styles chooses nothing (both are styles), and
        // the check says so without failing; the export still has both styles.
        let styleChoice = try Tool.run(["check", "Sized.resolver.json", "--context", "theme=dark"], in: directory.url)
        #expect(styleChoice.status == 0 && styleChoice.stdout.contains("warning: the loader chooses the context \"dark\" of the modifier \"theme\", whose contexts are the theme's styles (light, dark)"),
                "\(styleChoice.stdout)")
        let bothStyles = try Tool.run(["export", "Sized.resolver.json", "--format", "json", "--context", "theme=dark"], in: directory.url)
        #expect(bothStyles.status == 0, "\(bothStyles.stderr)")
        let exported = try JSONSerialization.jsonObject(with: Data(bothStyles.stdout.utf8)) as? [String: Any]
        #expect(exported?["styles"] as? [String] == ["light", "dark"])
        for arguments in [["--context", "size"], ["--context", "=mobile"], ["--context", "size=mobile", "--context", "size=desktop"], ["--rem-size", "0"], ["--rem-size", "-4"]] {
            let run = try Tool.run(["check", "Sized.resolver.json"] + arguments, in: directory.url)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
    }

    /// `export Moments.yaml --format json -o Moments.yaml` replaced the theme's source with its
    /// export, and exporting a resolver to design tokens into its own folder replaced the
    /// resolver and its token files.
    @Test("a command never writes over a file the theme is read from, whatever path names it; nothing is written")
    func neverOverSources() throws {
        let directory = TemporaryDirectory()
        let source = ##"{"styles": ["light", "dark"], "levels": {"normal": {"textColor": "#112233", "backgroundColor": "#FFFFFF"}}}"##
        try Data(source.utf8).write(to: URL(fileURLWithPath: directory.path("M.json")))
        try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: true)
        for command in [["export", "M.json", "--format", "json", "-o", "M.json"], ["export", "M.json", "--format", "css", "-o", "sub/../M.json"],
                        ["preview", "M.json", "-o", "M.json"], ["export", "M.json", "--format", "swift", "-o", directory.path("M.json")]] {
            let run = try Tool.run(command, in: directory.url)
            #expect(run.status == 1 && run.stderr.contains("a file the theme is read from; write elsewhere"), "\(command): \(run.stderr)")
            #expect(try String(contentsOfFile: directory.path("M.json"), encoding: .utf8) == source, "\(command)")
        }
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.json"), withDestinationPath: "M.json")
        let throughLink = try Tool.run(["export", "M.json", "--format", "json", "-o", "link.json"], in: directory.url)
        #expect(throughLink.status == 1 && throughLink.stderr.contains("cannot write link.json: it is M.json, a file the theme is read from"), "\(throughLink.stderr)")
        #expect(try Tool.run(["export", "M.json", "--format", "json", "-o", "sub/M.json"], in: directory.url).status == 0)

        // A theme read from design tokens, exported to design tokens in their own folder.
        let tokens = directory.path("tokens")
        #expect(try Tool.run(["export", "Blossom", "--format", "dtcg", "-o", tokens]).status == 0)
        // A file written (atomically, by a rename) would have a new inode.
        func inodes() throws -> [String: Int] {
            try Dictionary(uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: tokens).map {
                ($0, try FileManager.default.attributesOfItem(atPath: tokens + "/" + $0)[.systemFileNumber] as? Int ?? -1)
            })
        }
        let before = try inodes()
        let over = try Tool.run(["export", tokens + "/Blossom.resolver.json", "--format", "dtcg", "-o", tokens])
        #expect(over.status == 1 && over.stderr.contains("a file the theme is read from"), "\(over.stderr)")
        #expect(try inodes() == before)
    }

    @Test("swift: a design token's $description is its key's doc comment, and $deprecated says so there")
    func swiftTokenNotes() throws {
        let theme = Repository.url("Tests/ThemeloadTests/Fixtures/tokens-in-a-theme/Main.theme").path
        let run = try Tool.run(["export", theme, "--format", "swift"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("""
                    /// `color.brand`: light `#0770E3FF`, dark `#0770E3FF`
                    ///
                    /// Primary brand color
                    case colorBrand = "color.brand"
            """))
        #expect(run.stdout.contains("""
                    ///
                    /// - Important: Deprecated: use color.brand
                    case colorLegacyBrand = "color.legacyBrand"
            """))
    }
}
