/// The Android adaptive-icon foreground for a monogram: a 108dp VectorDrawable whose one path strokes
/// the glyph in black with a round pen. Core reuses it as the monochrome layer; the system tints it.
///
/// Path data uses only M and L in the 108-unit viewport: arcs become chords of at most 6°, whose
/// vertices lie on the arc (at Android's largest density the chords stray under 0.1px).
enum VectorDrawable {
    static func foreground(_ m: Monogram) -> String {
        let glyph = m.glyph
        let layout = MonogramLayout(glyph)
        let data = layout.strokes(of: glyph).map(pathData).joined(separator: " ")
        return """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- Monogram \(m.key), drawn by orchestrate: the glyph in a 48dp box inside the 66dp safe circle. -->
        <vector xmlns:android="http://schemas.android.com/apk/res/android"
            android:width="108dp"
            android:height="108dp"
            android:viewportWidth="108"
            android:viewportHeight="108">
            <path
                android:pathData="\(data)"
                android:strokeColor="#FF000000"
                android:strokeWidth="\(number(layout.penWidth))"
                android:strokeLineCap="round"
                android:strokeLineJoin="round" />
        </vector>

        """
    }

    static func pathData(_ stroke: Stroke) -> String {
        var parts = ["M" + pair(stroke.start)]
        for seg in stroke.segments {
            for p in seg.polyline() { parts.append("L" + pair(p)) }
        }
        return parts.joined(separator: " ")
    }

    static func pair(_ p: Point) -> String { number(p.x) + "," + number(p.y) }

    /// Two decimals, trailing zeros dropped; built from integers so no locale or float printing
    /// enters the text.
    static func number(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let n = abs(hundredths)
        let whole = n / 100, frac = n % 100
        if frac == 0 { return sign + String(whole) }
        if frac % 10 == 0 { return sign + String(whole) + "." + String(frac / 10) }
        return sign + String(whole) + "." + (frac < 10 ? "0" : "") + String(frac)
    }
}
