import Foundation

/// Writes a ``Theme`` in the compiled form (docs/SPEC.md section 12): a header, a table of every
/// string, then the theme's data referring to strings by their position in the table. Maps are
/// written sorted by key, so the same theme always gives the same bytes.
struct CompiledThemeWriter {
    let images: CompiledTheme.ImageStorage
    private var strings: [String] = []
    private var blobs: [Data] = []
    /// Each string's position in ``strings``, and each image file's in ``blobs``, by their bytes:
    /// a string equal to an earlier one only as Swift compares (`é` precomposed, `e` and a
    /// combining acute) is written again, so it reads back as it was written.
    private var blobIndex: [UTF8Key: UInt32] = [:]
    private var stringIndex: [UTF8Key: UInt32] = [:]
    private var body: [UInt8] = []
    /// Whether a font has fallback families, which only format 5 holds: a theme without them is
    /// written in format 4, for apps whose library reads no newer.
    private var usesFallbackFamilies = false

    /// Whether the theme's token notes (what its design tokens said of themselves: types,
    /// descriptions, deprecations) are written, in format 7, for exports that read them. An app
    /// never does: the remote publisher leaves them out, so that apps on older readers read
    /// what it publishes.
    let keepsTokenNotes: Bool

    init(images: CompiledTheme.ImageStorage, keepingTokenNotes: Bool) {
        self.images = images
        keepsTokenNotes = keepingTokenNotes
    }

    mutating func encode(_ theme: Theme) -> Data {
        string(theme.name)
        // A `rem` a loader cannot use is not kept: it reads as 16 points.
        let standardRemSize = DesignTokenOptions().remSize
        let remSize = theme.remSize.isFinite && theme.remSize > 0 ? theme.remSize : standardRemSize
        let writesNotes = keepsTokenNotes && !theme.tokenNotes.isEmpty
        // Formats 6 and 7 have a rem: one other than 16 points is written in format 6, and a
        // theme with notes (format 7) has its rem written whatever it is.
        let keepsRemSize = writesNotes || remSize != standardRemSize
        if keepsRemSize { Self.append(remSize.bitPattern, to: &body) }
        list(theme.styles) { $0.string($1.rawValue) }
        list(theme.levels) { $0.string($1) }
        list(theme.properties) { $0.string($1) }
        for style in theme.styles {
            let resolved = theme.resolved(style)
            let palette = entries(resolved.palette, recordingPositions: true) { $0.color($1) }
            let fonts = entries(resolved.fonts, recordingPositions: true) { $0.font($1) }
            entries(resolved.metrics) { $0.value($1) }
            entries(resolved.images) { $0.imageSet($1) }
            for cell in resolved.levels.cells {
                if let cell { self.cell(cell, palette: palette, fonts: fonts) } else { byte(CompiledValueTag.absent.rawValue) }
            }
            entries(resolved.custom) { $0.value($1) }
        }
        if writesNotes { tokenNotes(theme.tokenNotes) }

        var table: [UInt8] = []
        Self.append(UInt32(strings.count), to: &table)
        for text in strings {
            Self.append(UInt32(text.utf8.count), to: &table)
            table.append(contentsOf: text.utf8)
        }
        Self.append(UInt32(blobs.count), to: &table)
        for blob in blobs {
            Self.append(UInt32(blob.count), to: &table)
            table.append(contentsOf: blob)
        }
        let payload = table + body
        var file = CompiledTheme.magic
        let version = writesNotes ? CompiledTheme.formatVersion
            : keepsRemSize ? CompiledTheme.formatVersionWithoutTokenNotes
            : usesFallbackFamilies ? CompiledTheme.formatVersionWithoutRemSize : CompiledTheme.formatVersionWithoutFallbackFamilies
        Self.append(version, to: &file)
        Self.append(UInt32(payload.count), to: &file)
        Self.append(payload.withUnsafeBytes { CompiledTheme.checksum($0) }, to: &file)
        file += payload
        return Data(file)
    }

    /// Format 7's token notes, section by section (palette, fonts, metrics, custom): a count,
    /// then each note by entry name, sorted: the name, then its description, deprecation and
    /// type, each a string or none.
    private mutating func tokenNotes(_ notes: TokenNotes) {
        for section in TokenValueConverter.Section.allCases {
            list(notes.sortedNotes(in: section)) { writer, entry in
                writer.string(entry.name)
                writer.optionalString(entry.note.description)
                writer.optionalString(entry.note.deprecation)
                writer.optionalString(entry.note.type)
            }
        }
    }

