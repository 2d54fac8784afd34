/// A theme written as W3C DTCG 2025.10 design tokens (docs/SPEC.md, section 11, "Design-token
/// export"): `base.tokens.json` holds every token with one value in all styles, a
/// `STYLE.tokens.json` per style holds the rest, and `NAME.resolver.json` puts them together,
/// its `theme` modifier holding the styles in order. Reading the resolver back gives the same
/// palette, fonts, metrics and typed custom entries in every style.
///
/// A palette entry is a `color` token, a font a `typography` token (its `name` and `italic`,
/// which DTCG typography lacks, in the `org.themeload` extension), a metric a `dimension` in
/// `px` (a `number` for the names CSS writes unitless, and the type it was read as for a metric
/// from a token file), and a custom entry that came from a typed token that token again. A
/// name's dots make groups (`color.brand.primary`); a name that is also a group's prefix is
/// that group's `$root`. A name an earlier section has too (palette, fonts, metrics, custom)
/// goes into a group named after its section (`fonts.price`), its `org.themeload` extension
/// naming the entry (``TokenCollector/entryNameKey``). Levels and untyped custom data are not
/// tokens and are left out.
package struct DesignTokenExport {
    /// Two entries that would be one token (a name two sections have, whose later entry's
    /// moved place is taken too), or a name a token cannot have.
    package struct Conflict: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// The extension key under which Themeload keeps what DTCG has no property for.
    package static let extensionKey = "org.themeload"

    /// The files to write, by name, in the order to list them.
    package private(set) var files: [(name: String, json: JSONValue)] = []
    /// Custom entries left out because no token type is known for them.
    package private(set) var skipped: [String] = []

    /// The export of `theme`, whose resolver document is named after `fileStem`.
    package init(_ theme: Theme, fileStem: String) throws(Conflict) {
        let styles = theme.styles
        // Every token's JSON per style, by its dotted path.
        var order: [String] = []
        var perStyle: [String: [JSONValue]] = [:]
        var sections: [String: String] = [:]
        func add(_ name: String, section: String, _ values: [JSONValue]) throws(Conflict) {
            var path = name, values = values
            if let other = sections[name] {
                // A name two sections have (a color and a font `title`): the later section's
                // token goes into a group named after that section, and says which entry it is.
                let moved = "\(section).\(name)"
                if let third = sections[moved] {
                    throw Conflict(message: "\(other).\(name) and \(section).\(name) would both be the token \(name), and \(third).\(moved) is the token \(moved) the second would move to; rename one of them")
                }
                path = moved
                values = values.map { Self.naming($0, entry: name) }
            }
            let names = path.split(separator: ".", omittingEmptySubsequences: false)
            if names.contains(where: { $0.isEmpty || $0.hasPrefix("$") || $0.contains("{") || $0.contains("}") }) {
                throw Conflict(message: "\(section).\(name) cannot be a token name: its parts may not be empty, start with $ or hold { or }")
            }
            sections[path] = section
            order.append(path)
            perStyle[path] = values
        }
        // A loaded theme has every entry in every style; a style without one (a hand-made
        // compiled file) gets the fallback style's.
        let resolved = styles.map(theme.resolved)
        let first = resolved[0]
        for name in first.palette.keys.sorted() {
            let value = first.palette[name]!
            try add(name, section: "palette", resolved.map { Self.token("color", Self.color($0.palette[name] ?? value), note: theme.tokenNotes[.palette, name]) })
        }
        for name in first.fonts.keys.sorted() {
            let value = first.fonts[name]!
            try add(name, section: "fonts", resolved.map { Self.typography($0.fonts[name] ?? value, note: theme.tokenNotes[.fonts, name]) })
        }
        for name in first.metrics.keys.sorted() {
            let note = theme.tokenNotes[.metrics, name]
            let value = first.metrics[name]!
            try add(name, section: "metrics", resolved.map { Self.metric($0.metrics[name] ?? value, name: name, note: note) })
        }
        var skipped: [String] = []
        for name in first.custom.keys.sorted() {
            guard let note = theme.tokenNotes[.custom, name], let type = note.type else {
                skipped.append(name)
                continue
            }
            let value = first.custom[name]!
            try add(name, section: "custom", resolved.map { Self.token(type, Theme.json($0.custom[name] ?? value), note: note) })
        }
        self.skipped = skipped

        // A name that is a group's prefix in any file is that group's `$root` in every file: one
        // that differs between styles goes to the styles' files, the names under it may go to
        // base, and a token there would replace the group base gives when the resolver merges
        // them (Figma SDS's `color.text.disabled`, and its `on-disabled` under it, lost so).
        var prefixes: Set<String> = []
        for path in order {
            var prefix = ""
            for name in path.split(separator: ".").dropLast() {
                prefix += prefix.isEmpty ? name : "." + name
                prefixes.insert(prefix)
            }
        }
        var base = TokenGroup()
        var byStyle = Array(repeating: TokenGroup(), count: styles.count)
        for path in order {
            let values = perStyle[path]!
            let names = path.split(separator: ".").map(String.init) + (prefixes.contains(path) ? ["$root"] : [])
            // The file's map, a group for each name but the last, then the token: a file a
            // loader refuses unread is no export (a name of seventy dots is a fine theme entry).
            let nesting = names.count + (values.map(Self.nesting).max() ?? 0)
            if nesting > Limits.default.maxDepth {
                throw Conflict(message: "\(sections[path]!).\(path) would nest \(nesting) deep in its token file, deeper than the \(Limits.default.maxDepth) a loader reads "
                               + "(Limits.maxDepth): give it a name of fewer parts")
            }
            if values.allSatisfy({ $0 == values[0] }) {
                base.insert(values[0], at: names)
            } else {
                for index in styles.indices { byStyle[index].insert(values[index], at: names) }
            }
        }
        files.append((Self.baseFile, base.json))
        let styleFiles = Self.styleFileNames(styles.map(\.rawValue))
        for index in styles.indices {
            files.append((styleFiles[index], byStyle[index].json))
        }
        let contexts = styles.indices.map { (styles[$0].rawValue, JSONValue.array([.object([("$ref", .string(styleFiles[$0]))])])) }
        var modifier: [(String, JSONValue)] = [("contexts", .object(contexts)), ("default", .string(styles[0].rawValue))]
        if styles.count == 1 {
            // A modifier has two or more contexts; a theme with one style needs none.
            modifier = []
        }
        var resolver: [(String, JSONValue)] = [
            ("$schema", .string("https://www.designtokens.org/schemas/2025.10/resolver.json")),
            ("version", .string(TokenResolverDocument.version)),
            ("name", .string(theme.name)),
            ("sets", .object([("base", .object([("sources", .array([.object([("$ref", .string(Self.baseFile))])]))]))])),
        ]
        var resolutionOrder: [JSONValue] = [.object([("$ref", .string("#/sets/base"))])]
        if !modifier.isEmpty {
            resolver.append(("modifiers", .object([("theme", .object(modifier))])))
            resolutionOrder.append(.object([("$ref", .string("#/modifiers/theme"))]))
        } else {
            files.removeLast()  // the one style's file would be empty
            resolver.append(("$extensions", .object([(Self.extensionKey, .object([("styles", .array([.string(styles[0].rawValue)]))]))])))
        }
        resolver.append(("resolutionOrder", .array(resolutionOrder)))
        files.insert(("\(fileStem).resolver.json", .object(resolver)), at: 0)
    }

    /// How many objects and arrays nest in a value, itself included.
    private static func nesting(_ value: JSONValue) -> Int {
        switch value {
        case .object(let members): 1 + (members.map { nesting($0.1) }.max() ?? 0)
        case .array(let items): 1 + (items.map(nesting).max() ?? 0)
        case .string, .number, .bool, .null: 0
        }
    }

    /// A token: type, value, what its note says, and Themeload's extension entry.
    private static func token(_ type: String, _ value: JSONValue, note: TokenNote?, extensions: JSONValue? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("$type", .string(type)), ("$value", value)]
        if let description = note?.description { members.append(("$description", .string(description))) }
        if let reason = note?.deprecation { members.append(("$deprecated", reason.isEmpty ? .bool(true) : .string(reason))) }
        if let extensions { members.append(("$extensions", .object([(extensionKey, extensions)]))) }
        return .object(members)
    }

    /// The file of the tokens alike in every style.
    static let baseFile = "base.tokens.json"

    /// Each style's file, in the folder the export is written to: `STYLE.tokens.json` where the
    /// style's name makes a plain file name. A style's name is any text, and the tool writes
    /// each file into the folder it is given, so a character other than a letter, a digit, `-`,
    /// `_` or an inner `.` becomes `-` (a style `../up` wrote outside that folder, and `a/b`
    /// into a folder `a`), the name is cut at 64 code points and at most 160 bytes (so that the
    /// file's name, with a place and the suffix, stays within the 255 bytes file systems allow),
    /// and a name another file has already, in any case (`base` is the shared file's; `Dark`
    /// and `dark` are one file where the file system ignores case), gets the style's place in
    /// the list (`base-2.tokens.json` for a second style `base`). The resolver's contexts name
    /// the files, so nothing reads a style from its file's name. Code points, not characters:
    /// a `.` with a combining mark after it still starts a hidden file's name.
    static func styleFileNames(_ styles: [String]) -> [String] {
        var taken: Set<String> = [String(baseFile.dropLast(fileSuffix.count)).lowercased()]
        return styles.enumerated().map { index, style in
            var scalars = String.UnicodeScalarView(), count = 0, bytes = 0
            for scalar in style.unicodeScalars {
                let kept: Unicode.Scalar = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "." ? scalar : "-"
                let width = UTF8.width(kept)
                guard count < 64, bytes + width <= 160 else { break }
                scalars.append(kept)
                (count, bytes) = (count + 1, bytes + width)
            }
            let dots = scalars.prefix { $0 == "." }.count
            var stem = String(repeating: "-", count: dots) + String(String.UnicodeScalarView(scalars.dropFirst(dots)))
            if stem.isEmpty || taken.contains(stem.lowercased()) {
                var place = index + 1
                while taken.contains("\(stem)-\(place)".lowercased()) { place += styles.count }
                stem += "-\(place)"
            }
            taken.insert(stem.lowercased())
            return stem + fileSuffix
        }
    }

    private static let fileSuffix = ".tokens.json"

    /// A token with Themeload's extension naming the theme entry it is, where its path does not
    /// (``TokenCollector/entryNameKey``).
    private static func naming(_ token: JSONValue, entry name: String) -> JSONValue {
        guard case .object(var members) = token else { return token }
        let entry = (TokenCollector.entryNameKey, JSONValue.string(name))
        if let position = members.firstIndex(where: { $0.0 == "$extensions" }), case .object(var extensions) = members[position].1,
           let own = extensions.firstIndex(where: { $0.0 == extensionKey }), case .object(let fields) = extensions[own].1 {
            extensions[own].1 = .object(fields + [entry])
            members[position].1 = .object(extensions)
        } else {
            members.append(("$extensions", .object([(extensionKey, .object([entry]))])))
        }
        return .object(members)
    }

    /// A color object in its color space, with its `#rrggbb` fallback (in sRGB).
    static func color(_ color: ThemeColor) -> JSONValue {
        .object([
            ("colorSpace", .string(color.colorSpace.rawValue)),
            ("components", .array([color.red, color.green, color.blue].map(JSONValue.float))),
            ("alpha", .float(color.alpha)),
            ("hex", .string(String(color.hex.prefix(7)).lowercased())),
        ])
    }

    private static func dimension(_ points: Double) -> JSONValue {
        .object([("value", .float(points)), ("unit", .string("px"))])
    }

    private static func typography(_ font: ThemeFont, note: TokenNote?) -> JSONValue {
        // A fallback list as DTCG's list of names; one family as its name.
        let family: JSONValue = if let first = font.family, !font.fallbackFamilies.isEmpty {
            .array(([first] + font.fallbackFamilies).map(JSONValue.string))
        } else {
            .string(font.family ?? font.name ?? "system-ui")
        }
        var value: [(String, JSONValue)] = [
            ("fontFamily", family),
            ("fontSize", dimension(font.size)),
            ("fontWeight", .integer(font.weight.numericValue)),
        ]
        if let spacing = font.letterSpacing { value.append(("letterSpacing", dimension(spacing))) }
        if let lineHeight = font.lineHeight { value.append(("lineHeight", .float(lineHeight))) }
        // DTCG typography has no PostScript name and no style: the font's name, family and
        // italic stay exact in the extension.
        let extensions = JSONValue.object([
            ("name", font.name.map(JSONValue.string) ?? .null), ("family", font.family.map(JSONValue.string) ?? .null), ("italic", .bool(font.italic)),
        ])
        return token("typography", .object(value), note: note, extensions: extensions)
    }

    private static func metric(_ value: ThemeValue, name: String, note: TokenNote?) -> JSONValue {
        let number = value.number ?? 0
        let json: JSONValue = if case .integer(let integer) = value { .integer(integer) } else { .float(number) }
        switch note?.type {
        case "duration": return token("duration", .object([("value", json), ("unit", .string("s"))]), note: note)
        case "fontWeight": return token("fontWeight", json, note: note)
        case "number": return token("number", json, note: note)
        case "dimension": return token("dimension", .object([("value", json), ("unit", .string("px"))]), note: note)
        default:
            return MetricUnits.isUnitless(name) ? token("number", json, note: note)
                : token("dimension", .object([("value", json), ("unit", .string("px"))]), note: note)
        }
    }
}

/// A group of tokens being built from dotted paths: a path that is both a token and a group's
/// prefix becomes that group's `$root`.
private struct TokenGroup {
    var token: JSONValue?
    var children: [(name: String, group: TokenGroup)] = []

    mutating func insert(_ value: JSONValue, at names: [String]) {
        guard let first = names.first else {
            token = value
            return
        }
        if let index = children.firstIndex(where: { $0.name == first }) {
            children[index].group.insert(value, at: Array(names.dropFirst()))
        } else {
            var child = TokenGroup()
            child.insert(value, at: Array(names.dropFirst()))
            children.append((first, child))
        }
    }

    var json: JSONValue {
        if let token, children.isEmpty { return token }
        var members: [(String, JSONValue)] = []
        if let token { members.append(("$root", token)) }
        members += children.map { ($0.name, $0.group.json) }
        return .object(members)
    }
}
