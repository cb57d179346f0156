/// A point in glyph units, layer dp or pixels; y grows downward in all three.
struct Point: Hashable, Sendable {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }

    func distance(to p: Point) -> Double {
        let dx = x - p.x, dy = y - p.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The unit vector at `degrees`, clockwise from +x on a y-down canvas; exact at multiples of 90°
    /// so the common arcs do not depend on the last bit of a libm `cos`.
    static func direction(degrees: Double) -> Point {
        var a = degrees.truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        switch a {
        case 0: return Point(1, 0)
        case 90: return Point(0, 1)
        case 180: return Point(-1, 0)
        case 270: return Point(0, -1)
        default:
            let r = a * Double.pi / 180
            return Point(cos(r), sin(r))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