    // MARK: - Values

    /// A level cell: a color or font written exactly as an entry of the style's `palette` or
    /// `fonts` was is a reference to that entry (format 4), the rest written whole.
    /// Levels mostly take their colors and fonts from those sections, so a theme's level table
    /// is mostly references, read without reading or boxing the value again.
    private mutating func cell(_ value: ThemeValue, palette: EntryPositions, fonts: EntryPositions) {
        let start = body.count
        self.value(value)
        let (tag, positions): (CompiledValueTag, EntryPositions)
        switch value {
        case .color: (tag, positions) = (.paletteEntry, palette)
        case .font: (tag, positions) = (.fontEntry, fonts)
        default: return
        }
        // The value's bytes after its tag, as the entry's were written.
        guard let position = positions[Array(body[(start + 1)...])] else { return }
        body.removeSubrange(start...)
        byte(tag.rawValue)
        Self.append(position, to: &body)
    }

    private mutating func value(_ value: ThemeValue) {
        switch value {
        case .color(let color):
            byte(CompiledValueTag.color.rawValue)
            self.color(color)
        case .font(let font):
            byte(CompiledValueTag.font.rawValue)
            self.font(font)
        case .imageSet(let set):
            byte(CompiledValueTag.imageSet.rawValue)
            imageSet(set)
        case .insets(let insets):
            byte(CompiledValueTag.insets.rawValue)
            self.insets(insets)
        case .string(let text):
            byte(CompiledValueTag.string.rawValue)
            string(text)
        case .integer(let number):
            byte(CompiledValueTag.integer.rawValue)
            Self.append(UInt64(bitPattern: number), to: &body)
        case .number(let number):
            byte(CompiledValueTag.number.rawValue)
            double(number)
        case .bool(let flag):
            byte((flag ? CompiledValueTag.true : .false).rawValue)
        case .list(let items):
            byte(CompiledValueTag.list.rawValue)
            list(items) { $0.value($1) }
        case .map(let map):
            byte(CompiledValueTag.map.rawValue)
            entries(map) { $0.value($1) }
        case .shadow(let shadow):
            byte(CompiledValueTag.shadow.rawValue)
            list(shadow.layers) { writer, layer in
                writer.color(layer.color)
                for length in [layer.offsetX, layer.offsetY, layer.blur, layer.spread] { writer.double(length) }
                writer.byte(layer.inset ? 1 : 0)
            }
        case .border(let border):
            byte(CompiledValueTag.border.rawValue)
            color(border.color)
            double(border.width)
            switch border.style {
            case .named(let name):
                byte(0)
                string(name)
            case .dashes(let dashes, let lineCap):
                byte(1)
                list(dashes) { $0.double($1) }
                string(lineCap)
            }
        case .gradient(let gradient):
            byte(CompiledValueTag.gradient.rawValue)
            list(gradient.stops) { writer, stop in
                writer.color(stop.color)
                writer.double(stop.position)
            }
        }
    }

    /// Four components, then (from format 2) the color space: 0 for sRGB, 1 for Display P3.
    private mutating func color(_ color: ThemeColor) {
        for component in [color.red, color.green, color.blue, color.alpha] { double(component) }
        byte(color.colorSpace == .sRGB ? 0 : 1)
    }

    /// Name, family, size, weight and italic, then (from format 2) a byte of flags for the
    /// line height (1), letter spacing (2) and (from format 5) fallback families (4) that follow
    /// when present, in that order.
    private mutating func font(_ font: ThemeFont) {
        optionalString(font.name)
        optionalString(font.family)
        double(font.size)
        byte(UInt8(ThemeFont.Weight.allCases.firstIndex(of: font.weight) ?? 3))
        byte(font.italic ? 1 : 0)
        byte((font.lineHeight == nil ? 0 : 1) | (font.letterSpacing == nil ? 0 : 2) | (font.fallbackFamilies.isEmpty ? 0 : 4))
        if let lineHeight = font.lineHeight { double(lineHeight) }
        if let letterSpacing = font.letterSpacing { double(letterSpacing) }
        if !font.fallbackFamilies.isEmpty {
            list(font.fallbackFamilies) { $0.string($1) }
            usesFallbackFamilies = true
        }
    }

