/// Which layer of the lookup chain answered.
public enum StoreLayer: String, Sendable, Codable, CaseIterable {
    case local, seed, remote
}
