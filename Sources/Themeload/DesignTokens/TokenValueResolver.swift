/// Follows the aliases of a unit's tokens (DTCG Format 2025.10, section 7): `"{group.token}"`
/// for a whole value or any part of a composite one, and `{"$ref": "#/json/pointer"}` (RFC
/// 6901) for a whole token, a value, or a part of one such as a color component. Each token is
/// resolved once; a token without `$type` takes its alias target's. A loop is `reference-cycle`
/// naming it, at the alias that closes it. Where text is evaluated (a Tokens Studio unit, an
/// older-form file), aliases inside other text are replaced by their tokens' values and math is
/// evaluated (``TokensStudioMath``); Tokens Studio's color modifiers are applied in any unit
/// (``TokensStudioColorModifier``).
struct TokenValueResolver {
    /// A token's value with every alias followed, and its type.
    struct Resolved {
        var type: TokenType?
        var value: DocumentNode
        /// The whole value is an alias to a token of another file (a partial read alone), kept
        /// for the theme's own references to bind: the names it gives.
        var externalAlias: [String]?
        /// The ``DesignToken/position`` of the token whose value this is: the token's own, or,
        /// for a whole-value alias, its target's (so aliases to one token can share what is made
        /// of its value).
        var owner: Int
    }

    private let tree: TokenTree
    /// The unit's tokens in file order, and each key's position there. (Positions, not the
    /// tokens, in the table: letting it go releases no token.)
    private let list: [DesignToken]
    private let positions: [String: Int]
    /// The most names any token's key has.
    private let deepestKey: Int
    /// Aliases to tokens not in the unit stand for tokens of other files, bound by the theme.
    private let allowsExternalAliases: Bool
    /// Tokens Studio's reading of text, aliases inside it and math (``TokensStudioMath``): in
    /// its units and in older-form files.
    private let evaluatesText: Bool
    /// Each token's result by its ``DesignToken/position``. A token many aliases lead to is
    /// resolved (its value walked) once, not at each of them.
    private var memo: [Memo]
    /// A token's place in ``memo``. (An enum of its own rather than a double optional: a table of
    /// optionals is made and let go of through the generic witnesses of `Optional`, some hundred
    /// instructions a token; this type's own are specialized.)
    private enum Memo {
        case unresolved
        /// Resolving it reported a problem.
        case failed
        case resolved(Resolved)
    }
    /// The tokens being resolved, outermost first, to find loops.
    private var chain: [DesignToken] = []
    var diagnostics: DiagnosticCollector
    /// Finds the groups missed aliases name (a group renamed under many aliases is read once).
    private var finder: TokenNodeFinder
    /// The "did you mean" searches left among the unit's token keys.
    private var suggestionSearches = Suggestion.Budget()
    /// The sets the unit's style leaves out, asked where an alias points at no token.
    private let leftOutSets: LeftOutTokenSets?
    /// The other design-token files of the manifest that includes this one, for a part of a
    /// composite value that aliases a token of one of them.
    private let includedFiles: IncludedTokenFiles?

    /// The most aliases followed to reach a value (``Limits/maxReferenceChain``): following them
    /// is recursive, so a longer chain is `limit-exceeded` rather than the end of the stack.
    private let maxChain: Int
    /// What aliases have added to the unit's values, and the bound on it.
    private var expansion: ExpansionBudget
    /// How many nodes each token's resolved value has, counting what aliases bring at every place
    /// they bring it (what converting it makes), by position: set as the token is resolved, 0
    /// before.
    private var sizes: [Int]

    /// `tokens` is the collector's list: each token's ``DesignToken/position`` is its index there;
    /// `deepestKey` the most names a token's key has. `evaluatesText` reads aliases inside text
    /// and math, as Tokens Studio does.
    init(tree: TokenTree, tokens: [DesignToken], deepestKey: Int, allowsExternalAliases: Bool, evaluatesText: Bool = false, limits: Limits = .default,
         leftOutSets: LeftOutTokenSets? = nil, includedFiles: IncludedTokenFiles? = nil, diagnostics: DiagnosticCollector) {
        self.leftOutSets = leftOutSets
        self.includedFiles = includedFiles
        maxChain = limits.maxReferenceChain
        sizes = Array(repeating: 0, count: tokens.count)
        expansion = ExpansionBudget(limits: limits)
        self.tree = tree
        finder = TokenNodeFinder(root: tree.root)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(tokens.count)
        for token in tokens {
            positions[token.key] = token.position  // a later token of the same key wins
        }
        self.deepestKey = deepestKey
        list = tokens
        self.positions = positions
        memo = Array(repeating: .unresolved, count: tokens.count)
        self.allowsExternalAliases = allowsExternalAliases
        self.evaluatesText = evaluatesText
        self.diagnostics = diagnostics
    }

    /// The token of a key, if the unit has one.
    private func tokenWithKey(_ key: String) -> DesignToken? {
        positions[key].map { list[$0] }
    }

