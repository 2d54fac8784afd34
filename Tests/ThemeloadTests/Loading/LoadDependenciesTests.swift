import Testing
@testable import Themeload

/// Missing candidates noted as a prefix and suffixes are the same paths as noted one by one:
/// for reading, comparing, hashing, merging and replacing.
@Suite("Load dependencies")
struct LoadDependenciesTests {
    static let suffixes = [".json", ".yaml", ".yml"]

    /// Dependencies with `Main.json` and `Main.yml` missing (and `Main.yaml` found), noted as
    /// candidates.
    static func candidates() -> LoadDependencies {
        var dependencies = LoadDependencies()
        var files = MissingCandidates(prefix: "/t/Main", suffixes: suffixes)
        files.exclude(1)
        dependencies.noteMissing(files)
        dependencies.files = ["/t/Main.yaml"]
        return dependencies
    }

    @Test("candidates not found read as the paths they stand for, equal to and hashed as those paths noted one by one")
    func sameAsListed() {
        var listed = LoadDependencies()
        listed.noteMissing("/t/Main.yml")
        listed.noteMissing("/t/Main.json")
        listed.files = ["/t/Main.yaml"]
        let deferred = Self.candidates()
        #expect(deferred.missing == ["/t/Main.json", "/t/Main.yml"])
        #expect(deferred.allPaths == ["/t/Main.json", "/t/Main.yml", "/t/Main.yaml"])
        #expect(deferred == listed)
        #expect(deferred.hashValue == listed.hashValue)
        #expect(Set([deferred, listed]).count == 1)
    }

    @Test("merging keeps both loads' missing paths; setting them replaces the candidates; candidates all found add nothing")
    func mergedAndReplaced() {
        var merged = Self.candidates()
        var other = LoadDependencies()
        other.noteMissing(MissingCandidates(prefix: "/t/Main/", suffixes: ["$metadata.json", "$themes.json"]))
        other.noteMissing("/t/logo@2x.png")
        merged.formUnion(other)
        #expect(merged.missing == ["/t/Main.json", "/t/Main.yml", "/t/Main/$metadata.json", "/t/Main/$themes.json", "/t/logo@2x.png"])

        var replaced = merged
        replaced.missing = ["/t/only"]
        #expect(replaced.missing == ["/t/only"])
        replaced.missing.insert("/t/also")
        #expect(replaced.missing == ["/t/only", "/t/also"])

        var allFound = MissingCandidates(prefix: "/t/Main", suffixes: Self.suffixes)
        for position in Self.suffixes.indices { allFound.exclude(position) }
        var none = LoadDependencies()
        none.noteMissing(allFound)
        #expect(none.missing.isEmpty)
        #expect(none == LoadDependencies())
    }
}
