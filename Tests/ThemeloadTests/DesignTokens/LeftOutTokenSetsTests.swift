import Testing
import Themeload
import ThemeloadTesting

/// The token sets a style leaves out (a resolver document's that `resolutionOrder` never reaches,
/// a Tokens Studio theme's that it does not use): named in the error of an alias to one of their
/// tokens, and read only for that error. What the errors say in whole documents is the fixture
/// cases `tokens-resolver-unlisted-set` and `tokens-studio-left-out-set`.
@Suite("Token sets a style leaves out")
struct LeftOutTokenSetsTests {
    let files = InMemoryFileSystem()

    /// Two styles whose `text` aliases `{ink.<name>}`; the set `base` is listed, `extra` (which
    /// holds `ink.accent`) is not. `density`, in resolutionOrder when `withDensity`, reaches the
    /// set `tight` only through a context it does not choose.
    func writeResolver(light: String, dark: String, withDensity: Bool = false) {
        let density = withDensity ? ##", {"$ref": "#/modifiers/density"}"## : ""
        files.write("/t/Main.resolver.json", """
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}, "extra": {"sources": [{"$ref": "extra.tokens.json"}]},
                      "tight": {"sources": [{"hairline": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}}]}},
             "modifiers": {"theme": {"contexts": {"light": [{"text": {"$type": "color", "$value": "{ink.\(light)}"}}],
                                                  "dark": [{"text": {"$type": "color", "$value": "{ink.\(dark)}"}}]}},
                           "density": {"contexts": {"tight": [{"$ref": "#/sets/tight"}], "loose": [{"rule": {"$type": "dimension", "$value": "{hairline}"}}]},
                                       "default": "loose"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}\(density)]}
            """)
        files.write("/t/base.tokens.json", ##"{"ink": {"$type": "color", "dark": {"$value": "#111111"}, "light": {"$value": "#EEEEEE"}}}"##)
        files.write("/t/extra.tokens.json", ##"{"ink": {"accent": {"$type": "color", "$value": "#FF0000"}}}"##)
    }

    @Test("a theme whose aliases all find their tokens never reads the sets it leaves out")
    func unreadWhenNothingMisses() throws {
        writeResolver(light: "dark", dark: "light")
        let theme = try ThemeLoader(fileSystem: files).load(atPath: "/t/Main.resolver.json").theme
        #expect(theme.resolved(.light).palette["text"]?.hex == "#111111FF")
        // The resolver document and base.tokens.json; not extra.tokens.json.
        #expect(files.readCount == 2)
    }

    @Test("an alias to a token of a left-out set names the set, whose file is read once for both styles")
    func namedOnMiss() {
        writeResolver(light: "accent", dark: "accent")
        let report = ThemeLoader(fileSystem: files).report(for: .path("/t/Main.resolver.json"))
        let message = ##"the alias {ink.accent} points at no token; the set "extra" has it, but resolutionOrder leaves that set out (add {"$ref": "#/sets/extra"} to it)"##
        // One in each style's context.
        #expect(report.errors.map(\.message) == [message, message])
        #expect(report.errors.map(\.keyPath?.description) == ["text", "text"])
        #expect(files.readCount == 3)
    }

    @Test("a token nowhere, or in a set that resolutionOrder reaches through a modifier it does not name, gets no such note")
    func noNoteOtherwise() {
        writeResolver(light: "accent", dark: "nowhere", withDensity: true)
        let messages = ThemeLoader(fileSystem: files).report(for: .path("/t/Main.resolver.json")).errors.map(\.message)
        #expect(messages.contains(##"the alias {ink.accent} points at no token; the set "extra" has it, but resolutionOrder leaves that set out (add {"$ref": "#/sets/extra"} to it)"##))
        #expect(messages.contains("the alias {hairline} points at no token"))
        #expect(messages.contains { $0.hasPrefix("the alias {ink.nowhere} points at no token") && !$0.contains("resolutionOrder") })
    }

    @Test("a Tokens Studio folder: an alias to a token of a set the theme leaves out names the set and the theme; one no set has gets no note")
    func tokensStudioFolder() {
        files.write("/t/Kit/$metadata.json", #"{"tokenSetOrder": ["core", "brand", "light", "dark"]}"#)
        files.write("/t/Kit/$themes.json", """
            [{"name": "light", "selectedTokenSets": {"core": "source", "light": "enabled"}},
             {"name": "dark", "selectedTokenSets": {"core": "source", "brand": "disabled", "dark": "enabled"}}]
            """)
        files.write("/t/Kit/core.json", ##"{"blue": {"value": "#2563EB", "type": "color"}}"##)
        files.write("/t/Kit/brand.json", ##"{"accent": {"value": "#FF0088", "type": "color"}}"##)
        files.write("/t/Kit/light.json", ##"{"link": {"value": "{accent}", "type": "color"}}"##)
        files.write("/t/Kit/dark.json", ##"{"link": {"value": "{acent}", "type": "color"}}"##)
        let messages = ThemeLoader(fileSystem: files).report(for: .path("/t/Kit")).errors.map(\.message)
        #expect(messages == [
            ##"the alias {accent} points at no token; the set "brand" has it, but the theme "light" does not use it (make it "source" or "enabled" in that theme's selectedTokenSets)"##,
            "the alias {acent} points at no token",
        ])
    }
}
