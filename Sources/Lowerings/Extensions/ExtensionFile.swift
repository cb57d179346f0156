import Hashing

/// One of the app's native files on its way into a client tree: where it came from (`native/…`,
/// its digest) and where it goes (relative to the Core root). A copy task keyed by exactly these.
public struct ExtensionFile: Hashable, Sendable {
    public let origin: String
    public let destination: String
    public let bytes: [UInt8]
    public let digest: Digest

    public init(_ file: NativeSources.File, destination: String) {
        origin = file.origin
        self.destination = destination
        bytes = file.bytes
        digest = file.digest
    }

    /// The file's name (last path component).
    public var name: String { String(destination.split(separator: "/").last ?? "") }

    /// The projection the copy task reads, `native_file:<origin>`: the origin and the bytes'
    /// digest (its "source" is the origin, so a reuse check names the file that moved).
    public var projection: Projection {
        Projection(name: "native_file:" + origin, fields: ["origin": .string(origin), "sha256": .string(digest.hex)],
                   sources: ["origin": [origin], "sha256": [origin]])
    }
}

/// An iOS imageset: one name in the asset catalog, its images by scale (nil: single scale), and
/// whether it is a vector (kept as vector data).
public struct ImageSet: Hashable, Sendable {
    public struct Image: Hashable, Sendable {
        /// 1, 2 or 3; nil for a single-scale or vector image.
        public let scale: Int?
        public let file: ExtensionFile
    }
    public let name: String
    public let images: [Image]
    public let vector: Bool

    /// Where its `Contents.json` goes, relative to the iOS Core root.
    public var contentsPath: String { IOSExtensionPaths.imageSet(name) + "/Contents.json" }

    public var projection: Projection {
        Projection(name: "ios_imageset:" + name, fields: [
            "name": .string(name), "vector": .bool(vector),
            "images": .array(images.map { .object(["file": .string($0.file.name), "scale": $0.scale.map { .int($0) } ?? .null]) }),
        ], sources: ["images": images.map(\.file.origin)])
    }
}

/// Where extension files go in the iOS Core (`Cores/ios`).
public enum IOSExtensionPaths {
    public static let sources = "Extensions"
    public static let catalog = "Resources/Assets.xcassets"
    public static func imageSet(_ name: String) -> String { "\(catalog)/\(name).imageset" }
}

/// Where extension files go in the Android Core (`Cores/android`).
public enum AndroidExtensionPaths {
    /// The extension package every Kotlin file must declare first.
    public static let package = "dev.firstdraft.app.extensions"
    public static let sources = "app/src/main/java/dev/firstdraft/app/extensions"
    /// The resource directory the Core's frozen build file adds to the main source set.
    public static let resources = "app/src/extensions/res"
}

/// Where the web half of bridge components goes in the Rails Core.
public enum WebExtensionPaths {
    public static let controllers = "app/javascript/controllers/bridge"
}

/// The extension files of one client, classified.
public struct ClientExtensions: Hashable, Sendable {
    /// Swift or Kotlin sources, by destination.
    public var sources: [ExtensionFile] = []
    /// Image files (iOS: inside their imagesets; Android: drawables).
    public var images: [ExtensionFile] = []
    /// iOS only.
    public var imageSets: [ImageSet] = []

    public init() {}

    public var isEmpty: Bool { sources.isEmpty && images.isEmpty }
}
