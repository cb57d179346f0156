/// A strict RFC 8259 reader that keeps positions and pointers. No comments, no trailing commas,
/// no BOM, no lone surrogates, no leading zeros, nesting at most `maxDepth` deep. Only UTF-8 input.
public enum JSONReader {
    public static let maxDepth = 256

    public static func read(_ bytes: [UInt8], file: String) -> JSONDocument {
        var parser = JSONParser(bytes: bytes, file: file)
        do {
            let root = try parser.parseDocument()
            return JSONDocument(root: root, diagnostics: parser.duplicates.sorted())
        } catch let error as JSONParser.SyntaxError {
            return JSONDocument(root: nil, diagnostics: (parser.duplicates + [error.diagnostic]).sorted())
        } catch {
            preconditionFailure("JSONParser throws only SyntaxError")
        }
    }

    /// The value that starts at `start` in `bytes`, read as if it were the value at `pointer`,
    /// `depth` levels down a document (pointers and the nesting limit as there; positions count
    /// from `start`), and the offset just past it. nil for anything the reader would report there:
    /// a syntax error, a duplicate key.
    static func readValue(_ bytes: [UInt8], from start: Int, at pointer: JSONPointer, depth: Int,
                          file: String) -> (value: JSONValue, end: Int)? {
        guard start >= 0, start < bytes.count else { return nil }
        var parser = JSONParser(bytes: bytes, file: file)
        parser.index = start
        guard let value = try? parser.parseValue(pointer: pointer, depth: depth), parser.duplicates.isEmpty else { return nil }
        return (value, parser.index)
    }
}
