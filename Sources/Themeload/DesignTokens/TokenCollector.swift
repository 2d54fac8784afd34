/// Walks a ``TokenTree`` and lists its tokens in file order, giving each the `$type` and
/// `$deprecated` of its groups (DTCG Format 2025.10, sections 5 and 6). Problems of shape are
/// diagnostics; the walk goes on past them.
struct TokenCollector {
    /// Group properties of the Format module; `$schema` may stand at the top of a file.
    static let groupProperties: Set<String> = ["$type", "$description", "$deprecated", "$extensions", "$extends", "$root"]
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$deprecated", "$extensions"]
    /// Keys Style Dictionary and Tokens Studio put beside `value` in the older form.
    static let legacyTokenProperties: Set<String> = [
        "value", "type", "description", "comment", "attributes", "name", "themeable", "filePath", "isSource", "original", "path",
    ]

    private(set) var tokens: [DesignToken] = []
    /// The most names any token's key has (`$root` counted).
    private(set) var deepestKey = 0
    /// A DTCG-form file named a type only Tokens Studio writes (`"$type": "spacing"`): it is
    /// the plugin's DTCG export of sets without their themes, to read again as Tokens Studio's.
    private(set) var sawStudioTypes = false
    /// The styles tokens give values for in GitHub Primer's `org.primer.overrides`
    /// (``TokenStyleOverrides``), in the order first named.
    private(set) var overrideStyles: [String] = []
    /// Where each of ``overrideStyles`` is first named.
    private(set) var overrideStyleLocations: [SourceLocation] = []
    private var overrideStyleSet: Set<String> = []
    /// The tokens Themeload's extension gives another theme name than their path
    /// (``entryNameKey``), by position: two of them, or one and a path, may then name one entry.
    private var entryNames: [(position: Int, name: String)] = []
    /// How many tokens ``entryNames`` renames.
    var renamedTokens: Int { entryNames.count }
    /// The names of tools' own token fields already warned about: one warning a name.
    private var ignoredToolFields: Set<String> = []
    private let isLegacy: Bool
    /// The types Tokens Studio writes (``TokenType/legacyTypes``) are read in either form: its
    /// DTCG export keeps them (`"$type": "spacing"`).
    private let readsStudioTypes: Bool
    /// An older file's untyped token takes its type from its Style Dictionary category
    /// (``StyleDictionaryCategory``); Tokens Studio's sets, whose first names are no
    /// categories, do not.
    private let readsCategories: Bool

    /// `tokensStudio`: the tree is a Tokens Studio document's sets.
    init(tree: TokenTree, tokensStudio: Bool = false, diagnostics: inout DiagnosticCollector) {
        isLegacy = tree.isLegacy
        readsStudioTypes = tree.isLegacy || tokensStudio
        readsCategories = tree.isLegacy && !tokensStudio
        guard case .map = tree.root.value else {
            diagnostics.error(.type, "a design-token file holds a map of groups and tokens at the top, not \(tree.root.value.kindDescription)",
                              at: tree.root.location)
            return
        }
        walkGroup(tree.root, key: "", depth: 0, type: nil, writtenType: nil, deprecation: nil, diagnostics: &diagnostics)
        if !entryNames.isEmpty { renameTokens() }
    }

