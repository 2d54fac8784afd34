import Testing
import Themeload

@Suite("Source files and locations", .tags(.concurrency))
struct SourceFileTests {
    @Test("a file keeps its path, and two files are equal exactly when their paths are", arguments: [
        "Themes/Moments.theme/theme.yaml",
        "/home/user/Projects/App/Themes/A very long name, longer than a small string.theme/theme.json",
        "",
        "é.yaml",
    ])
    func interning(path: String) {
        let file = SourceFile(path)
        #expect(file.path == path)
        #expect(file.description == path)
        #expect(SourceFile(path) == file)
        #expect(SourceFile(path + "x") != file)
    }

    @Test("locations compare by file, line and column, whichever way the file was given")
    func locationEquality() {
        let byPath = SourceLocation(file: "a/theme.yaml", line: 3, column: 4)
        let byFile = SourceLocation(file: SourceFile("a/theme.yaml"), line: 3, column: 4)
        #expect(byPath == byFile)
        #expect(Set([byPath, byFile]).count == 1)
        #expect(byPath != SourceLocation(file: "b/theme.yaml", line: 3, column: 4))
        #expect(byPath != SourceLocation(file: "a/theme.yaml", line: 3, column: 5))
        #expect(byPath.sourceFile == SourceFile("a/theme.yaml"))
    }

    @Test("setting a location's file changes only its file")
    func settingTheFile() {
        var location = SourceLocation(file: "old.yaml", line: 7, column: 2)
        location.file = "new.yaml"
        #expect(location.file == "new.yaml")
        #expect(location == SourceLocation(file: "new.yaml", line: 7, column: 2))
        #expect(location.description == "new.yaml:7:2")
    }

    @Test("files named from many tasks at once are interned once each")
    func concurrentInterning() async {
        let paths = (0..<64).map { "concurrent/\($0 % 16)/theme.yaml" }
        let files = await withTaskGroup(of: (String, SourceFile).self) { group in
            for path in paths { group.addTask { (path, SourceFile(path)) } }
            var files: [(String, SourceFile)] = []
            for await named in group { files.append(named) }
            return files
        }
        for (path, file) in files {
            #expect(file.path == path)
            #expect(file == SourceFile(path))
        }
        #expect(Set(files.map(\.1)).count == 16)
    }
}
