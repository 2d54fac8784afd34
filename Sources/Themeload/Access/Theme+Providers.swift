/// Providers and typed reads of a theme's values.
extension Theme {
    /// A provider of any level property, or `nil` if the level has no such property. Apps read an
    /// untyped property through ``ThemeKey/level(_:_:)`` and ``provider(_:)``, which say what is missing.
    package func provider(level: String, property: String) -> ThemeProvider<ThemeValue>? {
        guard let row = levelID(level), let column = propertyID(property) else { return nil }
        var values: [ThemeValue] = []
        for resolved in storage.resolved {
            guard let value = resolved.levels[row, column] else { return nil }
            values.append(value)
        }
        return ThemeProvider(styles: styles, values: values)
    }

    /// A provider of a level's color property (`textColor` by default), or `nil` if it has none.
    public func colorProvider(level: String, property: String = "textColor") -> ThemeProvider<ThemeColor>? {
        typed(level: level, property: property, \.color)
    }

    /// A provider of a level's font property (`font` by default), or `nil` if it has none.
    public func fontProvider(level: String, property: String = "font") -> ThemeProvider<ThemeFont>? {
        typed(level: level, property: property, \.font)
    }

    /// A provider of a level's image property (`image` by default), or `nil` if it has none.
    public func imageProvider(level: String, property: String = "image") -> ThemeProvider<ImageSet>? {
        typed(level: level, property: property, \.imageSet)
    }

    /// A provider of a level's insets property (`insets` by default), or `nil` if it has none.
    public func insetsProvider(level: String, property: String = "insets") -> ThemeProvider<ThemeInsets>? {
        typed(level: level, property: property, \.insets)
    }

    /// A provider of a palette color, or `nil` if the palette has no such entry.
    public func paletteProvider(_ name: String) -> ThemeProvider<ThemeColor>? {
        section { $0.palette[name] }
    }

    /// A provider of a named font, or `nil` if there is none.
    public func fontProvider(named name: String) -> ThemeProvider<ThemeFont>? {
        section { $0.fonts[name] }
    }

    /// A provider of a metric as a `Double`, or `nil` if there is none.
    public func metricProvider(_ name: String) -> ThemeProvider<Double>? {
        section { $0.metrics[name]?.number }
    }

    /// A provider of a named image set, or `nil` if there is none.
    public func imageProvider(named name: String) -> ThemeProvider<ImageSet>? {
        section { $0.images[name] }
    }

    /// A level's properties in one style, with typed access to the well-known ones; `nil` if the
    /// theme has no such level.
    public func level(_ name: String, style: ThemeStyle) -> LevelStyle? {
        guard levelID(name) != nil else { return nil }
        let resolved = resolved(style)
        return LevelStyle(name: name, style: resolved.style, properties: resolved.levels.row(name))
    }

    private func typed<Value>(level: String, property: String, _ extract: (ThemeValue) -> Value?) -> ThemeProvider<Value>? {
        guard let provider = provider(level: level, property: property) else { return nil }
        var values: [Value] = []
        for style in styles {
            guard let value = extract(provider(style)) else { return nil }
            values.append(value)
        }
        return ThemeProvider(styles: styles, values: values)
    }

    private func section<Value>(_ read: (ResolvedStyle) -> Value?) -> ThemeProvider<Value>? {
        var values: [Value] = []
        for resolved in storage.resolved {
            guard let value = read(resolved) else { return nil }
            values.append(value)
        }
        return ThemeProvider(styles: styles, values: values)
    }
}
