/// Where the local store lives when no `--store` is given.
public enum StoreLocation {
    /// `$ORCHESTRATE_STORE`, else `$XDG_CACHE_HOME/orchestrate`, else `<home>/.cache/orchestrate`.
    /// Empty variables count as unset (as the XDG spec says). A pure function of its arguments.
    public static func `default`(environment: [String: String], home: String) -> String {
        if let s = environment["ORCHESTRATE_STORE"], !s.isEmpty { return s }
        if let x = environment["XDG_CACHE_HOME"], !x.isEmpty { return join(x, "orchestrate") }
        return join(join(home, ".cache"), "orchestrate")
    }

    private static func join(_ a: String, _ b: String) -> String {
        a.hasSuffix("/") ? a + b : a + "/" + b
    }
}
