/// One continuous pen stroke: segments end to end, drawn with round caps and round joins.
struct Stroke: Hashable, Sendable {
    private(set) var segments: [Segment]
    /// Where the next segment starts.
    private(set) var cursor: Point

    /// A stroke that starts at (x, y) and has no segments yet.
    static func from(_ x: Double, _ y: Double) -> Stroke { Stroke(segments: [], cursor: Point(x, y)) }

    /// A polyline through the points.
    static func poly(_ points: (Double, Double)...) -> Stroke {
        var s = from(points[0].0, points[0].1)
        for p in points.dropFirst() { s = s.to(p.0, p.1) }
        if points.count == 1 { s = s.to(points[0].0, points[0].1) }
        return s
    }

    /// A full circle, or an arc on its own.
    static func arc(_ cx: Double, _ cy: Double, _ r: Double, from: Double, to: Double) -> Stroke {
        let a = Segment.arc(center: Point(cx, cy), radius: r, from: from, to: to)
        return Stroke(segments: [a], cursor: a.end)
    }

    /// Adds a straight segment from the cursor to (x, y).
    func to(_ x: Double, _ y: Double) -> Stroke {
        let p = Point(x, y)
        return Stroke(segments: segments + [.line(cursor, p)], cursor: p)
    }

    /// Adds an arc; its start should be the cursor (`GlyphTable` tests check that it is).
    func arc(_ cx: Double, _ cy: Double, _ r: Double, from: Double, to: Double) -> Stroke {
        let a = Segment.arc(center: Point(cx, cy), radius: r, from: from, to: to)
        return Stroke(segments: segments + [a], cursor: a.end)
    }

    var start: Point { segments.first?.start ?? cursor }

    func mapped(scale: Double, offset: Point) -> Stroke {
        Stroke(segments: segments.map { $0.mapped(scale: scale, offset: offset) },
               cursor: Point(cursor.x * scale + offset.x, cursor.y * scale + offset.y))
    }

    func turned(about p: Point) -> Stroke {
        Stroke(segments: segments.map { $0.turned(about: p) }, cursor: Point(2 * p.x - cursor.x, 2 * p.y - cursor.y))
    }
}
