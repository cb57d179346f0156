import Hashing

/// One way the pinned iOS icons disagree with the glyph definitions or with `cas/`.
public enum MonogramPinProblem: Hashable, Sendable, CustomStringConvertible {
    /// `MonogramPins` has no digest for the monogram.
    case unpinned(Monogram)
    /// The fresh drawing hashes differently. `samePixels` says whether the pinned object decodes to
    /// the same pixels (true: only the PNG encoding moved, e.g. another zlib; false: the drawing
    /// moved; nil: the pinned object could not be read to tell).
    case drawingDiffers(Monogram, pinned: Digest, drawn: Digest, samePixels: Bool?)
    /// The pinned object is not in the seed folder.
    case missingObject(Monogram, Digest)
    /// The pinned object is present but its bytes hash to another digest.
    case corruptObject(Monogram, Digest)

    public var description: String {
        switch self {
        case let .unpinned(m):
            return "\(m): no pinned digest in MonogramPins.swift; run `orchestrate icons draw` and commit its table"
        case let .drawingDiffers(m, pinned, drawn, same):
            let why: String
            switch same {
            case true?: why = "the pixels match, so only the PNG encoding differs (is this zlib another version?)"
            case false?: why = "the pixels differ: the glyph, layout or rasterizer changed; redraw and review"
            case nil: why = "the pinned object could not be read to compare pixels"
            }
            return "\(m): drawn \(drawn.hex.prefix(12)), pinned \(pinned.hex.prefix(12)); \(why)"
        case let .missingObject(m, d):
            return "\(m): pinned object \(d.hex) is missing from cas/; run `orchestrate icons draw`"
        case let .corruptObject(m, d):
            return "\(m): cas/ object \(d.hex) does not hash to its name; restore it with git or redraw"
        }
    }
}
