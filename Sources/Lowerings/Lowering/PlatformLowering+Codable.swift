/// A tree's status is written by its raw value (`emitted`, `declined`, `omitted`).
extension PlatformLowering.Status: Codable {}
