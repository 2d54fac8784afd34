/// Turns a resolved design token into the theme entries it stands for (docs/SPEC.md, section 11,
/// "Design tokens"): colors into `palette`, dimensions, numbers, durations and font weights into
/// `metrics`, typography into `fonts`, and the other types (font families, cubic Béziers, stroke
/// styles, borders, transitions, shadows, gradients) into `custom`, under the token's dotted
/// name. A level property named for a type (`cardShadow: "{custom.elevation.card}"`) reads such
/// an entry as that type.
struct TokenValueConverter {
    /// One entry of a theme section, in the merged document's form: the theme's manifest is made
    /// of these directly, not written as a document and read again.
    struct Entry {
        var section: Section
        var name: String
        var value: ThemeNode
        /// The type the value was read as, where it is not the token's (a Tokens Studio `color`
        /// token holding a `linear-gradient()` is a gradient).
        var readAs: TokenType?
        /// Kept as data of no token type (Tokens Studio's spacing written as padding): no type
        /// is noted for it, and the design-token export leaves it out as other data.
        var keptAsData = false
    }

    let options: DesignTokenOptions
    /// The unit is in the older `value`/`type` form, which also allows `"12px"` strings and
    /// keeps untyped tokens as data.
    let legacy: Bool
    /// The unit comes from a Tokens Studio document, whose values are written as in the older
    /// form whichever form its keys take (`"16px"`, `"150%"`).
    let tokensStudio: Bool
    /// Values may be strings with units and percentages: the older form, or Tokens Studio's.
    private var readsWrittenUnits: Bool { legacy || tokensStudio }
    /// The theme nodes of values taken as they are (colors, data), by the token whose value each
    /// is (``TokenValueResolver/Resolved/owner``): the aliases of a token share its node rather
    /// than convert its value again.
    private var nodes: [ThemeNode?]
    /// The typography members DTCG does not have that were reported: one warning says each is
    /// ignored in every typography of the unit (Fluent writes two vendor keys in each).
    private var ignoredTypographyMembers: Set<String> = []

    /// `tokenCount` is the unit's number of tokens.
    init(options: DesignTokenOptions, legacy: Bool, tokensStudio: Bool = false, tokenCount: Int) {
        self.options = options
        self.legacy = legacy
        self.tokensStudio = tokensStudio
        nodes = Array(nils: tokenCount)
    }

    /// The theme sections tokens go to, in the order a manifest has them.
    enum Section: Int, CaseIterable {
        case palette, fonts, metrics, custom

        /// The section of a theme section's name.
        init?(named name: Substring) {
            guard let section = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = section
        }

        var name: String {
            switch self {
            case .palette: DocumentShape.palette
            case .fonts: DocumentShape.fonts
            case .metrics: DocumentShape.metrics
            case .custom: DocumentShape.custom
            }
        }
    }

    /// The section a token type goes to.
    static func section(for type: TokenType?) -> Section {
        switch type {
        case .color: .palette
        case .dimension, .number, .duration, .fontWeight: .metrics
        case .typography: .fonts
        default: .custom
        }
    }

