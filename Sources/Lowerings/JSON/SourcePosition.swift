/// A place in a source file. `line` and `column` are 1-based; `column` counts Unicode scalars
/// (not bytes, not UTF-16 units, not grapheme clusters) from the start of the line, so `"é"`
/// is one column whether it is spelled in one scalar or escaped. `offset` is the 0-based byte offset.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static let start = SourcePosition(line: 1, column: 1, offset: 0)

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}
