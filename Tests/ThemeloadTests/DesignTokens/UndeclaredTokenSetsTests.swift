import Foundation
import Testing
@testable import Themeload

/// A Tokens Studio export from before `$themes` and `$metadata` is told from a Style Dictionary
/// file of the same form by its aliases: they name tokens without their set.
@Suite("Tokens Studio sets without $themes or $metadata")
struct UndeclaredTokenSetsTests {
    private static func document(_ json: String) throws -> DocumentNode {
        try JSONFormat().parse(FormatInput(bytes: Data(json.utf8), file: "Main.tokens.json"))
    }

    @Test("aliases that name tokens only without their set make the top-level groups sets", arguments: [
        // Braced, inside text, ending in `.value`, and the plugin's `$group.token`.
        ##"{"global": {"blue": {"value": "#0770E3", "type": "color"}}, "light": {"accent": {"value": "{blue}", "type": "color"}}}"##,
        ##"{"global": {"md": {"value": "8", "type": "spacing"}}, "ui": {"lg": {"value": "{md} * 2", "type": "spacing"}}}"##,
        ##"{"core": {"blue": {"value": "#0770E3", "type": "color"}}, "ui": {"accent": {"value": "{blue.value}", "type": "color"}}}"##,
        ##"{"core": {"blue": {"value": "#0770E3", "type": "color"}}, "ui": {"accent": {"value": "$blue", "type": "color"}}}"##,
        // Arduino's: a set holding a group of its own name; most aliases still say which.
        ##"{"core": {"core": {"teal": {"value": "#008184", "type": "color"}}}, "ide": {"a": {"value": "$core.teal", "type": "color"}}, "b": {"c": {"value": "{a}", "type": "color"}}}"##,
    ])
    func sets(json: String) throws {
        #expect(UndeclaredTokenSets.areSets(try Self.document(json)))
        #expect(TokensStudioDocument.isTokensStudio(try Self.document(json)))
    }

    @Test("a file whose aliases name tokens as written, or that has none, or is in DTCG's form, stays as it is", arguments: [
        // Style Dictionary's own form: full paths.
        ##"{"color": {"blue": {"value": "#0770E3", "type": "color"}}, "ui": {"accent": {"value": "{color.blue}", "type": "color"}}}"##,
        ##"{"color": {"blue": {"value": "#0770E3", "type": "color"}}, "ui": {"accent": {"value": "{color.blue.value}", "type": "color"}}}"##,
        // No aliases: nothing says the groups are sets.
        ##"{"global": {"blue": {"value": "#0770E3", "type": "color"}}, "light": {"accent": {"value": "#FFFFFF", "type": "color"}}}"##,
        // As many aliases each way.
        ##"{"a": {"x": {"value": "1", "type": "number"}, "y": {"value": "{x}", "type": "number"}}, "b": {"z": {"value": "{a.x}", "type": "number"}}}"##,
        // DTCG's form, a token at the top, a top-level value that is no group.
        ##"{"global": {"blue": {"$value": "#0770E3", "$type": "color"}}, "light": {"accent": {"$value": "{blue}", "$type": "color"}}}"##,
        ##"{"blue": {"value": "#0770E3", "type": "color"}, "light": {"accent": {"value": "{x.blue}", "type": "color"}}}"##,
        ##"{"global": [1, 2], "light": {"accent": {"value": "{blue}", "type": "color"}}}"##,
        ##"{}"##,
    ])
    func notSets(json: String) throws {
        #expect(!UndeclaredTokenSets.areSets(try Self.document(json)))
    }
}
