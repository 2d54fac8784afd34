/// Reads a stroke style (DTCG Format 2025.10, section 9.3): a keyword (``ThemeBorder/styleNames``)
/// or `{dashArray, lineCap}`, its dashes lengths of 0 or more. A border's `style` is one, and so
/// is a `strokeStyle` token; each words a problem its own way, from the ``Problem`` found here.
struct StrokeStyleParser {
    /// The keys of a stroke style written as a map.
    static let keys = ["dashArray", "lineCap"]
    let dimensions: DimensionParser

    /// What is wrong with a stroke style, and where.
    enum Problem {
        /// A string that is not one of the keywords.
        case unknownName(String)
        /// Neither a string nor a map; the node's ``ThemeNode/summary``.
        case notStrokeStyle(String)
        /// A key of the map other than `dashArray` and `lineCap`.
        case unknownKey(String)
        /// `dashArray` or `lineCap` not there.
        case missing(String)
        /// A `dashArray` that is not a list: its summary.
        case dashArrayNotList(String)
        /// A line cap that is not one of ``ThemeBorder/lineCaps``: its summary.
        case unknownLineCap(String)
        /// A dash that is not a length of 0 or more: its summary and the note on why, if any.
        case invalidDash(String, note: String)
        /// An empty `dashArray`.
        case noDashes

        /// The problem in words: as a border's `style` (`inBorder`), or as a `strokeStyle`
        /// token's value.
        func message(inBorder: Bool) -> String {
            let subject = inBorder ? "style" : "a stroke style"
            switch self {
            case .unknownName(let name):
                return "\(subject) \"\(name)\" is not one of \(ThemeBorder.styleNames.joined(separator: ", "))" + (inBorder ? "" : " or {dashArray, lineCap}")
                    + Suggestion.phrase(for: name, among: ThemeBorder.styleNames)
            case .notStrokeStyle(let summary):
                return "\(subject) is a keyword or {dashArray, lineCap}, not \(summary)"
            case .unknownKey(let key):
                return "\(subject) has an unknown key \"\(key)\" (it is {dashArray, lineCap})" + Suggestion.phrase(for: key, among: StrokeStyleParser.keys)
            case .missing(let key):
                return "\(subject) {dashArray, lineCap} has no \(key)"
            case .dashArrayNotList(let summary):
                return "dashArray is a list of lengths, not \(summary)"
            case .unknownLineCap(let summary):
                return "lineCap \(summary) is not one of \(ThemeBorder.lineCaps.joined(separator: ", "))"
            case .invalidDash(let summary, let note):
                return "a dash \(summary) is not a length of 0 or more\(note)"
            case .noDashes:
                return "dashArray needs at least one length"
            }
        }
    }

    /// The style, or the problem and the location it is at.
    func parse(_ node: ThemeNode) -> Result<ThemeBorder.Style, Failure> {
        if let name = node.string {
            guard ThemeBorder.styleNames.contains(name) else { return .failure(Failure(.unknownName(name), at: node.location)) }
            return .success(.named(name))
        }
        guard let map = node.map else { return .failure(Failure(.notStrokeStyle(node.summary), at: node.location)) }
        if let stray = map.keys.first(where: { !Self.keys.contains($0) }) {
            return .failure(Failure(.unknownKey(stray), at: map.keyLocation(stray) ?? node.location))
        }
        guard let dashArray = map["dashArray"] else { return .failure(Failure(.missing("dashArray"), at: node.location)) }
        guard let lineCapNode = map["lineCap"] else { return .failure(Failure(.missing("lineCap"), at: node.location)) }
        guard case .list(let dashNodes) = dashArray.value else { return .failure(Failure(.dashArrayNotList(dashArray.summary), at: dashArray.location)) }
        guard let lineCap = lineCapNode.string, ThemeBorder.lineCaps.contains(lineCap) else {
            return .failure(Failure(.unknownLineCap(lineCapNode.summary), at: lineCapNode.location))
        }
        var dashes: [Double] = []
        for dashNode in dashNodes {
            guard let dash = dimensions.points(dashNode), dash >= 0 else {
                return .failure(Failure(.invalidDash(dashNode.summary, note: dimensions.overflowNote(dashNode)), at: dashNode.location))
            }
            dashes.append(dash)
        }
        guard !dashes.isEmpty else { return .failure(Failure(.noDashes, at: dashArray.location)) }
        return .success(.dashes(dashes, lineCap: lineCap))
    }

    /// A ``Problem`` and where it is.
    struct Failure: Error {
        var problem: Problem
        var location: SourceLocation

        init(_ problem: Problem, at location: SourceLocation) {
            self.problem = problem
            self.location = location
        }
    }
}
