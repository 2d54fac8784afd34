/// A theme manifest or partial file, checked against SPEC section 3.
struct Manifest {
    static let contentKeys = DocumentShape.sections
    static let manifestKeys = DocumentShape.manifestKeys + contentKeys
    /// The keys value maps use; a style may not be named after one of them.
    static let reservedStyleNames: Set<String> = [
        "name", "family", "size", "weight", "italic", "red", "green", "blue", "alpha", "color", "file", "files",
        "scale", "idiom", "style", "contrast", "top", "left", "bottom", "right", "extends", "default", "variants",
        "renderingMode", "capInsets", "resizingMode", "colorSpace", "components", "hex",
    ]
    /// The newest `format` this loader reads.
    static let formatVersion: Int64 = 1

    var name: String?
    var extends: (name: String, location: SourceLocation)?
    var include: [(path: String, location: SourceLocation, index: Int)] = []
    var styles: StyleList?
    /// What the manifest says of how its theme's design tokens are read (`designTokens:`).
    var designTokens: StatedDesignTokenOptions?
    var content = NodeMap()
    var location: SourceLocation

    /// Checks a parsed manifest (or, with `isPartial`, a partial file); problems go to
    /// `diagnostics`. `nil` when the document is not a map at all.
    ///
    /// The sections are taken out of `document` as they are converted (see
    /// ``ThemeNode/init(taking:)``): pass a document nothing else holds.
    ///
    /// A style's chain of fallbacks may be `maxFallbackChain` long (``Limits/maxExtendsChain``).
    init?(_ document: consuming DocumentNode, isPartial: Bool, maxFallbackChain: Int = Limits.default.maxExtendsChain,
          diagnostics: inout DiagnosticCollector) {
        location = document.location
        guard case .map(var entries) = document.value else {
            diagnostics.error(.type, "a theme \(isPartial ? "partial file" : "manifest") must hold a map at the top, not \(document.value.kindDescription)", at: document.location)
            return nil
        }
        document.value = .null  // the entries are this init's alone now
        let allowed = isPartial ? Self.contentKeys : Self.manifestKeys
        // Whether an unknown key's error has said that the file holds design tokens (once).
        var saidTokens = false
        for position in entries.indices {
            let key = entries[position].key, keyLocation = entries[position].keyLocation, path = DocumentPath(keys: key)
            let value = entries[position].value
            guard allowed.contains(key) else {
                let note = isPartial && Self.manifestKeys.contains(key) ? " (a partial file may hold only \(Self.contentKeys.joined(separator: ", ")))" : ""
                var tokens = ""
                if !saidTokens, let hint = FileKindHint.tokensInTheme(forKey: key, value: value, file: location.file) {
                    (tokens, saidTokens) = (hint, true)
                }
                diagnostics.error(.unknownKey, "unknown key \"\(key)\"\(note)" + Suggestion.phrase(for: key, among: allowed) + tokens, at: keyLocation, keyPath: path)
                continue
            }
            switch key {
            case "format":
                guard let version = value.value.integer, version >= 1 else {
                    diagnostics.error(.type, "format must be a positive integer, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    continue
                }
                if version > Self.formatVersion {
                    diagnostics.error(.unsupportedFormat, "format \(version) is newer than this loader reads (\(Self.formatVersion)); update Themeload", at: value.location, keyPath: path)
                }
            case "name":
                guard case .string(let text) = value.value, !text.isEmpty else {
                    diagnostics.error(.type, "name must be a non-empty string", at: value.location, keyPath: path)
                    continue
                }
                name = text
            case "extends":
                guard case .string(let parent) = value.value else {
                    diagnostics.error(.type, "extends must be the name of a theme, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    continue
                }
                extends = (parent, value.location)
            case "include":
                guard case .list(let items) = value.value else {
                    diagnostics.error(.type, "include must be a list of file paths, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    continue
                }
                for (index, item) in items.enumerated() {
                    guard case .string(let file) = item.value else {
                        diagnostics.error(.type, "include lists file paths, not \(item.value.kindDescription)", at: item.location, keyPath: path.appending(index: index))
                        continue
                    }
                    include.append((file, item.location, index))
                }
            case "styles":
                styles = Self.readStyles(value, path: path, maxFallbackChain: maxFallbackChain, diagnostics: &diagnostics)
            case StatedDesignTokenOptions.key:
                designTokens = StatedDesignTokenOptions(value, diagnostics: &diagnostics)
            default:
                guard case .map = value.value else {
                    if case .null = value.value {
                        content[key, keyLocation: keyLocation] = ThemeNode(value)  // deletes the inherited section
                    } else {
                        diagnostics.error(.type, "\(key) must be a map, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    }
                    continue
                }
                // The section is moved out of the entries, so its parsed form goes as it is converted.
                entries[position].value.value = .null
                content[key, keyLocation: keyLocation] = ThemeNode(taking: consume value)
            }
        }
    }

    /// The declared styles; after a problem, the valid and distinct names among them (else the
    /// default `[light, dark]`), so that one bad entry does not make every variant of the other
    /// styles a second error. An entry is a name or `{name: NAME, fallback: EARLIER}`.
    /// Names are found by an index and fallback chains are counted as they are read, so a list of
    /// thousands of styles is read in time linear in it.
    private static func readStyles(_ value: DocumentNode, path: DocumentPath, maxFallbackChain: Int,
                                   diagnostics: inout DiagnosticCollector) -> StyleList? {
        guard case .list(let items) = value.value, !items.isEmpty else {
            diagnostics.error(.type, "styles must be a non-empty list of style names", at: value.location, keyPath: path)
            return nil
        }
        var names: [String] = []
        var positions: [String: Int] = [:]
        var fallbacks: [String: String] = [:]
        var pendingFallbacks: [(style: String, fallback: DocumentNode, path: DocumentPath)] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index: index)
            guard let (nameNode, fallbackNode, namePath) = styleEntry(item, path: itemPath, diagnostics: &diagnostics) else { continue }
            guard case .string(let name) = nameNode.value, !name.isEmpty else {
                diagnostics.error(.type, "a style name must be a non-empty string, not \(nameNode.value.kindDescription)", at: nameNode.location, keyPath: namePath)
                continue
            }
            // `default` may name the fallback style, the first: a value map's `default` entry is
            // then that style's value and the fallback at once, which are the same value (a
            // resolver's first context is often named so, as Fluent's is).
            if reservedStyleNames.contains(name), !(name == "default" && index == 0) {
                let first = name == "default" ? " other than the first (the fallback style, whose value a value map's default entry is)" : ""
                diagnostics.error(.type, "\"\(name)\" cannot name a style\(first): value maps use it as a key", at: nameNode.location, keyPath: namePath)
                continue
            }
            if positions[name] != nil {
                diagnostics.error(.type, "the style \"\(name)\" is listed twice", at: nameNode.location, keyPath: namePath)
                continue
            }
            positions[name] = names.count
            names.append(name)
            if let fallbackNode { pendingFallbacks.append((name, fallbackNode, itemPath.appending("fallback"))) }
        }
        // How many fallbacks each style's chain follows. A fallback is declared before its style,
        // so its own chain is counted by the time the style's is.
        var chainLengths: [String: Int] = [:]
        var suggestionSearches = Suggestion.Budget()
        for (style, node, fallbackPath) in pendingFallbacks {
            guard case .string(let fallback) = node.value else {
                diagnostics.error(.type, "a style's fallback must be a style name, not \(node.value.kindDescription)", at: node.location, keyPath: fallbackPath)
                continue
            }
            guard let fallbackIndex = positions[fallback] else {
                let suggestion = suggestionSearches.take() ? Suggestion.phrase(for: fallback, among: names) : ""
                diagnostics.error(.unknownStyle, "the fallback \"\(fallback)\" of style \"\(style)\" is not a declared style" + suggestion,
                                  at: node.location, keyPath: fallbackPath)
                continue
            }
            guard let styleIndex = positions[style], fallbackIndex < styleIndex else {
                let loop = loopThrough(style, to: fallback, pending: pendingFallbacks)
                let problem = loop.map { "the style fallbacks form a loop: \($0.joined(separator: " -> "))" }
                    ?? "the fallback \"\(fallback)\" of style \"\(style)\" must be declared before it"
                diagnostics.error(loop == nil ? .unknownStyle : .styleFallbackCycle, problem, at: node.location, keyPath: fallbackPath)
                continue
            }
            let chainLength = (chainLengths[fallback] ?? 0) + 1
            guard chainLength <= maxFallbackChain else {
                diagnostics.error(.limitExceeded, "the fallback chain of style \"\(style)\" is longer than the limit of \(maxFallbackChain)", at: node.location,
                                  keyPath: fallbackPath)
                continue
            }
            chainLengths[style] = chainLength
            fallbacks[style] = fallback
        }
        return names.isEmpty ? .standard : StyleList(names: names, fallbacks: fallbacks)
    }

    /// An entry's name node, its fallback node if it has one, and the path of the name.
    private static func styleEntry(_ item: DocumentNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> (DocumentNode, DocumentNode?, DocumentPath)? {
        guard case .map(let entries) = item.value else { return (item, nil, path) }
        var name: DocumentNode?
        var fallback: DocumentNode?
        for entry in entries {
            switch entry.key {
            case "name": name = entry.value
            case "fallback": fallback = entry.value
            default:
                diagnostics.error(.unknownKey, "unknown key \"\(entry.key)\" in a style entry, which holds name and fallback" + Suggestion.phrase(for: entry.key, among: ["name", "fallback"]),
                                  at: entry.keyLocation, keyPath: path.appending(entry.key))
            }
        }
        guard let name else {
            diagnostics.error(.type, "a style entry that is a map needs a name: {name: NAME, fallback: STYLE}", at: item.location, keyPath: path)
            return nil
        }
        return (name, fallback, path.appending("name"))
    }

    /// The loop `style -> fallback -> ... -> style` among the written fallbacks, if there is one.
    private static func loopThrough(_ style: String, to fallback: String, pending: [(style: String, fallback: DocumentNode, path: DocumentPath)]) -> [String]? {
        var written: [String: String] = [:]
        for entry in pending { if case .string(let name) = entry.fallback.value { written[entry.style] = name } }
        var path = [style]
        var current = fallback
        while current != style {
            guard !path.contains(current), let next = written[current] else { return nil }
            path.append(current)
            current = next
        }
        return path + [style]
    }
}
