/// Turns a merged theme document into a ``Theme``: flattens levels, binds references, picks
/// variants per style, reads every typed value, and checks contrast and (when strict) unused
/// tokens. Every problem it can find is reported in one pass.
struct ThemeResolver {
    struct Input {
        var name: String
        var styles: StyleList
        /// The merged content: `palette`, `fonts`, `metrics`, `images`, `levels`, `custom`.
        var content: NodeMap
        /// Where the child theme's manifest starts, for problems that have no value to point at.
        var manifestLocation: SourceLocation
        var limits: Limits
        var strict: Bool
        /// Whether a file is the checked theme's own (its manifest or a file in its bundle), not an
        /// ancestor's: strict checking warns only about tokens the theme itself defines.
        var ownFiles: @Sendable (String) -> Bool = { _ in true }
        var fileSystem: any FileSystem
        var bundleDirectory: @Sendable (String) -> String?
        /// What design tokens say of the entries they gave, by `section.name`.
        var tokenNotes = TokenNotes()
        /// The tokens left out as only some styles have them, for a reference to one to say so.
        var styleOnlyTokens = StyleOnlyTokens()
        /// Points per `rem` in lengths.
        var remSize: Double = DesignTokenOptions().remSize
    }

    /// What the resolver was given; its `content` is emptied when the document is bound (see
    /// ``bindDocument(merger:)``), so that the document goes once the styles are read.
    private var input: Input
    var diagnostics: DiagnosticCollector
    /// Reads lengths with the loader's `rem`.
    var dimensions: DimensionParser { DimensionParser(remSize: input.remSize) }
    private(set) var dependencies = LoadDependencies()
    /// The values the styles hold (``Limits/maxResolvedValues``): every style's level cells, and
    /// each section read for a style rather than shared by all.
    private var valueBudget: ResolvedValueBudget

    init(_ input: Input, diagnostics: DiagnosticCollector) {
        self.input = input
        self.diagnostics = diagnostics
        valueBudget = ResolvedValueBudget(limit: input.limits.maxResolvedValues)
    }

    /// The theme, or `nil` when any error was found (the diagnostics say which).
    mutating func resolve() -> Theme? {
        let merger = DocumentMerger(styles: input.styles.variantKeys)
        let selector = VariantSelector(merger: merger, styles: input.styles)
        guard let (perStyle, plan, writtenTextColors, unusedTokens) = readStyles(merger: merger, selector: selector) else { return nil }

        var written = [Bool](repeating: false, count: plan.columnCount)
        for (_, values) in perStyle { for (column, wrote) in values.writtenColumns.enumerated() where wrote { written[column] = true } }
        let (index, columns) = plan.index(keepingWrittenColumns: written)
        checkContrast(perStyle, plan: plan, writtenTextColors: writtenTextColors, selector: selector)
        // After the contrast warnings, as they have always come.
        for warning in unusedTokens { diagnostics.add(warning) }
        guard !diagnostics.hasErrors else { return nil }

        let resolved = perStyle.map { style, values in
            ResolvedStyle(
                style: ThemeStyle(style), palette: values.palette, fonts: values.fonts, metrics: values.metrics,
                images: values.images,
                levels: LevelTable(index: index, cells: plan.finalCells(values.cells, columns: columns)), custom: values.custom)
        }
        return Theme(name: input.name, styles: input.styles.names.map { ThemeStyle($0) }, resolved: resolved, index: index, tokenNotes: input.tokenNotes,
                     remSize: input.remSize)
    }

    /// The merged document with its levels flattened (inheritance applied) and its references
    /// bound, and what else is found in the document as it was merged.
    private struct BoundDocument {
        var document: NodeMap
        var levelOrder: [String]
        /// Each level's `textColor` as its row (inheritance applied) writes it, references not
        /// bound, in ``levelOrder``: where the contrast check points. Only these are kept of the
        /// rows, so that the rows go before the styles are read.
        var writtenTextColors: [ThemeNode?]
        /// `unknown-key` warnings about property names, added after the styles are read.
        var propertyNameWarnings: [Diagnostic]
        /// With `strict`, `unused-token` warnings, added after the contrast check.
        var unusedTokens: [Diagnostic]
    }

