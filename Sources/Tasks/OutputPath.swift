/// Rules for output paths: relative, `/`-separated, no empty, `.` or `..` components, no NUL.
public enum OutputPath {
    /// Why `path` is not an acceptable output path, or nil when it is.
    public static func problem(_ path: String) -> String? {
        if path.isEmpty { return "it is empty" }
        if path.hasPrefix("/") { return "it is absolute; output paths are relative to --out" }
        if path.utf8.contains(0) { return "it contains a NUL byte" }
        if path.contains("\\") { return "it contains a backslash; use /" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "it has an empty component" }
            if component == "." || component == ".." { return "it has a \(component) component" }
        }
        return nil
    }
}
