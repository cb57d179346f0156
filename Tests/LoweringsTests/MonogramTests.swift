import Cache
import Foundation
import XCTest
@testable import Lowerings

final class MonogramTests: XCTestCase {
    /// The repository's seed folder: Tests/LoweringsTests/MonogramTests.swift → cas/.
    static let cas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("cas").path
    static let pinsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Lowerings/Monogram/MonogramPins.swift").path

    // MARK: selection

    func testNameSelectsFirstASCIILetterOrDigitUppercased() {
        XCTAssertEqual(Monogram(appName: "orchestra").key, "O")
        XCTAssertEqual(Monogram(appName: "  3 little pigs").key, "3")
        XCTAssertEqual(Monogram(appName: "_my-app").key, "M")
        XCTAssertEqual(Monogram(appName: "Émile"), Monogram("M"), "É is not ASCII")
        XCTAssertEqual(Monogram(appName: "E\u{301}mile"), Monogram("M"), "E + combining accent is one character, not ASCII")
        XCTAssertEqual(Monogram(appName: "日本 2go"), Monogram("2"))
        XCTAssertEqual(Monogram(appName: "日本"), .fallback)
        XCTAssertEqual(Monogram(appName: ""), .fallback)
        XCTAssertEqual(Monogram(appName: "!!!"), .fallback)
        XCTAssertNil(Monogram("ß"))
        XCTAssertNil(Monogram("-"))
    }

    func testThirtySevenMonogramsWithDistinctKeys() {
        XCTAssertEqual(Monogram.all.count, 37)
        XCTAssertEqual(Set(Monogram.all.map(\.key)).count, 37)
        XCTAssertEqual(Monogram.all.last, .fallback)
        for m in Monogram.all { XCTAssertEqual(Monogram(key: m.key), m) }
        XCTAssertNil(Monogram(key: "a"))
    }

    // MARK: glyph table

    func testStrokesAreContinuous() {
        for m in Monogram.all {
            for stroke in m.glyph.strokes {
                for (a, b) in zip(stroke.segments, stroke.segments.dropFirst()) {
                    XCTAssertLessThan(a.end.distance(to: b.start), 0.1, "\(m): a segment starts away from the previous end")
                }
            }
        }
    }

    func testEveryGlyphFitsBoxAndSafeCircle() {
        var shrunk: [String] = []
        for m in Monogram.all {
            let g = m.glyph, layout = MonogramLayout(g)
            let b = g.inkBounds
            let long = max(b.2 - b.0, b.3 - b.1) * layout.scale
            XCTAssertLessThanOrEqual(long, 48 + 1e-9, "\(m)")
            XCTAssertLessThanOrEqual(g.farthestInk(from: g.inkCenter) * layout.scale, 32 + 1e-9, "\(m)")
            if layout.shrunk { shrunk.append(m.key) } else { XCTAssertEqual(long, 48, accuracy: 1e-9, "\(m) fills the box") }
        }
        // Round caps keep most corners in; the M's top corners are the farthest ink.
        XCTAssertEqual(shrunk, ["M"])
        XCTAssertTrue(Monogram("M")!.shrinksForSafeCircle)
    }

    // MARK: pins and cas/

    func testPinsCoverEveryMonogramAndTheTableIsTheGeneratedSource() throws {
        XCTAssertEqual(Set(MonogramPins.iosIcon.keys), Set(Monogram.all.map(\.key)))
        XCTAssertEqual(Set(MonogramPins.iosIcon.values).count, 37, "every drawing differs")
        for m in Monogram.all { XCTAssertEqual(m.iosIconDigest.hex, MonogramPins.iosIcon[m.key]) }
        let committed = try String(contentsOfFile: Self.pinsFile, encoding: .utf8)
        XCTAssertEqual(MonogramDrawing.pinSource([:]), committed, "MonogramPins.swift is exactly what `icons draw` prints")
    }