    /// Every style's values read from the bound document, with the levels' written text colors
    /// and the plan's layout, and the unused-token warnings for ``resolve()`` to add after the
    /// contrast check. The document, the theme's largest structure, goes section by section
    /// while the last style is read, each section once that style has read it, so that the
    /// styles' values and the document are never all there at once.
    ///
    /// `nil` once the values would pass ``Limits/maxResolvedValues`` (reported): the load has
    /// failed, and the rest of the styles' values are not read.
    private mutating func readStyles(merger: DocumentMerger, selector: VariantSelector)
        -> (perStyle: [(style: String, values: StyleValues)], plan: LevelPlan, writtenTextColors: [ThemeNode?], unusedTokens: [Diagnostic])? {
        var bound = bindDocument(merger: merger)
        var document = bound.document
        bound.document = NodeMap()
        var images = ImageSetParser(styles: input.styles, fileSystem: input.fileSystem, bundleDirectory: input.bundleDirectory)
        var plan = LevelPlan(document: document, levelOrder: bound.levelOrder)
        let names = input.styles.names
        // Every style has a cell for every level and property, whether it holds a value or not.
        let (cells, overflow) = names.count.multipliedReportingOverflow(by: plan.cellCount)
        if valueBudget.add(overflow ? .max : cells) {
            diagnostics.error(.limitExceeded, "the level table has \(plan.levelOrder.count) levels × \(plan.columnCount) properties in each of \(names.count) styles, "
                              + "more than the limit of \(valueBudget.limit) values", at: location(ofSection: DocumentShape.levels, in: document),
                              keyPath: DocumentPath(keys: DocumentShape.levels))
            return nil
        }
        guard !valueBudget.isPassed else { return nil }
        // The plan holds the nodes of the properties that are not plain references to entries;
        // the levels as the document has them (the rows) are not read again.
        document[DocumentShape.levels, keyLocation: nil] = nil
        // Palette, fonts and metrics are read section by section, each for every style in turn
        // and then let go (by the last style, entry by entry); then each style's images, level
        // cells and custom data (images stay style by style: a missing file is reported where it
        // is first met). Each style's problems are gathered apart and added in style order, as
        // one style after the other would add them.
        var perStyle = names.map { (style: $0, values: StyleValues()) }
        // The styles' collectors share the room left for diagnostics (Limits.maxDiagnostics).
        var styleDiagnostics = [DiagnosticCollector](repeating: DiagnosticCollector(), count: names.count)
        let room = diagnostics.room
        var keptByStyles = 0
        phases: for phase in ReadPhase.allCases {
            for position in names.indices {
                swap(&diagnostics, &styleDiagnostics[position])
                let keptBefore = diagnostics.keptCount
                diagnostics.limit = keptBefore + max(0, room - keptByStyles)
                read(phase, &document, plan: plan, style: names[position], selector: selector, images: &images, into: &perStyle[position].values,
                     releasingSections: position == names.count - 1)
                keptByStyles += diagnostics.keptCount - keptBefore
                swap(&diagnostics, &styleDiagnostics[position])
                if valueBudget.isPassed { break phases }
            }
        }
        for collector in styleDiagnostics { diagnostics.absorb(collector) }
        // Past the bound on values the load has failed: what was read is not made a theme.
        guard !valueBudget.isPassed else { return nil }
        // What was shared between styles is in every style's values now.
        shared = []
        sharedSections = [:]
        dependencies.formUnion(images.dependencies)
        // After the values' problems, as they have always come.
        for warning in bound.propertyNameWarnings { diagnostics.add(warning) }
        // The properties and the kept entries hold the document's nodes; the layout is all that
        // is read from here on.
        plan.releaseProperties()
        entryNodesToReread = [:]
        return (perStyle, plan, bound.writtenTextColors, bound.unusedTokens)
    }

