/// Turns a merged theme document into a ``Theme``: flattens levels, binds references, picks
/// variants per style, reads every typed value, and checks contrast and (when strict) unused
/// tokens. Every problem it can find is reported in one pass.
struct ThemeResolver {
    struct Input {
        var name: String
        var styles: [String]
        /// The merged content: `palette`, `fonts`, `metrics`, `images`, `levels`, `custom`.
        var content: NodeMap
        /// Where the child theme's manifest starts, for problems that have no value to point at.
        var manifestLocation: SourceLocation
        var limits: Limits
        var strict: Bool
        var fileSystem: any FileSystem
        var bundleDirectory: @Sendable (String) -> String?
    }

    let input: Input
    var diagnostics: DiagnosticCollector
    private(set) var dependencies = LoadDependencies()

    init(_ input: Input, diagnostics: DiagnosticCollector) {
        self.input = input
        self.diagnostics = diagnostics
    }

    /// The theme, or `nil` when any error was found (the diagnostics say which).
    mutating func resolve() -> Theme? {
        let merger = DocumentMerger(styles: Set(input.styles))

        var inheritance = LevelInheritance(levels: input.content["levels"], levelsKeyLocation: input.content.keyLocation("levels"), fallbackLocation: input.manifestLocation,
                                           merger: merger, diagnostics: diagnostics)
        let (levelOrder, rows, afterLevels) = inheritance.resolve()
        diagnostics = afterLevels

        var root = input.content
        var levelMap = NodeMap()
        for name in levelOrder {
            if let row = rows[name] { levelMap[name, keyLocation: input.content["levels"]?.map?.keyLocation(name)] = row }
        }
        root["levels", keyLocation: input.content.keyLocation("levels")] = ThemeNode(.map(levelMap), at: input.content["levels"]?.location ?? input.manifestLocation)

        var references = ReferenceResolver(root: ThemeNode(.map(root), at: input.manifestLocation), merger: merger,
                                           limits: input.limits, diagnostics: diagnostics)
        let document = references.resolveDocument()
        diagnostics = references.diagnostics
        let documentMap = document.map ?? NodeMap()

        let selector = VariantSelector(merger: merger, fallbackStyle: input.styles[0])
        var images = ImageSetParser(styles: input.styles, fileSystem: input.fileSystem, bundleDirectory: input.bundleDirectory)
        var perStyle: [(style: String, values: StyleValues)] = []
        for style in input.styles {
            var values = StyleValues()
            read(documentMap, style: style, selector: selector, images: &images, into: &values)
            perStyle.append((style, values))
        }
        dependencies.formUnion(images.dependencies)

        let properties = Set(perStyle.flatMap { $0.values.levels.values.flatMap(\.keys) }).sorted()
        let index = LevelIndex(levels: levelOrder, properties: properties)
        checkContrast(perStyle, levelOrder: levelOrder, rows: rows, selector: selector)
        if input.strict { checkUnused(documentMap: input.content, referenced: references.referencedPaths) }
        guard !diagnostics.hasErrors else { return nil }

        let resolved = perStyle.map { style, values in
            var cells = [ThemeValue?](repeating: nil, count: levelOrder.count * properties.count)
            for (row, level) in levelOrder.enumerated() {
                for (column, property) in properties.enumerated() {
                    cells[row * properties.count + column] = values.levels[level]?[property]
                }
            }
            return ResolvedStyle(
                style: ThemeStyle(style), palette: values.palette, fonts: values.fonts, metrics: values.metrics,
                images: values.images,
                levels: LevelTable(index: index, cells: cells), custom: values.custom)
        }
        return Theme(name: input.name, styles: input.styles.map { ThemeStyle($0) }, resolved: resolved, index: index)
    }

    /// The typed values of one style, and where each level property was written.
    private struct StyleValues {
        var palette: [String: ThemeColor] = [:]
        var fonts: [String: ThemeFont] = [:]
        var metrics: [String: ThemeValue] = [:]
        var images: [String: ImageSet] = [:]
        var levels: [String: [String: ThemeValue]] = [:]
        var levelLocations: [String: [String: SourceLocation]] = [:]
        var custom: [String: ThemeValue] = [:]
    }

