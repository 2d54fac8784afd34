/// The kind of a ``Diagnostic``: the kebab-case codes of the theme format specification.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable {
    /// The bytes are not valid in the file's format.
    case syntax
    /// A map names the same key twice.
    case duplicateKey = "duplicate-key"
    /// A value has the wrong kind (a list where a map belongs, a plist `<date>`, ...).
    case type
    /// A map has a key the format does not define.
    case unknownKey = "unknown-key"
    /// No format plugin claims the file's extension, or the format version is too new.
    case unsupportedFormat = "unsupported-format"
    /// More than one bundle candidate for a theme in one directory.
    case ambiguousBundle = "ambiguous-bundle"
    /// No theme of that name in the search directories.
    case themeNotFound = "theme-not-found"
    /// A theme is its own ancestor.
    case inheritanceCycle = "inheritance-cycle"
    /// The `normal` level is missing after merging.
    case missingLevel = "missing-level"
    /// A level extends a level that does not exist.
    case unknownLevel = "unknown-level"
    /// Levels extend each other in a loop.
    case levelCycle = "level-cycle"
    /// A `{a.b.c}` reference points at nothing.
    case unknownReference = "unknown-reference"
    /// References point at each other in a loop.
    case referenceCycle = "reference-cycle"
    /// A style's fallback names no declared style, or one declared after it.
    case unknownStyle = "unknown-style"
    /// Style fallbacks name each other in a loop.
    case styleFallbackCycle = "style-fallback-cycle"
    /// A value has no variant for some declared style.
    case missingVariant = "missing-variant"
    /// A value that must be a color is not one.
    case invalidColor = "invalid-color"
    /// A value that must be a font is not one.
    case invalidFont = "invalid-font"
    /// An image file does not exist.
    case assetMissing = "asset-missing"
    /// A path leaves the theme bundle.
    case assetOutsideBundle = "asset-outside-bundle"
    /// A size, depth, expansion or chain limit was exceeded.
    case limitExceeded = "limit-exceeded"
    /// A file could not be read.
    case io
    /// A remote theme's server could not be reached, answered with an error, was too slow or sent
    /// too much (docs/SPEC.md section 13).
    case network
    /// A remote index carries no valid signature by a pinned key, or is older than the one held.
    case untrustedSignature = "untrusted-signature"
    /// A remote or cached file's size or SHA-256 differs from what its signed index says.
    case integrity
    /// Warning: text and background colors of a level contrast less than WCAG AA's 4.5:1.
    case lowContrast = "low-contrast"
    /// Warning (strict checking only): a palette, font or metric entry nothing refers to.
    case unusedToken = "unused-token"
    /// A warning: a color written in a wider color space lies outside sRGB and was clipped to it.
    case outOfGamut = "out-of-gamut"
    /// A warning: the theme uses a design token its file marks `$deprecated`.
    case deprecatedToken = "deprecated-token"
}