    /// The merged document bound: levels flattened, references bound, and the checks that need
    /// the document as merged made. ``input``'s copy of the merged document is emptied, and the
    /// levels as declared (which the rows replace) are let go on return, before the styles are
    /// read.
    private mutating func bindDocument(merger: DocumentMerger) -> BoundDocument {
        let content = input.content
        input.content = NodeMap()

        var inheritance = LevelInheritance(levels: content["levels"], levelsKeyLocation: content.keyLocation("levels"), fallbackLocation: input.manifestLocation,
                                           merger: merger, maxValues: input.limits.maxResolvedValues, diagnostics: diagnostics)
        let (levelOrder, rows, afterLevels) = inheritance.resolve()
        diagnostics = afterLevels
        // The rows passed the bound on values (reported): the styles are not read.
        if inheritance.passedValueLimit { _ = valueBudget.add(.max) }

        var root = content
        let declaredLevels = content["levels"]
        let declaredMap = declaredLevels?.map
        var levelEntries: [NodeMap.Entry] = []
        levelEntries.reserveCapacity(levelOrder.count)
        // Each row's textColor as written, references not bound, for the contrast check.
        var writtenTextColors: [ThemeNode?] = []
        writtenTextColors.reserveCapacity(levelOrder.count)
        for name in levelOrder {
            guard let row = rows[name] else {
                writtenTextColors.append(nil)
                continue
            }
            levelEntries.append(NodeMap.Entry(key: name, keyLocation: declaredMap?.keyLocation(name), node: row))
            writtenTextColors.append(row.map?["textColor"])
        }
        // Level names are distinct: the map is made whole.
        root["levels", keyLocation: content.keyLocation("levels")] = ThemeNode(.map(NodeMap(distinctEntries: levelEntries)),
                                                                              at: declaredLevels?.location ?? input.manifestLocation)
        let (documentMap, referencedPaths) = bindReferences(in: root, merger: merger)
        return BoundDocument(document: documentMap, levelOrder: levelOrder, writtenTextColors: writtenTextColors,
                             propertyNameWarnings: propertyNameWarnings(levels: declaredMap?.entries ?? []),
                             unusedTokens: input.strict ? unusedTokenWarnings(in: content, referenced: referencedPaths) : [])
    }

    /// The document with its references bound, and the paths they named (when strict). The
    /// binder and its memo are let go on return, before the styles are read.
    private mutating func bindReferences(in root: NodeMap, merger: DocumentMerger) -> (document: NodeMap, referencedPaths: Set<String>) {
        var references = ReferenceResolver(root: ThemeNode(.map(root), at: input.manifestLocation), merger: merger,
                                           limits: input.limits, tokenNotes: input.tokenNotes, styleOnlyTokens: input.styleOnlyTokens,
                                           recordsReferencedPaths: input.strict, diagnostics: diagnostics)
        let document = references.resolveDocument()
        diagnostics = references.diagnostics
        return (document.map ?? NodeMap(), references.referencedPaths)
    }

    /// Where a section of the document is written: its key, else its value, else the manifest.
    private func location(ofSection name: String, in document: NodeMap) -> SourceLocation {
        document.keyLocation(name) ?? document[name]?.location ?? input.manifestLocation
    }

    /// The typed values of one style.
    private struct StyleValues {
        var palette: [String: ThemeColor] = [:]
        var fonts: [String: ThemeFont] = [:]
        var metrics: [String: ThemeValue] = [:]
        var images: [String: ImageSet] = [:]
        /// The level table as ``LevelPlan`` lays it out, and which of its columns hold a value.
        var cells: [ThemeValue?] = []
        var writtenColumns: [Bool] = []
        var custom: [String: ThemeValue] = [:]
        /// The palette and font entries by position, where reading them reported nothing: what
        /// level properties written as plain references to them take. Kept from the section
        /// phase until the cells are read.
        var paletteByPosition: [EntryValue] = []
        var fontsByPosition: [EntryValue] = []
    }

    /// An entry's value in a table of a section's entries by position, `nil` where reading it
    /// failed. (A struct of its own rather than an optional, as ``SharedValue`` is an enum: a
    /// table of optionals is let go of through `Optional`'s generic value witnesses.)
    private struct EntryValue: ExpressibleByNilLiteral {
        var value: ThemeValue?

        init(_ value: ThemeValue?) { self.value = value }
        init(nilLiteral: ()) { value = nil }
    }

    /// What ``read(_:_:plan:style:selector:images:into:releasingSections:)`` reads of a style.
    private enum ReadPhase: CaseIterable {
        case palette, fonts, metrics
        /// Images, the level cells and the custom data.
        case levels
    }

    /// Where a value stands: its section's table in ``shared`` (a section, or one level's
    /// properties) and its entry's position there.
    private struct ValueKey {
        var table: Int
        var entry: Int
        /// How many entries the table has, where known, to make it at its size at once.
        var tableSize = 0
    }