    private mutating func read(_ document: NodeMap, style: String, selector: VariantSelector, images: inout ImageSetParser, into values: inout StyleValues) {
        func entries(_ section: String) -> [NodeMap.Entry] {
            guard let node = document[section] else { return [] }
            guard let map = node.map else {
                diagnostics.error(.type, "\(section) must be a map, not \(node.summary)", at: node.location, keyPath: DocumentPath(keys: section))
                return []
            }
            return map.entries
        }
        func select(_ node: ThemeNode, _ path: DocumentPath) -> ThemeNode? {
            selector.select(node, style: style, path: path, diagnostics: &diagnostics)
        }

        for entry in entries("palette") {
            let (name, node) = (entry.key, entry.node)
            let path = DocumentPath(keys: "palette", name)
            if let chosen = select(node, path), let color = ColorParser.parse(chosen, path: path, diagnostics: &diagnostics) {
                values.palette[name] = color
            }
        }
        for entry in entries("fonts") {
            let (name, node) = (entry.key, entry.node)
            let path = DocumentPath(keys: "fonts", name)
            if let chosen = select(node, path), let font = FontParser.parse(chosen, path: path, diagnostics: &diagnostics) {
                values.fonts[name] = font
            }
        }
        for entry in entries("metrics") {
            let (name, node) = (entry.key, entry.node)
            let path = DocumentPath(keys: "metrics", name)
            guard let chosen = select(node, path) else { continue }
            switch chosen.value {
            case .scalar(.integer(let number)): values.metrics[name] = .integer(number)
            case .scalar(.float(let number)) where number.isFinite: values.metrics[name] = .number(number)
            default: diagnostics.error(.type, "a metric must be a number, not \(chosen.summary)", at: chosen.location, keyPath: path)
            }
        }
        for entry in entries("images") {
            let (name, node) = (entry.key, entry.node)
            let path = DocumentPath(keys: "images", name)
            if let chosen = select(node, path), let set = images.parse(chosen, style: style, path: path, diagnostics: &diagnostics) {
                values.images[name] = set
            }
        }
        for entry in entries("levels") {
            let (level, node) = (entry.key, entry.node)
            var row: [String: ThemeValue] = [:]
            var locations: [String: SourceLocation] = [:]
            for entry in node.map?.entries ?? [] {
                let (property, propertyNode) = (entry.key, entry.node)
                let path = DocumentPath(keys: "levels", level, property)
                guard let chosen = select(propertyNode, path),
                      let value = typedValue(chosen, property: property, style: style, path: path, images: &images) else { continue }
                row[property] = value
                locations[property] = chosen.location
            }
            values.levels[level] = row
            values.levelLocations[level] = locations
        }
        for entry in entries("custom") {
            let (name, node) = (entry.key, entry.node)
            let path = DocumentPath(keys: "custom", name)
            if let chosen = select(node, path), let value = untypedValue(chosen, path: path) {
                values.custom[name] = value
            }
        }
    }

    private mutating func typedValue(_ node: ThemeNode, property: String, style: String, path: DocumentPath, images: inout ImageSetParser) -> ThemeValue? {
        switch PropertyKind(propertyName: property) {
        case .color: ColorParser.parse(node, path: path, diagnostics: &diagnostics).map(ThemeValue.color)
        case .font: FontParser.parse(node, path: path, diagnostics: &diagnostics).map(ThemeValue.font)
        case .image: images.parse(node, style: style, path: path, diagnostics: &diagnostics).map(ThemeValue.imageSet)
        case .insets: InsetsParser.parse(node, path: path, diagnostics: &diagnostics).map(ThemeValue.insets)
        case .untyped: untypedValue(node, path: path)
        }
    }

    /// A value kept as written (references and variants already resolved).
    private mutating func untypedValue(_ node: ThemeNode, path: DocumentPath) -> ThemeValue? {
        switch node.value {
        case .scalar(.string(let text)): return .string(text)
        case .scalar(.integer(let number)): return .integer(number)
        case .scalar(.float(let number)):
            return .number(number)  // infinities and NaN too: canonical JSON spells them ".inf", "-.inf", ".nan"
        case .scalar(.bool(let flag)): return .bool(flag)
        case .scalar(.null):
            diagnostics.error(.type, "null cannot be part of a resolved theme; leave the entry out instead", at: node.location, keyPath: path)
            return nil
        case .scalar: return nil
        case .list(let items):
            var values: [ThemeValue] = []
            for (index, item) in items.enumerated() {
                guard let value = untypedValue(item, path: path.appending(index: index)) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .map(let map):
            var values: [String: ThemeValue] = [:]
            for entry in map.entries {
                if let value = untypedValue(entry.node, path: path.appending(entry.key)) { values[entry.key] = value }
            }
            return .map(values)
        case .patched:
            return nil
        }
    }

    /// `low-contrast` (SPEC section 8): a level's textColor against its backgroundColor below
    /// 4.5:1, WCAG AA, in some style. Translucent text is blended over the background (taken as
    /// opaque) first. Reported at the textColor as the level row has it (where it is written in
    /// the level or the level it inherits from, not a palette entry it refers to), under the key
    /// path of the first level where the pair meets, once per style.
    private mutating func checkContrast(_ perStyle: [(style: String, values: StyleValues)], levelOrder: [String], rows: [String: ThemeNode], selector: VariantSelector) {
        for (style, values) in perStyle {
            for level in levelOrder {
                guard let row = values.levels[level], let text = row["textColor"]?.color, let background = row["backgroundColor"]?.color else { continue }
                let ratio = text.composited(over: background).contrastRatio(with: background)
                guard ratio < 4.5 else { continue }
                let rounded = (ratio * 100).rounded() / 100
                let keyPath = DocumentPath(keys: "levels", level, "textColor")
                var ignored = DiagnosticCollector()
                let written = rows[level]?.map?["textColor"].flatMap { selector.select($0, style: style, path: keyPath, diagnostics: &ignored) }
                diagnostics.warning(.lowContrast,
                                    "textColor \(text.hex) on backgroundColor \(background.hex) has a contrast of \(rounded):1 in style \(style), below WCAG AA's 4.5:1",
                                    at: written?.location ?? values.levelLocations[level]?["textColor"], keyPath: keyPath)
            }
        }
    }

    /// `unused-token` (strict checking): palette, font and metric entries nothing refers to.
    private mutating func checkUnused(documentMap: NodeMap, referenced: Set<String>) {
        let used = Set(referenced.flatMap { path -> [String] in
            let keys = path.split(separator: ".")
            return (1...max(1, keys.count)).map { keys.prefix($0).joined(separator: ".") }
        })
        for section in DocumentShape.tokenSections {
            guard let map = documentMap[section]?.map else { continue }
            for entry in map.entries where !used.contains("\(section).\(entry.key)") {
                diagnostics.warning(.unusedToken, "\(section).\(entry.key) is never referred to", at: entry.keyLocation ?? entry.node.location,
                                    keyPath: DocumentPath(keys: section, entry.key))
            }
        }
    }
}
