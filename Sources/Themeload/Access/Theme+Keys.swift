/// Reading typed keys: every read either gives the value or throws where it is asked for.
extension Theme {
    /// The value of a key in a style (an undeclared style reads as the fallback style).
    ///
    /// - Throws: ``ThemeLookupError`` when the theme lacks the key or holds it as another type.
    public func value<Value>(_ key: ThemeKey<Value>, style: ThemeStyle) throws(ThemeLookupError) -> Value {
        guard let value = rawValue(key.location, style: style) else { throw ThemeLookupError(missing(key)) }
        if let typed = key.extract(value) { return typed }
        // A custom entry holds data: it is read as a level property of the key's kind reads it.
        if case .custom(let name) = key.location, key.customKind != .untyped {
            let (read, problem) = customValue(value, as: key.customKind, name: name)
            if let read, let typed = key.extract(read) { return typed }
            throw ThemeLookupError(mistyped(key, value, problem: problem))
        }
        throw ThemeLookupError(mistyped(key, value))
    }

    /// A provider of a key's value in every style.
    ///
    /// - Throws: ``ThemeLookupError`` when the theme lacks the key in some style, or holds it as
    ///   another type.
    public func provider<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) -> ThemeProvider<Value> {
        var values: [Value] = []
        for style in styles { values.append(try value(key, style: style)) }
        return ThemeProvider(styles: styles, values: values)
    }

    /// Checks that every style has the key as its type.
    public func check<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) {
        for style in styles { _ = try value(key, style: style) }
    }

    /// The Dynamic Type style a level names in its `textStyle` property, if any.
    public func textStyle(level: String, style: ThemeStyle) -> TextStyle? {
        guard let row = levelID(level), let column = propertyID("textStyle"),
              let name = value(level: row, property: column, style: style)?.string else { return nil }
        return TextStyle(rawValue: name)
    }

    /// The value of a key for what the system reports, in `style`: a level font whose level names
    /// a Dynamic Type `textStyle` is scaled to the traits' preferred text size.
    public func value<Value>(_ key: ThemeKey<Value>, style: ThemeStyle, traits: SystemTraits) throws(ThemeLookupError) -> Value {
        let value = try value(key, style: style)
        guard key.scalesWithTextStyle, case .level(let level, _) = key.location, let font = value as? ThemeFont,
              let textStyle = textStyle(level: level, style: style),
              let scaled = font.scaled(as: textStyle, to: traits.contentSize) as? Value else { return value }
        return scaled
    }

    private func rawValue(_ location: ThemeKeyLocation, style: ThemeStyle) -> ThemeValue? {
        let resolved = resolved(style)
        switch location {
        case .level(let level, let property):
            guard let row = levelID(level), let column = propertyID(property) else { return nil }
            return resolved.levels[row, column]
        case .palette(let name): return resolved.palette[name].map(ThemeValue.color)
        case .font(let name): return resolved.fonts[name].map(ThemeValue.font)
        case .metric(let name): return resolved.metrics[name]
        case .image(let name): return resolved.images[name].map(ThemeValue.imageSet)
        case .custom(let name): return resolved.custom[name]
        }
    }

    /// A custom entry's data read as `kind` (``read(customData:named:as:diagnostics:)``), or the
    /// first problem found.
    private func customValue(_ value: ThemeValue, as kind: PropertyKind, name: String) -> (read: ThemeValue?, problem: Diagnostic?) {
        var diagnostics = DiagnosticCollector()
        let read = self.read(customData: value, named: name, as: kind, diagnostics: &diagnostics)
        if let read, !diagnostics.hasErrors { return (read, nil) }
        return (nil, diagnostics.diagnostics.first { $0.severity == .error })
    }

    private func missing(_ key: ThemeKey<some Sendable>) -> Diagnostic {
        let path = DocumentPath(key.description.split(separator: ".").map { .key(String($0)) })
        let first = resolved(fallbackStyle)
        func entry(_ section: String, _ name: String, among names: some Sequence<String>) -> Diagnostic {
            Diagnostic(.unknownKey, "the theme \"\(self.name)\" has no \(section) \"\(name)\"" + Suggestion.phrase(for: name, among: names), keyPath: path)
        }
        switch key.location {
        case .level(let level, let property):
            guard levelID(level) != nil else {
                return Diagnostic(.unknownLevel, "the theme \"\(name)\" has no level \"\(level)\"" + Suggestion.phrase(for: level, among: levels), keyPath: path)
            }
            let present = first.levels.row(level).keys
            return Diagnostic(.unknownKey, "the level \"\(level)\" of theme \"\(name)\" has no property \"\(property)\"" + Suggestion.phrase(for: property, among: present), keyPath: path)
        case .palette(let entryName): return entry("palette color", entryName, among: first.palette.keys)
        case .font(let entryName): return entry("font", entryName, among: first.fonts.keys)
        case .metric(let entryName): return entry("metric", entryName, among: first.metrics.keys)
        case .image(let entryName): return entry("image", entryName, among: first.images.keys)
        case .custom(let entryName): return entry("custom entry", entryName, among: first.custom.keys)
        }
    }

    /// `problem`: what reading a custom entry's data as the key's kind found.
    private func mistyped(_ key: ThemeKey<some Sendable>, _ value: ThemeValue, problem: Diagnostic? = nil) -> Diagnostic {
        let why = problem.map { ": \($0.message)" } ?? ""
        return Diagnostic(.type, "\(key.description) of theme \"\(name)\" is \(value.kindDescription), not \(key.kind)\(why)",
                          keyPath: DocumentPath(key.description.split(separator: ".").map { .key(String($0)) }))
    }
}
