/// What the materializer writes at a path: bytes in memory, or bytes a producer writes in pieces
/// (a document too large to hold whole: a Rails tree's provenance at 5,000 entities is 30 MB).
public enum FileContent {
    case bytes([UInt8])
    /// `produce` hands every piece to `emit`, in order. What it throws stops the write: nothing
    /// is named, and the error is the materializer's.
    case pieces(_ produce: (_ emit: (UnsafeRawBufferPointer) -> Void) throws -> Void)
}