    private mutating func insets(_ insets: ThemeInsets) {
        for side in [insets.top, insets.left, insets.bottom, insets.right] { double(side) }
    }

    private mutating func imageSet(_ set: ImageSet) {
        list(set.variants) { writer, variant in
            writer.string(variant.file)
            switch writer.images {
            case .files(let relativePath):
                writer.byte(CompiledImageKind.file.rawValue)
                writer.string(relativePath(variant))
            case .embedded(let contents):
                writer.byte(CompiledImageKind.embedded.rawValue)
                writer.blob(for: variant, contents)
            }
            writer.byte(UInt8(clamping: variant.scale))
            writer.byte(variant.idiom.flatMap { Idiom.allCases.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0)
            writer.optionalString(variant.style?.rawValue)
        }
        byte(UInt8(ImageSet.RenderingMode.allCases.firstIndex(of: set.renderingMode) ?? 0))
        if let capInsets = set.capInsets {
            byte(1)
            insets(capInsets)
        } else {
            byte(0)
        }
        byte(UInt8(ImageSet.ResizingMode.allCases.firstIndex(of: set.resizingMode) ?? 1))
    }

    // MARK: - Pieces

    /// Where each distinct value of a section was written first: its bytes, and its position
    /// among the section's entries (sorted by key, as written).
    private typealias EntryPositions = [[UInt8]: UInt32]

    /// A map, sorted by key; with `recordingPositions` (the palette and fonts, which level cells
    /// refer to), where each distinct value was written first.
    @discardableResult
    private mutating func entries<Value>(_ map: [String: Value], recordingPositions: Bool = false, _ write: (inout Self, Value) -> Void) -> EntryPositions {
        var positions: EntryPositions = [:]
        Self.append(UInt32(map.count), to: &body)
        for (position, key) in map.keys.sorted().enumerated() {
            string(key)
            let start = body.count
            if let value = map[key] { write(&self, value) }
            guard recordingPositions else { continue }
            let bytes = Array(body[start...])
            if positions[bytes] == nil { positions[bytes] = UInt32(position) }
        }
        return positions
    }

    private mutating func list<Element>(_ items: [Element], _ write: (inout Self, Element) -> Void) {
        Self.append(UInt32(items.count), to: &body)
        for item in items { write(&self, item) }
    }

    private mutating func string(_ text: String) {
        let key = UTF8Key(text)
        if let index = stringIndex[key] {
            Self.append(index, to: &body)
            return
        }
        let index = UInt32(strings.count)
        strings.append(text)
        stringIndex[key] = index
        Self.append(index, to: &body)
    }

    /// The position of a variant's bytes in the image table, added once per file.
    private mutating func blob(for variant: ImageVariant, _ contents: (ImageVariant) -> Data) {
        let key = UTF8Key(variant.path)
        if let index = blobIndex[key] {
            Self.append(index, to: &body)
            return
        }
        let index = UInt32(blobs.count)
        blobs.append(contents(variant))
        blobIndex[key] = index
        Self.append(index, to: &body)
    }

    private mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { Self.append(CompiledValueTag.noString, to: &body) }
    }

    private mutating func double(_ value: Double) {
        Self.append(value.bitPattern, to: &body)
    }

    private mutating func byte(_ value: UInt8) {
        body.append(value)
    }

    static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// Where a compiled image variant's bytes are: a file beside the compiled file, or the image table.
enum CompiledImageKind: UInt8 {
    case file = 0, embedded = 1
}

/// The tag byte before each value of a compiled theme.
enum CompiledValueTag: UInt8 {
    case absent = 0, color, font, imageSet, insets, string, integer, number, `false`, `true`, list, map
    /// From format 2.
    case shadow, border, gradient
    /// From format 4, in level table cells only: the position (`u32`) of an entry of the style's
    /// palette or fonts, as they are written, whose value the cell holds.
    case paletteEntry, fontEntry

    /// The string reference that stands for no string (a font without a name, a variant for every
    /// style).
    static let noString = UInt32.max
}
