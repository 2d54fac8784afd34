/// The design-token files one manifest includes, read together as one unit, the way Style
/// Dictionary reads every token file of a build: where a part of a composite value (a
/// typography's `fontFamily`, a border's `color`) aliases a token of another of these files, the
/// part takes that token's value from here (docs/SPEC.md, section 11, "Design tokens").
///
/// Each file is still read alone for its own entries, and a whole value that aliases another
/// file's token stays a theme reference, bound after merging; only a part, which cannot be a
/// reference, borrows a value. The files are read again, and the unit made, only the first time
/// a part asks, once per manifest; their problems are reported where each file is read, so the
/// unit reports none, and a token it cannot resolve gives no value (the part's alias is then
/// reported as before).
///
/// A class, so that every file of the manifest shares the one unit; a load uses it on one thread.
final class IncludedTokenFiles {
    private let load: () -> [DocumentNode]
    private let limits: Limits
    private var resolver: TokenValueResolver?
    private var tokensByKey: [String: DesignToken] = [:]
    private var isBuilt = false

    /// `load` reads the manifest's design-token files in `include` order, quietly (a later
    /// file's token replaces an earlier one's of the same name, as when the files are merged).
    init(limits: Limits, load: @escaping () -> [DocumentNode]) {
        self.load = load
        self.limits = limits
    }

    /// The value of the token `key` names, its aliases followed through all the files, and its
    /// deprecation (`nil` when it is not deprecated, else the reason, possibly empty); or, in
    /// the older form, the free data it names (``TokenValueResolver/freeData(_:)``). `nil` when
    /// no file has it, or it does not resolve.
    func token(_ key: String) -> (value: DocumentNode, deprecation: String?)? {
        if !isBuilt { build() }
        guard var resolver else { return nil }
        defer { self.resolver = resolver }
        self.resolver = nil  // held uniquely while it resolves, not copied
        guard let token = tokensByKey[key] else { return resolver.freeData(key).map { ($0, nil) } }
        guard case .resolved(let resolved) = resolver.resolve(token), resolved.externalAlias == nil else { return nil }
        return (resolved.value, token.deprecation)
    }

    private func build() {
        isBuilt = true
        var ignored = DiagnosticCollector()
        var tree = TokenTree(sources: load())
        tree.applyExtends(limits: limits, diagnostics: &ignored)
        let collector = TokenCollector(tree: tree, diagnostics: &ignored)
        for token in collector.tokens { tokensByKey[token.key] = token }  // a later token of the same key wins
        resolver = TokenValueResolver(tree: tree, tokens: collector.tokens, deepestKey: collector.deepestKey, allowsExternalAliases: false,
                                      evaluatesText: tree.isLegacy, limits: limits, diagnostics: ignored)
    }
}
