import Foundation

/// Reads the compiled form back into a ``Theme``, checking everything: the header, the length and
/// checksum of the payload, every count, reference and tag against the bytes that are there, and
/// that the result is a theme the loader could have made. Any failure is a diagnostic; nothing in
/// the bytes can make it crash, loop, or allocate more than the file's size.
struct CompiledThemeReader {
    private let bytes: UnsafeRawBufferPointer
    private let file: String
    private let directory: String
    private var position = 0
    private var strings: [String] = []
    private var blobs: [Data] = []
    private var styles: [String] = []
    /// The key lists of the sections read so far (as string references), each with its keys'
    /// positions: a section that lists the same keys in another style makes its dictionary from
    /// them, hashing no key again.
    private var sectionKeys: [(references: [Int], positions: [String: Int])] = []
    /// The file's format version: version 1 has no color spaces, no font extras and no
    /// shadows, borders or gradients.
    private var version: UInt32 = CompiledTheme.formatVersion
    /// How deep values may nest: the loader's ``Limits/maxDepth``, which bounds the values of
    /// the themes it loads from sources too (so a theme compiled under the same limits reads
    /// back), and the reader's recursion.
    private let maxDepth: Int

    init(bytes: UnsafeRawBufferPointer, file: String, directory: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.directory = directory
        self.maxDepth = maxDepth
    }

