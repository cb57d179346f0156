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
}