    /// Values whose nodes hold no variant map give the same result in every style: they are read
    /// in the first style and shared by the others. One table per section, then one per level,
    /// each indexed by entry position.
    private var shared: [[SharedValue]] = []

    /// A value of ``shared``: not read yet, or read (`nil` when reading it failed). (An enum of
    /// its own rather than a double optional: a table of optionals is made and let go of through
    /// `Optional`'s generic value witnesses, where this type's are specialized.) `nil` is
    /// ``unread``, so that a table grows with `appendNils(upTo:)`.
    private enum SharedValue: ExpressibleByNilLiteral {
        case unread
        case read(ThemeValue?)

        init(nilLiteral: ()) { self = .unread }
    }

    /// The nodes of palette and font entries (tables 0 and 1) that some style cannot take by
    /// position, because reading them reported anything or gave no value, kept as the section
    /// is read: a level property written as a plain reference to one reads it again, at the
    /// property's key path, after the section has gone. Rare; empty for a theme without problems.
    private var entryNodesToReread: [Int: [Int: ThemeNode]] = [:]

    /// Sections whose every entry is the same in every style and was read without a word in
    /// the first style: what reading them gave, by table, for the other styles to take whole,
    /// and how many values it counted (each style counts them again: each holds them).
    private var sharedSections: [Int: Any] = [:]

    /// One value for one style: selected, then read by `parse`, or taken from ``shared``; and
    /// whether it is the same in every style. `shareable` is false for image sets, whose
    /// variants are filtered by style.
    private mutating func value(_ node: ThemeNode, key: ValueKey, style: String, selector: VariantSelector, shareable: Bool,
                                path: @autoclosure () -> DocumentPath, parse: (inout Self, ThemeNode) -> ThemeValue?) -> (value: ThemeValue?, isShared: Bool) {
        if shareable, key.table < shared.count, key.entry < shared[key.table].count, case .read(let known) = shared[key.table][key.entry] { return (known, true) }
        let (chosen, isShared) = selector.selectTellingIfShared(node, style: style, path: path(), diagnostics: &diagnostics)
        guard let chosen else { return (nil, false) }
        let result = parse(&self, chosen)
        if shareable && isShared {
            while shared.count <= key.table { shared.append([]) }
            shared[key.table].appendNils(upTo: max(key.entry + 1, key.tableSize))
            shared[key.table][key.entry] = .read(result)
        }
        return (result, shareable && isShared)
    }

