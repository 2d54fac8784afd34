/// Binds `{a.b.c}` references in the merged document (SPEC section 6), after all merging, so a
/// child theme that overrides `palette.primary` changes everything that refers to it.
///
/// A reference may lead to another; maps merged over a reference are laid over its target here.
/// An unknown path is `unknown-reference` (with a suggestion), a loop `reference-cycle` (naming
/// the loop), a chain longer than the limit `limit-exceeded`.
struct ReferenceResolver {
    private let root: ThemeNode
    /// The document's palette and fonts, where they are maps: a level's plain reference to one
    /// of their entries is checked there directly.
    private let palette: NodeMap?
    private let fonts: NodeMap?
    private let merger: DocumentMerger
    private let limits: Limits
    /// Resolved targets by reference as written (`{a.b.c}`), where resolving changed them;
    /// `.some(nil)` marks a target that failed (already reported).
    private var memo: [String: ThemeNode?] = [:]
    /// The chain of references (`{a.b.c}`) being resolved, to find loops.
    private var chain: [String] = []
    /// Every path a reference named, when ``recordsReferencedPaths`` (strict checking needs them).
    private(set) var referencedPaths: Set<String> = []
    private let recordsReferencedPaths: Bool
    /// Design tokens' notes by path, to warn where a reference uses a deprecated token.
    private let tokenNotes: TokenNotes
    /// Tokens left out as only some styles have them: a reference to one says so.
    private let styleOnlyTokens: StyleOnlyTokens
    var diagnostics: DiagnosticCollector
    /// The "did you mean" searches left among the names of a map a reference missed.
    private var suggestionSearches = Suggestion.Budget()
    /// What bound references have added to the document, and the bound on it.
    private var expansion: ExpansionBudget

    init(root: ThemeNode, merger: DocumentMerger, limits: Limits, tokenNotes: TokenNotes = TokenNotes(), styleOnlyTokens: StyleOnlyTokens = StyleOnlyTokens(),
         recordsReferencedPaths: Bool = true, diagnostics: DiagnosticCollector) {
        self.root = root
        palette = root.map?[DocumentShape.palette]?.map
        fonts = root.map?[DocumentShape.fonts]?.map
        self.recordsReferencedPaths = recordsReferencedPaths
        self.merger = merger
        self.limits = limits
        self.tokenNotes = tokenNotes
        self.styleOnlyTokens = styleOnlyTokens
        self.diagnostics = diagnostics
        expansion = ExpansionBudget(limits: limits)
    }

    /// Counts the nodes `bound` adds in place of a reference (its nodes, less the reference's
    /// one); `false` (reported the first time) past the bound. The nodes are counted at every
    /// place, no further than the bound allows (past it, the count is enough to fail): counting
    /// costs no more than what it counts, which the bound keeps small, and a small target (a
    /// variant map) is counted faster than a table would find it.
    private mutating func add(_ bound: ThemeNode, at referrer: ThemeNode, path: [String]) -> Bool {
        if case .scalar = bound.value { return true }  // adds nothing
        guard !expansion.isPassed else { return false }
        let ownNodes = { [root] in root.nodeCount(upTo: .max - 1) }
        var size = bound.nodeCount(upTo: expansion.remaining + 1)
        if expansion.settle(ifAdding: size - 1, ownNodes: ownNodes) {
            size = bound.nodeCount(upTo: expansion.remaining + 1)
        }
        guard case .passed = expansion.add(size - 1, ownNodes: ownNodes) else { return true }
        diagnostics.error(.limitExceeded, "references add more than the limit of \(expansion.limit) nodes to the document (values that refer to each other more than once grow at each step)",
                          at: referrer.location, keyPath: Self.documentPath(path))
        return false
    }

    /// The document with every reference bound; values that could not be resolved are left out.
    /// A value with a part that could not be resolved is left out whole, so its one problem is
    /// not followed by a second about the part that is missing.
    mutating func resolveDocument() -> ThemeNode {
        var path: [String] = []
        return resolved(root, path: &path) ?? ThemeNode(.map(NodeMap()), at: root.location)
    }

    private mutating func resolved(_ node: ThemeNode, path: inout [String]) -> ThemeNode? {
        switch resolve(node, path: &path) {
        case .same: node
        case .changed(let new): new
        case .failed: nil
        }
    }

