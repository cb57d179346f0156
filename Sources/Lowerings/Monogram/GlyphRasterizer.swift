/// Draws strokes (pixel coordinates, round caps and joins) black on white, anti-aliased.
///
/// A pixel's ink is the share of 4×4 sample points within half the pen of some centerline. The
/// distance at the pixel's center settles most pixels outright (the distance moves at most 0.71px
/// across a pixel); only pixels near an edge take the 16 samples. Integer counts make the result
/// exact: the same strokes give the same bytes.
struct GlyphRasterizer {
    private struct Piece {
        var isArc: Bool
        var a: Point, b: Point        // line ends; for an arc, its start and end points
        var c: Point = Point(0, 0)    // arc center
        var r: Double = 0             // arc radius
        var s = Point(0, 0), e = Point(0, 0), span: Double = 0
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func distance(_ px: Double, _ py: Double) -> Double {
            if isArc {
                let vx = px - c.x, vy = py - c.y
                if Segment.sweepContains(Point(vx, vy), start: s, end: e, span: span) {
                    return abs((vx * vx + vy * vy).squareRoot() - r)
                }
                let ax = px - a.x, ay = py - a.y, bx = px - b.x, by = py - b.y
                return min(ax * ax + ay * ay, bx * bx + by * by).squareRoot()
            }
            let dx = b.x - a.x, dy = b.y - a.y
            let wx = px - a.x, wy = py - a.y
            let len2 = dx * dx + dy * dy
            var t = len2 > 0 ? (wx * dx + wy * dy) / len2 : 0
            t = min(max(t, 0), 1)
            let ex = wx - t * dx, ey = wy - t * dy
            return (ex * ex + ey * ey).squareRoot()
        }
    }

    static func draw(_ strokes: [Stroke], penWidth: Double, size: Int) -> GrayImage {
        let radius = penWidth / 2
        let reach = radius + 1
        let pieces: [Piece] = strokes.flatMap(\.segments).map { seg in
            let box = seg.bounds
            var p = Piece(isArc: false, a: seg.start, b: seg.end,
                          minX: box.0 - reach, minY: box.1 - reach, maxX: box.2 + reach, maxY: box.3 + reach)
            if case let .arc(c, r, _, _) = seg, let sweep = seg.clockwiseSweep {
                p.isArc = true
                p.c = c
                p.r = r
                (p.s, p.e, p.span) = sweep
            }
            return p
        }
        let inside = radius - 0.75, outside = radius + 0.75
        var pixels = [UInt8](repeating: 255, count: size * size)
        for y in 0..<size {
            let cy = Double(y) + 0.5
            let row = pieces.filter { $0.minY <= cy && $0.maxY >= cy }
            if row.isEmpty { continue }
            for x in 0..<size {
                let cx = Double(x) + 0.5
                let near = row.filter { $0.minX <= cx && $0.maxX >= cx }
                if near.isEmpty { continue }
                let d = minDistance(near, cx, cy)
                if d >= outside { continue }
                if d <= inside {
                    pixels[y * size + x] = 0
                    continue
                }
                var hits = 0
                for j in 0..<4 {
                    let sy = Double(y) + (Double(j) + 0.5) / 4
                    for i in 0..<4 where minDistance(near, Double(x) + (Double(i) + 0.5) / 4, sy) <= radius {
                        hits += 1
                    }
                }
                pixels[y * size + x] = UInt8(255 - (255 * hits + 8) / 16)
            }
        }
        return GrayImage(width: size, height: size, pixels: pixels)
    }

    private static func minDistance(_ pieces: [Piece], _ x: Double, _ y: Double) -> Double {
        var d = Double.infinity
        for p in pieces { d = min(d, p.distance(x, y)) }
        return d
    }
}