    /// Reads one phase of one style's values. With `releasingSections` (the last style), each
    /// section is removed from `document` as it is read.
    private mutating func read(_ phase: ReadPhase, _ document: inout NodeMap, plan: LevelPlan, style: String, selector: VariantSelector, images: inout ImageSetParser,
                               into values: inout StyleValues, releasingSections: Bool) {
        func release(_ section: String) {
            if releasingSections { document[section, keyLocation: nil] = nil }
        }

        func sectionMap(_ section: String) -> NodeMap {
            guard let node = document[section] else { return NodeMap() }
            guard let map = node.map else {
                diagnostics.error(.type, "\(section) must be a map, not \(node.summary)", at: node.location, keyPath: DocumentPath(keys: section))
                return NodeMap()
            }
            return map
        }

        /// A section's entries read for this style, by `parse`, then taken out of their
        /// ``ThemeValue`` by `extract`; when `keepsPositions`, also each entry's ``ThemeValue`` by
        /// position (a font's is boxed once, for every cell and style that takes it), left `nil`
        /// where reading it reported anything.
        func section<Value>(_ name: String, table: Int, shareable: Bool = true, keepsPositions: Bool = false, countsNodes: Bool = false, _ extract: (ThemeValue) -> Value?,
                            parse: (inout Self, ThemeNode, () -> DocumentPath) -> ThemeValue?) -> (byName: [String: Value], byPosition: [EntryValue]) {
            typealias Read = (byName: [String: Value], byPosition: [EntryValue])
            defer {
                // No style reads the section after the last: what it shared goes with it.
                if releasingSections {
                    sharedSections[table] = nil
                    if table < shared.count { shared[table] = [] }
                }
            }
            if let known = sharedSections[table] as? (read: Read, values: Int) {
                // The same in every style, the section is read once, but every style holds it.
                if valueBudget.add(known.values) {
                    diagnostics.error(.limitExceeded, "\(name) has \(known.values) values, the same in every style; with them in each of the \(input.styles.names.count) styles, the theme's values pass the limit of \(valueBudget.limit)",
                                      at: location(ofSection: name, in: document), keyPath: DocumentPath(keys: name))
                }
                release(name)
                return valueBudget.isPassed ? ([:], []) : known.read
            }
            var map = sectionMap(name)
            // This style keeps values of its own for the section: one an entry, or for images
            // and custom data (`countsNodes`), one a node.
            let values = countsNodes ? map.entries.reduce(0) { $0 + $1.node.nodeCount(upTo: valueBudget.limit) } : map.count
            if valueBudget.add(values) {
                diagnostics.error(.limitExceeded, "\(name) has values that differ by style; with a copy for each of the \(input.styles.names.count) styles, the theme's values pass the limit of \(valueBudget.limit)",
                                  at: location(ofSection: name, in: document), keyPath: DocumentPath(keys: name))
            }
            if valueBudget.isPassed { return ([:], []) }
            // On the last style the section is this loop's alone: each entry's node is let go
            // as soon as it is read, so a large section is never held whole beside its values.
            release(name)
            let count = map.count
            // Each entry's value, and the positions whose reading reported anything (rare).
            var wholes = [EntryValue](nils: count)
            var reported: [Int] = []
            var everyEntryTyped = true
            let offeredBefore = diagnostics.offeredCount
            var everyEntryShared = true
            for position in 0..<count {
                // The entry's key is read only for a key path, made only for a problem to report.
                // (A local function, not a closure in a constant: that would be allocated for
                // every entry.)
                func path() -> DocumentPath { DocumentPath(keys: name, map.entries[position].key) }
                let offered = diagnostics.offeredCount
                let value = value(map.entries[position].node, key: ValueKey(table: table, entry: position, tableSize: count), style: style, selector: selector,
                                  shareable: shareable, path: path()) { resolver, chosen in parse(&resolver, chosen, path) }
                let wasReported = diagnostics.offeredCount != offered
                // The value when it is of the section's type. (Unwrapped in place rather than
                // mapped, which copies it through `Optional`'s generic value witnesses.)
                let isTyped = if case .some(let whole) = value.value, case .some = extract(whole) { true } else { false }
                if keepsPositions && (wasReported || !isTyped) {
                    entryNodesToReread[table, default: [:]][position] = map.entries[position].node
                }
                if releasingSections { map.releaseNode(at: position) }
                everyEntryShared = everyEntryShared && value.isShared
                if wasReported { reported.append(position) }
                guard isTyped else {
                    everyEntryTyped = false
                    continue
                }
                wholes[position] = EntryValue(value.value)
            }
            let result = Self.byName(wholes, everyEntryTyped: everyEntryTyped, extract, in: &map)
            var byPosition: [EntryValue] = []
            if keepsPositions {
                for position in reported { wholes[position] = nil }
                byPosition = wholes
            }
            if everyEntryShared && diagnostics.offeredCount == offeredBefore {
                sharedSections[table] = (read: (result, byPosition) as Read, values: values)
                // The other styles take the section whole: its entries' values need not be kept.
                if table < shared.count { shared[table] = [] }
            }
            return (result, byPosition)
        }

        switch phase {
        case .palette:
            (values.palette, values.paletteByPosition) = section(DocumentShape.palette, table: 0, keepsPositions: true, \.color) { resolver, chosen, path in
                ColorParser.parse(chosen, path: path(), styles: resolver.input.styles.names, diagnostics: &resolver.diagnostics).map(ThemeValue.color)
            }
            return
        case .fonts:
            (values.fonts, values.fontsByPosition) = section(DocumentShape.fonts, table: 1, keepsPositions: true, \.font) { resolver, chosen, path in
                FontParser.parse(chosen, path: path(), dimensions: resolver.dimensions, styles: resolver.input.styles.names, diagnostics: &resolver.diagnostics).map(ThemeValue.font)
            }
            return
        case .metrics:
            values.metrics = section(DocumentShape.metrics, table: 2, { $0 }) { resolver, chosen, path in
                switch chosen.value {
                case .scalar(.integer(let number)), .scalar(.hexInteger(let number)): return .integer(number)
                case .scalar(.float(let number)) where number.isFinite: return .number(number)
                default:
                    // A length with a unit is its number of points.
                    if let points = resolver.dimensions.points(chosen) {
                        return points == points.rounded() && abs(points) < 1e15 ? .integer(Int64(points)) : .number(points)
                    }
                    if let map = chosen.map, StrayStyleKey.report(in: map, isField: { $0 == "value" || $0 == "unit" }, kind: "metric",
                                                                   styles: resolver.input.styles.names, path: path(), diagnostics: &resolver.diagnostics) { return nil }
                    resolver.diagnostics.error(.type, "a metric must be a number or a length (\"12px\", \"1.5rem\", {value, unit}), not \(chosen.summary)\(resolver.dimensions.overflowNote(chosen))", at: chosen.location, keyPath: path())
                    return nil
                }
            }.byName
            return
        case .levels:
            break
        }

        values.images = section(DocumentShape.images, table: 3, shareable: false, countsNodes: true, \.imageSet) { resolver, chosen, path in
            images.parse(chosen, style: style, path: path(), diagnostics: &resolver.diagnostics).map(ThemeValue.imageSet)
        }.byName
        if valueBudget.isPassed { return }

        // A color or font property written as nothing but a reference to a palette or font entry
        // takes the value that entry was just read as, for it was read from the same resolved
        // node, chosen for the same style, by the same parser. Entries whose reading reported
        // anything are read again at the property, so its key path is reported as before.
        values.cells = Array(nils: plan.cellCount)
        values.writtenColumns = Array(repeating: false, count: plan.columnCount)
        // Properties are read in place, field by field: most take an entry's value and need not
        // copy (and retain) the whole property with its node.
        // (`case nil` rather than `== nil`, which for an optional of an `Equatable` type compares
        // two optionals, let go of through the runtime's generic tuple witnesses.)
        for index in plan.properties.indices {
            var typed: ThemeValue?
            var node: ThemeNode?
            switch plan.properties[index].sectionEntry {
            case .palette(let position)?:
                typed = values.paletteByPosition[position].value
                if case nil = typed { node = entryNodesToReread[0]?[position] }
            case .font(let position)?:
                typed = values.fontsByPosition[position].value
                if case nil = typed { node = entryNodesToReread[1]?[position] }
            case nil:
                node = plan.properties[index].node
            }
            if case nil = typed {
                let property = plan.properties[index]
                guard let node else {
                    assertionFailure("the node of \(plan.levelName(of: property)).\(plan.name(of: property)) was not kept")
                    continue
                }
                func path() -> DocumentPath { DocumentPath(keys: DocumentShape.levels, plan.levelName(of: property), plan.name(of: property)) }
                typed = value(node, key: ValueKey(table: 5 + property.levelPosition, entry: property.position), style: style,
                              selector: selector, shareable: property.kind != .image, path: path()) { resolver, chosen in
                    resolver.typedValue(chosen, kind: property.kind, style: style, path: path(), images: &images)
                }.value
            }
            guard let typed else { continue }
            // The cell was counted; a value of many parts counts each (every level and style
            // holds it whole), so a long shadow that a thousand levels inherit passes the bound.
            let parts = typed.partCount(upTo: valueBudget.limit)
            if parts > 1, valueBudget.add(parts - 1) {
                let property = plan.properties[index]
                diagnostics.error(.limitExceeded, "the level table passes the limit of \(valueBudget.limit) values in style \(style), counting each shadow layer, gradient stop, "
                                  + "border dash, image variant and item of a list or map in every level that holds it (this one has \(parts))",
                                  at: property.node?.location ?? input.manifestLocation,
                                  keyPath: DocumentPath(keys: DocumentShape.levels, plan.levelName(of: property), plan.name(of: property)))
            }
            if valueBudget.isPassed { return }
            let (row, column) = (plan.properties[index].row, plan.properties[index].column)
            values.cells[plan.cell(row: row, column: column)] = typed
            values.writtenColumns[column] = true
        }
        values.paletteByPosition = []
        values.fontsByPosition = []
        values.custom = section(DocumentShape.custom, table: 4, countsNodes: true, { $0 }) { resolver, chosen, path in
            resolver.untypedValue(chosen, path: path())
        }.byName
    }

