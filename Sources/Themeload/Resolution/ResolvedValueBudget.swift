/// How many values a theme resolves to, against ``Limits/maxResolvedValues``: styles, level
/// inheritance and properties only some levels have multiply what a file writes, so a small
/// file could otherwise ask for a table of billions of values.
struct ResolvedValueBudget {
    /// The most values allowed.
    let limit: Int
    private(set) var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the values counted have passed the limit.
    var isPassed: Bool { count > limit }

    /// Counts `values` more; `true` when this passed the limit (the one time to report it).
    mutating func add(_ values: Int) -> Bool {
        let wasPassed = isPassed
        let (sum, overflow) = count.addingReportingOverflow(values)
        count = overflow ? .max : sum
        return isPassed && !wasPassed
    }
}
