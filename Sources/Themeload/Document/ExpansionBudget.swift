/// What bound references may add to a theme's document, or design-token aliases to a token
/// file's values, bounded as YAML's aliases are: at most ``Limits/maxAliasExpandedNodes`` nodes,
/// or ``Limits/maxAliasExpansionRatio`` times the document's own nodes, whichever is more. A
/// target of `n` nodes bound in place of its reference adds `n - 1`: whatever reads the values
/// reads it at every place. Values that refer to each other twice over double at each step.
///
/// The document's own nodes are counted only once the first bound is passed, which a theme
/// without such values never does.
struct ExpansionBudget {
    private let limits: Limits
    private var added = 0
    /// The bound once the document's nodes are counted; until then, `maxAliasExpandedNodes`.
    private var settledLimit: Int?

    init(limits: Limits) {
        self.limits = limits
    }

    /// The most nodes that may be added, as far as it is known yet.
    var limit: Int { settledLimit ?? limits.maxAliasExpandedNodes }

    /// How many nodes may still be added within ``limit``.
    var remaining: Int { limit - added }

    /// Whether what was added has passed the bound.
    var isPassed: Bool { added > limit }

    /// Counts the document's own nodes (`ownNodes`) into the bound, if that is not done yet and
    /// adding `nodes` would pass the first bound. `true` when the bound was settled now.
    mutating func settle(ifAdding nodes: Int, ownNodes: () -> Int) -> Bool {
        guard settledLimit == nil, added + nodes > limits.maxAliasExpandedNodes else { return false }
        let (allowed, overflow) = limits.maxAliasExpansionRatio.multipliedReportingOverflow(by: ownNodes())
        settledLimit = max(limits.maxAliasExpandedNodes, overflow ? .max - 1 : allowed)
        return true
    }

    /// What adding nodes did to the budget.
    enum Outcome {
        case within
        /// The bound was passed by this addition: the first problem to report.
        case passed
        /// The bound had been passed already.
        case alreadyPassed
    }

    /// Adds `nodes` (none when `nodes` is not positive), settling the bound first if needed.
    mutating func add(_ nodes: Int, ownNodes: () -> Int) -> Outcome {
        guard nodes > 0 else { return .within }
        let wasPassed = isPassed
        _ = settle(ifAdding: nodes, ownNodes: ownNodes)
        added += nodes
        guard isPassed else { return .within }
        return wasPassed ? .alreadyPassed : .passed
    }
}