    /// A section's values by name, taken out of their ``ThemeValue`` by `extract` (`nil` where
    /// reading failed). Where the section keeps an index of its keys' positions and every value
    /// was read, the index gives the dictionary its keys, none hashed again (a theme with styles
    /// reads each section once per style); the section's entries are let go first, for they are
    /// not needed to make it.
    private static func byName<Value>(_ wholes: [EntryValue], everyEntryTyped: Bool, _ extract: (ThemeValue) -> Value?, in map: inout NodeMap) -> [String: Value] {
        if let positions = map.positions, everyEntryTyped {
            map = NodeMap()
            return positions.mapValues { extract(wholes[$0].value!)! }
        }
        var result = [String: Value](minimumCapacity: wholes.count)
        for position in map.entries.indices {
            if let whole = wholes[position].value, let value = extract(whole) { result[map.entries[position].key] = value }
        }
        return result
    }

    private mutating func typedValue(_ node: ThemeNode, kind: PropertyKind, style: String, path: @autoclosure () -> DocumentPath,
                                     images: inout ImageSetParser) -> ThemeValue? {
        switch kind {
        case .font: FontParser.parse(node, path: path(), dimensions: dimensions, styles: input.styles.names, diagnostics: &diagnostics).map(ThemeValue.font)
        case .image: images.parse(node, style: style, path: path(), diagnostics: &diagnostics).map(ThemeValue.imageSet)
        case .untyped: untypedValue(node, path: path())
        case .color, .insets, .shadow, .border, .gradient:
            TypedValueParser.parse(node, as: kind, path: path(), dimensions: dimensions, styles: input.styles.names, diagnostics: &diagnostics)
        }
    }

