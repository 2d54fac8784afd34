import Foundation

// What the UIKit, AppKit and SwiftUI adapters need to make an image of a variant, here once
// where tests reach it: the bytes, and the size the theme's scale gives them.

extension ImageVariant {
    /// The image's bytes: those a compiled theme embeds (``data``), else the file's at ``path``,
    /// read now; `nil` when that file cannot be read.
    public func contents() -> Data? {
        data ?? FileManager.default.contents(atPath: path)
    }

    /// The size in points of this variant's image when it is `pixelWidth` × `pixelHeight`
    /// pixels: its pixels over its ``scale`` (a scale below 1 counts as 1).
    ///
    /// The adapters size every image by it, so that a variant's scale is what the theme says
    /// whatever its file is named. Left to themselves, UIKit's `UIImage(contentsOfFile:)` takes
    /// a scale only from an `@2x` or `@3x` in the file's name, and AppKit sizes a bitmap by the
    /// resolution its file records (72 dpi when it records none): a variant
    /// `{file: logo-large.png, scale: 2}` would be drawn at twice its size.
    public func pointSize(pixelWidth: Int, pixelHeight: Int) -> CGSize {
        let scale = Double(max(1, scale))
        return CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }
}
