import Foundation

/// Finds the repository's seed store `cas/` without a flag: `$ORCHESTRATE_SEED` when set, else
/// the `cas/` of the source tree this binary was built from, else a `cas/` beside or above the
/// executable.
public enum SeedLocation {
    public static func find(environment: [String: String]) -> String? {
        if let explicit = environment["ORCHESTRATE_SEED"], !explicit.isEmpty { return explicit }
        // Sources/orchestrate/CLI/SeedLocation.swift → repository root.
        let source = URL(fileURLWithPath: #filePath)
        let repo = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates = [repo.appendingPathComponent("cas").path]
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("cas").path)
            dir = dir.deletingLastPathComponent()
        }
        var isDir: ObjCBool = false
        return candidates.first { FileManager.default.fileExists(atPath: $0, isDirectory: &isDir) && isDir.boolValue }
    }
}
