import Testing
import Themeload
import ThemeloadTesting

/// A manifest's design-token files read together (a part that aliases another file's token,
/// an alias to another file's data beside its tokens): each file is still read once a load, and
/// its problems are reported once, at it. What the values are is the fixture cases
/// `tokens-composite-parts-across-files` and `tokens-free-data-across-files`.
@Suite("A manifest's token files read together")
struct IncludedTokenFilesTests {
    let files = InMemoryFileSystem()

    func load() -> LoadReport {
        ThemeLoader(registry: .standard, searchDirectories: ["/t"], fileSystem: files).report(for: .named("Main"))
    }

    @Test("each token file is read once, also when a part takes another file's token and a whole value another file's data")
    func eachFileReadOnce() throws {
        files.write("/t/Main.theme/theme.yaml", "include: [type.tokens.json, base.tokens.json, options.tokens.json]\nlevels: {normal: {}}\n")
        files.write("/t/Main.theme/type.tokens.json", ##"""
            {"type": {"$type": "typography", "body": {"$value": {"fontFamily": "{base.family}", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "lineHeight": 1.5}}},
             "space": {"$type": "dimension", "one": {"$value": "{options.space.one}"}}}
            """##)
        files.write("/t/Main.theme/base.tokens.json", ##"{"base": {"family": {"$type": "fontFamily", "$value": "Inter"}}}"##)
        files.write("/t/Main.theme/options.tokens.json", ##"{"options": {"space": {"one": "16px"}}}"##)
        let report = load()
        #expect(report.diagnostics.isEmpty)
        let theme = try #require(report.theme)
        #expect(theme.resolved(.light).fonts["type.body"]?.family == "Inter")
        #expect(theme.resolved(.light).metrics["space.one"] == .integer(16))
        // The manifest and the three token files: none read a second time for the others.
        #expect(files.readCount == 4)
    }

    @Test("a token file parsed early for another file's alias reports its problem once, at it, where its partial is read")
    func earlyParseReportedOnce() {
        files.write("/t/Main.theme/theme.yaml", "include: [space.tokens.json, options.tokens.json]\nlevels: {normal: {}}\n")
        files.write("/t/Main.theme/space.tokens.json", ##"{"space": {"$type": "dimension", "one": {"$value": "{options.space.one}"}}}"##)
        files.write("/t/Main.theme/options.tokens.json", ##"{"options": {"space": {"one": "16px",}}}"##)
        let report = load()
        #expect(report.theme == nil)
        let problems = report.errors.map { "\($0.code) \($0.location?.file ?? "")" }
        #expect(problems == ["\(DiagnosticCode.syntax) /t/Main.theme/options.tokens.json"], "\(report.diagnostics)")
    }
}
