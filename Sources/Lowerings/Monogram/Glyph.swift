/// A monogram's drawing: strokes on a grid where capitals stand 100 units tall (ink included) and
/// the pen is `penWidth` units wide.
struct Glyph: Hashable, Sendable {
    /// Every glyph is drawn with the same pen, so capitals and digits share one weight.
    static let penWidth: Double = 16

    var strokes: [Stroke]

    init(_ strokes: [Stroke]) { self.strokes = strokes }

    var segments: [Segment] { strokes.flatMap(\.segments) }

    /// The ink's bounding box, pen included: (min x, min y, max x, max y).
    var inkBounds: (Double, Double, Double, Double) {
        let r = Glyph.penWidth / 2
        var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for s in segments {
            let b = s.bounds
            box = (min(box.0, b.0 - r), min(box.1, b.1 - r), max(box.2, b.2 + r), max(box.3, b.3 + r))
        }
        return box
    }

    /// The center of the ink's bounding box.
    var inkCenter: Point {
        let b = inkBounds
        return Point((b.0 + b.2) / 2, (b.1 + b.3) / 2)
    }

    /// The greatest distance from `q` to any inked point (centerline plus half the pen).
    func farthestInk(from q: Point) -> Double {
        segments.map { $0.farthestDistance(from: q) }.max().map { $0 + Glyph.penWidth / 2 } ?? 0
    }

    func turned(about p: Point) -> Glyph { Glyph(strokes.map { $0.turned(about: p) }) }
}
