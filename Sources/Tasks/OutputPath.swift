/// Rules for output paths: relative, `/`-separated, no empty, `.` or `..` components, no NUL.
public enum OutputPath {
    /// Why `path` is not an acceptable output path, or nil when it is.
    public static func problem(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { problem(utf8: $0) }
    }

    /// One pass over the bytes; the same answers, in the same order of precedence, as checking
    /// each rule over the whole path in turn.
    private static func problem(utf8 b: UnsafeBufferPointer<UInt8>) -> String? {
        if b.isEmpty { return "it is empty" }
        if b[0] == UInt8(ascii: "/") { return "it is absolute; output paths are relative to the output directory" }
        var nul = false, backslash = false
        var firstBadComponent: String? = nil
        var start = 0
        for i in 0...b.count {
            let c: UInt8 = i < b.count ? b[i] : UInt8(ascii: "/")
            if c == 0 { nul = true } else if c == UInt8(ascii: "\\") { backslash = true }
            guard c == UInt8(ascii: "/"), firstBadComponent == nil else { continue }
            let n = i - start
            if n == 0 {
                firstBadComponent = "it has an empty component"
            } else if n <= 2, b[start] == UInt8(ascii: "."), n == 1 || b[start + 1] == UInt8(ascii: ".") {
                firstBadComponent = "it has a \(n == 1 ? "." : "..") component"
            }
            start = i + 1
        }
        if nul { return "it contains a NUL byte" }
        if backslash { return "it contains a backslash; use /" }
        return firstBadComponent
    }
}