    /// What resolving a token gives. (An enum of its own rather than an optional: an optional
    /// result is let go of through `Optional`'s generic value witnesses, some hundred
    /// instructions a token.)
    enum Outcome {
        case resolved(Resolved)
        /// Reported.
        case failed
    }

    /// The resolved token, or ``Outcome/failed`` after a diagnostic.
    mutating func resolve(_ token: DesignToken) -> Outcome {
        resolveOnce(token) ? .resolved(result(at: token.position)) : .failed
    }

    /// Resolves a token the first time it is asked for: whether that went without a problem.
    /// (What it gives stays in ``memo``, read where it is needed rather than handed back: an
    /// alias needs only its target's value, and not even that to tell whether it failed.)
    private mutating func resolveOnce(_ token: DesignToken) -> Bool {
        switch memo[token.position] {
        case .resolved: return true
        case .failed: return false
        case .unresolved: break
        }
        // A value without an alias or a `$ref` is its own result: there is nothing to follow
        // (nor a color modifier to apply).
        if token.extras?.modifiesColor != true, let size = Self.plainSize(token.value, evaluatesText: evaluatesText) {
            // Counted now, in the walk that found no alias: an alias to it then adds that many.
            sizes[token.position] = size
            memo[token.position] = .resolved(Resolved(type: token.declaredType, value: token.value, externalAlias: nil, owner: token.position))
            return true
        }
        chain.append(token)
        defer { chain.removeLast() }
        switch followedValue(of: token) {
        case .resolved(var resolved):
            if let modify = token.extras?.studioModifier {
                guard case .resolved(let modified) = modified(resolved, by: modify, of: token) else {
                    memo[token.position] = .failed
                    return false
                }
                resolved = modified
            }
            if let alpha = token.extras?.colorAlpha {
                guard case .resolved(let withAlpha) = withColorAlpha(resolved, alpha, of: token) else {
                    memo[token.position] = .failed
                    return false
                }
                resolved = withAlpha
            }
            memo[token.position] = .resolved(resolved)
            return true
        case .failed:
            memo[token.position] = .failed
            return false
        }
    }

    /// What a token that resolved without a problem gave (``resolveOnce(_:)``).
    private func result(at position: Int) -> Resolved {
        guard case .resolved(let resolved) = memo[position] else { preconditionFailure("the token at \(position) has not been resolved") }
        return resolved
    }

    /// A token's value with its aliases followed, the token being on ``chain``.
    private mutating func followedValue(of token: DesignToken) -> Outcome {
        // A value that is exactly an alias is read once: its target found once, not again for
        // its value and its type.
        let alias = wholeAlias(token.value)
        let aliasTarget = alias.flatMap { tokenWithKey($0) }
        if let alias, aliasTarget == nil, allowsExternalAliases, pointerTarget(alias) == nil {
            sizes[token.position] = 1
            return Self.wholeExternalAlias(alias, of: token, includedFiles: includedFiles)
        }
        if let aliasTarget {
            guard case .found(let position, let size) = resolvedTarget(aliasTarget, written: token.value, keyPath: token.keyPath, isWholeValue: true) else { return .failed }
            sizes[token.position] = size
            let target = result(at: position)
            // A whole value that is an alias to a token whose own value is an alias to another
            // file's token is that alias too, as Style Dictionary reads a chain across its files.
            return .resolved(Resolved(type: token.declaredType ?? target.type, value: target.value, externalAlias: target.externalAlias, owner: target.owner))
        }
        guard case .found(let value) = resolvedValue(token.value, in: token, keyPath: token.keyPath) else { return .failed }
        sizes[token.position] = value.size
        return .resolved(Resolved(type: token.declaredType ?? aliasTargetType(token.value), value: value.node, externalAlias: nil, owner: token.position))
    }

    /// A token whose whole value aliases a key of no token of its unit: data beside the tokens of
    /// another included file in the older form, taken as its value (there is no theme entry to
    /// refer to), else a token of another file, which the theme binds
    /// (``Resolved/externalAlias``). (Out of ``followedValue(of:)``, whose common way it would
    /// slow.)
    @inline(never)
    private static func wholeExternalAlias(_ alias: String, of token: DesignToken, includedFiles: IncludedTokenFiles?) -> Outcome {
        if let data = includedFiles?.freeData(alias) {
            return .resolved(Resolved(type: token.declaredType, value: data, externalAlias: nil, owner: token.position))
        }
        return .resolved(Resolved(type: token.declaredType, value: token.value, externalAlias: DesignToken.names(ofKey: alias), owner: token.position))
    }

