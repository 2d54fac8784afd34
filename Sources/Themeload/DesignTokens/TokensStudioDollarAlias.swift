/// Tokens Studio's older alias form, `$group.token` beside `{group.token}` (its `AliasRegex`:
/// a `$`, then the longest run of characters that are no space or comma, ending in a letter,
/// digit or `_`, at least two of them). MetaMask's design tokens write a typography
/// `{"fontSize": "$fontSize.7", "fontWeight": "$fontWeights.euclid-circular-b-0"}`. In a Tokens
/// Studio unit every such alias is read as the braced one it stands for, before anything else,
/// so it is followed, checked and reported as any alias (a message quotes it braced).
enum TokensStudioDollarAlias {
    /// `node` with every `$` alias in its strings braced; `node` itself when it has none.
    static func braced(_ node: DocumentNode) -> DocumentNode {
        rewritten(node) ?? node
    }

    /// `node` with its `$` aliases braced, or `nil` when it has none: one walk, copying a map or
    /// list only where something under it changed.
    private static func rewritten(_ node: DocumentNode) -> DocumentNode? {
        switch node.value {
        case .string(let text):
            return braced(text).map { DocumentNode(.string($0), at: node.location) }
        case .map(let entries):
            var changed: [DocumentEntry]?
            for position in entries.indices {
                guard let value = rewritten(entries[position].value) else { continue }
                if changed == nil { changed = entries }
                changed![position].value = value
            }
            return changed.map { DocumentNode(.map($0), at: node.location) }
        case .list(let items):
            var changed: [DocumentNode]?
            for position in items.indices {
                guard let item = rewritten(items[position]) else { continue }
                if changed == nil { changed = items }
                changed![position] = item
            }
            return changed.map { DocumentNode(.list($0), at: node.location) }
        default:
            return nil
        }
    }

    /// `text` with each `$` alias braced (`"$space.2 * 2"` is `"{space.2} * 2"`); `nil` when it
    /// has none. A `$` inside a braced alias is that alias's.
    static func braced(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return nil }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var changed = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                // A braced alias is copied whole, up to its closing brace.
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count - 1
                output.append(contentsOf: bytes[index...close])
                index = close + 1
            case UInt8(ascii: "$"):
                var end = index + 1
                while end < bytes.count, !isSpaceOrComma(bytes[end]) { end += 1 }
                while end > index + 1, !isWordCharacter(bytes[end - 1]) { end -= 1 }
                guard end - (index + 1) >= 2 else {
                    output.append(bytes[index])
                    index += 1
                    continue
                }
                output.append(UInt8(ascii: "{"))
                output.append(contentsOf: bytes[(index + 1)..<end])
                output.append(UInt8(ascii: "}"))
                changed = true
                index = end
            default:
                output.append(bytes[index])
                index += 1
            }
        }
        // Cut only at ASCII bytes, so the output is whole UTF-8.
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    private static func isSpaceOrComma(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, UInt8(ascii: ","): true
        default: false
        }
    }

    /// JavaScript's `\w`: an ASCII letter, digit or `_`.
    private static func isWordCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