    mutating func decode() throws(ThemeloadError) -> Theme {
        let magic = CompiledTheme.magic
        guard bytes.count >= magic.count, zip(bytes.prefix(magic.count), magic).allSatisfy({ $0 == $1 }) else {
            throw damaged("it is not a compiled theme (it does not start with a compiled theme's signature)")
        }
        position = magic.count
        version = try uint32()
        guard version <= CompiledTheme.formatVersion, version >= 1 else {
            throw ThemeloadError(.unsupportedFormat, "the compiled theme has format \(version), newer than this library reads (\(CompiledTheme.formatVersion)); compile it with this version of themeload, or update Themeload", at: SourceLocation(file: file))
        }
        let length = Int(try uint32())
        let isXXHash64 = CompiledTheme.checksumIsXXHash64(formatVersion: version)
        let checksum = isXXHash64 ? try uint64() : UInt64(try uint32())
        guard bytes.count - position == length else {
            let whole = length + CompiledTheme.headerSize(formatVersion: version)
            throw damaged(bytes.count - position < length ? "it is cut short (\(bytes.count) bytes of \(whole))" : "it has \(bytes.count - position - length) bytes after its end")
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[position...])
        guard (isXXHash64 ? CompiledTheme.checksum(payload) : UInt64(CRC32.checksum(payload))) == checksum else {
            throw damaged("its checksum does not match its contents")
        }

        let stringCount = try count()
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            let size = Int(try uint32())
            guard size <= bytes.count - position else { throw damaged("a string runs past the end") }
            let slice = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + size)]).bindMemory(to: UInt8.self)
            // ASCII, which names and colors mostly are, is UTF-8 as it stands; other text is
            // checked in full.
            let text: String
            if Self.isASCII(slice) {
                text = String(decoding: slice, as: UTF8.self)
            } else {
                guard let valid = String(validating: slice, as: UTF8.self) else { throw damaged("a string is not valid UTF-8") }
                text = valid
            }
            strings.append(text)
            position += size
        }
        let blobCount = try count()
        for _ in 0..<blobCount {
            let size = Int(try uint32())
            guard size <= bytes.count - position else { throw damaged("an embedded image runs past the end") }
            blobs.append(Data(bytes[position..<(position + size)]))
            position += size
        }

        let name = try string()
        var remSize = DesignTokenOptions().remSize
        if version >= 6 {
            remSize = try double()
            guard remSize.isFinite, remSize > 0 else { throw damaged("its points of a rem are not a number greater than 0") }
        }
        styles = try list { reader throws(ThemeloadError) in try reader.string() }
        let levels = try list { reader throws(ThemeloadError) in try reader.string() }
        let properties = try list { reader throws(ThemeloadError) in try reader.string() }
        guard !styles.isEmpty, Set(styles).count == styles.count else { throw damaged("its styles are missing or repeated") }
        let index = LevelIndex(levels: levels, properties: properties)
        // The index keeps one ID a name: fewer IDs than names means a name is repeated.
        guard Array(levels.prefix(3)) == LevelInheritance.requiredLevels, index.levelIDs.count == levels.count, index.propertyIDs.count == properties.count
        else { throw damaged("its levels or properties are not those of a resolved theme") }
        var resolved: [ResolvedStyle] = []
        // Each section as the style before wrote it: a section whose bytes are the same again
        // (fonts, metrics and custom data mostly are) is that style's, not read again.
        var previousPalette: SectionRead<ThemeColor>?, previousFonts: SectionRead<ThemeFont>?, previousMetrics: SectionRead<ThemeValue>?
        var previousImages: SectionRead<ImageSet>?, previousCustom: SectionRead<ThemeValue>?
        // The font entries as values, each boxed once for every cell (and, while the fonts are
        // the same, every style) that refers to it.
        var fontValues: [ThemeValue] = []
        for style in styles {
            let palette = try section(after: &previousPalette) { reader throws(ThemeloadError) in try reader.color() }
            let fonts = try section(after: &previousFonts) { reader throws(ThemeloadError) in try reader.font() }
            let metrics = try section(after: &previousMetrics) { reader throws(ThemeloadError) in try reader.value(depth: 0) }
            guard metrics.byName.values.allSatisfy({ if case .integer = $0 { true } else if case .number = $0 { true } else { false } }) else {
                throw damaged("a metric is not a number")
            }
            let images = try section(after: &previousImages) { reader throws(ThemeloadError) in try reader.imageSet() }
            // A style sees the variants for no style and those of one style: its own or, through
            // style fallbacks, an earlier one's.
            guard images.byName.values.allSatisfy({ Set($0.variants.compactMap(\.style)).count <= 1 }) else {
                throw damaged("an image set of style \(style) lists the variants of more than one style")
            }
            if !fonts.isRepeated { fontValues = fonts.byPosition.map(ThemeValue.font) }
            var cells: [ThemeValue?] = []
            cells.reserveCapacity(min(levels.count * properties.count, bytes.count - position))
            for _ in 0..<(levels.count * properties.count) {
                cells.append(try cell(palette: palette.byPosition, fonts: fontValues))
            }
            let custom = try section(after: &previousCustom) { reader throws(ThemeloadError) in try reader.value(depth: 0) }
            resolved.append(ResolvedStyle(style: ThemeStyle(style), palette: palette.byName, fonts: fonts.byName, metrics: metrics.byName,
                                          images: images.byName, levels: LevelTable(index: index, cells: cells), custom: custom.byName))
        }
        let notes = version >= 7 ? try tokenNotes() : TokenNotes()
        guard position == bytes.count else { throw damaged("it has data after the theme") }
        return Theme(name: name, styles: styles.map { ThemeStyle($0) }, resolved: resolved, index: index, tokenNotes: notes, remSize: remSize)
    }

    /// Format 7's token notes (see the writer), each section's names distinct.
    private mutating func tokenNotes() throws(ThemeloadError) -> TokenNotes {
        var notes = TokenNotes()
        for section in TokenValueConverter.Section.allCases {
            let entries = try list { reader throws(ThemeloadError) in
                (name: try reader.string(),
                 note: TokenNote(description: try reader.optionalString(), deprecation: try reader.optionalString(), type: try reader.optionalString()))
            }
            notes.reserveCapacity(entries.count, in: section)
            for entry in entries {
                guard notes[section, entry.name] == nil else { throw damaged("a token note is given twice") }
                notes[section, entry.name] = entry.note
            }
        }
        return notes
    }

    // MARK: - Values

    /// A level cell: empty, a value, or (from format 4) a reference to an entry of the style's
    /// palette or fonts, given by position.
    private mutating func cell(palette: [ThemeColor], fonts: [ThemeValue]) throws(ThemeloadError) -> ThemeValue? {
        guard position < bytes.count else { throw cutShort() }
        switch bytes[position] {
        case CompiledValueTag.absent.rawValue:
            position += 1
            return nil
        case CompiledValueTag.paletteEntry.rawValue where version >= 4:
            position += 1
            return .color(palette[try entryPosition(count: palette.count)])
        case CompiledValueTag.fontEntry.rawValue where version >= 4:
            position += 1
            return fonts[try entryPosition(count: fonts.count)]
        default:
            return try value(depth: 0)
        }
    }

    /// The position of an entry that a level cell refers to, checked against its section's count.
    private mutating func entryPosition(count: Int) throws(ThemeloadError) -> Int {
        let entry = Int(try uint32())
        guard entry < count else { throw damaged("a level cell refers to an entry past the end of its section") }
        return entry
    }

    private mutating func value(depth: Int) throws(ThemeloadError) -> ThemeValue {
        guard depth <= maxDepth else {
            throw ThemeloadError(.limitExceeded, "the compiled theme's values nest deeper than the limit of \(maxDepth) (Limits.maxDepth); load it with the limits it was compiled under",
                                 at: SourceLocation(file: file))
        }
        guard let tag = CompiledValueTag(rawValue: try byte()) else { throw damaged("a value has an unknown tag") }
        if version < 2, [.shadow, .border, .gradient].contains(tag) { throw damaged("a format \(version) file holds a value of a later format") }
        switch tag {
        case .absent: throw damaged("a value is missing")
        case .paletteEntry, .fontEntry:
            // Read by cell(palette:fonts:) in a file that may hold them; anywhere else
            // they are damage.
            throw damaged(version < 4 ? "a format \(version) file holds a value of a later format" : "a value refers to a palette or font entry outside the level table")
        case .color: return .color(try color())
        case .font: return .font(try font())
        case .imageSet: return .imageSet(try imageSet())
        case .insets: return .insets(try insets())
        case .string: return .string(try string())
        case .integer: return .integer(Int64(bitPattern: try uint64()))
        case .number: return .number(try double())
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .list: return .list(try list { reader throws(ThemeloadError) in try reader.value(depth: depth + 1) })
        case .map: return .map(try entries { reader throws(ThemeloadError) in try reader.value(depth: depth + 1) })
        case .shadow:
            let layers = try list { reader throws(ThemeloadError) -> ThemeShadow.Layer in
                let color = try reader.color()
                let lengths = [try reader.double(), try reader.double(), try reader.double(), try reader.double()]
                let inset = try reader.byte()
                guard lengths.allSatisfy(\.isFinite), lengths[2] >= 0, inset <= 1 else { throw reader.damaged("a shadow is not valid") }
                return ThemeShadow.Layer(color: color, offsetX: lengths[0], offsetY: lengths[1], blur: lengths[2], spread: lengths[3], inset: inset == 1)
            }
            guard !layers.isEmpty else { throw damaged("a shadow has no layer") }
            return .shadow(ThemeShadow(layers: layers))
        case .border:
            let color = try color()
            let width = try double()
            guard width.isFinite, width >= 0 else { throw damaged("a border's width is not valid") }
            switch try byte() {
            case 0:
                let name = try string()
                guard ThemeBorder.styleNames.contains(name) else { throw damaged("a border's style is not valid") }
                return .border(ThemeBorder(color: color, width: width, style: .named(name)))
            case 1:
                let dashes = try list { reader throws(ThemeloadError) in try reader.double() }
                let lineCap = try string()
                guard !dashes.isEmpty, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }), ThemeBorder.lineCaps.contains(lineCap) else {
                    throw damaged("a border's dashes are not valid")
                }
                return .border(ThemeBorder(color: color, width: width, style: .dashes(dashes, lineCap: lineCap)))
            default:
                throw damaged("a border's style has an unknown kind")
            }
        case .gradient:
            let stops = try list { reader throws(ThemeloadError) -> ThemeGradient.Stop in
                let color = try reader.color()
                let position = try reader.double()
                guard (0...1).contains(position) else { throw reader.damaged("a gradient stop's position is outside 0...1") }
                return ThemeGradient.Stop(color: color, position: position)
            }
            guard !stops.isEmpty else { throw damaged("a gradient has no stop") }
            return .gradient(ThemeGradient(stops: stops))
        }
    }

    private mutating func color() throws(ThemeloadError) -> ThemeColor {
        // Four components and, from version 2, the color space: one check that they are all
        // there, then read in place (a theme holds thousands of colors).
        let size = version >= 2 ? 33 : 32
        guard size <= bytes.count - position else { throw cutShort() }
        let (red, green, blue, alpha) = (double(at: position), double(at: position + 8), double(at: position + 16), double(at: position + 24))
        guard (0...1).contains(red), (0...1).contains(green), (0...1).contains(blue), (0...1).contains(alpha) else { throw damaged("a color component is outside 0...1") }
        var space = ThemeColor.ColorSpace.sRGB
        if version >= 2 {
            switch bytes[position + 32] {
            case 0: break
            case 1: space = .displayP3
            default: throw damaged("a color has an unknown color space")
            }
        }
        position += size
        return ThemeColor(red: red, green: green, blue: blue, alpha: alpha, colorSpace: space)
    }

    private mutating func font() throws(ThemeloadError) -> ThemeFont {
        let (name, family, size) = (try optionalString(), try optionalString(), try double())
        let weights = ThemeFont.Weight.allCases
        let weight = Int(try byte())
        let italic = try byte()
        guard size > 0, size.isFinite, weight < weights.count, italic <= 1 else { throw damaged("a font is not valid") }
        var font = ThemeFont(name: name, family: family, size: size, weight: weights[weight], italic: italic == 1)
        guard version >= 2 else { return font }
        let extras = try byte()
        guard extras <= (version >= 5 ? 7 : 3) else { throw damaged("a font has unknown extras") }
        if extras & 1 != 0 {
            let lineHeight = try double()
            guard lineHeight > 0, lineHeight.isFinite else { throw damaged("a font's line height is not valid") }
            font.lineHeight = lineHeight
        }
        if extras & 2 != 0 {
            let spacing = try double()
            guard spacing.isFinite else { throw damaged("a font's letter spacing is not valid") }
            font.letterSpacing = spacing
        }
        if extras & 4 != 0 {
            let families = try list { reader throws(ThemeloadError) in try reader.string() }
            guard !families.isEmpty, !families.contains(where: \.isEmpty), font.family != nil else { throw damaged("a font's fallback families are not valid") }
            font.fallbackFamilies = families
        }
        return font
    }

    private mutating func insets() throws(ThemeloadError) -> ThemeInsets {
        let sides = (try double(), try double(), try double(), try double())
        guard [sides.0, sides.1, sides.2, sides.3].allSatisfy(\.isFinite) else { throw damaged("insets are not finite") }
        return ThemeInsets(top: sides.0, left: sides.1, bottom: sides.2, right: sides.3)
    }

    private mutating func imageSet() throws(ThemeloadError) -> ImageSet {
        let variants = try list { reader throws(ThemeloadError) -> ImageVariant in
            let file = try reader.string()
            let kind = CompiledImageKind(rawValue: try reader.byte())
            var path = "", data: Data?
            switch kind {
            case .file?:
                let relative = try reader.string()
                // By bytes (BundlePath): `"../\u{301}x"` is `..` and a name, as the file system reads it.
                guard relative.utf8.first != UInt8(ascii: "/"), !BundlePath.parts(of: relative).contains(where: { BundlePath.isParent($0) || BundlePath.isCurrent($0) }),
                      !relative.isEmpty else {
                    throw ThemeloadError(.assetOutsideBundle, "the compiled theme names the image \"\(relative)\", which is not a path inside its folder", at: SourceLocation(file: reader.file))
                }
                path = BundleLocator.join(reader.directory, relative)
            case .embedded?:
                let index = Int(try reader.uint32())
                guard index < reader.blobs.count else { throw reader.damaged("an image points past the image table") }
                (path, data) = (reader.file + "#" + file, reader.blobs[index])
            case nil:
                throw reader.damaged("an image variant has an unknown kind")
            }
            let scale = Int(try reader.byte())
            let idiom = Int(try reader.byte())
            let style = try reader.optionalString()
            guard (1...3).contains(scale), idiom <= Idiom.allCases.count, style.map(reader.styles.contains) ?? true else {
                throw reader.damaged("an image variant is not valid")
            }
            return ImageVariant(file: file, path: path, scale: scale, idiom: idiom == 0 ? nil : Idiom.allCases[idiom - 1],
                                style: style.map { ThemeStyle($0) }, data: data)
        }
        let renderingModes = ImageSet.RenderingMode.allCases, resizingModes = ImageSet.ResizingMode.allCases
        let renderingMode = Int(try byte())
        let hasCapInsets = try byte()
        let capInsets = hasCapInsets == 1 ? try insets() : nil
        let resizingMode = Int(try byte())
        guard !variants.isEmpty, renderingMode < renderingModes.count, hasCapInsets <= 1, resizingMode < resizingModes.count else {
            throw damaged("an image set is not valid")
        }
        return ImageSet(variants: variants, renderingMode: renderingModes[renderingMode], capInsets: capInsets, resizingMode: resizingModes[resizingMode])
    }

    // MARK: - Pieces

    /// A count of items that follow, each at least one byte, so a damaged count cannot ask for
    /// more than the file holds.
    private mutating func count() throws(ThemeloadError) -> Int {
        let value = Int(try uint32())
        guard value <= bytes.count - position else { throw damaged("a count runs past the end") }
        return value
    }

    private mutating func list<Element>(_ read: (inout Self) throws(ThemeloadError) -> Element) throws(ThemeloadError) -> [Element] {
        let count = try count()
        var items: [Element] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try read(&self)) }
        return items
    }

    /// A map.
    private mutating func entries<Value>(_ read: (inout Self) throws(ThemeloadError) -> Value) throws(ThemeloadError) -> [String: Value] {
        let count = try count()
        var map: [String: Value] = [:]
        map.reserveCapacity(count)
        for _ in 0..<count {
            let key = try string()
            guard map.updateValue(try read(&self), forKey: key) == nil else { throw damaged("a map holds the key \"\(key)\" twice") }
        }
        return map
    }

    /// A top-level section of a style as read: where its bytes are, its entries by name, and
    /// their values in the order written (where level cells refer to them).
    private struct SectionRead<Value> {
        var bytes: Range<Int>
        var byName: [String: Value]
        var byPosition: [Value]
        /// Whether the section's bytes are the previous style's, which it was taken from.
        var isRepeated = false
    }

    /// A top-level section of a style: the `previous` style's again when its bytes are the same
    /// (the same bytes read the same), else read; `previous` becomes it.
    private mutating func section<Value>(after previous: inout SectionRead<Value>?, _ read: (inout Self) throws(ThemeloadError) -> Value) throws(ThemeloadError) -> SectionRead<Value> {
        if var known = previous, known.bytes.count <= bytes.count - position,
           memcmp(bytes.baseAddress! + known.bytes.lowerBound, bytes.baseAddress! + position, known.bytes.count) == 0 {
            known.bytes = position..<(position + known.bytes.count)
            known.isRepeated = true
            position = known.bytes.upperBound
            previous = known
            return known
        }
        let start = position
        let (byName, byPosition) = try section(read)
        let read = SectionRead(bytes: start..<position, byName: byName, byPosition: byPosition)
        previous = read
        return read
    }

    /// A top-level section of one style, whose keys the other styles mostly list again: its
    /// entries by name, and their values in the order written (where level cells refer to them).
    private mutating func section<Value>(_ read: (inout Self) throws(ThemeloadError) -> Value) throws(ThemeloadError) -> (byName: [String: Value], byPosition: [Value]) {
        let count = try count()
        var references: [Int] = []
        var values: [Value] = []
        references.reserveCapacity(count)
        values.reserveCapacity(count)
        for _ in 0..<count {
            references.append(try stringIndex(try uint32()))
            values.append(try read(&self))
        }
        if let known = sectionKeys.first(where: { $0.references == references }) {
            return (known.positions.mapValues { values[$0] }, values)
        }
        var positions = [String: Int](minimumCapacity: count)
        for (position, reference) in references.enumerated() {
            let key = strings[reference]
            guard positions.updateValue(position, forKey: key) == nil else { throw damaged("a map holds the key \"\(key)\" twice") }
        }
        sectionKeys.append((references, positions))
        return (positions.mapValues { values[$0] }, values)
    }

    /// Whether every byte is below 0x80, read eight bytes at a step.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        var seen: UInt64 = 0
        while offset + 8 <= raw.count {
            seen |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < raw.count {
            seen |= UInt64(raw[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    @inline(__always)
    private mutating func string() throws(ThemeloadError) -> String {
        strings[try stringIndex(try uint32())]
    }

    @inline(__always)
    private mutating func optionalString() throws(ThemeloadError) -> String? {
        let reference = try uint32()
        if reference == CompiledValueTag.noString { return nil }
        return strings[try stringIndex(reference)]
    }

    /// A string reference checked against the string table.
    @inline(__always)
    private func stringIndex(_ reference: UInt32) throws(ThemeloadError) -> Int {
        guard Int(reference) < strings.count else { throw damaged("a string reference points past the string table") }
        return Int(reference)
    }

    @inline(__always)
    private mutating func double() throws(ThemeloadError) -> Double {
        Double(bitPattern: try uint64())
    }

    /// The `Double` at an offset already checked to hold eight bytes.
    @inline(__always)
    private func double(at offset: Int) -> Double {
        Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    @inline(__always)
    private mutating func byte() throws(ThemeloadError) -> UInt8 {
        guard position < bytes.count else { throw cutShort() }
        defer { position += 1 }
        return bytes[position]
    }

    @inline(__always)
    private mutating func uint32() throws(ThemeloadError) -> UInt32 {
        guard 4 <= bytes.count - position else { throw cutShort() }
        defer { position += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    @inline(__always)
    private mutating func uint64() throws(ThemeloadError) -> UInt64 {
        guard 8 <= bytes.count - position else { throw cutShort() }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    private func cutShort() -> ThemeloadError {
        damaged("it ends in the middle of a value")
    }

    private func damaged(_ reason: String) -> ThemeloadError {
        ThemeloadError(.syntax, "the compiled theme cannot be read: \(reason); compile it again with themeload compile", at: SourceLocation(file: file))
    }
}