    /// `valueCategory` is the Style Dictionary category of the token whose value `resolved` is
    /// (``TokenValueResolver/Resolved/owner``), if it has one: a bare number is in its unit.
    mutating func entry(for token: DesignToken, _ resolved: TokenValueResolver.Resolved, valueCategory: StyleDictionaryCategory? = nil,
                        diagnostics: inout DiagnosticCollector) -> Entry? {
        let name = token.themeName
        if let alias = resolved.externalAlias {
            let targetName = (alias.last == "$root" ? alias.dropLast() : alias[...]).joined(separator: ".")
            // An older-form token without a type takes its target's category's, as Style
            // Dictionary reads the target (CTI: `{size.font.medium}` is a size, a dimension).
            let targetCategory = legacy ? StyleDictionaryCategory(key: targetName, attributes: nil) : nil
            guard let type = resolved.type ?? targetCategory?.type else {
                // A type of another tool (Tokens Studio's `composition`) is kept as data, in
                // `custom`: the token it names, of that type too, is there.
                if readsWrittenUnits, token.extras?.writtenType != nil {
                    return Entry(section: .custom, name: name, value: ThemeNode(.scalar(.string("{custom.\(targetName)}")), at: resolved.value.location))
                }
                diagnostics.error(.type, "the token has no $type and refers to {\(alias.joined(separator: "."))}, which is not in this file; give it a $type (or its group) so the theme knows where that token is",
                                  at: token.location, keyPath: token.keyPath)
                return nil
            }
            let section = Self.section(for: type)
            let reference = ThemeNode(.scalar(.string("{\(section.name).\(targetName)}")), at: resolved.value.location)
            // A color token's alpha over a token of another file: the theme's derived color,
            // bound with the reference after merging (the resolver checked the number).
            if type == .color, let alpha = token.extras?.colorAlpha, let opacity = alpha.value.value.number {
                return Entry(section: section, name: name, value: ThemeNode(.map(NodeMap(distinctEntries: [
                    NodeMap.Entry(key: "color", keyLocation: alpha.keyLocation, node: reference),
                    NodeMap.Entry(key: "alpha", keyLocation: alpha.keyLocation, node: number(opacity, at: alpha.value.location)),
                ])), at: resolved.value.location))
            }
            return Entry(section: section, name: name, value: reference)
        }
        let value = resolved.value
        // Made only for a problem to report.
        func keyPath() -> DocumentPath { token.keyPath.appending("$value") }
        func fail(_ message: String) -> Entry? {
            diagnostics.error(.type, message + Self.embeddedAliasNote(value) + Self.aliasedValueNote(token, resolved) + Self.categoryNote(token),
                              at: value.location, keyPath: keyPath())
            return nil
        }
        guard let type = resolved.type else {
            if readsWrittenUnits { return Entry(section: .custom, name: name, value: node(of: resolved)) }
            return fail("the token has no $type, and neither its groups nor an alias give one (\(TokenType.typeList))" + Self.typeHint(value))
        }
        switch type {
        case .invalid:
            return nil  // the unknown $type is reported
        case .color:
            // Tokens Studio writes a gradient as a color token holding a CSS gradient.
            if readsWrittenUnits, let text = value.value.string, CSSLinearGradient.isGradientFunction(text) {
                return gradient(text, of: value, name: name, keyPath: keyPath(), diagnostics: &diagnostics)
            }
            if readsWrittenUnits, let text = value.value.string, let derived = Self.hexWithAlpha(text, at: value.location) {
                return Entry(section: .palette, name: name, value: ThemeNode(derived))
            }
            if legacy, let channels = Self.channelObject(value) {
                switch channels {
                case .success(let color): return Entry(section: .palette, name: name, value: ThemeNode(.scalar(.string(color.hex)), at: value.location))
                case .failure(let stray): return fail("a color object {r, g, b, a} has r, g and b from 0 to 255 and a from 0 to 1; \(stray)")
                }
            }
            // Red Hat's color for light and for dark surfaces (a list of two).
            if let pair = LightDarkColorPair.variants(of: value) {
                switch pair {
                case .success(let variants): return Entry(section: .palette, name: name, value: ThemeNode(variants))
                case .failure(let problem): return fail(problem.message)
                }
            }
            let node = node(of: resolved)
            // A color its category gave is checked here, so that a problem says where the type
            // came from; any other is checked where the palette is read.
            if token.category != nil, !isColor(node, token: token, keyPath: keyPath(), diagnostics: &diagnostics) { return nil }
            return Entry(section: .palette, name: name, value: node)
        case .dimension:
            // Style Dictionary's `fontSize` reads a bare number as rems, as its `size/rem` and
            // `size/remToPt` do.
            let bareNumberUnit = valueCategory?.bareNumberUnit ?? (!readsWrittenUnits && token.extras?.writtenType == "fontSize" ? "rem" : nil)
            if let exact = Self.exactInteger(value, unit: "px") { return Entry(section: .metrics, name: name, value: integer(exact, at: value.location)) }
            if let points = points(value, bareNumbersIn: bareNumberUnit) { return Entry(section: .metrics, name: name, value: number(points, at: value.location)) }
            if let kept = relativeDimensionEntry(value, name: name, resolved: resolved, keyPath: keyPath(), diagnostics: &diagnostics) { return kept }
            var spacingProblem = ""
            if readsWrittenUnits, token.extras?.writtenType == "spacing", let text = value.value.string {
                switch spacingAsWritten(text, at: value.location) {
                case .spacing(let spacing): return Entry(section: .custom, name: name, value: spacing, keptAsData: true)
                case .failed(let part, let reason): spacingProblem = "; its value \"\(part)\" cannot be evaluated: \(reason)"
                case .notSpacing: break
                }
            }
            if readsWrittenUnits, token.extras?.writtenType == "borderRadius", let kept = cornerRadiiEntry(value, name: name, keyPath: keyPath(), diagnostics: &diagnostics) {
                return kept
            }
            let padding = switch (readsWrittenUnits, token.extras?.writtenType) {
            case (true, "spacing"): " (or, as Tokens Studio writes spacing, two to four such values, \"8px 16px\", or AUTO)" + spacingProblem
            case (true, "borderRadius") where value.value.string.flatMap(TokensStudioMath.values(in:)) != nil:
                " (or, as Tokens Studio writes a radius for each corner, two to four such values, \"4px 8px\")"
            default: ""
            }
            return fail(dimensionMessage(value, bareNumbersIn: bareNumberUnit) + padding)
        case .number:
            guard let number = value.value.number ?? legacyNumber(value) else {
                // Tokens Studio and the older form do not check a number's value: Workday's
                // `number` tokens alias sizes such as `"0.25rem"`, which the plugin applies as
                // the length. A length is its points.
                if readsWrittenUnits, let length = lengthAsNumber(value, name: name) { return length }
                if readsWrittenUnits, let auto = automaticLineHeight(value, of: token, name: name) { return auto }
                // The older form writes numbers as strings too: a string here is not a finite one.
                if legacy, let text = value.value.string { return fail("a number token's value is a finite number, not \"\(text)\"") }
                return fail("a number token's value is a number, not \(value.value.kindDescription)")
            }
            if let exact = value.value.integer { return Entry(section: .metrics, name: name, value: integer(exact, at: value.location)) }
            return Entry(section: .metrics, name: name, value: self.number(number, at: value.location))
        case .duration:
            if let exact = Self.exactInteger(value, unit: "s") { return Entry(section: .metrics, name: name, value: integer(exact, at: value.location)) }
            return seconds(value, bareNumbersIn: valueCategory?.bareNumberUnit).map { Entry(section: .metrics, name: name, value: number($0, at: value.location)) }
                ?? fail(valueCategory == .time ? "a duration is a finite number of milliseconds, \"200ms\" or \"0.2s\", not \(value.value.summary)"
                        : legacy && value.value.string != nil ? "a duration is a finite number of ms or s (\"200ms\"), not \"\(value.value.string!)\""
                        : "a duration is \(Self.durationObject), not \(value.value.kindDescription)")
        case .fontWeight:
            return fontWeight(value).map { Entry(section: .metrics, name: name, value: number($0, at: value.location)) }
                ?? fail("a font weight is a number from 1 to 1000 or one of \(Self.weightNames.keys.sorted().joined(separator: ", ")), not \(value.value.summary)")
        case .fontFamily:
            // Kept whole, as a font's fallback list is: one name, or the names in order.
            return families(value).map { Entry(section: .custom, name: name, value: $0) }
                ?? fail("a font family is a name or a list of names, not \(Self.notFamily(value))")
        case .typography:
            // (Unwrapped, not mapped: `Optional.map` copies the entry through `Optional`'s generic
            // value witnesses.)
            guard let entry = readsWrittenUnits ? writtenTypography(value, of: token, name: name, keyPath: keyPath(), diagnostics: &diagnostics)
                : typography(value, name: name, keyPath: keyPath(), diagnostics: &diagnostics) else { return nil }
            guard token.themeloadExtension != nil else { return entry }
            return Self.withThemeloadFontFields(entry, from: token.themeloadExtension)
        case .cubicBezier:
            guard Self.isCubicBezier(value) else { return fail(Self.cubicBezierForm) }
            return Entry(section: .custom, name: name, value: node(of: resolved))
        case .shadow, .border, .gradient:
            // A shadow or gradient list may hold aliases to other shadows or gradients: their
            // layers or stops take the alias's place. Older files write them Tokens Studio's way.
            var value = Self.flattened(value)
            if readsWrittenUnits { value = Self.writtenComposite(value, type: type, writtenType: legacy ? token.extras?.writtenType : nil) }
            if type == .shadow { value = Self.layerAlphaOnColor(value) }
            // Checked as the level property that reads it will read it, so a bad token is
            // reported where it is written: in each style where a color is one per style.
            let checked = LightDarkColorPair.isInComposite(value)
                ? LightDarkColorPair.styles.indices.map { ThemeNode(LightDarkColorPair.inComposite(value, style: $0)) } : [ThemeNode(value)]
            let dimensions = DimensionParser(remSize: options.remSize)
            var valid = true
            for node in checked {
                valid = switch type {
                case .shadow: ShadowParser(dimensions: dimensions).parse(node, path: keyPath(), diagnostics: &diagnostics) != nil && valid
                case .border: BorderParser(dimensions: dimensions).parse(node, path: keyPath(), diagnostics: &diagnostics) != nil && valid
                default: GradientParser.parse(node, path: keyPath(), diagnostics: &diagnostics) != nil && valid
                }
            }
            return valid ? Entry(section: .custom, name: name, value: checked.count == 1 ? checked[0] : ThemeNode(LightDarkColorPair.inComposite(value))) : nil
        case .strokeStyle:
            // Checked as a border's style is, and kept as data.
            let node = node(of: resolved)
            if case .failure(let failure) = StrokeStyleParser(dimensions: DimensionParser(remSize: options.remSize)).parse(node) {
                diagnostics.error(.type, failure.problem.message(inBorder: false) + Self.embeddedAliasNote(value), at: failure.location, keyPath: keyPath())
                return nil
            }
            return Entry(section: .custom, name: name, value: node)
        case .string, .link, .boolean:
            return terrazzoEntry(type, value: value, name: name, resolved: resolved, keyPath: keyPath(), diagnostics: &diagnostics)
        case .transition:
            // Checked, and kept as data (the theme model has no animations).
            guard isTransition(value, keyPath: keyPath(), diagnostics: &diagnostics) else { return nil }
            return Entry(section: .custom, name: name, value: node(of: resolved))
        }
    }

    /// A token of Terrazzo's `string`, `link` or `boolean` type, kept as data; `nil` after a
    /// diagnostic. In a DTCG file an alias among other text is not read (an alias stands for
    /// a whole value): the text is kept as written, which a warning says. (Out of
    /// ``entry(for:_:valueCategory:diagnostics:)``, which every token passes through.)
    @inline(never)
    private mutating func terrazzoEntry(_ type: TokenType, value: DocumentNode, name: String, resolved: TokenValueResolver.Resolved, keyPath: DocumentPath,
                                        diagnostics: inout DiagnosticCollector) -> Entry? {
        if type == .boolean {
            guard case .bool = value.value else {
                diagnostics.error(.type, "a boolean token's value is true or false, not \(value.value.kindDescription)", at: value.location, keyPath: keyPath)
                return nil
            }
            return Entry(section: .custom, name: name, value: node(of: resolved))
        }
        guard let text = value.value.string else {
            diagnostics.error(.type, "a \(type.name) token's value is text, not \(value.value.kindDescription)", at: value.location, keyPath: keyPath)
            return nil
        }
        if !readsWrittenUnits, ThemeNode.holdsReferenceInsideText(text) {
            diagnostics.warning(.type, "\"\(text)\" holds an alias inside other text, which a DTCG file does not read (an alias stands for a whole value): "
                                + "the text is kept as written", at: value.location, keyPath: keyPath)
        }
        return Entry(section: .custom, name: name, value: node(of: resolved))
    }

    /// A dimension token in one of ``relativeUnits``, kept as data with a warning; `nil` for any
    /// other value.
    @inline(never)
    private mutating func relativeDimensionEntry(_ value: DocumentNode, name: String, resolved: TokenValueResolver.Resolved, keyPath: @autoclosure () -> DocumentPath,
                                                 diagnostics: inout DiagnosticCollector) -> Entry? {
        guard let (written, basis) = Self.relativeLength(value) else { return nil }
        diagnostics.warning(.type, "the dimension \(written) is relative to \(basis), which a metric (a number of points) "
                            + "does not know: it is kept as data, {custom.\(name)}, not made a metric", at: value.location, keyPath: keyPath())
        return Entry(section: .custom, name: name, value: node(of: resolved))
    }

