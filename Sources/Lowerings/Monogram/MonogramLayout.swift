/// Where a glyph sits in Android's 108dp adaptive-icon layer, and so on the iOS canvas, which shows
/// the same inner 72dp a launcher shows.
///
/// The glyph's ink box is centered and scaled so its longer side is 48dp; where its farthest ink
/// would then leave the 66dp safe circle (less `margin`), it shrinks about the center until it fits.
struct MonogramLayout: Hashable, Sendable {
    static let layer: Double = 108
    static let box: Double = 48
    static let safeRadius: Double = 33
    /// Room kept between the farthest ink and the safe circle.
    static let margin: Double = 1
    /// The part of the layer a launcher shows; the iOS canvas maps to it.
    static let visible: Double = 72

    /// dp per glyph unit.
    let scale: Double
    /// Where glyph-unit (0, 0) lands, in dp.
    let offset: Point
    /// Whether the safe circle, not the 48dp box, set the scale.
    let shrunk: Bool

    init(_ glyph: Glyph) {
        let b = glyph.inkBounds
        let center = glyph.inkCenter
        let boxScale = Self.box / max(b.2 - b.0, b.3 - b.1)
        let circleScale = (Self.safeRadius - Self.margin) / glyph.farthestInk(from: center)
        scale = min(boxScale, circleScale)
        shrunk = circleScale < boxScale
        let mid = Self.layer / 2
        offset = Point(mid - center.x * scale, mid - center.y * scale)
    }

    var penWidth: Double { Glyph.penWidth * scale }

    /// The glyph's strokes in layer dp.
    func strokes(of glyph: Glyph) -> [Stroke] { glyph.strokes.map { $0.mapped(scale: scale, offset: offset) } }

    /// The glyph's strokes in pixels on a `size`×`size` canvas showing the layer's inner 72dp,
    /// and the pen width in pixels.
    func pixelStrokes(of glyph: Glyph, size: Int) -> (strokes: [Stroke], penWidth: Double) {
        let k = Double(size) / Self.visible
        let inset = (Self.layer - Self.visible) / 2
        let pxOffset = Point((offset.x - inset) * k, (offset.y - inset) * k)
        return (glyph.strokes.map { $0.mapped(scale: scale * k, offset: pxOffset) }, penWidth * k)
    }
}
