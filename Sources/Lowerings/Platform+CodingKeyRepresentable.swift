/// Platforms key JSON objects by name (`"platforms": {"ios": …}`), not as arrays of pairs.
extension Platform: CodingKeyRepresentable {}