    /// A resolved color with the token's `alpha` set as its opacity, as GitHub Primer's and
    /// style-dictionary-utils' builds set it (docs/SPEC.md section 11): its value is then that
    /// color, its own, so that aliases to the token read it too. An alias to a token of another
    /// file keeps its alias; the converter makes it a derived color. ``Outcome/failed`` after a
    /// diagnostic.
    private mutating func withColorAlpha(_ resolved: Resolved, _ entry: DocumentEntry, of token: DesignToken) -> Outcome {
        let alphaPath = token.keyPath.appending("alpha")
        // On another type it is a tool's own field, as any other key without `$` is: not read.
        if let other = Self.notColor(resolved) {
            diagnostics.warning(.unknownKey, "alpha is not applied: the token is \(other), and the builds that write alpha set it on colors only",
                                at: entry.keyLocation, keyPath: alphaPath)
            return .resolved(resolved)
        }
        guard let alpha = entry.value.value.number, alpha >= 0, alpha <= 1 else {
            diagnostics.error(.type, "alpha, the opacity set on a color token, is a number from 0 to 1, not \(entry.value.value.summary)",
                              at: entry.value.location, keyPath: alphaPath)
            return .failed
        }
        if resolved.externalAlias != nil { return .resolved(resolved) }
        guard let base = Self.color(resolved.value, keyPath: token.keyPath.appending("$value"), diagnostics: &diagnostics) else { return .failed }
        return .resolved(recolored(resolved, to: base.withAlpha(alpha), of: token))
    }

    /// What a resolved value that a color change (a Tokens Studio modifier, an `alpha`) does not
    /// apply to is, for the warning that says so: `a gradient` (Tokens Studio writes one as a
    /// color token) or `not a color`; `nil` for a color.
    private static func notColor(_ resolved: Resolved) -> String? {
        if resolved.type != .color { return "not a color" }
        return resolved.value.value.string.map(CSSLinearGradient.isGradientFunction) == true ? "a gradient" : nil
    }

    /// `resolved` with its value a color of the token's own (as modified), so that aliases to
    /// the token read that color.
    private mutating func recolored(_ resolved: Resolved, to color: ThemeColor, of token: DesignToken) -> Resolved {
        var result = resolved
        result.value = DocumentNode(.string(color.canonicalText), at: resolved.value.location)
        result.owner = token.position
        sizes[token.position] = 1
        return result
    }

    /// A resolved color with Tokens Studio's color modifier applied (``TokensStudioColorModifier``):
    /// its value is then the modified color, its own (aliases to it read that color).
    /// ``Outcome/failed`` after a diagnostic. The modifier's parts may be aliases, and in a
    /// Tokens Studio unit math, read as the value's are.
    private mutating func modified(_ resolved: Resolved, by modify: DocumentEntry, of token: DesignToken) -> Outcome {
        let modifyPath = token.keyPath.appending("$extensions").appending("studio.tokens").appending("modify")
        if let other = Self.notColor(resolved) {
            diagnostics.warning(.unknownKey, "Tokens Studio's color modifier is not applied: the token is \(other), and the plugin modifies colors only",
                                at: modify.keyLocation, keyPath: modifyPath)
            return .resolved(resolved)
        }
        guard case .found(let parts) = resolvedValue(modify.value, in: token, keyPath: modifyPath),
              let modifier = Self.modifier(parts.node, keyPath: modifyPath, diagnostics: &diagnostics),
              let base = Self.color(resolved.value, keyPath: token.keyPath.appending("$value"), diagnostics: &diagnostics) else { return .failed }
        let result = modifier.applied(to: base)
        if result.wasClipped {
            diagnostics.warning(.outOfGamut, "the \(modifier.kind.rawValue) modifier gives a color outside the sRGB gamut in \(modifier.space?.rawValue ?? "srgb"), clipped to it",
                                at: modify.keyLocation, keyPath: modifyPath)
        }
        return .resolved(recolored(resolved, to: result.color, of: token))
    }

