import Lowerings

/// A Plan as read, before the load stage: its bytes and the name diagnostics give it (the path as
/// the user wrote it), and where the app's native files are (`native/` next to it by default).
public struct PlanFile: Sendable {
    public var bytes: [UInt8]
    public var name: String
    /// Read by the load stage; nil: none.
    public var native: NativeDirectory?
    /// `native` read ahead (`CompileMemo.readingNative`); the load stage then uses these bytes.
    public var nativeSources: NativeSources?

    public init(bytes: [UInt8], name: String, native: NativeDirectory? = nil) {
        self.bytes = bytes
        self.name = name
        self.native = native
    }
}

/// The directory of the app's native files (`native/ios/**`, `native/android/**`).
public struct NativeDirectory: Sendable, Hashable {
    /// Where to read it.
    public var path: String
    /// As the user names it, for messages and diagnostics.
    public var display: String
    /// Named explicitly (`--native-dir`): missing is an error; the default may be absent.
    public var required: Bool

    public init(path: String, display: String, required: Bool) {
        self.path = path
        self.display = display
        self.required = required
    }

    /// `native/` beside the Plan at `planPath` (`display` likewise beside the name the user gave).
    public static func beside(planPath: String, display: String) -> NativeDirectory {
        func sibling(_ p: String) -> String {
            guard let slash = p.lastIndex(of: "/") else { return "native" }
            return String(p[...slash]) + "native"
        }
        return NativeDirectory(path: sibling(planPath), display: sibling(display), required: false)
    }
}