    /// A `lineHeights` token of `AUTO`, Figma's automatic line height (the font's own): no
    /// number, so kept as that text in `custom`. `nil` for any other token.
    @inline(never)
    private func automaticLineHeight(_ value: DocumentNode, of token: DesignToken, name: String) -> Entry? {
        guard token.extras?.writtenType == "lineHeights", value.value.string == "AUTO" else { return nil }
        return Entry(section: .custom, name: name, value: ThemeNode(value), keptAsData: true)
    }

    /// Tokens Studio's `borderRadius` of two to four dimensions (`"4 8"`, `"4px 8px 0 2px"`), a
    /// radius for each corner in CSS's order, kept as that text in `custom` with a warning: a
    /// theme's `cornerRadius` is one number, so no metric holds it. `nil` for any other value,
    /// whose error the caller reports.
    @inline(never)
    private func cornerRadiiEntry(_ value: DocumentNode, name: String, keyPath: @autoclosure () -> DocumentPath,
                                  diagnostics: inout DiagnosticCollector) -> Entry? {
        guard let text = value.value.string, let radii = TokensStudioMath.values(in: text), radii.count <= 4,
              radii.allSatisfy({ points(DocumentNode(.string($0), at: value.location)) != nil }) else { return nil }
        diagnostics.warning(.type, "the border radius \"\(text)\" gives the corners radii of their own, which a theme's cornerRadius (one number) "
                            + "does not have: it is kept as data, {custom.\(name)}, not made a metric", at: value.location, keyPath: keyPath())
        return Entry(section: .custom, name: name, value: ThemeNode(value), keptAsData: true)
    }

    /// What a Tokens Studio typography writes for a case, decoration or width it leaves as the
    /// font has it: CSS's `none` and `normal`, and the `-` or nothing that some exports (Figma's
    /// "no value") write.
    private static let unsetTypographyMembers: Set<String> = ["none", "normal", "-", ""]

    /// A cubic Bézier as the Format module writes one: four numbers, the first and third from 0
    /// to 1.
    private static func isCubicBezier(_ value: DocumentNode) -> Bool {
        guard case .list(let items) = value.value, items.count == 4, items.allSatisfy({ $0.value.number != nil }),
              let x1 = items[0].value.number, let x2 = items[2].value.number else { return false }
        return (0...1).contains(x1) && (0...1).contains(x2)
    }

    private static let cubicBezierForm = "a cubic Bézier is [P1x, P1y, P2x, P2y] with P1x and P2x from 0 to 1"

    /// A duration as the Format module writes one, for messages.
    private static let durationObject = "{\"value\": NUMBER, \"unit\": \"ms\" or \"s\"}"

    /// The properties of a transition (DTCG Format 2025.10, section 9.5), all required.
    private static let transitionKeys = ["duration", "delay", "timingFunction"]

    /// Whether a value is a transition: `{duration, delay, timingFunction}`, two durations and a
    /// cubic Bézier. A problem is reported at the property it is in.
    private func isTransition(_ value: DocumentNode, keyPath: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) -> Bool {
        guard case .map(let entries) = value.value else {
            diagnostics.error(.type, "a transition is {duration, delay, timingFunction}, not \(value.value.kindDescription)" + Self.embeddedAliasNote(value),
                              at: value.location, keyPath: keyPath())
            return false
        }
        if let stray = entries.first(where: { !Self.transitionKeys.contains($0.key) }) {
            diagnostics.error(.type, "unknown key \"\(stray.key)\" in a transition" + Suggestion.phrase(for: stray.key, among: Self.transitionKeys),
                              at: stray.keyLocation, keyPath: keyPath().appending(stray.key))
            return false
        }
        for key in Self.transitionKeys {
            guard let field = value[key] else {
                diagnostics.error(.type, "a transition needs duration, delay and timingFunction; \(key) is missing", at: value.location, keyPath: keyPath())
                return false
            }
            if key == "timingFunction" ? Self.isCubicBezier(field) : seconds(field) != nil { continue }
            let form = key == "timingFunction" ? Self.cubicBezierForm
                : readsWrittenUnits ? "a duration is a finite number of ms or s (\"200ms\") or \(Self.durationObject)" : "a duration is \(Self.durationObject)"
            diagnostics.error(.type, "the transition's \(key) is not valid: \(form), not \(field.value.summary)" + Self.embeddedAliasNote(field),
                              at: field.location, keyPath: keyPath().appending(key))
            return false
        }
        return true
    }

    /// Tokens Studio's `rgba(#RRGGBB, ALPHA)`, a hex color with an alpha (`0.5` or `50%`), as
    /// the color it stands for, `"#RRGGBBAA"` (so a shadow or border keeps a color any reader
    /// of DTCG takes); one whose hex or alpha is no color as the derived color
    /// `{color: "#RRGGBB", alpha: 0.5}`, whose reading then says what is wrong. `nil` for any
    /// other text.
    static func hexWithAlpha(_ text: String, at location: SourceLocation) -> DocumentNode? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("rgba("), trimmed.hasSuffix(")") else { return nil }
        let arguments = trimmed.dropFirst("rgba(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard arguments.count == 2, arguments[0].hasPrefix("#") else { return nil }
        let alpha: DocumentValue
        if arguments[1].hasSuffix("%"), let percent = finiteNumber(arguments[1].dropLast()) {
            alpha = .float(percent / 100)
        } else if let number = finiteNumber(arguments[1]) {
            alpha = Int64(exactly: number).map(DocumentValue.integer) ?? .float(number)
        } else {
            alpha = .string(arguments[1])
        }
        if let base = ThemeColor(hex: arguments[0]), let amount = alpha.number, (0...1).contains(amount) {
            return DocumentNode(.string(base.withAlpha(amount).hex), at: location)
        }
        return DocumentNode(.map([
            DocumentEntry(key: "color", keyLocation: location, value: DocumentNode(.string(arguments[0]), at: location)),
            DocumentEntry(key: "alpha", keyLocation: location, value: DocumentNode(alpha, at: location)),
        ]), at: location)
    }

    /// A channel of a color object (``channelObject(_:)``) that is no number in its range, as a
    /// message names it: `its r is 300`.
    struct StrayChannel: Error, CustomStringConvertible {
        var description: String
    }

