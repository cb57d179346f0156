/// The settings of one requested native client. Format v1 defines none: the object is `{}`.
public struct NativeClient: Hashable, Sendable {
    public init() {}
}