    /// Resolves a node at `path` (a stack of keys, list positions written `[n]`, restored on
    /// return). A subtree without references is not copied.
    private mutating func resolve(_ node: ThemeNode, path: inout [String]) -> NodeRewrite {
        switch node.value {
        case .scalar:
            guard let text = node.string, text.utf8.first == UInt8(ascii: "{") else { return .same }
            // A level's color or font written as a plain reference to a palette or font entry is
            // left as written once it resolves: the level plan takes that entry's value, read once
            // per style, and the level's row is not copied to hold it. (Only in the document
            // itself: a reference that leads to the property takes its value, so it is bound.)
            let kind = chain.isEmpty && path.count == 3 && path[0] == DocumentShape.levels ? PropertyKind(propertyName: path[2]) : .untyped
            let plainEntry = Self.sectionEntryName(ofReference: text, kind: kind)
            // An entry that holds no reference resolves to itself: nothing to follow.
            if let plainEntry, limits.maxReferenceChain > 0,
               (kind == .color ? palette?.mayHoldReference(at: plainEntry) : fonts?.mayHoldReference(at: plainEntry)) == false {
                noteReference(written: text, from: node, path: path)
                return .same
            }
            guard let target = ThemeNode.referencePath(in: text) else { return .same }
            guard let resolved = follow(target, written: text, from: node, path: path) else { return .failed }
            if plainEntry != nil { return .same }
            return add(resolved, at: node, path: path) ? .changed(resolved) : .failed
        case .patched(let reference, let patches):
            guard let text = reference.string, let target = ThemeNode.referencePath(in: text),
                  var base = follow(target, written: text, from: reference, path: path) else { return .failed }
            for patch in patches {
                base = merger.merge(base, patch) ?? base
            }
            guard let bound = resolved(base, path: &path), add(bound, at: reference, path: path) else { return .failed }
            return .changed(bound)
        case .map, .list:
            // Most maps (a color's variants, a font, whole sections) hold no reference: the node
            // knows, and nothing is walked.
            guard node.mayHoldReference else { return .same }
            let (rewrite, anyFailed) = node.rewritingChildren { key, position, child in
                path.append(key ?? "[\(position)]")
                defer { path.removeLast() }
                return resolve(child, path: &path)
            }
            return anyFailed && DocumentShape.isValue(at: path) ? .failed : rewrite
        }
    }

    /// The resolved value at a referenced path, written `written` (`{a.b.c}`, the path's keys
    /// joined by dots in braces).
    private mutating func follow(_ target: [String], written key: String, from referrer: ThemeNode, path: [String]) -> ThemeNode? {
        noteReference(written: key, from: referrer, path: path)
        if let cached = memo[key] { return cached }
        if let start = chain.firstIndex(of: key) {
            let loop = (chain[start...] + [key]).joined(separator: " → ")
            diagnostics.error(.referenceCycle, "references form a loop: \(loop)", at: referrer.location, keyPath: Self.documentPath(path))
            return nil
        }
        guard chain.count < limits.maxReferenceChain else {
            diagnostics.error(.limitExceeded, "a chain of references is longer than the limit of \(limits.maxReferenceChain)",
                              at: referrer.location, keyPath: Self.documentPath(path))
            return nil
        }
        chain.append(key)
        defer { chain.removeLast() }
        var targetPath = target
        guard let found = lookup(target, from: referrer, path: path) else {
            memo[key] = .some(nil)
            return nil
        }
        switch resolve(found, path: &targetPath) {
        case .same:
            // A target that holds no reference is found again as fast as the memo would find
            // it: it is not kept there.
            return found
        case .changed(let result):
            memo[key] = .some(result)
            return result
        case .failed:
            memo[key] = .some(nil)
            return nil
        }
    }

    /// Keeps the path a reference `written` (`{a.b.c}`) names for strict checking, and warns
    /// where it names a deprecated design token.
    private mutating func noteReference(written key: String, from referrer: ThemeNode, path: [String]) {
        guard recordsReferencedPaths || !tokenNotes.isEmpty else { return }
        let dotted = String(key.dropFirst().dropLast())
        if recordsReferencedPaths { referencedPaths.insert(dotted) }
        if !tokenNotes.isEmpty, let reason = tokenNotes[dotted]?.deprecation {
            diagnostics.warning(.deprecatedToken, "the token \(key) is deprecated" + (reason.isEmpty ? "" : ": \(reason)"),
                                at: referrer.location, keyPath: Self.documentPath(path))
        }
    }

