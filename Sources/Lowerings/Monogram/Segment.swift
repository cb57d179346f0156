/// One piece of a stroke's centerline: a straight line, or a circular arc from angle `from` to angle
/// `to` (degrees, clockwise from +x on a y-down canvas; `to < from` sweeps the other way).
enum Segment: Hashable, Sendable {
    case line(Point, Point)
    case arc(center: Point, radius: Double, from: Double, to: Double)

    var start: Point {
        switch self {
        case let .line(a, _): return a
        case let .arc(c, r, from, _): return c.offset(Point.direction(degrees: from), by: r)
        }
    }

    var end: Point {
        switch self {
        case let .line(_, b): return b
        case let .arc(c, r, _, to): return c.offset(Point.direction(degrees: to), by: r)
        }
    }

    /// The same segment after `p ↦ p·scale + offset`.
    func mapped(scale: Double, offset: Point) -> Segment {
        func m(_ p: Point) -> Point { Point(p.x * scale + offset.x, p.y * scale + offset.y) }
        switch self {
        case let .line(a, b): return .line(m(a), m(b))
        case let .arc(c, r, from, to): return .arc(center: m(c), radius: r * scale, from: from, to: to)
        }
    }

    /// The same segment turned half a circle about `pivot` (a 6 becomes a 9).
    func turned(about pivot: Point) -> Segment {
        func t(_ p: Point) -> Point { Point(2 * pivot.x - p.x, 2 * pivot.y - p.y) }
        switch self {
        case let .line(a, b): return .line(t(a), t(b))
        case let .arc(c, r, from, to): return .arc(center: t(c), radius: r, from: from + 180, to: to + 180)
        }
    }

    /// Whether the direction `v` (from the arc's center) lies within the arc's sweep.
    /// Cross products only: no angle is computed per query.
    static func sweepContains(_ v: Point, start s: Point, end e: Point, span: Double) -> Bool {
        if span >= 360 { return true }
        let afterStart = s.x * v.y - s.y * v.x
        let beforeEnd = v.x * e.y - v.y * e.x
        if span <= 180 { return afterStart >= 0 && beforeEnd >= 0 }
        // More than half a turn: inside unless strictly within the complementary gap (end → start).
        let afterEnd = e.x * v.y - e.y * v.x
        let beforeStart = v.x * s.y - v.y * s.x
        return !(afterEnd > 0 && beforeStart > 0)
    }

    /// The arc as a clockwise sweep: start and end directions and the span in degrees.
    var clockwiseSweep: (start: Point, end: Point, span: Double)? {
        guard case let .arc(_, _, from, to) = self else { return nil }
        let (a, b) = to >= from ? (from, to) : (to, from)
        return (Point.direction(degrees: a), Point.direction(degrees: b), min(b - a, 360))
    }

    /// The greatest distance from `q` to a point of the centerline.
    func farthestDistance(from q: Point) -> Double {
        var d = max(start.distance(to: q), end.distance(to: q))
        if case let .arc(c, r, _, _) = self, let sweep = clockwiseSweep {
            let away = c - q
            if Segment.sweepContains(away, start: sweep.start, end: sweep.end, span: sweep.span) {
                d = max(d, c.distance(to: q) + r)
            }
        }
        return d
    }

    /// The centerline's bounding box: (min x, min y, max x, max y).
    var bounds: (Double, Double, Double, Double) {
        let a = start, b = end
        var box = (min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
        if case let .arc(c, r, _, _) = self, let sweep = clockwiseSweep {
            for dir in [Point(1, 0), Point(0, 1), Point(-1, 0), Point(0, -1)]
            where Segment.sweepContains(dir, start: sweep.start, end: sweep.end, span: sweep.span) {
                let p = c.offset(dir, by: r)
                box = (min(box.0, p.x), min(box.1, p.y), max(box.2, p.x), max(box.3, p.y))
            }
        }
        return box
    }

    /// Points along the segment after its start, ending at its end: the line's end, or the arc cut
    /// into chords of at most `maxStep` degrees (vertices on the arc).
    func polyline(maxStep: Double = 6) -> [Point] {
        switch self {
        case let .line(_, b): return [b]
        case let .arc(c, r, from, to):
            let n = max(1, Int((abs(to - from) / maxStep).rounded(.up)))
            return (1...n).map { k in
                let a = k == n ? to : from + (to - from) * Double(k) / Double(n)
                return c.offset(Point.direction(degrees: a), by: r)
            }
        }
    }
}

extension Point {
    func offset(_ direction: Point, by length: Double) -> Point {
        Point(x + direction.x * length, y + direction.y * length)
    }
}