    /// A color written in a token file: any color form, and Tokens Studio's `rgba(#hex, alpha)`.
    private static func color(_ node: DocumentNode, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeColor? {
        let written = node.value.string.flatMap { TokenValueConverter.hexWithAlpha($0, at: node.location) } ?? node
        return ColorParser.parse(ThemeNode(written), path: keyPath, diagnostics: &diagnostics)
    }

    /// A color modifier's parts read (its aliases followed): `type`, `value`, `space` (which
    /// `alpha` may leave out) and, for `mix`, `color`. `format` (how the plugin writes the
    /// result) and other keys are passed over. `nil` after a diagnostic.
    private static func modifier(_ node: DocumentNode, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> TokensStudioColorModifier? {
        guard case .map = node.value else {
            diagnostics.error(.type, "a color modifier is a map of type, value and space (and color, to mix), not \(node.value.kindDescription)", at: node.location, keyPath: keyPath)
            return nil
        }
        let kinds = TokensStudioColorModifier.Kind.allCases.map(\.rawValue), spaces = TokensStudioColorModifier.Space.allCases.map(\.rawValue)
        guard let kindNode = node["type"] else {
            diagnostics.error(.type, "a color modifier needs its type: one of \(kinds.joined(separator: ", "))", at: node.location, keyPath: keyPath)
            return nil
        }
        guard let kind = kindNode.value.string.flatMap(TokensStudioColorModifier.Kind.init(rawValue:)) else {
            diagnostics.error(.type, "a color modifier's type is one of \(kinds.joined(separator: ", ")), not \(kindNode.value.summary)"
                              + (kindNode.value.string.map { Suggestion.phrase(for: $0, among: kinds) } ?? ""), at: kindNode.location, keyPath: keyPath.appending("type"))
            return nil
        }
        guard let amountNode = node["value"] else {
            diagnostics.error(.type, "a \(kind.rawValue) modifier needs its value, the amount (0 to 1)", at: node.location, keyPath: keyPath)
            return nil
        }
        // (Space around the number is none of it: Sage writes `"{global.modifier.button.hover} "`.)
        guard let amount = amountNode.value.number ?? amountNode.value.string.flatMap({ TokenValueConverter.finiteNumber($0.trimmingCharacters(in: .whitespaces)) }),
              amount.isFinite else {
            diagnostics.error(.type, "a color modifier's value is a number, the amount (0 to 1), not \(amountNode.value.summary)", at: amountNode.location,
                              keyPath: keyPath.appending("value"))
            return nil
        }
        var space: TokensStudioColorModifier.Space?
        if let spaceNode = node["space"] {
            guard let named = spaceNode.value.string.flatMap(TokensStudioColorModifier.Space.init(rawValue:)) else {
                diagnostics.error(.type, "a color modifier's space is one of \(spaces.joined(separator: ", ")), not \(spaceNode.value.summary)"
                                  + (spaceNode.value.string.map { Suggestion.phrase(for: $0, among: spaces) } ?? ""), at: spaceNode.location, keyPath: keyPath.appending("space"))
                return nil
            }
            space = named
        } else if kind != .alpha {
            diagnostics.error(.type, "a \(kind.rawValue) modifier needs its space: one of \(spaces.joined(separator: ", "))", at: node.location, keyPath: keyPath)
            return nil
        }
        var mixColor: ThemeColor?
        if kind == .mix {
            guard let colorNode = node["color"] else {
                diagnostics.error(.type, "a mix modifier needs the color to mix with", at: node.location, keyPath: keyPath)
                return nil
            }
            guard let parsed = color(colorNode, keyPath: keyPath.appending("color"), diagnostics: &diagnostics) else { return nil }
            mixColor = parsed
        }
        return TokensStudioColorModifier(kind: kind, amount: amount, space: space, mixColor: mixColor)
    }

    /// The key a value that is exactly an alias names (`color.brand`). Style Dictionary's older
    /// form writes `{color.base.red.value}` for the token `color.base.red`: the `.value` is
    /// dropped there, also for a token of another file (a name ending in `value` is never a
    /// token in that form: a map with `value` is the token).
    private func wholeAlias(_ value: DocumentNode) -> String? {
        // (Not `.map(tokenKey(ofAlias:))`: a method taken as a function value copies the whole
        // resolver, at every value.)
        guard let key = value.value.string.flatMap(DesignTokenAlias.key(in:)) else { return nil }
        return tokenKey(ofAlias: key)
    }

    /// The token key an alias names: in the older form, `{color.base.red.value}` names
    /// `color.base.red`.
    private func tokenKey(ofAlias key: String) -> String {
        if tree.isLegacy, key.hasSuffix(".value"), positions[key] == nil {
            let token = String(key.dropLast(".value".utf8.count))
            if positions[token] != nil || allowsExternalAliases { return token }
        }
        return key
    }

    /// The node at a key's path in the tree (a group, a token, or a part of one), as the JSON
    /// Pointer of its names finds it.
    private mutating func pointerTarget(_ key: String) -> DocumentNode? {
        finder.node(atNames: DesignToken.names(ofKey: key))
    }

    /// The type a value gets through its alias, when it is one.
    private mutating func aliasTargetType(_ value: DocumentNode) -> TokenType? {
        let targetKey: String?
        if let alias = wholeAlias(value) {
            targetKey = alias
        } else if let pointer = TokenTree.reference(value), let segments = TokenTree.pointerSegments(pointer), let (key, rest) = tokenPrefix(segments), rest.isEmpty || rest == ["$value"] {
            targetKey = key
        } else {
            targetKey = nil
        }
        guard let targetKey, let target = tokenWithKey(targetKey), case .resolved(let resolved) = resolve(target) else { return nil }
        return resolved.type
    }

    /// The longest prefix of pointer segments that is a token's key, and the segments after it.
    /// Prefixes longer than the deepest key are not tried: a pointer of thousands of segments
    /// would otherwise join thousands of ever longer keys.
    private func tokenPrefix(_ segments: [String]) -> (String, [String])? {
        for end in stride(from: min(segments.count, deepestKey), through: 1, by: -1) {
            let key = segments[..<end].joined(separator: ".")
            if positions[key] != nil { return (key, Array(segments[end...])) }
        }
        return nil
    }

    /// A value with its aliases followed, and its size (as ``sizes`` counts).
    private struct Value {
        var node: DocumentNode
        var size: Int
    }

    /// What following the aliases in a value gives. (An enum of its own rather than an
    /// optional, for the reason ``Outcome`` is.)
    private enum Walk {
        case found(Value)
        /// Reported.
        case failed
    }

    /// Counts the nodes an alias adds; `false` (reported the first time) past the bound.
    private mutating func add(_ nodes: Int, written: DocumentNode, keyPath: @autoclosure () -> DocumentPath) -> Bool {
        guard nodes > 0 else { return true }  // an alias to a scalar adds nothing
        switch expansion.add(nodes, ownNodes: { [tree] in tree.root.nodeCount }) {
        case .within:
            return true
        case .passed:
            diagnostics.error(.limitExceeded, "aliases add more than the limit of \(expansion.limit) nodes to the file's values (values that alias each other more than once grow at each step)",
                              at: written.location, keyPath: keyPath())
            return false
        case .alreadyPassed:
            return false
        }
    }

    /// How many nodes a value has (as ``DocumentNode/nodeCount`` counts them), or `nil` when it
    /// holds an alias or a `$ref` anywhere, or (with `evaluatesText`) text that may hold an
    /// alias or math: one walk for both, where asking whether it holds one and then counting its
    /// nodes walked it twice.
    private static func plainSize(_ node: DocumentNode, evaluatesText: Bool) -> Int? {
        switch node.value {
        case .string(let text):
            if text.utf8.first == UInt8(ascii: "{") { return nil }
            return evaluatesText && TokensStudioMath.mayNeedEvaluation(text) ? nil : 1
        case .map(let entries):
            var count = 1
            // By position, so that no entry is copied to be looked at.
            for position in entries.indices {
                guard entries[position].key != "$ref", let size = plainSize(entries[position].value, evaluatesText: evaluatesText) else { return nil }
                count += size
            }
            return count
        case .list(let items):
            var count = 1
            for position in items.indices {
                guard let size = plainSize(items[position], evaluatesText: evaluatesText) else { return nil }
                count += size
            }
            return count
        default:
            return 1
        }
    }

    /// A value with its aliases followed; ``Walk/failed`` after a diagnostic. A value without any is
    /// returned as it is. `keyPath` is made only for a problem to report.
    private mutating func resolvedValue(_ node: DocumentNode, in token: DesignToken, keyPath: @autoclosure () -> DocumentPath) -> Walk {
        if let alias = wholeAlias(node) {
            return follow(alias, written: node, keyPath: keyPath())
        }
        if let pointer = TokenTree.reference(node) {
            return followPointer(pointer, written: node, in: token, keyPath: keyPath())
        }
        if let size = Self.plainSize(node, evaluatesText: evaluatesText) { return .found(Value(node: node, size: size)) }
        switch node.value {
        case .string(let text) where evaluatesText:
            return evaluated(text, written: node, keyPath: keyPath())
        case .map(let entries):
            // The entries as written, each with its resolved value. (Made afresh rather than
            // copied and changed: a copy of the array retains every value it then replaces.)
            var resolved: [DocumentEntry] = []
            resolved.reserveCapacity(entries.count)
            var size = 1
            for position in entries.indices {
                guard case .found(let value) = resolvedValue(entries[position].value, in: token, keyPath: keyPath().appending(entries[position].key)) else { return .failed }
                resolved.append(DocumentEntry(key: entries[position].key, keyLocation: entries[position].keyLocation, value: value.node))
                size += value.size
            }
            return .found(Value(node: DocumentNode(.map(resolved), at: node.location), size: size))
        case .list(let items):
            var resolved: [DocumentNode] = []
            resolved.reserveCapacity(items.count)
            var size = 1
            for (index, item) in items.enumerated() {
                guard case .found(let value) = resolvedValue(item, in: token, keyPath: keyPath().appending(index: index)) else { return .failed }
                resolved.append(value.node)
                size += value.size
            }
            return .found(Value(node: DocumentNode(.list(resolved), at: node.location), size: size))
        default:
            return .found(Value(node: node, size: 1))
        }
    }

    private mutating func follow(_ key: String, written: DocumentNode, keyPath: @autoclosure () -> DocumentPath) -> Walk {
        guard let target = tokenWithKey(key) else { return followMissing(key, written: written, keyPath: keyPath()) }
        switch resolvedTarget(target, written: written, keyPath: keyPath(), borrowsExternal: includedFiles != nil) {
        case .found(let position, let size):
            return .found(Value(node: result(at: position).value, size: size))
        case .external:
            return followExternal(target, written: written, keyPath: keyPath())
        case .failed:
            return .failed
        }
    }

    /// An alias to a key the unit has no token of: free data (``freeData(_:)``), else a token of
    /// another included file for a part (``borrowed(_:written:keyPath:)``), else reported.
    /// (Out of ``follow(_:written:keyPath:)``, whose common way it would slow.)
    @inline(never)
    private mutating func followMissing(_ key: String, written: DocumentNode, keyPath: DocumentPath) -> Walk {
        if let data = freeData(key) { return .found(Value(node: data, size: 1)) }
        if let borrowed = borrowed(key, written: written, keyPath: keyPath) { return borrowed }
        reportMissingTarget(key, written: written, keyPath: keyPath)
        return .failed
    }

    /// A part whose alias leads to an alias to another file's token: that token's value from the
    /// included files, else reported.
    @inline(never)
    private mutating func followExternal(_ target: DesignToken, written: DocumentNode, keyPath: DocumentPath) -> Walk {
        if let borrowed = borrowed(target.key, written: written, keyPath: keyPath) { return borrowed }
        reportExternalPart(target, written: written, keyPath: keyPath)
        return .failed
    }

    /// In the older form, the text, number or boolean that `key` names where it is free data
    /// beside the tokens, not a token nor in one (Style Dictionary's `examples/advanced/
    /// referencing_aliasing` writes `"{globals.baseline}{globals.unit}"` with
    /// `"globals": {"baseline": "16", "unit": "px"}`): Style Dictionary follows an alias to any
    /// value of the files. `nil` elsewhere.
    mutating func freeData(_ key: String) -> DocumentNode? {
        guard tree.isLegacy, owningToken(ofKey: key) == nil, let node = finder.node(atNames: DesignToken.names(ofKey: key)) else { return nil }
        switch node.value {
        case .string, .integer, .hexInteger, .float, .bool: return node
        case .map, .list, .null: return nil
        }
    }

    /// The key of the token a key names a part of (`color.red` for `color.red.comment`), if
    /// any: a shorter key that names a token.
    private func owningToken(ofKey key: String) -> String? {
        var prefix = ""
        for name in DesignToken.names(ofKey: key).dropLast() {
            prefix = prefix.isEmpty ? name : prefix + "." + name
            if positions[prefix] != nil { return prefix }
        }
        return nil
    }

    /// The value of the token `key` names in the manifest's design-token files read together
    /// (``includedFiles``), for a part of a value; `nil` when they do not give one. What it
    /// adds counts against the bound on what aliases add (``Walk/failed`` past it); a
    /// deprecated token is `deprecated-token`, as one of the file's own is.
    private mutating func borrowed(_ key: String, written: DocumentNode, keyPath: @autoclosure () -> DocumentPath) -> Walk? {
        guard let (value, deprecation) = includedFiles?.token(key) else { return nil }
        if let reason = deprecation { warnDeprecated(key, reason: reason, written: written, keyPath: keyPath()) }
        let size = value.nodeCount
        guard add(size - 1, written: written, keyPath: keyPath()) else { return .failed }
        return .found(Value(node: value, size: size))
    }

    /// `deprecated-token` where an alias uses the token `key`, deprecated for `reason` (possibly
    /// empty).
    private mutating func warnDeprecated(_ key: String, reason: String, written: DocumentNode, keyPath: DocumentPath) {
        diagnostics.warning(.deprecatedToken, "the token {\(key)} is deprecated" + (reason.isEmpty ? "" : ": \(reason)"), at: written.location, keyPath: keyPath)
    }

    /// `unknown-reference` for a part of a value whose alias leads to an alias to another file's
    /// token, which only a whole value can stand for, and which the manifest's token files read
    /// together (where there are some) do not give.
    private mutating func reportExternalPart(_ target: DesignToken, written: DocumentNode, keyPath: DocumentPath) {
        let external = "{\(result(at: target.position).externalAlias?.joined(separator: ".") ?? "")}"
        let reason = includedFiles == nil ? "a token of another file; only a whole value may refer to one"
            : "which no design-token file the manifest includes gives (none has it, or it is reported there)"
        diagnostics.error(.unknownReference, "the alias {\(target.key)} leads to \(external), \(reason)", at: written.location, keyPath: keyPath)
    }

    /// `unknown-reference` for an alias to a key that is no token: a group, or nothing (with the
    /// set the style leaves out that has it, else a suggestion: the key without its first name
    /// where that is a token, as an alias that names a Tokens Studio set or a file before the
    /// token would be, else the closest key).
    private mutating func reportMissingTarget(_ key: String, written: DocumentNode, keyPath: DocumentPath) {
        let inner = key.firstIndex(of: ".").map { String(key[key.index(after: $0)...]) }
        let suggestion = if let note = leftOutSets?.note(forMissing: key) {
            note
        } else if let inner, positions[inner] != nil {
            "; did you mean {\(inner)}?"
        } else if suggestionSearches.take() {
            Suggestion.closest(to: key, among: list.lazy.map(\.key)).map { "; did you mean {\($0)}?" } ?? ""
        } else {
            ""
        }
        let reason: String
        let node = pointerTarget(key)
        if let node, case .map = node.value {
            let root = positions[key + ".$root"] != nil ? "; its root token is {\(key).$root}" : ""
            reason = "{\(key)} is a group, not a token\(root)"
        } else if let token = owningToken(ofKey: key) {
            reason = "{\(key)} is a part of the token {\(token)}, not a token"
        } else if let mode = Self.terrazzoModeAlias(key), positions[mode.token] != nil {
            reason = "{\(key)} is a Terrazzo mode alias, which Terrazzo deprecated and Themeload does not read: alias {\(mode.token)}, "
                + "which in a style named \(mode.mode) takes its \(mode.mode) mode's value where it has one; for that value in every style, make it a token's $value"
        } else if tree.isLegacy, let node, case .list = node.value {
            reason = "{\(key)} is a list of data beside the tokens, and an alias takes such data only as text, a number or a boolean"
        } else {
            reason = "the alias {\(key)} points at no token" + suggestion
        }
        diagnostics.error(.unknownReference, reason, at: written.location, keyPath: keyPath)
    }

    /// The token and the mode of a Terrazzo mode alias, `{color.blue#dark}`: the value of one
    /// mode of the token's `$extensions.mode`. `nil` for an alias without one `#` between two
    /// names.
    private static func terrazzoModeAlias(_ key: String) -> (token: String, mode: String)? {
        let parts = key.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// Tokens Studio's text (``evaluatesText``): each alias inside it replaced by its token's
    /// value, then the math evaluated. Text that is not math stays text (with its aliases
    /// replaced).
    private mutating func evaluated(_ text: String, written: DocumentNode, keyPath: @autoclosure () -> DocumentPath) -> Walk {
        var replaced = text
        if text.utf8.contains(UInt8(ascii: "{")) {
            guard let withValues = replacingAliases(in: text, written: written, keyPath: keyPath()) else { return .failed }
            replaced = withValues
        }
        switch TokensStudioMath.evaluate(replaced) {
        case .notMath:
            return .found(Value(node: replaced == text ? written : DocumentNode(.string(replaced), at: written.location), size: 1))
        case .value(let result):
            return .found(Value(node: DocumentNode(.string(result), at: written.location), size: 1))
        case .failed(let reason):
            let readAs = replaced == text ? "" : " (\"\(replaced)\" with its aliases read)"
            diagnostics.error(.type, "the math \"\(text)\"\(readAs) cannot be evaluated: \(reason)", at: written.location, keyPath: keyPath())
            return .failed
        }
    }

    /// A text with each alias in it (`{group.token}`) replaced by the value of its token, which
    /// must be text, a number or a boolean; `nil` after a diagnostic. What the values add beyond
    /// the aliases' own length counts, byte for node, against the bound on what aliases add.
    private mutating func replacingAliases(in text: String, written: DocumentNode, keyPath: @autoclosure () -> DocumentPath) -> String? {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"), let alias = DesignTokenAlias.key(in: String(rest[open...close])) else {
                // Not an alias (`{`, `{}`, `{a..b}`): kept as it is.
                output += rest[open...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            let key = tokenKey(ofAlias: alias)
            // An alias inside text is a part of the value: it may borrow another file's token.
            guard case .found(let target) = follow(key, written: written, keyPath: keyPath()) else { return nil }
            let value: String
            switch target.node.value {
            case .string(let string): value = Self.hexOfColorFunction(string, at: written.location) ?? string
            case .integer(let number), .hexInteger(let number): value = String(number)
            case .float(let number): value = number.plainText  // as JavaScript prints it: `8`, `0.5`
            case .bool(let flag): value = String(flag)
            case let other:
                diagnostics.error(.type, "{\(key)} is \(other.kindDescription), not text or a number, so it cannot stand inside other text (\"\(text)\")",
                                  at: written.location, keyPath: keyPath())
                return nil
            }
            let aliasLength = rest.utf8.distance(from: open, to: close) + 1
            guard add(value.utf8.count - aliasLength, written: written, keyPath: keyPath()) else { return nil }
            output += value
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    /// A token value Tokens Studio writes as a color function, `rgb()`, `rgba()` (also its own
    /// `rgba(#hex, alpha)`), `hsl()` or `hsla()`, as the hex of its color: the plugin turns such
    /// a value into hex before an alias reads it (`convertToRgb`), so that `rgba({shade}, 0.15)`
    /// over a `shade` of `rgba(#000000, 0.3)` is black at an alpha of 0.15, the plugin replacing
    /// the alpha. `nil` for any other text, which stands in other text as it is.
    private static func hexOfColorFunction(_ text: String, at location: SourceLocation) -> String? {
        let start = text.utf8.drop { $0 == UInt8(ascii: " ") }.prefix(3)
        guard start.elementsEqual("rgb".utf8) || start.elementsEqual("hsl".utf8) else { return nil }
        if case .string(let hex)? = TokenValueConverter.hexWithAlpha(text, at: location)?.value { return hex }
        guard case .color(let color) = CSSColorFunction.parse(text), color.colorSpace == .sRGB else { return nil }
        return color.hex
    }

    /// What following an alias to a token gives: its position, its result read from ``memo``
    /// where needed. (Positions only: an enum holding the result was let go of through its value
    /// witnesses at every alias, some three hundred instructions.)
    private enum Target {
        /// Reported.
        case failed
        /// The target's position, resolved, and the size of its value (as ``sizes`` counts).
        case found(position: Int, size: Int)
        /// The target, resolved, is an alias to another file's token, and the alias a part of a
        /// value (asked for with `borrowsExternal`; not reported).
        case external
    }

    /// The resolved token an alias (or a `$ref`) written at `written` leads to, and its size,
    /// which the alias adds to the values (less the one node it replaces); ``Target/failed``
    /// after a diagnostic: a loop, a chain too long, a target that fails, or the bound on what
    /// aliases add passed; and, unless the alias is the whole value (`isWholeValue`), a target
    /// that is an alias to another file's token, which only a whole value can stand for (with
    /// `borrowsExternal`, ``Target/external`` instead, for the caller to borrow the part's value).
    private mutating func resolvedTarget(_ target: DesignToken, written: DocumentNode, keyPath: @autoclosure () -> DocumentPath,
                                         isWholeValue: Bool = false, borrowsExternal: Bool = false) -> Target {
        if let start = chain.firstIndex(where: { $0 === target }) {
            let loop = (chain[start...].map(\.key) + [target.key]).map { "{\($0)}" }.joined(separator: " → ")
            diagnostics.error(.referenceCycle, "aliases form a loop: \(loop)", at: written.location, keyPath: keyPath())
            return .failed
        }
        // The chain holds the token whose value is being resolved and each alias target since:
        // this alias would be one more.
        guard chain.count <= maxChain else {
            diagnostics.error(.limitExceeded, "a chain of aliases is longer than the limit of \(maxChain)", at: written.location, keyPath: keyPath())
            return .failed
        }
        if let reason = target.deprecation { warnDeprecated(target.key, reason: reason, written: written, keyPath: keyPath()) }
        guard resolveOnce(target) else { return .failed }
        // (Only a unit that allows aliases to other files' tokens has results that are some.)
        if allowsExternalAliases, !isWholeValue, result(at: target.position).externalAlias != nil {
            if borrowsExternal { return .external }
            reportExternalPart(target, written: written, keyPath: keyPath())
            return .failed
        }
        // Counted when the target was resolved, just now or before.
        let size = sizes[target.position]
        guard add(size - 1, written: written, keyPath: keyPath()) else { return .failed }
        return .found(position: target.position, size: size)
    }

    private mutating func followPointer(_ pointer: String, written: DocumentNode, in token: DesignToken, keyPath: @autoclosure () -> DocumentPath) -> Walk {
        guard let segments = TokenTree.pointerSegments(pointer) else {
            diagnostics.error(.unknownReference, "the $ref \"\(pointer)\" is not a JSON Pointer into this document (\"#/group/token/$value…\")",
                              at: written.location, keyPath: keyPath())
            return .failed
        }
        guard let (targetKey, rest) = tokenPrefix(segments), let target = tokenWithKey(targetKey) else {
            let what = tree.node(atPointer: pointer) == nil ? "nothing" : "a group, not a token or a part of a value"
            diagnostics.error(.unknownReference, "the $ref \"\(pointer)\" points at \(what)", at: written.location, keyPath: keyPath())
            return .failed
        }
        // A part of the value is counted as the whole: no larger, and known without walking it.
        guard case .found(let position, let size) = resolvedTarget(target, written: written, keyPath: keyPath()) else { return .failed }
        if rest.isEmpty { return .found(Value(node: result(at: position).value, size: size)) }
        guard rest[0] == "$value" else {
            diagnostics.error(.unknownReference, "the $ref \"\(pointer)\" points at the token's \(rest[0]), not its $value", at: written.location, keyPath: keyPath())
            return .failed
        }
        var node = result(at: position).value
        for segment in rest.dropFirst() {
            switch node.value {
            case .map(let entries) where entries.contains(where: { $0.key == segment }):
                node = entries.first(where: { $0.key == segment })!.value
            case .list(let items) where Int(segment).map(items.indices.contains) == true:
                node = items[Int(segment)!]
            default:
                diagnostics.error(.unknownReference, "the $ref \"\(pointer)\" points past the value of {\(targetKey)}: it has no \"\(segment)\"",
                                  at: written.location, keyPath: keyPath())
                return .failed
            }
        }
        return .found(Value(node: node, size: size))
    }
}
