/// An authored color: one value for both modes, or a light/dark pair.
public enum Color: Hashable, Sendable {
    case scalar(RGBColor)
    case pair(light: RGBColor, dark: RGBColor)

    /// Scalar colors expand to both modes.
    public var light: RGBColor {
        switch self {
        case .scalar(let c): return c
        case .pair(let light, _): return light
        }
    }

    public var dark: RGBColor {
        switch self {
        case .scalar(let c): return c
        case .pair(_, let dark): return dark
        }
    }
}