    /// `groupKey` is the group's names joined by dots, `""` for the top of the tree.
    /// `depth` is how many names `groupKey` has.
    /// `writtenType` is the nearest group's `$type` as written, where types other than DTCG's
    /// are read (``DesignToken/Extras/writtenType``).
    private mutating func walkGroup(_ group: DocumentNode, key groupKey: String, depth: Int, type inherited: TokenType?, writtenType inheritedWrittenType: String?,
                                    deprecation inheritedDeprecation: String?, diagnostics: inout DiagnosticCollector) {
        guard case .map(let entries) = group.value else { return }
        // Key paths are made only for problems to report.
        func keyPath() -> DocumentPath { DesignToken.keyPath(ofKey: groupKey) }
        var type = inherited
        var writtenType = inheritedWrittenType
        var deprecation = inheritedDeprecation
        if !isLegacy {
            if let typeNode = entries.first(where: { $0.key == "$type" })?.value {
                type = checkedType(typeNode, keyPath: keyPath().appending("$type"), diagnostics: &diagnostics) ?? type
                writtenType = readsStudioTypes ? typeNode.value.string ?? writtenType : Self.styleDictionaryTypeName(typeNode)
            }
            if let deprecatedNode = entries.first(where: { $0.key == "$deprecated" })?.value {
                deprecation = Self.deprecation(deprecatedNode, keyPath: keyPath().appending("$deprecated"), diagnostics: &diagnostics) ?? deprecation
            }
        }
        // By position, so that no entry (its key, locations and value) is copied to be looked at.
        for position in entries.indices {
            let key = entries[position].key
            func childKeyPath() -> DocumentPath { keyPath().appending(key) }
            if !isLegacy, key.utf8.first == UInt8(ascii: "$"), key != "$root" {
                if !Self.groupProperties.contains(key), !(groupKey.isEmpty && key == "$schema") {
                    diagnostics.warning(.unknownKey, "unknown group property \"\(key)\", ignored" + Suggestion.phrase(for: key, among: Self.groupProperties.sorted()),
                                        at: entries[position].keyLocation, keyPath: childKeyPath())
                }
                if key == "$description", entries[position].value.value.string == nil {
                    diagnostics.error(.type, "$description must be a string, not \(entries[position].value.value.kindDescription)", at: entries[position].value.location, keyPath: childKeyPath())
                }
                continue
            }
            if key.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                if isLegacy {
                    leaveOutLegacyName(entries[position], keyPath: childKeyPath(), diagnostics: &diagnostics)
                } else {
                    diagnostics.error(.type, "the name \"\(key)\" has a \".\", \"{\" or \"}\", which a token or group name may not have", at: entries[position].keyLocation, keyPath: childKeyPath())
                }
                continue
            }
            guard case .map = entries[position].value.value else {
                if isLegacy { continue }  // older files keep free data beside their tokens
                let resolver = groupKey.isEmpty && key == "resolutionOrder" ? FileKindHint.resolverInTokenFile(entries[position].value.location.file) : ""
                diagnostics.error(.type, "\"\(key)\" must be a token ({\"$value\": …}) or a group of them, not \(entries[position].value.value.kindDescription)" + resolver,
                                  at: entries[position].value.location, keyPath: childKeyPath())
                continue
            }
            let childKey = groupKey.isEmpty ? key : String.concatenated(groupKey, Unicode.Scalar("."), key)
            if TokenTree.isToken(entries[position].value, legacy: isLegacy) {
                deepestKey = max(deepestKey, depth + 1)
                // A `$root` token is known to the theme by its group's name.
                addToken(entries[position].value, key: childKey, themeName: key == "$root" ? groupKey : childKey, type: type, writtenType: writtenType, deprecation: deprecation,
                         diagnostics: &diagnostics)
            } else if key == "$root" {
                diagnostics.error(.type, "$root must be a token, with a $value", at: entries[position].value.location, keyPath: childKeyPath())
            } else {
                walkGroup(entries[position].value, key: childKey, depth: depth + 1, type: type, writtenType: writtenType, deprecation: deprecation, diagnostics: &diagnostics)
            }
        }
    }

    /// An older-form entry whose name has a `.`, `{` or `}`. Style Dictionary, whose files these
    /// are, takes any name, but its aliases split at every `.`, so no alias can name such a
    /// token, and the theme (whose names are the dotted keys) could not tell it from a token of a
    /// group of that name. Holding no token (the Design Tokens Figma plugin's
    /// `"extensions": {"org.lukasoppermann.figmaDesignTokens": …}` beside a group's tokens) it is
    /// data, as any other beside the tokens; a token, or a group of them, is left out with a
    /// warning. (Out of the walk's loop, which every entry passes through.)
    @inline(never)
    private func leaveOutLegacyName(_ entry: DocumentEntry, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) {
        let count = Self.tokenCount(in: entry.value, legacy: true)
        guard count > 0 else { return }
        let what = TokenTree.isToken(entry.value, legacy: true) ? "the token is" : count == 1 ? "the group and its token are" : "the group and its \(count) tokens are"
        diagnostics.warning(.type, "the name \"\(entry.key)\" has a \".\", \"{\" or \"}\", which an alias reads as part of a path, so none could name it: \(what) left out of the theme; rename it",
                            at: entry.keyLocation, keyPath: keyPath)
    }

    /// How many tokens a node is or holds.
    private static func tokenCount(in node: DocumentNode, legacy: Bool) -> Int {
        guard case .map(let entries) = node.value else { return 0 }
        if TokenTree.isToken(node, legacy: legacy) { return 1 }
        return entries.reduce(0) { $0 + tokenCount(in: $1.value, legacy: legacy) }
    }

    private mutating func addToken(_ node: DocumentNode, key: String, themeName: String, type inherited: TokenType?, writtenType inheritedWrittenType: String?,
                                   deprecation inherited2: String?,
                                   diagnostics: inout DiagnosticCollector) {
        guard case .map(let entries) = node.value else { return }
        // (The same string as the key but for a `$root` token: told apart without reading bytes.)
        let isRoot = themeName != key
        func keyPath() -> DocumentPath { DesignToken.keyPath(ofKey: key) }
        // The value's position, read once the entries are: none for a whole-token `$ref`, whose
        // value is the token it points at.
        var valuePosition: Int?
        var declaredType = inherited, description: String?, deprecation = inherited2, themeloadExtension: DocumentNode?
        var writesType = false, attributesPosition: Int?, typePosition: Int?, extensionsPosition: Int?, alphaPosition: Int?
        let valueKey = isLegacy ? "value" : "$value"
        for position in entries.indices {
            let name = entries[position].key
            func entryPath() -> DocumentPath { keyPath().appending(name) }
            switch name {
            case valueKey:
                valuePosition = position
            case "$ref" where !isLegacy && entries.count == 1:
                break  // a whole-token reference
            case "$type" where !isLegacy, "type" where isLegacy:
                writesType = true
                typePosition = position
                declaredType = checkedType(entries[position].value, keyPath: entryPath(), diagnostics: &diagnostics) ?? declaredType
            case "$description" where !isLegacy, "description" where isLegacy, "comment" where isLegacy:
                if let text = entries[position].value.value.string {
                    description = text
                } else if !isLegacy {
                    diagnostics.error(.type, "$description must be a string, not \(entries[position].value.value.kindDescription)", at: entries[position].value.location, keyPath: entryPath())
                }
            case "$deprecated" where !isLegacy:
                deprecation = Self.deprecation(entries[position].value, keyPath: entryPath(), diagnostics: &diagnostics) ?? deprecation
            case "$extensions":
                // Older files keep Tokens Studio's extensions too, and nothing else of them.
                extensionsPosition = position
                if !isLegacy {
                    themeloadExtension = entries[position].value[DesignTokenExport.extensionKey]
                    noteOverrides(in: entries[position].value, keyPath: entryPath(), diagnostics: &diagnostics)
                    // The theme entry the design-token export moved out of another section's way.
                    if let themeloadExtension { noteEntryName(in: themeloadExtension, keyPath: entryPath().appending(DesignTokenExport.extensionKey), diagnostics: &diagnostics) }
                }
            case "attributes" where isLegacy:
                attributesPosition = position
            case "alpha":
                // GitHub Primer's (and style-dictionary-utils') opacity of a color token, which
                // their builds set on the color: the resolver does so too.
                alphaPosition = position
            default:
                if isLegacy {
                    continue
                } else if name.hasPrefix("$") {
                    diagnostics.warning(.unknownKey, "unknown token property \"\(name)\", ignored" + Suggestion.phrase(for: name, among: Self.tokenProperties.sorted()),
                                        at: entries[position].keyLocation, keyPath: entryPath())
                } else if Self.tokenCount(in: entries[position].value, legacy: false) > 0 {
                    diagnostics.error(.type, "a token cannot hold tokens or groups (\"\(name)\"); move it out of the token with the $value",
                                      at: entries[position].keyLocation, keyPath: entryPath())
                } else if ignoredToolFields.insert(name).inserted {
                    // Holding no token, and no property of DTCG's (whose names start with `$`): a
                    // tool's own field (REI Cedar's `"docs": {"category": …}` on every token),
                    // said once for the file.
                    diagnostics.warning(.unknownKey, "\"\(name)\" is no token property (those start with $), ignored, here and in every other token of the file that has it: "
                                        + "a token's value is its $value as written", at: entries[position].keyLocation, keyPath: entryPath())
                }
            }
        }
        var category: StyleDictionaryCategory?
        if readsCategories, !writesType, let found = StyleDictionaryCategory(key: key, attributes: attributesPosition.map { entries[$0].value }) {
            category = found
            declaredType = found.type
        }
        tokens.append(DesignToken(position: tokens.count, key: key, value: valuePosition.map { entries[$0].value } ?? node, declaredType: declaredType,
                                  category: category, description: description, deprecation: deprecation, location: node.location,
                                  extras: extensionsPosition != nil || alphaPosition != nil || typePosition != nil || inheritedWrittenType != nil || isRoot
                                      ? Self.extras(of: entries, typePosition: typePosition, inheritedWrittenType: inheritedWrittenType, readsStudioTypes: readsStudioTypes,
                                                    extensionsPosition: extensionsPosition, alphaPosition: alphaPosition, themeloadExtension: themeloadExtension,
                                                    themeName: isRoot ? themeName : nil) : nil))
    }

    /// The key of Themeload's extension entry that names the theme entry a token is, where it is
    /// not the token's path (``DesignTokenExport``: a name two sections have).
    static let entryNameKey = "entry"

    /// Notes the theme entry's name a token's `org.themeload` extension gives
    /// (``entryNameKey``), for the token about to be added, or warns that it is no name. (Out
    /// of the token's loop: only the export's moved tokens have one.)
    @inline(never)
    private mutating func noteEntryName(in extensionNode: DocumentNode, keyPath: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) {
        guard let node = extensionNode[Self.entryNameKey] else { return }
        guard let name = node.value.string, !name.isEmpty else {
            diagnostics.warning(.type, "\(Self.entryNameKey) names the theme entry the token is, a non-empty string, not \(node.value.kindDescription); the token keeps its path as its name",
                                at: node.location, keyPath: keyPath().appending(Self.entryNameKey))
            return
        }
        entryNames.append((tokens.count, name))
    }

    /// The tokens ``noteEntryName(in:keyPath:diagnostics:)`` found a name for, given it, once the
    /// walk is over (so that a token without one, every other, is made as it was).
    @inline(never)
    private mutating func renameTokens() {
        for (position, name) in entryNames { tokens[position] = tokens[position].renamed(name) }
    }

    /// Adds the styles a token's `$extensions` gives values for to ``overrideStyles``, or warns
    /// that the extension is not a map. (Out of the token's loop: few tokens have extensions.)
    @inline(never)
    private mutating func noteOverrides(in extensions: DocumentNode, keyPath: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) {
        for (style, location) in TokenStyleOverrides.styles(inExtensions: extensions, keyPath: keyPath(), diagnostics: &diagnostics)
        where overrideStyleSet.insert(style).inserted {
            overrideStyles.append(style)
            overrideStyleLocations.append(location)
        }
    }

    /// A DTCG-form `$type` that names one of Style Dictionary's own types (``TokenType/styleDictionaryTypes``),
    /// as written; `nil` for any other.
    private static func styleDictionaryTypeName(_ typeNode: DocumentNode) -> String? {
        typeNode.value.string.flatMap { TokenType.styleDictionaryTypes[$0] != nil ? $0 : nil }
    }

    /// Tokens Studio's color modifier (`$extensions["studio.tokens"].modify`: lighten, darken,
    /// mix, alpha), which the resolver applies to the token's color (in any token file: the
    /// plugin writes it in its DTCG-form exports too).
    private static func studioModifier(in extensions: DocumentNode) -> DocumentEntry? {
        guard case .map(let entries) = extensions["studio.tokens"]?.value else { return nil }
        return entries.first(where: { $0.key == "modify" })
    }

    /// A token's ``DesignToken/Extras`` from its entries: its type as written (where types
    /// other than DTCG's are read, and in the DTCG form where it is one of Style Dictionary's:
    /// a DTCG type is all there is to it), its Tokens Studio modifier and its `alpha`; `nil`
    /// when it has none of them. (Found by position in the token's loop and read here, so that
    /// the loop keeps no optional strings or entries to let go of for every token.)
    private static func extras(of entries: [DocumentEntry], typePosition: Int?, inheritedWrittenType: String?, readsStudioTypes: Bool, extensionsPosition: Int?,
                               alphaPosition: Int?, themeloadExtension: DocumentNode?, themeName: String?) -> DesignToken.Extras? {
        let writtenType: String?
        if readsStudioTypes {
            writtenType = typePosition.flatMap { entries[$0].value.value.string } ?? inheritedWrittenType
        } else if let typePosition {
            writtenType = styleDictionaryTypeName(entries[typePosition].value)  // the token's own type replaces its group's
        } else {
            writtenType = inheritedWrittenType
        }
        return DesignToken.Extras.of(writtenType: writtenType, studioModifier: extensionsPosition.flatMap { studioModifier(in: entries[$0].value) },
                                     colorAlpha: alphaPosition.map { entries[$0] }, themeloadExtension: themeloadExtension, themeName: themeName)
    }

    private mutating func checkedType(_ node: DocumentNode, keyPath: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) -> TokenType? {
        guard let name = node.value.string else {
            diagnostics.error(.type, "a type is a string, not \(node.value.kindDescription)", at: node.location, keyPath: keyPath())
            return nil
        }
        if let type = TokenType(name: name) { return type }
        if readsStudioTypes, let mapped = TokenType.legacyTypes[name] { return mapped }
        if isLegacy, let mapped = FigmaDesignTokensPlugin.types[name] { return mapped }
        if TokenType.legacyTypes[name] != nil { sawStudioTypes = true }
        if readsStudioTypes { return nil }  // older files and Tokens Studio use types of their own tools; such tokens are kept as data
        if let mapped = TokenType.styleDictionaryTypes[name] {
            diagnostics.warning(.type, "\"\(name)\" is Style Dictionary's own type, read as its transforms read it: a \(mapped.name), a bare number in rems (DTCG has no \(name) type; other tools may not read it)",
                                at: node.location, keyPath: keyPath())
            return mapped
        }
        diagnostics.error(.type, "unknown token type \"\(name)\" (\(TokenType.typeList))"
                          + Suggestion.phrase(for: name, among: TokenType.names), at: node.location, keyPath: keyPath())
        return .invalid
    }

    /// `$deprecated`: `true` (no reason), a reason, or `false` (not deprecated: `""` never).
    private static func deprecation(_ node: DocumentNode, keyPath: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) -> String?? {
        switch node.value {
        case .bool(true): return .some("")
        case .bool(false): return .some(nil)
        case .string(let reason): return .some(reason)
        default:
            diagnostics.error(.type, "$deprecated is true, false or a reason, not \(node.value.kindDescription)", at: node.location, keyPath: keyPath())
            return nil
        }
    }
}
