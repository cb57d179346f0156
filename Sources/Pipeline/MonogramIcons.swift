import Cache
import Lowerings

/// Drawing the launcher-icon monograms into a seed folder and checking their pins: where the pure
/// drawings (`MonogramDrawing`) meet `cas/`; shared by `icons` and the tests that guard the pins.
/// Compilation never draws; it copies the objects the pins name.
public enum MonogramIcons {
    /// What `draw` wrote.
    public struct Drawn: Sendable {
        /// The digest of each monogram's iOS icon, as written.
        public let digests: [Monogram: Digest]
        /// The PNG bytes written, all monograms together.
        public let bytes: Int
        /// The complete `MonogramPins.swift` for these drawings (monograms not drawn keep their pins).
        public let pinSource: String
    }

    /// Draws the iOS icon of each of `monograms` and writes it into the seed folder `seed`
    /// (`cas/<2 hex>/<64 hex>`, mode 0644; an object already there intact is left as it is).
    public static func draw(_ monograms: [Monogram] = Monogram.all, into seed: String) throws -> Drawn {
        var digests: [Monogram: Digest] = [:]
        var bytes = 0
        for (m, png) in MonogramDrawing.draw(monograms) {
            digests[m] = try SeedStore.write(png, into: seed)
            bytes += png.count
        }
        return Drawn(digests: digests, bytes: bytes, pinSource: MonogramDrawing.pinSource(digests))
    }

    /// Redraws `monograms` and checks each against its pin and the pinned object in `seed`.
    public static func verify(_ monograms: [Monogram] = Monogram.all, seed: some ContentStore) -> [MonogramPinProblem] {
        var problems: [MonogramPinProblem] = []
        for (m, png) in MonogramDrawing.draw(monograms) {
            guard let pinned = m.pinnedIOSIconDigest else {
                problems.append(.unpinned(m))
                continue
            }
            var stored: [UInt8]?
            switch seed.fetch(pinned) {
            case let .intact(bytes): stored = bytes
            case .missing: problems.append(.missingObject(m, pinned))
            case .damaged, .unreadable: problems.append(.corruptObject(m, pinned))
            }
            let drawn = Digest.of(png)
            if drawn != pinned {
                var same: Bool?
                if let stored, let a = try? PNGImage(decoding: stored), let b = try? PNGImage(decoding: png) {
                    same = a == b || (a.width == b.width && a.height == b.height && a.rgb == b.rgb)
                }
                problems.append(.drawingDiffers(m, pinned: pinned, drawn: drawn, samePixels: same))
            }
        }
        return problems
    }
}
