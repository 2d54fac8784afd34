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
    /// The levels whose rows are being flattened (the frames under the top one), to find loops
    /// without reading the chain; their order is the frames'.
    private var flattening: Set<String> = []
    /// The values the levels take, from each parent and of their own (``Limits/maxResolvedValues``):
    /// at least what their rows hold.
    private var valueBudget: ResolvedValueBudget
    /// Every level name a level may extend (made when first needed).
    private var knownLevels: Set<String>?
    private var diagnostics: DiagnosticCollector

    /// - Parameters:
    ///   - levels: the merged document's `levels` node, if any.
    ///   - levelsKeyLocation: where the `levels` key is written, where a missing `normal` is reported.
    ///   - fallbackLocation: where to report a missing `normal` when there is no `levels` at all.
    ///   - maxValues: the most values the rows may hold together (``Limits/maxResolvedValues``).
    init(levels: ThemeNode?, levelsKeyLocation: SourceLocation?, fallbackLocation: SourceLocation, merger: DocumentMerger,
         maxValues: Int = Limits.default.maxResolvedValues, diagnostics: DiagnosticCollector) {
        self.merger = merger
        valueBudget = ResolvedValueBudget(limit: maxValues)
        self.diagnostics = diagnostics
        self.levelsLocation = levelsKeyLocation ?? levels?.location ?? fallbackLocation
        var declared = levels?.map ?? NodeMap()
        if let levels, levels.map == nil {
            self.diagnostics.error(.type, "levels must be a map of level names to levels, not \(levels.summary)", at: levels.location, keyPath: "levels")
            declared = NodeMap()
        }
        self.declared = declared
    }

    /// Whether the rows passed ``Limits/maxResolvedValues`` (reported where they did): the rows
    /// after that are left empty.
    var passedValueLimit: Bool { valueBudget.isPassed }

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

    /// A level being flattened: its own properties, the parents it names, how many of them are
    /// merged so far, and their rows merged in order.
    private struct Frame {
        let name: String
        var own: NodeMap
        let location: SourceLocation
        let parents: [(name: String, location: SourceLocation, index: Int?)]
        var nextParent = 0
        var inherited: ThemeNode?

        /// Merges a parent's row over the parents' merged before it.
        mutating func inherit(_ parentRow: ThemeNode, merger: DocumentMerger) {
            inherited = inherited.map { merger.mergeRow($0, parentRow) ?? $0 } ?? parentRow
        }
    }

    /// A level's row, flattening the parents it needs first. Parents are followed on a stack of
    /// frames of this function's own, not by calling itself, so that a chain of thousands of
    /// levels, each extending the next, cannot run off the end of the thread's stack; the order
    /// of the work, and of its diagnostics, is the order of a depth-first walk.
    private mutating func row(_ name: String) -> ThemeNode {
        if let done = rows[name] { return done }
        if let overNormal = rowOverNormal(name) { return overNormal }
        var frames = [frame(name)]
        while let top = frames.indices.last {
            guard frames[top].nextParent < frames[top].parents.count else {
                let done = frames.removeLast()
                let merged = finish(done.name, own: done.own, at: done.location, inherited: done.inherited)
                guard !frames.isEmpty else { return merged }
                flattening.remove(frames[frames.count - 1].name)
                inherit(merged, into: &frames[frames.count - 1])
                continue
            }
            let parent = frames[top].parents[frames[top].nextParent]
            frames[top].nextParent += 1
            let child = frames[top].name
            // A loop is reported at the `extends` entry that closes it.
            if flattening.contains(parent.name), let cycleStart = frames.firstIndex(where: { $0.name == parent.name }) {
                let loop = (frames[cycleStart...].map(\.name) + [parent.name]).joined(separator: " → ")
                diagnostics.error(.levelCycle, "levels extend each other in a loop: \(loop)", at: parent.location, keyPath: Self.extendsPath(child, parent.index))
                continue
            }
            if parent.name == child {
                diagnostics.error(.levelCycle, "the level \(child) extends itself", at: parent.location, keyPath: Self.extendsPath(child, parent.index))
                continue
            }
            if let done = rows[parent.name] {
                inherit(done, into: &frames[top])
                continue
            }
            flattening.insert(child)
            frames.append(frame(parent.name))
        }
        preconditionFailure("the walk returns when its first frame is done")
    }

    /// The frame of a level about to be flattened: its own properties and its parents, checked.
    private mutating func frame(_ name: String) -> Frame {
        let own = declared[name]
        let location = location(ofLevel: own)
        var ownMap = NodeMap()
        if let own {
            if let map = own.map {
                ownMap = map
            } else {
                diagnostics.error(.type, "a level must be a map of properties, not \(own.summary)", at: own.location, keyPath: DocumentPath(keys: "levels", name))
            }
        }
        return Frame(name: name, own: ownMap, location: location, parents: parents(of: name, in: ownMap, at: location))
    }

    /// The row of a level that names no parent (it has no `extends`, or a null one), so extends
    /// `normal` alone, once `normal`'s row is made: what the walk below does for such a level,
    /// without its frames and list of parents. `nil` for any other level, left to the walk.
    private mutating func rowOverNormal(_ name: String) -> ThemeNode? {
        guard name != "normal", let normalRow = rows["normal"] else { return nil }
        let own = declared[name]
        var ownMap = NodeMap()
        if let own {
            guard let map = own.map, map["extends"]?.isNull ?? true else { return nil }
            ownMap = map
        }
        let location = location(ofLevel: own)
        count(normalRow.map?.count ?? 0, level: name, at: location)
        return finish(name, own: ownMap, at: location, inherited: valueBudget.isPassed ? nil : normalRow)
    }

    /// Merges a parent's row into a level's, counting the values it brings against the bound:
    /// a level extending many levels merges each of their rows, however many of their values
    /// it keeps. Past the bound the load has failed, and nothing is merged.
    private mutating func inherit(_ parentRow: ThemeNode, into frame: inout Frame) {
        count(parentRow.map?.count ?? 0, level: frame.name, at: frame.location)
        guard !valueBudget.isPassed else { return }
        frame.inherit(parentRow, merger: merger)
    }

    /// Counts values a level takes, reporting the bound where they pass it.
    private mutating func count(_ values: Int, level: String, at location: SourceLocation) {
        if valueBudget.add(values) {
            diagnostics.error(.limitExceeded, "the levels, each holding what it inherits, hold more than the limit of \(valueBudget.limit) values",
                              at: location, keyPath: DocumentPath(keys: "levels", level))
        }
    }

    /// Where a level's problems are reported: the level as written, else (a required level the
    /// theme leaves out) its `levels`.
    private func location(ofLevel own: ThemeNode?) -> SourceLocation {
        own?.location ?? levelsLocation ?? SourceLocation(file: "")
    }

    /// A level's row from its own properties and its parents' rows merged (`inherited`): its
    /// own over theirs (a null deletes what it would inherit), `extends` removed; its own
    /// properties are counted too.
    private mutating func finish(_ name: String, own: consuming NodeMap, at location: SourceLocation, inherited: ThemeNode?) -> ThemeNode {
        own["extends", keyLocation: nil] = nil
        count(own.count, level: name, at: location)
        let empty = ThemeNode(.map(NodeMap()), at: location)
        // Past the bound the load has failed: the rows are not made, only their problems found.
        let merged = valueBudget.isPassed ? empty : merger.mergeRow(inherited, ThemeNode(.map(own), at: location)) ?? empty
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
