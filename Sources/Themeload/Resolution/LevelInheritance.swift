/// Flattens level inheritance (SPEC section 5): each level's row becomes its parents' rows merged
/// in order, then its own properties, with `extends` itself removed.
///
/// Without `extends`, every level but `normal` extends `normal`; `extends: []` extends nothing.
/// `normal` must exist; `mainTitle` and `subTitle` always do (as empty levels extending `normal`
/// when the theme leaves them out).
struct LevelInheritance {
    static let requiredLevels = ["normal", "mainTitle", "subTitle"]

    private let merger: DocumentMerger
    private let declared: NodeMap
    private let levelsLocation: SourceLocation?
    private var rows: [String: ThemeNode] = [:]
    /// The levels being flattened, outermost first, to find loops.
    private var visiting: [String] = []
    /// Every level name a level may extend (made when first needed).
    private var knownLevels: Set<String>?
    private var diagnostics: DiagnosticCollector

    /// - Parameters:
    ///   - levels: the merged document's `levels` node, if any.
    ///   - levelsKeyLocation: where the `levels` key is written, where a missing `normal` is reported.
    ///   - fallbackLocation: where to report a missing `normal` when there is no `levels` at all.
    init(levels: ThemeNode?, levelsKeyLocation: SourceLocation?, fallbackLocation: SourceLocation, merger: DocumentMerger, diagnostics: DiagnosticCollector) {
        self.merger = merger
        self.diagnostics = diagnostics
        self.levelsLocation = levelsKeyLocation ?? levels?.location ?? fallbackLocation
        var declared = levels?.map ?? NodeMap()
        if let levels, levels.map == nil {
            self.diagnostics.error(.type, "levels must be a map of level names to levels, not \(levels.summary)", at: levels.location, keyPath: "levels")
            declared = NodeMap()
        }
        self.declared = declared
    }

    /// The flattened rows in table order (`normal`, `mainTitle`, `subTitle`, then the others as
    /// declared), and the diagnostics gathered so far.
    mutating func resolve() -> (order: [String], rows: [String: ThemeNode], diagnostics: DiagnosticCollector) {
        if declared["normal"] == nil {
            diagnostics.error(.missingLevel, "the theme has no \"normal\" level, which every theme needs", at: levelsLocation, keyPath: "levels")
        }
        let order = Self.requiredLevels + declared.keys.filter { !Self.requiredLevels.contains($0) }
        rows.reserveCapacity(order.count)
        for name in order { _ = row(name) }
        return (order, rows, diagnostics)
    }

    private mutating func row(_ name: String) -> ThemeNode {
        if let done = rows[name] { return done }
        let own = declared[name]
        let location = own?.location ?? levelsLocation ?? SourceLocation(file: "")
        var ownMap = NodeMap()
        if let own {
            if let map = own.map {
                ownMap = map
            } else {
                diagnostics.error(.type, "a level must be a map of properties, not \(own.summary)", at: own.location, keyPath: DocumentPath(keys: "levels", name))
            }
        }
        var result: ThemeNode?
        for parent in parents(of: name, in: ownMap, at: location) {
            // A loop is reported at the `extends` entry that closes it.
            if let cycleStart = visiting.firstIndex(of: parent.name) {
                let loop = (visiting[cycleStart...] + [name, parent.name]).joined(separator: " → ")
                diagnostics.error(.levelCycle, "levels extend each other in a loop: \(loop)", at: parent.location, keyPath: Self.extendsPath(name, parent.index))
                continue
            }
            if parent.name == name {
                diagnostics.error(.levelCycle, "the level \(name) extends itself", at: parent.location, keyPath: Self.extendsPath(name, parent.index))
                continue
            }
            visiting.append(name)
            let parentRow = row(parent.name)
            visiting.removeLast()
            result = result.map { merger.mergeRow($0, parentRow) ?? $0 } ?? parentRow
        }
        ownMap["extends", keyLocation: nil] = nil
        // The level's own properties over its parents'; a null deletes what it would inherit.
        let merged = merger.mergeRow(result, ThemeNode(.map(ownMap), at: location)) ?? ThemeNode(.map(NodeMap()), at: location)
        rows[name] = merged
        return merged
    }

    /// The key path of a level's `extends`, or of one item of its list.
    private static func extendsPath(_ level: String, _ index: Int?) -> DocumentPath {
        let path = DocumentPath(keys: "levels", level, "extends")
        return index.map { path.appending(index: $0) } ?? path
    }

    /// The levels a level extends, each checked to exist, with where each is named: an `extends`
    /// entry (its position, when `extends` is a list), or for the implicit `normal` the level
    /// itself (`location`).
    private mutating func parents(of name: String, in own: NodeMap, at location: SourceLocation) -> [(name: String, location: SourceLocation, index: Int?)] {
        guard let extends = own["extends"], !extends.isNull else {
            return name == "normal" ? [] : [("normal", own["extends"]?.location ?? location, nil)]
        }
        var names: [(name: String, location: SourceLocation, index: Int?)] = []
        switch extends.value {
        case .scalar(.string(let parent)):
            names = [(parent, extends.location, nil)]
        case .list(let items):
            for (index, item) in items.enumerated() {
                guard let parent = item.string else {
                    diagnostics.error(.type, "extends lists level names, not \(item.summary)", at: item.location, keyPath: Self.extendsPath(name, index))
                    continue
                }
                names.append((parent, item.location, index))
            }
        default:
            diagnostics.error(.type, "extends must be a level name or a list of level names, not \(extends.summary)", at: extends.location, keyPath: Self.extendsPath(name, nil))
        }
        let known = knownLevels ?? Set(declared.keys).union(Self.requiredLevels)
        knownLevels = known
        return names.filter { parent in
            guard known.contains(parent.name) else {
                diagnostics.error(.unknownLevel, "no level named \"\(parent.name)\"" + Suggestion.phrase(for: parent.name, among: known),
                                  at: parent.location, keyPath: Self.extendsPath(name, nil))
                return false
            }
            return true
        }
    }
}