    /// Style Dictionary's color object, as its color transforms (tinycolor) read one:
    /// `{"r": 146, "g": 153, "b": 162}`, channels 0...255, with an optional alpha `a` 0...1.
    /// `nil` for a value of another shape; the first channel that is no number in its range
    /// for such an object that is no color.
    static func channelObject(_ node: DocumentNode) -> Result<ThemeColor, StrayChannel>? {
        guard case .map(let entries) = node.value, entries.count == 3 || entries.count == 4,
              entries.allSatisfy({ ["r", "g", "b", "a"].contains($0.key) }), node["r"] != nil, node["g"] != nil, node["b"] != nil else { return nil }
        var channels: [Double] = []
        for (key, limit) in [("r", 255.0), ("g", 255), ("b", 255), ("a", 1)] {
            guard let written = node[key] else { continue }
            guard let number = written.value.number, number.isFinite, (0...limit).contains(number) else {
                return .failure(StrayChannel(description: "its \(key) is \(written.value.summary)"))
            }
            channels.append(number / limit)
        }
        return .success(ThemeColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1))
    }

    /// A Tokens Studio gradient, `linear-gradient(ANGLE, COLOR POSITION, …)` in a color token,
    /// as a gradient entry of `custom` (a level property `…Gradient` reads it), its stops checked
    /// as a gradient token's are. A direction other than top to bottom is not kept, and a warning
    /// says so: a theme's gradient leaves its direction to the view.
    private func gradient(_ text: String, of value: DocumentNode, name: String, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> Entry? {
        let location = value.location
        let aliasNote = Self.embeddedAliasNote(value)
        guard aliasNote.isEmpty else {
            diagnostics.error(.type, "invalid gradient \(DocumentValue.string(text).summary)" + aliasNote, at: location, keyPath: keyPath)
            return nil
        }
        let parsed: CSSLinearGradient
        switch CSSLinearGradient.parse(text) {
        case .success(let gradient): parsed = gradient
        case .failure(let problem):
            diagnostics.error(.type, "invalid gradient \(DocumentValue.string(text).summary): \(problem.message)",
                              at: location, keyPath: keyPath)
            return nil
        }
        let stops = parsed.stops.map { stop in
            ThemeNode(.map(NodeMap(distinctEntries: [
                // Tokens Studio's `rgba(#hex, alpha)` is read in a stop too.
                NodeMap.Entry(key: "color", keyLocation: location,
                              node: Self.hexWithAlpha(stop.color, at: location).map { ThemeNode($0) } ?? ThemeNode(.scalar(.string(stop.color)), at: location)),
                NodeMap.Entry(key: "position", keyLocation: location, node: number(stop.position, at: location)),
            ])), at: location)
        }
        let node = ThemeNode(.list(stops), at: location)
        guard GradientParser.parse(node, path: keyPath, diagnostics: &diagnostics) != nil else { return nil }
        if let direction = parsed.direction {
            diagnostics.warning(.type, "the gradient's direction, \(direction), is not kept: a theme's gradient is its stops, and the view draws it top to bottom unless it says otherwise",
                                at: location, keyPath: keyPath)
        }
        return Entry(section: .custom, name: name, value: node, readAs: .gradient)
    }

    /// For a token whose whole value is an alias: that the value reported (and its place) is
    /// the aliased token's, read as this token's own type when it has one. (PatternFly's
    /// `global.font.family.body` is typed `number` and aliases a family: the place is where the
    /// family is written, the key path the token's.) Empty for any other.
    static func aliasedValueNote(_ token: DesignToken, _ resolved: TokenValueResolver.Resolved) -> String {
        guard resolved.owner != token.position, let text = token.value.value.string, DesignTokenAlias.key(in: text) != nil else { return "" }
        let type = token.declaredType.map { ", read as the token's own type, \($0.name)" } ?? ""
        return "; the value is that of \(text), which the token's $value aliases\(type)"
    }

    /// For a token whose type its Style Dictionary category gave, where that type came from:
    /// a problem with its value then makes sense to whoever wrote no type. Empty for any other.
    static func categoryNote(_ token: DesignToken) -> String {
        guard let category = token.category else { return "" }
        return "; the token's type, \(category.type.name), comes from its Style Dictionary category \"\(category.rawValue)\": give it a \"type\" to read it otherwise"
    }

    /// Whether a color its category gave is one; if not, the problem is reported with where the
    /// type came from (``categoryNote(_:)``).
    private func isColor(_ node: ThemeNode, token: DesignToken, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) -> Bool {
        var found = DiagnosticCollector()
        guard ColorParser.parse(node, path: keyPath, diagnostics: &found) == nil else { return true }
        for var problem in found.diagnostics where problem.severity == .error {
            problem.message += Self.categoryNote(token)
            diagnostics.add(problem)
        }
        return false
    }

    /// For a token without a type whose value has the shape of one type's alone (a color
    /// object, a dimension or duration object, or a string written as one of these three), the
    /// `$type` to give it. Empty for any other.
    static func typeHint(_ value: DocumentNode) -> String {
        let type: TokenType? = switch value.value {
        case .map:
            if value["colorSpace"] != nil && value["components"] != nil { .color }
            else if let unit = value["unit"]?.value.string, value["value"] != nil { ["ms", "s"].contains(unit) ? .duration : .dimension }
            else { nil }
        case .string(let text): typeWritten(in: text)
        default: nil
        }
        return type.map { "; its value is written as a \($0.name) is: give it \"$type\": \"\($0.name)\" (or its group)" } ?? ""
    }

    /// The type a string is written as where no other type's values are written so, as Style
    /// Dictionary's files write values: a color in hex (`"#a2845e"`) or a CSS color function
    /// (`"rgb(162 132 94)"`), a dimension in `px` or `rem` (`"4px"`), a duration in `ms` or `s`
    /// (`"200ms"`). A bare number, a percentage or a name (`"red"`, `"Inter"`) could be of
    /// several types, and gives none.
    private static func typeWritten(in text: String) -> TokenType? {
        if ThemeColor(hex: text) != nil { return .color }
        if case .notAFunction = CSSColorFunction.parse(text) {} else { return .color }
        for (unit, type) in [("px", TokenType.dimension), ("rem", .dimension), ("ms", .duration), ("s", .duration)] where text.hasSuffix(unit) {
            return finiteNumber(text.dropLast(unit.count)) != nil ? type : nil
        }
        return nil
    }

    /// For a string that holds an alias inside other text (Tokens Studio's math,
    /// `"{space.md} * 2"`, or `"rgba({colors.blue}, 0.5)"`) outside a Tokens Studio document,
    /// why it is not a value: an alias stands for a whole value there. Empty for any other value.
    static func embeddedAliasNote(_ value: DocumentNode) -> String {
        guard let text = value.value.string, ThemeNode.holdsReferenceInsideText(text) else { return "" }
        return "; \"\(text)\" holds an alias inside other text, which is not evaluated here (an alias stands for a whole value; Tokens Studio's files and older-form files evaluate text around aliases and math, a DTCG file does not): write the value it comes to"
    }

    /// A resolved value taken as it is, as a theme node: made once for the token whose value
    /// it is.
    private mutating func node(of resolved: TokenValueResolver.Resolved) -> ThemeNode {
        if let node = nodes[resolved.owner] { return node }
        let node = ThemeNode(resolved.value)
        nodes[resolved.owner] = node
        return node
    }

    /// A font with the name, family and italic the `org.themeload` extension gives (DTCG
    /// typography has one family and no style): what Themeload's own export writes.
    static func withThemeloadFontFields(_ entry: Entry, from extensionNode: DocumentNode?) -> Entry {
        guard let extensionNode, case .map(let fields) = extensionNode.value, case .map(let map) = entry.value.value else { return entry }
        var font = map.entries
        for field in fields where ["name", "family", "italic"].contains(field.key) {
            let written = font.firstIndex { $0.key == field.key }.map { font.remove(at: $0) }
            if case .null = field.value.value { continue }
            var node = ThemeNode(field.value)
            // The exact family goes first; the fallbacks fontFamily lists after it stay.
            if field.key == "family", let written, case .list(let families) = written.node.value, families.count > 1 {
                node = ThemeNode(.list([node] + families.dropFirst()), at: written.node.location)
            }
            font.append(NodeMap.Entry(key: field.key, keyLocation: field.keyLocation, node: node))
        }
        var result = entry
        result.value = ThemeNode(.map(NodeMap(distinctEntries: font)), at: entry.value.location)
        return result
    }

    /// A `number` token's value that is a length, as its points (older-form and Tokens Studio
    /// files do not check a number's value).
    @inline(never)
    private func lengthAsNumber(_ value: DocumentNode, name: String) -> Entry? {
        points(value).map { Entry(section: .metrics, name: name, value: number($0, at: value.location)) }
    }

    /// A shadow, border or gradient of an older-form or Tokens Studio file in DTCG's shape: the
    /// Design Tokens Figma plugin's (`writtenType` one of its types), then Tokens Studio's.
    @inline(never)
    private static func writtenComposite(_ value: DocumentNode, type: TokenType, writtenType: String?) -> DocumentNode {
        let value = writtenType.map { FigmaDesignTokensPlugin.dtcgValue(value, writtenType: $0) } ?? value
        return tokensStudioComposite(value, type: type)
    }

    /// A shadow whose layers may set their color's opacity with `alpha` beside it, as GitHub
    /// Primer writes them (`{color: '{base.color.neutral.13}', alpha: 0.04, offsetX: …}`): each
    /// such layer's color is that color with that opacity, as Primer's build sets it (written
    /// as a color of its own, so the shadow is DTCG's wherever it is written again), or, when
    /// either is not what it should be, the derived color `{color, alpha}`, which the shadow's
    /// check reports as any bad color.
    @inline(never)
    static func layerAlphaOnColor(_ value: DocumentNode) -> DocumentNode {
        func layer(_ node: DocumentNode) -> DocumentNode {
            guard case .map(var entries) = node.value, let alpha = entries.firstIndex(where: { $0.key == "alpha" }),
                  let color = entries.firstIndex(where: { $0.key == "color" }) else { return node }
            var quiet = DiagnosticCollector()
            let opacity = entries[alpha].value.value.number.flatMap { (0...1).contains($0) ? $0 : nil }
            if let opacity, let base = ColorParser.parse(ThemeNode(entries[color].value), path: DocumentPath(), diagnostics: &quiet) {
                entries[color].value = DocumentNode(.string(base.withAlpha(opacity).canonicalText), at: entries[color].value.location)
            } else {
                // Reported where the problem is: at the alpha when it is out of its range.
                entries[color].value = DocumentNode(.map([entries[color], DocumentEntry(key: "alpha", keyLocation: entries[alpha].keyLocation, value: entries[alpha].value)]),
                                                    at: opacity == nil ? entries[alpha].value.location : entries[color].value.location)
            }
            entries.remove(at: alpha)
            return DocumentNode(.map(entries), at: node.location)
        }
        if case .list(let items) = value.value { return DocumentNode(.list(items.map(layer)), at: value.location) }
        return layer(value)
    }

    /// A list whose items may be lists, spliced into one.
    static func flattened(_ value: DocumentNode) -> DocumentNode {
        guard case .list(let items) = value.value, items.contains(where: { if case .list = $0.value { true } else { false } }) else { return value }
        let spliced = items.flatMap { item -> [DocumentNode] in
            if case .list(let inner) = item.value { inner } else { [item] }
        }
        return DocumentNode(.list(spliced), at: value.location)
    }

    /// A shadow, border or gradient as Tokens Studio writes one, in DTCG's form: its shadow
    /// layers `{x, y, blur, spread, color, type}` (`type` `dropShadow` or `innerShadow`, `$type`
    /// in the plugin's DTCG form) as
    /// `{offsetX, offsetY, blur, spread, color, inset}`; a length written as a plain number in a
    /// string, as the plugin writes every value (`"4"`), as that many pixels (a shadow's lengths,
    /// a border's width); and a color `rgba(#RRGGBB, ALPHA)` as the color it stands for
    /// (``hexWithAlpha(_:at:)``).
    static func tokensStudioComposite(_ value: DocumentNode, type: TokenType) -> DocumentNode {
        func pixels(_ node: DocumentNode) -> DocumentNode {
            guard let text = node.value.string, let amount = finiteNumber(text.trimmingCharacters(in: .whitespaces)) else { return node }
            // A whole number as JSON would give it, so the shadow reads back from an export as it was.
            if amount == amount.rounded(), abs(amount) < 1e15 { return DocumentNode(.integer(Int64(amount)), at: node.location) }
            return DocumentNode(.float(amount), at: node.location)
        }
        func color(_ node: DocumentNode) -> DocumentNode {
            node.value.string.flatMap { hexWithAlpha($0, at: node.location) } ?? node
        }
        func part(_ node: DocumentNode) -> DocumentNode {
            guard case .map(let entries) = node.value else { return node }
            var renamed: [DocumentEntry] = []
            for entry in entries {
                func kept(_ value: DocumentNode, as key: String? = nil) {
                    renamed.append(DocumentEntry(key: key ?? entry.key, keyLocation: entry.keyLocation, value: value))
                }
                switch (type, entry.key) {
                case (_, "color"): kept(color(entry.value))
                case (.shadow, "x"): kept(pixels(entry.value), as: "offsetX")
                case (.shadow, "y"): kept(pixels(entry.value), as: "offsetY")
                case (.shadow, "blur"), (.shadow, "spread"), (.border, "width"): kept(pixels(entry.value))
                // The plugin's DTCG form writes the layer's type as `$type`.
                case (.shadow, "type"), (.shadow, "$type"):
                    kept(DocumentNode(.bool(entry.value.value.string == "innerShadow"), at: entry.value.location), as: "inset")
                default: renamed.append(entry)
                }
            }
            return DocumentNode(.map(renamed), at: node.location)
        }
        if case .list(let items) = value.value { return DocumentNode(.list(items.map(part)), at: value.location) }
        return part(value)
    }

    private func number(_ value: Double, at location: SourceLocation) -> ThemeNode {
        if value == value.rounded(), abs(value) < 1e15 { return ThemeNode(.scalar(.integer(Int64(value))), at: location) }
        return ThemeNode(.scalar(.float(value)), at: location)
    }

    private func integer(_ value: Int64, at location: SourceLocation) -> ThemeNode {
        ThemeNode(.scalar(.integer(value)), at: location)
    }

    /// `{value, unit}` with an integer `value` in `unit`, which needs no conversion: kept exact,
    /// for a `Double` holds integers past 2^53 only roughly (a metric of 2^63 - 1 exported as a
    /// dimension read back as 9.223372036854776e18).
    private static func exactInteger(_ node: DocumentNode, unit: String) -> Int64? {
        guard case .map(let entries) = node.value, entries.count == 2, node["unit"]?.value.string == unit else { return nil }
        return node["value"]?.value.integer
    }

    /// A dimension in points: `{value, unit: px|rem}`, or in the older form `"12px"`,
    /// `"1.5rem"` or a bare number; `nil` where it is none, or its points are not finite (an
    /// older file's `"nan"`, or a number of rems past the largest `Double` as points).
    /// Tokens Studio's spacing as the plugin applies it beyond one value: two to four values
    /// written as CSS writes padding (`"8px 16px"`; each may be math, its aliases read), which
    /// become insets, `[top, left, bottom, right]` in points, the order a level's `…Insets`
    /// reads; or `AUTO`, Figma's space-between, kept as that text.
    private func spacingAsWritten(_ text: String, at location: SourceLocation) -> SpacingAsWritten {
        if text == "AUTO" { return .spacing(ThemeNode(.scalar(.string(text)), at: location)) }
        guard let parts = TokensStudioMath.values(in: text), parts.count <= 4 else { return .notSpacing }
        var sides: [Double] = []
        for part in parts {
            let written: String
            switch TokensStudioMath.evaluate(part) {
            case .value(let result): written = result
            case .notMath: written = part
            case .failed(let reason): return .failed(part: part, reason: reason)
            }
            guard let side = points(DocumentNode(.string(written), at: location)) else { return .notSpacing }
            sides.append(side)
        }
        // CSS's order is top, right, bottom, left; two values are vertical then horizontal,
        // three top, horizontal, bottom.
        let (top, right, bottom, left) = switch sides.count {
        case 2: (sides[0], sides[1], sides[0], sides[1])
        case 3: (sides[0], sides[1], sides[2], sides[1])
        default: (sides[0], sides[1], sides[2], sides[3])
        }
        return .spacing(ThemeNode(.list([top, left, bottom, right].map { number($0, at: location) }), at: location))
    }

    /// What a Tokens Studio spacing's text is (``spacingAsWritten(_:at:)``).
    private enum SpacingAsWritten {
        /// Padding as insets, or `AUTO`.
        case spacing(ThemeNode)
        /// One of its values is math that cannot be evaluated, and why.
        case failed(part: String, reason: String)
        case notSpacing
    }

    func points(_ node: DocumentNode, bareNumbersIn bareNumberUnit: String? = nil) -> Double? {
        guard let (amount, unit) = writtenDimension(node, bareNumbersIn: bareNumberUnit) else { return nil }
        let points = unit == "rem" ? amount * options.remSize : amount
        return points.isFinite ? points : nil
    }

    /// A dimension as written, its amount finite or not, and its unit, `px` or `rem` (for an
    /// older bare number `bareNumberUnit`, else `px`); `nil` for anything else. Zero needs no
    /// unit (`0`, `"0"`, `{"value": 0, "unit": ""}`), as in CSS; and `"12px"` and `"1.5rem"` are read
    /// in every form, DTCG's drafts before 2025.10 having written dimensions so.
    @inline(__always)
    private func writtenDimension(_ node: DocumentNode, bareNumbersIn bareNumberUnit: String? = nil) -> (amount: Double, unit: String)? {
        if case .map = node.value {
            guard let amount = node["value"]?.value.number, let unit = node["unit"]?.value.string, node.value.mapEntries?.count == 2 else { return nil }
            if amount == 0 { return (0, "px") }
            guard unit == "px" || unit == "rem" else { return nil }
            return (amount, unit)
        }
        // A bare number has a unit in the older form and Tokens Studio's, and where a type gives one.
        let readsBareNumbers = readsWrittenUnits || bareNumberUnit != nil
        if let amount = node.value.number {
            if readsBareNumbers { return (amount, bareNumberUnit ?? "px") }
            return amount == 0 ? (0, "px") : nil
        }
        guard let text = node.value.string else { return nil }
        for unit in ["px", "rem"] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)).map { ($0, unit) }
        }
        guard readsBareNumbers else {
            // CSS's unitless zero, as a string too (`"0"`, as REI Cedar's DTCG files write a
            // flat shadow's offsets and a sharp radius): zero in every unit.
            return Double(text) == 0 ? (0, "px") : nil
        }
        return Double(text).map { ($0, bareNumberUnit ?? "px") }
    }

    /// The units of lengths that are no number of points without something a theme does not
    /// have: CSS's relative units (``DesignTokenValue/cssRelativeUnits``) or Android's screen
    /// density (`dp`, `sp`). A dimension token in one of them is kept as data rather than made
    /// a metric.
    static let relativeUnits = DesignTokenValue.cssRelativeUnits.union(["dp", "sp"])

    /// What a unit of ``relativeUnits`` is relative to, for messages.
    static func basis(ofRelativeUnit unit: String) -> String {
        switch unit {
        case "em", "ex", "ch", "lh", "rlh": "a font size"
        case "cqw", "cqh": "a container's size"
        case "%": "what holds it"
        case "dp", "sp": "Android's screen density"
        default: "the viewport"
        }
    }

    /// For a unit of ``relativeUnits`` where a length is needed: why it is none. Empty for any
    /// other unit.
    static func relativeUnitNote(_ unit: String) -> String {
        guard relativeUnits.contains(unit) else { return "" }
        return " (\(unit) is relative to \(basis(ofRelativeUnit: unit)), which is not known here)"
    }

    /// What a typography's `lineHeight` written as a length is.
    private enum LineHeightLength {
        /// The multiple of the font size it stands for.
        case multiple(Double)
        /// A length that makes no multiple, and why.
        case noMultiple(String)
    }

    /// A typography's `lineHeight` written as a length, as Tokens Studio (`"24px"`) and real
    /// DTCG exports (Apple HIG's `{"value": 41, "unit": "px"}`) write it beside the number: a
    /// length in points divided by the font size (41 px at 34 is 1.2059), `em` a multiple as
    /// it stands, `%` a percentage of the size, as CSS reads each. `nil` when the value is no
    /// length.
    @inline(never)
    private func lineHeight(ofLength node: DocumentNode, fontSize: Double?) -> LineHeightLength? {
        let multiple: Double, written: (amount: Double, unit: String)
        if let points = points(node), let length = writtenDimension(node) {
            guard let fontSize, fontSize > 0 else {
                return .noMultiple("a lineHeight that is a length is a multiple of the font size once divided by it, and this typography has no fontSize greater than 0")
            }
            (multiple, written) = (points / fontSize, length)
        } else if let (amount, unit) = Self.relativeDimension(node) {
            guard unit == "em" || unit == "%" else {
                return .noMultiple("a lineHeight of \(amount.plainText)\(unit) is relative to \(Self.basis(ofRelativeUnit: unit)), which is not known here: "
                                   + "write a multiple of the font size, or a length in px, rem, em or %")
            }
            (multiple, written) = (unit == "%" ? amount / 100 : amount, (amount, unit))
        } else {
            return nil
        }
        guard multiple > 0, multiple.isFinite else { return .noMultiple("lineHeight is greater than 0, not \(written.amount.plainText)\(written.unit)") }
        return .multiple(multiple)
    }

    /// A dimension written in one of ``relativeUnits``: its amount and unit.
    /// A length no number of points stands for, as written for a message, and what it is
    /// relative to: one in a relative unit (``relativeDimension(_:)``), or CSS math
    /// (`clamp(0.875rem, 0.85rem + 0.1vw, 1rem)`, `min()`, `max()`, `calc()`, as Sage's and REI
    /// Cedar's fluid type sizes write it), which the page it is drawn on decides. `nil` for
    /// anything else.
    static func relativeLength(_ node: DocumentNode) -> (written: String, basis: String)? {
        if let (amount, unit) = relativeDimension(node) { return (amount.plainText + unit, basis(ofRelativeUnit: unit)) }
        guard let text = node.value.string?.trimmingCharacters(in: .whitespaces), text.hasSuffix(")"),
              let open = text.firstIndex(of: "("), ["clamp", "min", "max", "calc"].contains(text[..<open].lowercased()) else { return nil }
        return ("\(text[..<open].lowercased())()", "the page it is drawn on (CSS math)")
    }

    static func relativeDimension(_ node: DocumentNode) -> (amount: Double, unit: String)? {
        if case .map = node.value {
            guard let amount = node["value"]?.value.number, amount.isFinite, let unit = node["unit"]?.value.string, node.value.mapEntries?.count == 2,
                  relativeUnits.contains(unit) else { return nil }
            return (amount, unit)
        }
        guard let text = node.value.string else { return nil }
        let unit = String(text.reversed().prefix { $0.isLetter || $0 == "%" }.reversed())
        guard relativeUnits.contains(unit), let amount = finiteNumber(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)) else { return nil }
        return (amount, unit)
    }

    private func dimensionMessage(_ node: DocumentNode, bareNumbersIn bareNumberUnit: String? = nil) -> String {
        if let (amount, _) = writtenDimension(node, bareNumbersIn: bareNumberUnit), points(node, bareNumbersIn: bareNumberUnit) == nil {
            // Written as a string only in the older form: `"nan"`, `"1e999px"`, `"1e308rem"`. A
            // finite amount whose points are not is a number of rems past the largest `Double`.
            if let text = node.value.string {
                return amount.isFinite ? "a dimension of \"\(text)\" passes the largest 64-bit float as points"
                    : "a dimension's value must be a finite number, not \"\(text)\""
            }
            return "a dimension of \(amount) rem passes the largest 64-bit float as points"
        }
        if let unit = node["unit"]?.value.string, !["px", "rem"].contains(unit) {
            return "a dimension's unit is \"px\" or \"rem\", not \"\(unit)\"" + Self.relativeUnitNote(unit)
        }
        if readsWrittenUnits || bareNumberUnit != nil, let text = node.value.string {
            return "a dimension is a number of \(bareNumberUnit == "rem" ? "rems" : "pixels"), \"12px\", \"1.5rem\" or {\"value\": NUMBER, \"unit\": \"px\" or \"rem\"}, not \"\(text)\""
        }
        if let text = node.value.string {
            return "a dimension is {\"value\": NUMBER, \"unit\": \"px\" or \"rem\"} (or, as DTCG's drafts wrote it, \"12px\" or \"1.5rem\"), not \"\(text)\""
                + (Self.relativeDimension(node).map { Self.relativeUnitNote($0.unit) } ?? "")
        }
        return "a dimension is {\"value\": NUMBER, \"unit\": \"px\" or \"rem\"}, not \(node.value.kindDescription)"
    }

    /// A duration in seconds: `{value, unit: ms|s}`, or `"200ms"` or `"0.2s"` (the older form's,
    /// and DTCG's drafts' before 2025.10), and a bare number when `bareNumberUnit` is `ms` (a
    /// Style Dictionary `time`).
    func seconds(_ node: DocumentNode, bareNumbersIn bareNumberUnit: String? = nil) -> Double? {
        if case .map = node.value {
            guard let amount = node["value"]?.value.number, let unit = node["unit"]?.value.string, node.value.mapEntries?.count == 2 else { return nil }
            switch unit {
            case "ms": return amount / 1000
            case "s": return amount
            default: return nil
            }
        }
        let bareMilliseconds = readsWrittenUnits && bareNumberUnit == "ms"
        if bareMilliseconds, let amount = node.value.number { return amount.isFinite ? amount / 1000 : nil }
        guard let text = node.value.string else { return nil }
        if text.hasSuffix("ms") { return Self.finiteNumber(text.dropLast(2)).map { $0 / 1000 } }
        if text.hasSuffix("s") { return Self.finiteNumber(text.dropLast()) }
        return bareMilliseconds ? Self.finiteNumber(text).map { $0 / 1000 } : nil
    }

    /// A number written as a string, as the older form and Tokens Studio write one; a
    /// percentage (`"50%"` of an opacity, `"150%"` of a line height) is its hundredth.
    private func legacyNumber(_ node: DocumentNode) -> Double? {
        guard readsWrittenUnits, let text = node.value.string else { return nil }
        if text.hasSuffix("%") { return percentage(node) }
        return Self.finiteNumber(text)
    }

    /// A percentage written as a string (`"2%"`), as its hundredth.
    private func percentage(_ node: DocumentNode) -> Double? {
        guard readsWrittenUnits, let text = node.value.string, text.hasSuffix("%") else { return nil }
        return Self.finiteNumber(text.dropLast()).map { $0 / 100 }
    }

    /// An older file's number written as a string: `"nan"` and `"inf"`, which `Double` reads,
    /// are none.
    private static func finiteNumber(_ text: Substring) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    static func finiteNumber(_ text: String) -> Double? {
        finiteNumber(text[...])
    }

    /// The names of font weights of the Format module (section 8.4) and their numbers.
    static let weightNames: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400, "regular": 400, "book": 400,
        "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    /// The weight names run together, as a font's style names them (`SemiBold`, `ExtraLight`).
    private static let weightNamesRunTogether = Dictionary(weightNames.map { ($0.key.replacingOccurrences(of: "-", with: ""), $0.value) }, uniquingKeysWith: { first, _ in first })

    private func fontWeight(_ node: DocumentNode) -> Double? {
        fontWeightAndStyle(node)?.weight
    }

    /// A font weight, and whether its name also says italic: Figma's font style names, which
    /// Tokens Studio writes as weights, end in `Italic` for an italic style (`"Bold Italic"`,
    /// `"SemiBold Italic"`, and `"Italic"` alone for the regular one), or in `Oblique`.
    private func fontWeightAndStyle(_ node: DocumentNode) -> (weight: Double, italic: Bool)? {
        if let number = node.value.number ?? legacyNumber(node) { return (1...1000).contains(number) ? (number, false) : nil }
        guard let name = node.value.string else { return nil }
        if let weight = Self.weight(named: name) { return (weight, false) }
        let lowered = name.lowercased()
        guard let suffix = ["italic", "oblique"].first(where: { lowered.hasSuffix($0) }) else { return nil }
        let weightName = name.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
        if weightName.isEmpty { return (400, true) }
        return Self.weight(named: weightName).map { ($0, true) }
    }

    /// The weight a name gives: the Format module's (`semi-bold`), with spaces for its dashes
    /// (`Semi Bold`), or run together as a font's style names it (`SemiBold`), in any case.
    private static func weight(named name: String) -> Double? {
        weightNames[name] ?? weightNames[name.lowercased().replacingOccurrences(of: " ", with: "-")]
            ?? weightNamesRunTogether[name.lowercased().replacingOccurrences(of: " ", with: "")]
    }

    /// A font's families in order, the first the font's own and the others its fallbacks
    /// (docs/SPEC.md section 11, "Font fallbacks"), as the node a font's `family` and a
    /// `fontFamily` token kept as data hold: one name as a string, several as the list of them.
    /// `nil` when the value is no family: a family is a name, a non-empty list of names, or a
    /// CSS `font-family` list in one string, as older files and Tokens Studio write one, and
    /// DTCG files too where the string has a comma, which no family's name has (GitHub Primer's
    /// `"-apple-system, BlinkMacSystemFont, …"`).
    private func families(_ node: DocumentNode) -> ThemeNode? {
        switch node.value {
        case .string(let name) where readsWrittenUnits || name.utf8.contains(UInt8(ascii: ",")):
            guard let names = CSSFontFamilyList.names(in: name) else { return nil }
            if names.count == 1 { return ThemeNode(.scalar(.string(names[0])), at: node.location) }
            return ThemeNode(.list(names.map { ThemeNode(.scalar(.string($0)), at: node.location) }), at: node.location)
        case .string:
            return ThemeNode(node)
        // Every name of the list a string, as the Format module says; the list's own nodes,
        // each at its place.
        case .list(let names) where !names.isEmpty && names.allSatisfy({ $0.value.string != nil }):
            return names.count == 1 ? ThemeNode(names[0]) : ThemeNode(node)
        default:
            return nil
        }
    }

    /// What a value that is no font family is, for its message: an empty list, a list and the
    /// first item that is no name, or the value's kind.
    private static func notFamily(_ node: DocumentNode) -> String {
        // A string is none only as a CSS list with an empty name (`", serif"`) or a quote not closed.
        if node.value.string != nil { return "\(node.value.summary), a CSS list with an empty name or a quote not closed" }
        guard case .list(let names) = node.value else { return node.value.kindDescription }
        guard let stray = names.first(where: { $0.value.string == nil }) else { return "an empty list" }
        return "a list holding \(stray.value.summary)"
    }

    /// The members of a DTCG typography value.
    private static let typographyMembers = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]
    /// CSS's names of the typography members, which older-form and Tokens Studio files write
    /// too (Workday's `"font-size"`, `"line-height"`): read as the members they name.
    private static let cssTypographyMembers = [
        "font-family": "fontFamily", "font-size": "fontSize", "font-weight": "fontWeight", "letter-spacing": "letterSpacing", "line-height": "lineHeight",
        "font-style": "fontStyle", "text-decoration": "textDecoration", "text-transform": "textCase", "font-stretch": "fontStretch",
    ]

    /// The names of a theme font's weights in SPEC section 6's order, which 100...900 stand for.
    private static let themeWeightOrder = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// The largest bare number a Tokens Studio typography's `lineHeight` is read as a multiple of
    /// its size, as CSS reads a unitless one (sd-transforms passes it on so); above it, the
    /// number is pixels, as the plugin applies it in Figma. No text has lines 4 pixels high, and
    /// no type scale lines 4 times its size.
    static let largestLineHeightMultiple = 4.0

    /// A DTCG typography's `lineHeight` above ``largestLineHeightMultiple``: DTCG reads the
    /// number as a multiple of the size, so it is kept, but it is most likely pixels (Figma's
    /// line height) written without a unit, which the older form and Tokens Studio read as such.
    @inline(never)
    private static func warnImplausibleMultiple(_ multiple: Double, at location: SourceLocation, keyPath: DocumentPath, diagnostics: inout DiagnosticCollector) {
        diagnostics.warning(.type, "a lineHeight of \(multiple.plainText) is \(multiple.plainText) times the font size, as DTCG reads a number; "
                            + "if it is pixels, write {\"value\": \(multiple.plainText), \"unit\": \"px\"}", at: location, keyPath: keyPath)
    }

    /// A typography as the older form and Tokens Studio write one: members with CSS's names
    /// read as the members they name, and the Design Tokens Figma plugin's text style in DTCG's
    /// shape first (``FigmaDesignTokensPlugin``). (Out of the way of a DTCG file's.)
    @inline(never)
    private mutating func writtenTypography(_ value: DocumentNode, of token: DesignToken, name: String, keyPath: @autoclosure () -> DocumentPath,
                                            diagnostics: inout DiagnosticCollector) -> Entry? {
        var value = value
        if legacy, token.extras?.writtenType == "custom-fontStyle" { value = FigmaDesignTokensPlugin.dtcgValue(value, writtenType: "custom-fontStyle") }
        if case .map(let entries) = value.value, entries.contains(where: { Self.cssTypographyMembers[$0.key] != nil }) {
            value = DocumentNode(.map(entries.map { DocumentEntry(key: Self.cssTypographyMembers[$0.key] ?? $0.key, keyLocation: $0.keyLocation, value: $0.value) }),
                                 at: value.location)
        }
        return typography(value, name: name, keyPath: keyPath(), diagnostics: &diagnostics)
    }

    private mutating func typography(_ value: DocumentNode, name: String, keyPath: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) -> Entry? {
        guard case .map(let entries) = value.value else {
            diagnostics.error(.type, "a typography value is a map of fontFamily, fontSize, fontWeight, letterSpacing and lineHeight, not \(value.value.kindDescription)",
                              at: value.location, keyPath: keyPath())
            return nil
        }
        var font: [NodeMap.Entry] = []
        font.reserveCapacity(entries.count)
        var failed = false
        // Tokens Studio writes letter spacing as a percentage of the font size, and a line height
        // in pixels: both need the size.
        // (Read once, here; the entries by position, so that none is copied to be looked at.)
        let sizeEntry = entries.firstIndex { $0.key == "fontSize" }
        let fontSize = sizeEntry.flatMap { points(entries[$0].value) }
        // A size relative to what holds the text (`0.9285em`) makes no font: the token is kept as
        // data, as a dimension token in such a unit is.
        if let sizeEntry, fontSize == nil, let (written, basis) = Self.relativeLength(entries[sizeEntry].value) {
            diagnostics.warning(.type, "the typography's fontSize, \(written), is relative to \(basis), which a font (a size in points) "
                                + "does not know: it is kept as data, {custom.\(name)}, not made a font", at: entries[sizeEntry].value.location, keyPath: keyPath().appending("fontSize"))
            return Entry(section: .custom, name: name, value: ThemeNode(value))
        }
        // Italic from the weight's name (Tokens Studio's "Bold Italic") or from `fontStyle`, once.
        var isItalic = false
        for position in entries.indices {
            let key = entries[position].key, keyLocation = entries[position].keyLocation, node = entries[position].value
            func fail(_ message: String) {
                diagnostics.error(.type, message, at: node.location, keyPath: keyPath().appending(key))
                failed = true
            }
            switch key {
            case "fontFamily":
                if let families = families(node) {
                    font.append(NodeMap.Entry(key: "family", keyLocation: keyLocation, node: families))
                } else {
                    fail("fontFamily is a name or a list of names, not \(Self.notFamily(node))")
                }
            case "fontSize":
                if let size = fontSize {
                    font.append(NodeMap.Entry(key: "size", keyLocation: keyLocation, node: number(size, at: node.location)))
                } else {
                    fail(dimensionMessage(node))
                }
            case "fontWeight":
                if let (weight, italic) = fontWeightAndStyle(node) {
                    // 100...900 in steps of 100 name the nine weights, in SPEC section 6's order.
                    let step = Int((min(max(weight, 100), 900) / 100).rounded()) - 1
                    font.append(NodeMap.Entry(key: "weight", keyLocation: keyLocation, node: ThemeNode(.scalar(.string(Self.themeWeightOrder[step])), at: node.location)))
                    if italic, !isItalic {
                        isItalic = true
                        font.append(NodeMap.Entry(key: "italic", keyLocation: keyLocation, node: ThemeNode(.scalar(.bool(true)), at: node.location)))
                    }
                } else {
                    fail("fontWeight is a number from 1 to 1000 or a weight name, not \(node.value.summary)")
                }
            case "letterSpacing":
                if let fraction = percentage(node) {
                    guard let fontSize else {
                        fail("a letterSpacing of \"\(node.value.string ?? "")\" is a share of the font size, and this typography has no fontSize")
                        continue
                    }
                    font.append(NodeMap.Entry(key: "letterSpacing", keyLocation: keyLocation, node: number(fraction * fontSize, at: node.location)))
                } else if let spacing = points(node) {
                    font.append(NodeMap.Entry(key: "letterSpacing", keyLocation: keyLocation, node: number(spacing, at: node.location)))
                } else if let (amount, unit) = Self.relativeDimension(node), unit == "em" {
                    // CSS's letter spacing in `em` is a multiple of the font's size, as Figma's
                    // and many systems' typography writes it.
                    guard let fontSize else {
                        fail("a letterSpacing in em is a multiple of the font size, and this typography has no fontSize")
                        continue
                    }
                    font.append(NodeMap.Entry(key: "letterSpacing", keyLocation: keyLocation, node: number(amount * fontSize, at: node.location)))
                } else {
                    fail(dimensionMessage(node))
                }
            case "lineHeight":
                if readsWrittenUnits, let text = node.value.string, ["auto", "normal"].contains(text.lowercased()) {
                    continue  // the font's own line height
                }
                // A number (in the older form and Tokens Studio's, also in a string: `"1.5"`,
                // `"150%"`) is the multiple; a length (Tokens Studio's `"24px"`, Apple HIG's
                // `{"value": 41, "unit": "px"}`) is divided by the size.
                let multiple = node.value.number ?? legacyNumber(node)
                if readsWrittenUnits, let pixels = multiple, pixels > Self.largestLineHeightMultiple, node.value.string?.hasSuffix("%") != true {
                    // Tokens Studio applies a bare number as Figma's line height in pixels, and
                    // writes one so (its `convertLineHeightToFigma`): above the largest multiple,
                    // it is divided by the size. Older-form files are read so too: most are the
                    // plugin's sets (Element's, listed in a resolver) or Figma's text styles.
                    guard let fontSize, fontSize > 0 else {
                        let reader = tokensStudio ? "Tokens Studio reads" : "older-form files (most are Tokens Studio's sets or Figma's styles) mean"
                        fail("a lineHeight of \(pixels.plainText) is pixels, as \(reader) a bare number above \(Self.largestLineHeightMultiple.plainText), and this typography has no fontSize to divide it by")
                        continue
                    }
                    font.append(NodeMap.Entry(key: "lineHeight", keyLocation: keyLocation, node: number(pixels / fontSize, at: node.location)))
                } else if let multiple, multiple > 0 {
                    if multiple > Self.largestLineHeightMultiple { Self.warnImplausibleMultiple(multiple, at: node.location, keyPath: keyPath().appending(key), diagnostics: &diagnostics) }
                    font.append(NodeMap.Entry(key: "lineHeight", keyLocation: keyLocation, node: number(multiple, at: node.location)))
                } else if multiple == nil, let length = lineHeight(ofLength: node, fontSize: fontSize) {
                    switch length {
                    case .multiple(let multiple):
                        font.append(NodeMap.Entry(key: "lineHeight", keyLocation: keyLocation, node: number(multiple, at: node.location)))
                    case .noMultiple(let reason):
                        fail(reason)
                    }
                } else {
                    fail("lineHeight is a number greater than 0 (a multiple of the font size\(readsWrittenUnits ? ", a percentage of it, pixels or AUTO" : ", or a length that is divided by it")), not \(node.value.summary)")
                }
            case "fontStyle":
                // CSS's property, which Terrazzo's typography and the Design Tokens Figma plugin's
                // text styles write beside DTCG's members (`"normal"`, `"italic"`, or a face's
                // name, `"Bold Italic"`): italic when it says so, upright otherwise.
                if let text = node.value.string {
                    let lowered = text.lowercased()
                    if !isItalic, lowered.contains("italic") || lowered.contains("oblique") {
                        isItalic = true
                        font.append(NodeMap.Entry(key: "italic", keyLocation: keyLocation, node: ThemeNode(.scalar(.bool(true)), at: node.location)))
                    }
                } else if !readsWrittenUnits {
                    fail("fontStyle is a string (\"normal\", \"italic\"), not \(node.value.summary)")
                }
            default:
                // Tokens Studio's typography has keys of its own (`paragraphSpacing`,
                // `paragraphIndent`, `textCase`, `textDecoration`), in either form of its files.
                if !readsWrittenUnits {
                    // A near miss of a member is a mistake to mend; any other key is a field of
                    // another platform's (Fluent's `WebkitFontSmoothing`), which a font has no
                    // use for.
                    let suggestion = Suggestion.phrase(for: key, among: Self.typographyMembers)
                    if suggestion.isEmpty {
                        if ignoredTypographyMembers.insert(key).inserted {
                            diagnostics.warning(.unknownKey, "\"\(key)\" is not a typography member (\(Self.typographyMembers.joined(separator: ", "))), ignored, "
                                                + "here and in every other typography that has it", at: keyLocation, keyPath: keyPath().appending(key))
                        }
                    } else {
                        fail("a typography value has fontFamily, fontSize, fontWeight, letterSpacing and lineHeight, not \"\(key)\"" + suggestion)
                    }
                } else if key == "textCase" || key == "textDecoration" || key == "fontStretch", let text = node.value.string,
                          !Self.unsetTypographyMembers.contains(text.lowercased()) {
                    let instead = switch key {
                    case "textCase": "a font has no case"
                    case "fontStretch": "a font has no width of its own: name the condensed or expanded family in fontFamily"
                    default: "a font has no decoration: give the level underline or strikethrough"
                    }
                    diagnostics.warning(.unknownKey, "the typography's \(key) \"\(text)\" is not kept: \(instead)", at: keyLocation, keyPath: keyPath().appending(key))
                }
            }
        }
        guard !failed else { return nil }
        return Entry(section: .fonts, name: name, value: ThemeNode(.map(NodeMap(distinctEntries: font)), at: value.location))
    }
}
