/// The design-token files one manifest includes, read together as one unit, the way Style
/// Dictionary reads every token file of a build (docs/SPEC.md, section 11, "Design tokens"):
/// - where a part of a composite value (a typography's `fontFamily`, a border's `color`)
///   aliases a token of another of these files, the part takes that token's value from here;
/// - where an alias, whole or a part, names data beside the tokens of an older-form file (REI
///   Cedar's `{options.space.one-x}` with `"options": {"space": {"one-x": "16px"}}` in a file
///   of no tokens), it takes that data from here (``freeData(_:)``).
///
/// Each file is still read alone for its own entries, and a whole value that aliases another
/// file's token stays a theme reference, bound after merging; only a part, which cannot be a
/// reference, borrows a token's value. Each file is parsed once a load: the load reads its
/// partials through ``document(_:)`` and ``keep(_:for:)``, and this type parses a file no partial
/// has read yet the first time it needs it, for the partial to take when its turn comes (with
/// the problem it found, reported then). The unit is made only when first asked, once per
/// manifest; its problems are reported where each file is read as a partial, so the unit reports
/// none, and a token it cannot resolve gives no value (the alias is then reported as before).
///
/// A class, so that every file of the manifest shares the one unit; a load uses it on one thread.
final class IncludedTokenFiles {
    /// The files, by their paths as the manifest's `include` writes them, in its order.
    private let paths: [String]
    /// Parses a file quietly: `nil` when its path is not one the bundle may read (the partial
    /// reports that).
    private let parse: (String) -> Result<DocumentNode, ThemeloadError>?
    private let limits: Limits
    /// Each file's parse, by path (byte for byte, as the file system names it), once made.
    private var parsed: [UTF8Key: Result<DocumentNode, ThemeloadError>] = [:]
    private var resolver: TokenValueResolver?
    private var tokensByKey: [String: DesignToken] = [:]
    private var isBuilt = false
    /// The older-form files' data beside their tokens, for ``freeData(_:)``: made when first
    /// asked; `nil` inside when no file is in the older form.
    private var olderFormData: TokenValueResolver??
    /// How many times a token has been looked up here: a translation that changed it took a
    /// part's value from the files.
    private(set) var lookups = 0
    /// The styles the files' tokens give values for beside their `$value`
    /// (``TokenStyleOverrides``); known once a token has been looked up.
    private(set) var overrideStyles: [String] = []
    /// For a unit read in a style (``reading(styles:)``), that style and its fallbacks.
    private let styles: [String]?
    /// The units read in styles, made from this one, by style chain.
    private var styledUnits: [[String]: IncludedTokenFiles] = [:]

    /// `paths`: the manifest's design-token files in `include` order (a later file's token
    /// replaces an earlier one's of the same name, as when the files are merged).
    convenience init(paths: [String], limits: Limits, parse: @escaping (String) -> Result<DocumentNode, ThemeloadError>?) {
        self.init(paths: paths, limits: limits, styles: nil, parse: parse)
    }

    private init(paths: [String], limits: Limits, styles: [String]?, parse: @escaping (String) -> Result<DocumentNode, ThemeloadError>?) {
        self.paths = paths
        self.limits = limits
        self.styles = styles
        self.parse = parse
    }

    /// The unit as it reads in a style, `styles` being the style and its fallbacks: each token
    /// whose values per style (``TokenStyleOverrides``) name one of them takes the first one's,
    /// so that a part aliasing it gets the value a whole value would. The files are parsed once,
    /// by this unit.
    func reading(styles: [String]) -> IncludedTokenFiles {
        if let unit = styledUnits[styles] { return unit }
        // Weakly: this unit keeps the one it makes.
        let unit = IncludedTokenFiles(paths: paths, limits: limits, styles: styles) { [weak self] path in self?.parsedOnce(path) }
        styledUnits[styles] = unit
        return unit
    }

    /// A file's parse, made the first time it is asked for.
    private func parsedOnce(_ path: String) -> Result<DocumentNode, ThemeloadError>? {
        let key = UTF8Key(path)
        if parsed[key] == nil, let result = parse(path) { parsed[key] = result }
        return parsed[key]
    }

    /// A file's parse made here before its partial was read, for the partial to take.
    func document(_ path: String) -> Result<DocumentNode, ThemeloadError>? {
        parsed[UTF8Key(path)]
    }

    /// The parse a partial made of its file, for the unit.
    func keep(_ result: Result<DocumentNode, ThemeloadError>, for path: String) {
        parsed[UTF8Key(path)] = result
    }

    /// The files' documents in `include` order, each parsed once; files that do not parse, or
    /// that are Tokens Studio's, left out.
    private func documents() -> [DocumentNode] {
        let documents = paths.compactMap { path -> DocumentNode? in
            guard case .success(let document)? = parsedOnce(path), !TokensStudioDocument.isTokensStudio(document) else { return nil }
            return document
        }
        return styles.map { TokenStyleOverrides.sources(documents, for: $0) } ?? documents
    }

    /// The value of the token `key` names, its aliases followed through all the files, and its
    /// deprecation (`nil` when it is not deprecated, else the reason, possibly empty); or the
    /// free data it names (``freeData(_:)``). `nil` when no file has it, or it does not resolve.
    func token(_ key: String) -> (value: DocumentNode, deprecation: String?)? {
        lookups += 1
        if !isBuilt { build() }
        guard var resolver else { return nil }
        defer { self.resolver = resolver }
        self.resolver = nil  // held uniquely while it resolves, not copied
        guard let token = tokensByKey[key] else { return (resolver.freeData(key) ?? freeData(key)).map { ($0, nil) } }
        guard case .resolved(let resolved) = resolver.resolve(token), resolved.externalAlias == nil else { return nil }
        return (resolved.value, token.deprecation)
    }

    /// The text, number or boolean `key` names where it is data beside the tokens of one of the
    /// files in the older form (a later file's first), as Style Dictionary follows an alias to
    /// any value of its files; `nil` when none has it. Files in the DTCG form have no such data
    /// (every entry of theirs is a token or a group).
    func freeData(_ key: String) -> DocumentNode? {
        if olderFormData == nil {
            let older = documents().filter { TokenTree(sources: [$0]).isLegacy }
            olderFormData = .some(older.isEmpty ? nil : Self.collected(older, limits: limits).unit)
        }
        guard var data = olderFormData! else { return nil }
        defer { olderFormData = data }
        olderFormData = .some(nil)  // held uniquely while it looks, not copied
        return data.freeData(key)
    }

    private func build() {
        isBuilt = true
        let (collector, unit) = Self.collected(documents(), limits: limits)
        for token in collector.tokens { tokensByKey[token.key] = token }  // a later token of the same key wins
        overrideStyles = collector.overrideStyles
        resolver = unit
    }

    /// The tokens and the unit `documents` make together, read quietly.
    private static func collected(_ documents: [DocumentNode], limits: Limits) -> (collector: TokenCollector, unit: TokenValueResolver) {
        var ignored = DiagnosticCollector()
        var tree = TokenTree(sources: documents)
        tree.applyExtends(limits: limits, diagnostics: &ignored)
        let collector = TokenCollector(tree: tree, diagnostics: &ignored)
        return (collector, TokenValueResolver(tree: tree, tokens: collector.tokens, deepestKey: collector.deepestKey, allowsExternalAliases: false,
                                              evaluatesText: tree.isLegacy, limits: limits, diagnostics: ignored))
    }
}