    /// A value kept as written (references and variants already resolved), `depth` lists and
    /// maps inside the entry or property it is the value of. Bound references nest values
    /// deeper than any document does (`{a: "{custom.b}"}` over a deep `b`): a value deeper than
    /// ``Limits/maxDepth`` is `limit-exceeded`, so that every theme, and the compiled file made
    /// of it, holds values no deeper than its loader's documents.
    private mutating func untypedValue(_ node: ThemeNode, path: @autoclosure () -> DocumentPath, depth: Int = 0) -> ThemeValue? {
        guard depth <= input.limits.maxDepth else {
            diagnostics.error(.limitExceeded, "the value nests deeper than the limit of \(input.limits.maxDepth) once its references are bound (Limits.maxDepth)",
                              at: node.location, keyPath: path())
            return nil
        }
        switch node.value {
        case .scalar(.string(let text)): return .string(text)
        case .scalar(.integer(let number)), .scalar(.hexInteger(let number)): return .integer(number)
        case .scalar(.float(let number)):
            return .number(number)  // infinities and NaN too: canonical JSON spells them ".inf", "-.inf", ".nan"
        case .scalar(.bool(let flag)): return .bool(flag)
        case .scalar(.null):
            diagnostics.error(.type, "null cannot be part of a resolved theme; leave the entry out instead", at: node.location, keyPath: path())
            return nil
        case .scalar: return nil
        case .list(let items):
            var values: [ThemeValue] = []
            for (index, item) in items.enumerated() {
                guard let value = untypedValue(item, path: path().appending(index: index), depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .map(let map):
            var values: [String: ThemeValue] = [:]
            for entry in map.entries {
                if let value = untypedValue(entry.node, path: path().appending(entry.key), depth: depth + 1) { values[entry.key] = value }
            }
            return .map(values)
        case .patched:
            return nil
        }
    }

    /// Typed property names a theme is likely to mean, besides the typed names it uses itself.
    static let wellKnownTypedProperties = [
        "color", "textColor", "backgroundColor", "borderColor", "tintColor", "shadowColor", "placeholderColor",
        "font", "titleFont", "image", "backgroundImage", "icon", "insets", "contentInsets",
    ]
    private static let wellKnownTypedPropertySet = Set(wellKnownTypedProperties)
    private static let sortedWellKnownTypedProperties = wellKnownTypedProperties.sorted()

    /// `unknown-key` warnings about untyped level properties one edit away from a typed property
    /// name (`textColr`): it would be kept as written, and the level would silently lack its color.
    private func propertyNameWarnings(levels: [NodeMap.Entry]) -> [Diagnostic] {
        // A theme repeats its property names across levels: each distinct name is looked at once,
        // and a name where the level before had it is not looked up again. Untyped names are the
        // ones a typo may have made; typed ones outside the well-known list are candidates too.
        // Room for the names most themes use, made once rather than by doubling from one.
        var seen = Set<String>(minimumCapacity: 32)
        var untyped: [String] = []
        var typedElsewhere: [String] = []
        var previous: [NodeMap.Entry] = []
        for index in levels.indices {
            let properties = levels[index].node.map?.entries ?? []
            for position in properties.indices {
                let key = properties[position].key
                if position < previous.count && previous[position].key == key { continue }
                guard seen.insert(key).inserted else { continue }
                if PropertyKind(propertyName: key) == .untyped {
                    if key != "extends" { untyped.append(key) }
                } else if !Self.wellKnownTypedPropertySet.contains(key) {
                    typedElsewhere.append(key)
                }
            }
            previous = properties
        }
        guard !untyped.isEmpty else { return [] }
        let candidates = typedElsewhere.isEmpty ? Self.sortedWellKnownTypedProperties : Set(typedElsewhere).union(Self.wellKnownTypedProperties).sorted()
        var nearest: [String: String] = [:]
        for name in untyped {
            if let near = candidates.first(where: { Suggestion.editDistance($0, name, limit: 1) == 1 }) { nearest[name] = near }
        }
        guard !nearest.isEmpty else { return [] }
        var warnings: [Diagnostic] = []
        for level in levels {
            for property in level.node.map?.entries ?? [] {
                guard let near = nearest[property.key] else { continue }
                warnings.append(Diagnostic(.unknownKey, "the property \"\(property.key)\" is kept as written, untyped; did you mean \"\(near)\"?", severity: .warning,
                                           at: property.keyLocation ?? property.node.location, keyPath: DocumentPath(keys: DocumentShape.levels, level.key, property.key)))
            }
        }
        return warnings
    }

    /// `low-contrast` (SPEC section 8): a level's textColor against its backgroundColor below
    /// 4.5:1, WCAG AA, in some style. Translucent text is blended over the background (taken as
    /// opaque) first. Reported at the textColor as the level row has it (where it is written in
    /// the level or the level it inherits from, not a palette entry it refers to), under the key
    /// path of the first level where the pair meets, once per style.
    private mutating func checkContrast(_ perStyle: [(style: String, values: StyleValues)], plan: LevelPlan, writtenTextColors: [ThemeNode?],
                                        selector: VariantSelector) {
        guard let textColumn = plan.column(of: "textColor"), let backgroundColumn = plan.column(of: "backgroundColor") else { return }
        // Selecting a written color again reports what reading it reported already.
        var ignored = DiagnosticCollector()
        for (style, values) in perStyle {
            for (row, level) in plan.levelOrder.enumerated() {
                guard let text = values.cells[plan.cell(row: row, column: textColumn)]?.color,
                      let background = values.cells[plan.cell(row: row, column: backgroundColumn)]?.color else { continue }
                let ratio = text.composited(over: background).contrastRatio(with: background)
                guard ratio < ContrastWarning.minimumRatio else { continue }
                let keyPath = DocumentPath(keys: DocumentShape.levels, level, "textColor")
                let written = writtenTextColors[row].flatMap { selector.select($0, style: style, path: keyPath, diagnostics: &ignored) }
                diagnostics.warning(.lowContrast, ContrastWarning.message(text: text, background: background, ratio: ratio, style: style),
                                    at: written?.location, keyPath: keyPath)
            }
        }
    }

    /// `unused-token` (strict checking): the theme's own palette, font and metric entries that
    /// nothing refers to.
    private func unusedTokenWarnings(in documentMap: NodeMap, referenced: Set<String>) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let used = Set(referenced.flatMap { path -> [String] in
            let keys = path.split(separator: ".")
            return (1...max(1, keys.count)).map { keys.prefix($0).joined(separator: ".") }
        })
        for section in DocumentShape.tokenSections {
            guard let map = documentMap[section]?.map else { continue }
            for entry in map.entries where !used.contains("\(section).\(entry.key)") {
                guard input.ownFiles((entry.keyLocation ?? entry.node.location).file) else { continue }
                warnings.append(Diagnostic(.unusedToken, "\(section).\(entry.key) is never referred to", severity: .warning,
                                           at: entry.keyLocation ?? entry.node.location, keyPath: DocumentPath(keys: section, entry.key)))
            }
        }
        return warnings
    }
}
