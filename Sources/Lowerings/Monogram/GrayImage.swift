/// A grayscale picture, row by row from the top: 0 black (ink), 255 white.
struct GrayImage: Hashable, Sendable {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}
