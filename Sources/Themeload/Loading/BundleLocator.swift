/// Finds theme bundles (SPEC section 1): by name in ordered search directories, or by path.
///
/// In a directory the candidates for `NAME` are `NAME.theme/theme.EXT` and `NAME.EXT` for every
/// registered extension, the compiled theme `NAME.themec`, and a Tokens Studio folder `NAME/`
/// (one with `$metadata.json` or `$themes.json`); the first directory with any candidate wins,
/// and more than one candidate there is `ambiguous-bundle`. Every candidate probed and not found is recorded, so a
/// file that appears later triggers a reload.
struct BundleLocator {
    let registry: FormatRegistry
    let fileSystem: any FileSystem

    /// Theme names: `[A-Za-z0-9][A-Za-z0-9_.-]*`.
    static func isValidName(_ name: String) -> Bool {
        // ASCII only, so bytes are characters.
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: false
            }
        }
        guard let first = name.utf8.first, isLetterOrDigit(first) else { return false }
        return name.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// The bundle named `name` in the first directory that has one.
    func find(_ name: String, in directories: [String], at location: SourceLocation?, keyPath: DocumentPath? = nil,
              dependencies: inout LoadDependencies) -> Result<ThemeBundle, ThemeloadError> {
        guard Self.isValidName(name) else {
            return .failure(ThemeloadError(.themeNotFound, "\"\(name)\" is not a theme name (letters, digits, _, . and -, starting with a letter or digit)", at: location, keyPath: keyPath))
        }
        let suffixes = registry.fileNameSuffixes
        for directory in directories {
            var found: [ThemeBundle] = []
            let stem = Self.join(directory, name)
            let bundleDirectory = stem + ".theme"
            // Probes candidates, each a bundle in `directory(path)` when it is there. The ones not
            // found are noted as a prefix and suffixes, made into paths only if hot reload asks
            // for them: a theme found by name probes them all at every load.
            func probe(_ candidates: MissingCandidates, directory: (String) -> String?) {
                var candidates = candidates
                for position in candidates.suffixes.indices {
                    let path = candidates.path(at: position)
                    guard fileSystem.status(ofPath: path) != nil else { continue }
                    found.append(ThemeBundle(name: name, manifestPath: path, directory: directory(path)))
                    candidates.exclude(position)
                }
                dependencies.noteMissing(candidates)
            }
            let manifests = MissingCandidates(prefix: bundleDirectory + "/theme", suffixes: suffixes)
            // Without a bundle directory none of its manifests is there: they are noted as
            // missing without asking the file system for each.
            if fileSystem.status(ofPath: bundleDirectory)?.kind == .directory {
                probe(manifests) { _ in bundleDirectory }
            } else {
                dependencies.noteMissing(manifests)
            }
            probe(MissingCandidates(prefix: stem, suffixes: suffixes), directory: folderManifestDirectory)
            probe(MissingCandidates(prefix: stem, suffixes: Self.compiledSuffix), directory: folderManifestDirectory)
            if let bundle = tokensStudioFolder(stem, name: name, isDirectory: fileSystem.status(ofPath: stem)?.kind == .directory, dependencies: &dependencies) {
                found.append(bundle)
            }
            if found.count > 1 {
                let list = found.map(\.manifestPath).joined(separator: ", ")
                // Without a referring `extends`, the first candidate is where the problem is, so
                // that the line starts with a file an editor can open.
                return .failure(ThemeloadError(.ambiguousBundle, "more than one bundle for the theme \"\(name)\" in \(directory): \(list); keep one",
                                               at: location ?? SourceLocation(file: found[0].manifestPath), keyPath: keyPath))
            }
            if let bundle = found.first { return .success(bundle) }
        }
        let searched = directories.isEmpty ? "no search directories were given" : "searched \(directories.joined(separator: ", "))"
        return .failure(ThemeloadError(.themeNotFound, "no theme named \"\(name)\" (\(searched))", at: location, keyPath: keyPath))
    }

    /// The bundle at a path: a `NAME.theme` directory, its manifest, or a single theme file.
    func bundle(atPath path: String, dependencies: inout LoadDependencies) -> Result<ThemeBundle, ThemeloadError> {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = Self.lastComponent(trimmed)
        switch fileSystem.status(ofPath: trimmed)?.kind {
        case .directory:
            var manifests: [String] = []
            for fileExtension in registry.fileExtensions {
                let manifest = Self.join(trimmed, "theme.\(fileExtension)")
                if fileSystem.status(ofPath: manifest) != nil { manifests.append(manifest) } else { dependencies.noteMissing(manifest) }
            }
            let bundleName = name.hasSuffix(".theme") ? String(name.dropLast(6)) : name
            // A Tokens Studio folder may have a set named `theme`, whose file is `theme.json`:
            // where its `$metadata.json` or `$themes.json` names that set, the folder is the export.
            if manifests == [Self.join(trimmed, "theme.json")], namesThemeSet(trimmed),
               let folder = tokensStudioFolder(trimmed, name: name, isDirectory: true, dependencies: &dependencies) {
                return .success(folder)
            }
            if manifests.count > 1 {
                return .failure(ThemeloadError(.ambiguousBundle, "more than one manifest in \(trimmed): \(manifests.joined(separator: ", ")); keep one", at: SourceLocation(file: trimmed)))
            }
            guard let manifest = manifests.first else {
                if let folder = tokensStudioFolder(trimmed, name: name, isDirectory: true, dependencies: &dependencies) { return .success(folder) }
                let names = registry.fileExtensions.map { "theme.\($0)" }.joined(separator: ", ")
                return .failure(ThemeloadError(.themeNotFound, "the directory has no manifest (\(names)), nor is it a Tokens Studio folder "
                                               + "(\(TokensStudioDocument.metadataFile) or \(TokensStudioDocument.themesFile))", at: SourceLocation(file: trimmed)))
            }
            return .success(ThemeBundle(name: bundleName, manifestPath: manifest, directory: trimmed))
        case nil:
            dependencies.noteMissing(trimmed)
            return .failure(ThemeloadError(.themeNotFound, "no theme bundle or file at this path", at: SourceLocation(file: trimmed)))
        default:
            let parent = Self.parent(of: trimmed)
            let parentName = Self.lastComponent(parent)
            if name.hasPrefix("theme."), parentName.hasSuffix(".theme") {
                return .success(ThemeBundle(name: String(parentName.dropLast(6)), manifestPath: trimmed, directory: parent))
            }
            if TokensStudioDocument.isFolderEntry(name) {
                return .success(ThemeBundle(name: parentName == "." ? Self.lastComponent(fileSystem.resolvedPath(parent) ?? parent) : parentName,
                                            manifestPath: trimmed, directory: parent))
            }
            let fileExtension = FormatRegistry.fileExtension(ofPath: name) == CompiledTheme.fileExtension
                ? CompiledTheme.fileExtension : registry.claimedExtension(ofPath: name)
            let stem = fileExtension.map { String(name.dropLast($0.count + 1)) } ?? name
            return .success(ThemeBundle(name: stem, manifestPath: trimmed, directory: folderManifestDirectory(trimmed)))
        }
    }

    /// The Tokens Studio folder at `folder`, named `name`, if it is one: its `$metadata.json`,
    /// else its `$themes.json`, stands for it. The files not there are recorded as missing
    /// (without asking for them when `folder` is no directory), for hot reload to watch.
    private func tokensStudioFolder(_ folder: String, name: String, isDirectory: Bool, dependencies: inout LoadDependencies) -> ThemeBundle? {
        var entries = MissingCandidates(prefix: Self.join(folder, ""), suffixes: Self.tokensStudioEntries)
        defer { dependencies.noteMissing(entries) }
        guard isDirectory else { return nil }
        for position in entries.suffixes.indices {
            let entry = entries.path(at: position)
            if fileSystem.status(ofPath: entry)?.kind == .regular {
                // The first there stands for the folder: it and the entries after it, not looked
                // for, are not missing.
                for notMissing in entries.suffixes.indices where notMissing >= position { entries.exclude(notMissing) }
                return ThemeBundle(name: name, manifestPath: entry, directory: folder)
            }
        }
        return nil
    }

    /// Whether the folder's `$metadata.json` or `$themes.json` names a token set `theme` (one that
    /// cannot be read names none: the folder is then taken as a bundle, whose reading reports it).
    private func namesThemeSet(_ folder: String) -> Bool {
        func parsed(_ entry: String) -> DocumentNode? {
            let path = Self.join(folder, entry)
            guard fileSystem.status(ofPath: path)?.kind == .regular else { return nil }
            return try? registry.parseFile(atPath: path, fileSystem: fileSystem)
        }
        let metadata = parsed(TokensStudioDocument.metadataFile), themes = parsed(TokensStudioDocument.themesFile)
        return TokensStudioDocument.setsNamed(metadata: metadata, themes: themes).contains { $0.name == "theme" }
    }

    /// The entries a Tokens Studio folder is known by, in the order they are looked for.
    private static let tokensStudioEntries = [TokensStudioDocument.metadataFile, TokensStudioDocument.themesFile]
    /// The file name end of a compiled theme.
    private static let compiledSuffix = ["." + CompiledTheme.fileExtension]

    /// A resolver document is the manifest of the folder it is in (its token files are relative
    /// to it); any other single file is a bundle of its own, without a directory.
    private func folderManifestDirectory(_ file: String) -> String? {
        registry.plugin(forPath: file)?.documentKind == .tokenResolver ? Self.parent(of: file) : nil
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : String.concatenated(directory, "/", name)
    }

    /// Whether two directory paths as written name one folder: the same but for a trailing `/`
    /// or a leading `./` (`Themes`, `Themes/`, `./Themes`; `.` and `./`). Links and `..` are not
    /// followed: a folder written two ways is then searched twice, as before.
    static func isSameDirectory(_ first: String, _ second: String) -> Bool {
        func plain(_ path: String) -> Substring {
            var path = Substring(path)
            while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
            while path.hasPrefix("./"), path.count > 2 { path = path.dropFirst(2) }
            return path == "./" || path.isEmpty ? "." : path
        }
        return plain(first) == plain(second)
    }

    /// The last name of a path, split at its `/` bytes (``BundlePath``).
    static func lastComponent(_ path: String) -> String {
        BundlePath.parts(of: path).last ?? path
    }

    /// The path up to its last `/` byte (``BundlePath``): `.` when it has none, `/` for the root.
    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(decoding: path.utf8[..<slash], as: UTF8.self)
    }
}