    /// The unresolved node at a path, resolving any reference on the way to it.
    ///
    /// A key may hold dots, as the names design tokens give palette, font, metric and custom
    /// entries do (`color.brand.primary`): where a map has no entry for the next key, the
    /// longest run of the following keys joined by dots that it has is taken instead.
    private mutating func lookup(_ target: [String], from referrer: ThemeNode, path: [String]) -> ThemeNode? {
        var node = root
        var depth = 0
        while depth < target.count {
            let key = target[depth]
            if node.referencePath != nil || { if case .patched = node.value { true } else { false } }() {
                let prefix = Array(target[..<depth])
                guard let resolved = follow(prefix, written: "{" + prefix.joined(separator: ".") + "}", from: referrer, path: path) else { return nil }
                node = resolved
            }
            let child = node.map?[key]
            if child == nil, let map = node.map, depth + 1 < target.count,
               let end = (depth + 1..<target.count).reversed().first(where: { map[target[depth...$0].joined(separator: ".")] != nil }) {
                node = map[target[depth...end].joined(separator: ".")]!
                depth = end + 1
                continue
            }
            guard let child else {
                let written = "{\(target.joined(separator: "."))}"
                let prefix = target[..<depth].joined(separator: ".")
                var suggestion = ""
                if !styleOnlyTokens.isEmpty, let why = styleOnlyTokens.whyLeftOut(target.joined(separator: ".")) {
                    suggestion = "; \(why)"
                } else if let (elsewhere, name) = Self.entryInAnotherSection(target, missingAt: depth, root: root) {
                    // The entry is in another section (a design token of a type kept as data is
                    // in custom): say where rather than suggest a neighbour that looks alike.
                    suggestion = "; the entry \(name) is in \(elsewhere) ({\(elsewhere).\(name)})"
                        + (elsewhere == DocumentShape.custom ? ", which holds data, not \(target[0] == DocumentShape.palette ? "a color" : target[0] == DocumentShape.fonts ? "a font" : "a metric") (a design token goes there when Themeload does not read its type)" : "")
                } else if let map = node.map, suggestionSearches.take() {
                    // Among dotted names (design tokens'), the rest of the path is the name to match.
                    let wanted = map.keys.contains(where: { $0.contains(".") }) ? target[depth...].joined(separator: ".") : key
                    suggestion = Suggestion.closest(to: wanted, among: map.keys).map { "; did you mean {\(prefix.isEmpty ? $0 : prefix + "." + $0)}?" } ?? ""
                }
                let reason = node.map == nil ? " (\(prefix) is \(node.summary), not a map)" : ""
                diagnostics.error(.unknownReference, "the reference \(written) points at nothing\(reason)\(suggestion)",
                                  at: referrer.location, keyPath: Self.documentPath(path))
                return nil
            }
            node = child
            depth += 1
        }
        return node
    }

    /// The other entry section that has the entry a reference `section.name` missed (at `depth`
    /// 0, the section is not there; at 1, the name is not in it), and the entry's name, if one
    /// has it.
    @inline(never)
    private static func entryInAnotherSection(_ target: [String], missingAt depth: Int, root: ThemeNode) -> (section: String, name: String)? {
        let sections = DocumentShape.tokenSections + [DocumentShape.custom]
        guard depth <= 1, target.count > 1, sections.contains(target[0]) else { return nil }
        let name = target[1...].joined(separator: ".")
        return sections.first { $0 != target[0] && root.map?[$0]?.map?[name] != nil }.map { ($0, name) }
    }

    /// The section whose entries a property of `kind` may name as a plain reference: the
    /// palette for a color, the fonts for a font.
    static func entrySection(for kind: PropertyKind) -> String? {
        switch kind {
        case .color: DocumentShape.palette
        case .font: DocumentShape.fonts
        default: nil
        }
    }

    /// The entry a property of `kind` names when it is nothing but a reference, with the path
    /// `target`, to an entry of the section of that kind (`{palette.ink}` for a color,
    /// `{fonts.body}` for a font).
    static func sectionEntryName(_ target: [String], kind: PropertyKind) -> String? {
        guard let section = entrySection(for: kind), target.count == 2, target[0] == section else { return nil }
        return target[1]
    }

    /// The entry a property of `kind` names when it is written `text`, nothing but a reference
    /// to an entry of the section of that kind: what ``sectionEntryName(_:kind:)`` gives for the
    /// reference's path, read from the bytes of an all-ASCII reference without making the path.
    static func sectionEntryName(ofReference text: String, kind: PropertyKind) -> String? {
        guard let section = entrySection(for: kind) else { return nil }
        var text = text
        // `.some(nil)`: an ASCII text that is no such reference; `nil`: read by characters.
        let read: String?? = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            // `{`, the section, `.`, a name of one key or more bytes, `}`.
            let sectionLength = section.utf8.count
            guard bytes.count > sectionLength + 3, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}"),
                  bytes[sectionLength + 1] == UInt8(ascii: "."),
                  section.utf8.withContiguousStorageIfAvailable({ sectionBytes in
                      // Byte by byte: a generic comparison of the two collections cost ten times as much.
                      for offset in sectionBytes.indices where bytes[offset + 1] != sectionBytes[offset] { return false }
                      return true
                  }) == true else { return .some(nil) }
            let name = bytes[(sectionLength + 2)..<(bytes.count - 1)]
            guard name.allSatisfy(ThemeNode.isReferenceKeyByte) else { return .some(nil) }
            return .some(String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self))
        }
        return read ?? ThemeNode.referencePath(in: text).flatMap { sectionEntryName($0, kind: kind) }
    }

    /// A path of keys (list positions written `[n]`) as a ``DocumentPath``.
    static func documentPath(_ keys: [String]) -> DocumentPath {
        DocumentPath(keys.map { key in
            if key.hasPrefix("["), key.hasSuffix("]"), let index = Int(key.dropFirst().dropLast()) { return .index(index) }
            return .key(key)
        })
    }
}
