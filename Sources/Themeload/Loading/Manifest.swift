/// A theme manifest or partial file, checked against SPEC section 3.
struct Manifest {
    static let contentKeys = DocumentShape.sections
    static let manifestKeys = DocumentShape.manifestKeys + contentKeys
    /// The keys value maps use; a style may not be named after one of them.
    static let reservedStyleNames: Set<String> = [
        "name", "family", "size", "weight", "italic", "red", "green", "blue", "alpha", "color", "file", "files",
        "scale", "idiom", "style", "contrast", "top", "left", "bottom", "right", "extends", "default", "variants",
        "renderingMode", "capInsets", "resizingMode",
    ]
    /// The newest `format` this loader reads.
    static let formatVersion: Int64 = 1

    var name: String?
    var extends: (name: String, location: SourceLocation)?
    var include: [(path: String, location: SourceLocation, index: Int)] = []
    var styles: [String]?
    var content = NodeMap()
    var location: SourceLocation

    /// Checks a parsed manifest (or, with `isPartial`, a partial file); problems go to
    /// `diagnostics`. `nil` when the document is not a map at all.
    init?(_ document: DocumentNode, isPartial: Bool, diagnostics: inout DiagnosticCollector) {
        location = document.location
        guard case .map(let entries) = document.value else {
            diagnostics.error(.type, "a theme \(isPartial ? "partial file" : "manifest") must hold a map at the top, not \(document.value.kindDescription)", at: document.location)
            return nil
        }
        let allowed = isPartial ? Self.contentKeys : Self.manifestKeys
        for entry in entries {
            let key = entry.key, value = entry.value, path = DocumentPath(keys: key)
            guard allowed.contains(key) else {
                let note = isPartial && Self.manifestKeys.contains(key) ? " (a partial file may hold only \(Self.contentKeys.joined(separator: ", ")))" : ""
                diagnostics.error(.unknownKey, "unknown key \"\(key)\"\(note)" + Suggestion.phrase(for: key, among: allowed), at: entry.keyLocation, keyPath: path)
                continue
            }
            switch key {
            case "format":
                guard case .integer(let version) = value.value, version >= 1 else {
                    diagnostics.error(.type, "format must be a positive integer, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    continue
                }
                if version > Self.formatVersion {
                    diagnostics.error(.unsupportedFormat, "format \(version) is newer than this loader reads (\(Self.formatVersion)); update Themeload", at: value.location, keyPath: path)
                }
            case "name":
                guard case .string(let text) = value.value, !text.isEmpty else {
                    diagnostics.error(.type, "name must be a non-empty string", at: value.location, keyPath: path)
                    continue
                }
                name = text
            case "extends":
                guard case .string(let parent) = value.value else {
                    diagnostics.error(.type, "extends must be the name of a theme, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    continue
                }
                extends = (parent, value.location)
            case "include":
                guard case .list(let items) = value.value else {
                    diagnostics.error(.type, "include must be a list of file paths, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    continue
                }
                for (index, item) in items.enumerated() {
                    guard case .string(let file) = item.value else {
                        diagnostics.error(.type, "include lists file paths, not \(item.value.kindDescription)", at: item.location, keyPath: path.appending(index: index))
                        continue
                    }
                    include.append((file, item.location, index))
                }
            case "styles":
                styles = Self.readStyles(value, path: path, diagnostics: &diagnostics)
            default:
                guard case .map = value.value else {
                    if case .null = value.value {
                        content[key, keyLocation: entry.keyLocation] = ThemeNode(value)  // deletes the inherited section
                    } else {
                        diagnostics.error(.type, "\(key) must be a map, not \(value.value.kindDescription)", at: value.location, keyPath: path)
                    }
                    continue
                }
                content[key, keyLocation: entry.keyLocation] = ThemeNode(value)
            }
        }
    }

    /// The style names; after a problem, the valid and distinct names among them (else the
    /// default `[light, dark]`), so that one bad entry does not make every variant of the other
    /// styles a second error.
    private static func readStyles(_ value: DocumentNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> [String]? {
        guard case .list(let items) = value.value, !items.isEmpty else {
            diagnostics.error(.type, "styles must be a non-empty list of style names", at: value.location, keyPath: path)
            return nil
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index: index)
            guard case .string(let name) = item.value, !name.isEmpty else {
                diagnostics.error(.type, "a style name must be a non-empty string, not \(item.value.kindDescription)", at: item.location, keyPath: itemPath)
                continue
            }
            if reservedStyleNames.contains(name) {
                diagnostics.error(.type, "\"\(name)\" cannot name a style: value maps use it as a key", at: item.location, keyPath: itemPath)
                continue
            }
            if names.contains(name) {
                diagnostics.error(.type, "the style \"\(name)\" is listed twice", at: item.location, keyPath: itemPath)
                continue
            }
            names.append(name)
        }
        return names.isEmpty ? ["light", "dark"] : names
    }
}
