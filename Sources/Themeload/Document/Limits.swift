/// The bounds that keep hostile or broken input from crashing, hanging or exhausting memory.
///
/// Each bound, when exceeded, is a `limit-exceeded` diagnostic. The defaults are the
/// specification's; a caller that trusts its input can raise them.
public struct Limits: Sendable, Hashable {
    /// The largest file read, in bytes (default 16 MiB). Larger files are refused before reading.
    public var maxFileSize: Int
    /// The deepest nesting of maps and lists (default 64).
    ///
    /// Parsers are iterative, but freeing a tree is recursive in Swift, so keep this in the
    /// thousands at most: a tree tens of thousands deep can exhaust a thread's stack.
    public var maxDepth: Int
    /// The most nodes YAML alias expansion may add to a document (default 100,000); also the
    /// most that bound references may add to a theme's document, design-token aliases to a
    /// token file's values, groups to a token file through `$extends`, and sources merged
    /// again to a resolver document's styles (and the most sources its set references may add
    /// to the styles' lists), unless ``maxAliasExpansionRatio`` allows more.
    public var maxAliasExpandedNodes: Int
    /// The most a YAML document may grow through aliases, as a multiple of its own node count
    /// (default 10); for references and design-token aliases, the multiple of the document's or
    /// file's own nodes they may add when that is more than ``maxAliasExpandedNodes``.
    public var maxAliasExpansionRatio: Int
    /// The longest `extends` chain of themes, of design-token groups each naming the next in
    /// `$extends`, and of styles each falling back on the next (default 32).
    public var maxExtendsChain: Int
    /// The longest chain of references leading to a value: a theme's references, or a
    /// design-token file's aliases (default 64).
    ///
    /// Chains are followed recursively, so keep this in the thousands at most, as ``maxDepth``.
    public var maxReferenceChain: Int
    /// The most values a theme may resolve to (default 1,000,000), counted over its styles:
    /// each style's level table (every level times every property name any level has, and each
    /// part of a cell's value: a shadow's layers, a gradient's stops, a list's items), and
    /// the palette, font and metric entries and the nodes of images and custom data, in each
    /// style even where they are the same in all (each style holds them, and exports write
    /// them there); and, before that, as levels are flattened, the properties each level takes
    /// from each of its parents and its own.
    ///
    /// Styles, level inheritance and properties only some levels have multiply what a file
    /// writes: without a bound, a file of a few hundred kilobytes could ask for billions of
    /// values and exhaust memory.
    public var maxResolvedValues: Int
    /// The most diagnostics a load reports (default 10,000), repeats aside. Past it, the rest
    /// are left out and one `limit-exceeded` ends the list: an error when any error was left
    /// out, so the load still fails, and a warning otherwise.
    ///
    /// A broken file can hold a problem in every one of up to ``maxResolvedValues`` values; a
    /// million diagnostics would take hundreds of megabytes and help no one.
    public var maxDiagnostics: Int

    /// Creates limits; every bound defaults to the specification's value.
    public init(
        maxFileSize: Int = 16 * 1024 * 1024,
        maxDepth: Int = 64,
        maxAliasExpandedNodes: Int = 100_000,
        maxAliasExpansionRatio: Int = 10,
        maxExtendsChain: Int = 32,
        maxReferenceChain: Int = 64,
        maxResolvedValues: Int = 1_000_000,
        maxDiagnostics: Int = 10_000
    ) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxAliasExpandedNodes = maxAliasExpandedNodes
        self.maxAliasExpansionRatio = maxAliasExpansionRatio
        self.maxExtendsChain = maxExtendsChain
        self.maxReferenceChain = maxReferenceChain
        self.maxResolvedValues = maxResolvedValues
        self.maxDiagnostics = maxDiagnostics
    }

    /// The specification's defaults.
    public static let `default` = Limits()
}
