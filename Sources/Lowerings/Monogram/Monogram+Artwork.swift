import Hashing

extension Monogram {
    /// The iOS App Store icon's side in pixels.
    public static let iosIconSize = 1024

    /// SHA-256 of the pinned iOS icon PNG (`cas/<2 hex>/<64 hex>`); compilation copies those bytes.
    public var iosIconDigest: Digest {
        guard let d = pinnedIOSIconDigest else {
            preconditionFailure("MonogramPins has no digest for \(key); run `orchestrate icons draw`")
        }
        return d
    }

    /// `iosIconDigest`, or nil when `MonogramPins` has none (a monogram drawn but never pinned).
    public var pinnedIOSIconDigest: Digest? { MonogramPins.iosIcon[key].flatMap { Digest(hex: $0) } }

    /// The iOS icon drawn afresh: 1024×1024, opaque 8-bit RGB. Only the maintainer command and tests
    /// draw; compilation copies the pinned object named by `iosIconDigest`.
    public func drawIOSIcon() -> [UInt8] { PNGEncoder.encodeRGB(draw(size: Self.iosIconSize)) }

    /// The Android adaptive-icon foreground (also the monochrome layer): VectorDrawable XML, pure.
    public var androidForeground: String { VectorDrawable.foreground(self) }

    /// Whether the 66dp safe circle, not the 48dp box, sets this glyph's size.
    public var shrinksForSafeCircle: Bool { MonogramLayout(glyph).shrunk }

    /// The artwork on a `size`×`size` canvas showing the layer's inner 72dp.
    func draw(size: Int) -> GrayImage {
        let g = glyph
        let (strokes, pen) = MonogramLayout(g).pixelStrokes(of: g, size: size)
        return GlyphRasterizer.draw(strokes, penWidth: pen, size: size)
    }
}