    func testPinnedObjectsAreInCasAndHashToTheirNames() throws {
        for m in Monogram.all {
            let d = m.iosIconDigest
            let path = SeedStore.path(for: d, in: Self.cas)
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path), "\(m): \(path) missing")
            XCTAssertEqual(Digest.of(Array(bytes)), d, "\(m)")
        }
    }

    func testDrawingReproducesThePins() {
        for m in [Monogram("A")!, .fallback] {
            XCTAssertEqual(Digest.of(m.drawIOSIcon()), m.iosIconDigest, "\(m)")
        }
    }

    func testDrawingIsDeterministic() {
        let first = PNGEncoder.encodeRGB(Monogram("R")!.draw(size: 64))
        for _ in 0..<10 { XCTAssertEqual(PNGEncoder.encodeRGB(Monogram("R")!.draw(size: 64)), first) }
        XCTAssertNotEqual(PNGEncoder.encodeRGB(Monogram("P")!.draw(size: 64)), first)
    }

    // MARK: PNG

    func testPinnedPNGIsOpaqueEightBitRGB() throws {
        let bytes = try pinned(Monogram("A")!)
        XCTAssertEqual(Array(bytes[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR first: length 13, 1024×1024, depth 8, color type 2, deflate, filter 0, no interlace.
        XCTAssertEqual(Array(bytes[8..<16]), [0, 0, 0, 13] + Array("IHDR".utf8))
        XCTAssertEqual(Array(bytes[16..<29]), [0, 0, 4, 0, 0, 0, 4, 0, 8, 2, 0, 0, 0])
        // IEND last, with its well-known CRC.
        XCTAssertEqual(Array(bytes.suffix(12)), [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        let image = try PNGImage(decoding: bytes) // checks every chunk's CRC
        XCTAssertEqual(image.chunks, ["IHDR", "IDAT", "IEND"], "no tRNS, no text, no time")
        XCTAssertEqual(image.width, 1024)
        XCTAssertEqual(image.height, 1024)
        var black = 0, white = 0
        for i in stride(from: 0, to: image.rgb.count, by: 3) {
            XCTAssertTrue(image.rgb[i] == image.rgb[i + 1] && image.rgb[i] == image.rgb[i + 2])
            if image.rgb[i] == 0 { black += 1 } else if image.rgb[i] == 255 { white += 1 }
        }
        XCTAssertGreaterThan(black, 100_000)
        XCTAssertGreaterThan(white, 600_000)
        XCTAssertLessThan(1024 * 1024 - black - white, 20_000, "only edges are gray")
        for (x, y) in [(0, 0), (1023, 0), (0, 1023), (1023, 1023), (512, 100)] { XCTAssertEqual(image.red(x: x, y: y), 255) }
    }

    func testDecoderRejectsDamage() throws {
        var bytes = try pinned(Monogram("7")!)
        XCTAssertNoThrow(try PNGImage(decoding: bytes))
        bytes[45] ^= 0xFF
        XCTAssertThrowsError(try PNGImage(decoding: bytes)) { XCTAssertEqual($0 as? MonogramError, .badCRC(chunk: "IDAT", offset: 33)) }
        XCTAssertThrowsError(try PNGImage(decoding: Array(bytes.prefix(60)))) { XCTAssertEqual($0 as? MonogramError, .truncated(offset: 33)) }
        XCTAssertThrowsError(try PNGImage(decoding: [1, 2, 3])) { XCTAssertEqual($0 as? MonogramError, .notPNG) }
    }

    /// PIL, when installed (scripts/test.sh installs python3-pil), reads the pinned PNG as RGB without transparency.
    func testPILReadsPinnedPNG() throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw XCTSkip("no \(python)") }
        let path = SeedStore.path(for: Monogram("H")!.iosIconDigest, in: Self.cas)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", """
        import sys
        try:
            from PIL import Image
        except ImportError:
            print("no PIL"); sys.exit(0)
        im = Image.open(sys.argv[1]); im.load()
        print(im.mode, im.size, "transparency" in im.info, im.getpixel((512, 512)), im.getpixel((512, 250)), im.getpixel((5, 5)))
        """, path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        p.waitUntilExit()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if out.hasPrefix("no PIL") { throw XCTSkip("python3-pil is not installed") }
        // H: its crossbar at the center is ink, above the crossbar between the stems is paper.
        XCTAssertEqual(out, "RGB (1024, 1024) False (0, 0, 0) (255, 255, 255) (255, 255, 255)\n")
    }

    // MARK: looks like its letter

    /// Ink (true) or paper (false) at glyph-grid points, on a 128px drawing.
    func testCharacteristicPoints() {
        let probes: [(String, Double, Double, Bool, String)] = [
            ("H", 38, 50, true, "crossbar"), ("H", 38, 25, false, "between stems, above the bar"),
            ("H", 38, 75, false, "between stems, below the bar"),
            ("O", 50, 50, false, "the hole"), ("O", 8, 50, true, "left side"),
            ("0", 36, 50, false, "the hole"), ("fallback", 50, 50, true, "the dot"), ("fallback", 50, 25, false, "the ring's inside"),
            ("7", 12, 80, false, "empty lower left"), ("7", 66, 8, true, "the corner"), ("7", 40, 62, true, "the diagonal"),
            ("A", 42, 64, true, "crossbar"), ("A", 42, 84, false, "between the feet"), ("A", 42, 50, false, "the counter"),
            ("E", 50, 30, false, "open right side"), ("E", 40, 50, true, "middle arm"),
            ("C", 90, 50, false, "the opening"), ("G", 80, 50, true, "the bar"), ("Q", 86, 88, true, "the tail"),
            ("X", 40, 50, true, "the crossing"), ("X", 40, 15, false, "between the top arms"),
            ("L", 50, 40, false, "above the foot"), ("T", 15, 60, false, "beside the stem"),
            ("8", 36, 28, false, "upper hole"), ("8", 36, 70, false, "lower hole"), ("8", 36, 48, true, "the waist"),
        ]
        var drawings: [String: (GrayImage, MonogramLayout)] = [:]
        for (key, x, y, ink, what) in probes {
            let m = Monogram(key: key)!
            if drawings[key] == nil { drawings[key] = (m.draw(size: 128), MonogramLayout(m.glyph)) }
            let (image, layout) = drawings[key]!
            let k = 128.0 / 72
            let px = Int((x * layout.scale + layout.offset.x - 18) * k), py = Int((y * layout.scale + layout.offset.y - 18) * k)
            let v = image[px, py]
            XCTAssertEqual(v < 128, ink, "\(key) \(what) at (\(x), \(y)) → pixel (\(px), \(py)) = \(v)")
        }
    }

    func testEveryDrawingDiffersAndFallbackIsNotAnO() {
        let small = Monogram.all.map { $0.draw(size: 48).pixels }
        XCTAssertEqual(Set(small).count, 37)
        let o = Monogram("O")!.draw(size: 64), f = Monogram.fallback.draw(size: 64)
        XCTAssertEqual(o[32, 32], 255)
        XCTAssertEqual(f[32, 32], 0)
    }

    // MARK: Android vector

    func testVectorDrawableIsWellFormedAndInsideTheSafeCircle() throws {
        for m in Monogram.all {
            let xml = m.androidForeground
            XCTAssertTrue(xml.contains(#"android:viewportWidth="108""#) && xml.contains(#"android:viewportHeight="108""#), "\(m)")
            XCTAssertTrue(xml.contains(#"android:width="108dp""#) && xml.contains(#"android:height="108dp""#), "\(m)")
            XCTAssertTrue(xml.contains(##"android:strokeColor="#FF000000""##), "\(m)")
            XCTAssertFalse(xml.contains("fillColor"), "\(m): open strokes must not be filled")
            let width = try XCTUnwrap(Double(attribute("android:strokeWidth", in: xml)), "\(m)")
            let data = attribute("android:pathData", in: xml)
            XCTAssertTrue(data.allSatisfy { "ML0123456789.,- ".contains($0) }, "\(m): only M and L commands")
            let points: [(Double, Double)] = data.split(separator: " ").map { token in
                let xy = token.dropFirst().split(separator: ",").map { Double($0)! }
                return (xy[0], xy[1])
            }
            var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
            for (x, y) in points {
                let reach = ((x - 54) * (x - 54) + (y - 54) * (y - 54)).squareRoot() + width / 2
                XCTAssertLessThanOrEqual(reach, 33, "\(m): (\(x), \(y)) leaves the 66dp safe circle")
                box = (min(box.0, x - width / 2), min(box.1, y - width / 2), max(box.2, x + width / 2), max(box.3, y + width / 2))
            }
            XCTAssertLessThanOrEqual(box.2 - box.0, 48.05, "\(m)")
            XCTAssertLessThanOrEqual(box.3 - box.1, 48.05, "\(m)")
            XCTAssertEqual((box.0 + box.2) / 2, 54, accuracy: 0.6, "\(m) centered")
            XCTAssertEqual((box.1 + box.3) / 2, 54, accuracy: 0.6, "\(m) centered")
        }
    }

    func testVectorDrawablePassesXmllint() throws {
        let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let xmllint else { throw XCTSkip("xmllint missing (scripts/test.sh installs libxml2-utils)") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for m in Monogram.all {
            let p = dir.appendingPathComponent("\(m.key).xml").path
            try m.androidForeground.write(toFile: p, atomically: true, encoding: .utf8)
            paths.append(p)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xmllint)
        p.arguments = ["--noout"] + paths
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func testVectorDrawableGolden() {
        // Pinned: a change to a glyph, the layout or the number format must be deliberate.
        XCTAssertEqual(Digest.of(Monogram("A")!.androidForeground).hex, "f8b16fe15f916df9bf3201fad229297f61f66387d39dd780069c43971f913f64")
        XCTAssertEqual(Monogram("A")!.androidForeground, Monogram(appName: "atlas").androidForeground)
        XCTAssertTrue(Monogram("H")!.androidForeground.contains(#"android:pathData="M39.6,33.84 L39.6,74.16 M68.4,33.84 L68.4,74.16 M39.6,54 L68.4,54""#))
        XCTAssertEqual(VectorDrawable.number(7.679), "7.68")
        XCTAssertEqual(VectorDrawable.number(30.0), "30")
        XCTAssertEqual(VectorDrawable.number(-0.104), "-0.1")
        XCTAssertEqual(VectorDrawable.number(0.05), "0.05")
    }

    // MARK: helpers

    private func pinned(_ m: Monogram) throws -> [UInt8] {
        let path = SeedStore.path(for: m.iosIconDigest, in: Self.cas)
        return Array(try XCTUnwrap(FileManager.default.contents(atPath: path), path))
    }

    private func attribute(_ name: String, in xml: String) -> String {
        guard let start = xml.range(of: name + "=\"") else { return "" }
        let rest = xml[start.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }
}
