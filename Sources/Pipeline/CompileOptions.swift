import Tasks

/// How to compile: where the output goes, how many tasks at once, and what to report.
public struct CompileOptions: Sendable {
    public var outDirectory: String
    public var jobs: Int
    /// Overwrite generated files a person edited since a previous run wrote them.
    public var overwriteEdited: Bool
    public var progress: (@Sendable (ExecutorProgress) -> Void)?
    /// The name the summary is written under (the SLSA statement lists it as a byproduct); nil
    /// when it is not written.
    public var summaryName: String?
    /// Build an SLSA statement naming this builder; nil for none.
    public var attestation: SLSAProvenance.Builder?

    public init(outDirectory: String, jobs: Int, overwriteEdited: Bool = false, progress: (@Sendable (ExecutorProgress) -> Void)? = nil,
                summaryName: String? = nil, attestation: SLSAProvenance.Builder? = nil) {
        self.outDirectory = outDirectory
        self.jobs = jobs
        self.overwriteEdited = overwriteEdited
        self.progress = progress
        self.summaryName = summaryName
        self.attestation = attestation
    }
}
