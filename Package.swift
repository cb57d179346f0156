// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "orchestrate",
    products: [
        .library(name: "Hashing", targets: ["Hashing"]),
        .library(name: "StoreModel", targets: ["StoreModel"]),
        .library(name: "Files", targets: ["Files"]),
        .library(name: "Cache", targets: ["Cache"]),
        .library(name: "Tasks", targets: ["Tasks"]),
        .library(name: "Archive", targets: ["Archive"]),
        .library(name: "Lowerings", targets: ["Lowerings"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
        .executable(name: "orchestrate", targets: ["orchestrate"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // gRPC's C core, declared in shim.h and loaded with dlopen when a grpc:// remote is used:
        // no link-time dependency, so the binary runs where libgrpc is not installed.
        .systemLibrary(name: "CGRPC", path: "Sources/CGRPC"),
        .target(name: "Hashing", dependencies: ["CCrypto"], exclude: ["README.md"]),
        .target(name: "StoreModel", dependencies: ["Hashing"], exclude: ["README.md"]),
        .target(name: "Files", exclude: ["README.md"]),
        .target(name: "Cache", dependencies: ["Hashing", "StoreModel", "Files", "CSQLite", "CCrypto", "CZlib", "CGRPC"], exclude: ["README.md"]),
        .target(name: "Tasks", dependencies: ["Hashing", "StoreModel", "Files"], exclude: ["README.md"]),
        .target(name: "Archive", dependencies: ["Hashing", "CZlib"], exclude: ["README.md"]),
        .target(name: "Lowerings", dependencies: ["Hashing", "Tasks", "CZlib"], exclude: ["README.md", "Monogram/README.md"]),
        .target(name: "Pipeline", dependencies: ["Hashing", "Files", "Cache", "Tasks", "Archive", "Lowerings"], exclude: ["README.md"]),
        .target(name: "CLI", dependencies: ["Cache", "Tasks", "Archive", "Lowerings", "Pipeline"], path: "Sources/orchestrate/CLI"),
        .executableTarget(name: "orchestrate", dependencies: ["CLI"], path: "Sources/orchestrate/Main"),
        .executableTarget(name: "orchestrate-bench", dependencies: ["Cache"], path: "Benchmarks/Sources/orchestrate-bench"),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "StoreModelTests", dependencies: ["StoreModel"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "CacheTests", dependencies: ["Cache", "CSQLite", "Files"]),
        .testTarget(name: "TasksTests", dependencies: ["Tasks", "StoreModel", "Files"]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "Hashing"]),
        .testTarget(name: "LoweringsTests", dependencies: ["Lowerings", "Cache", "Tasks"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Cache", "Tasks", "Lowerings", "Archive"]),
        .testTarget(name: "CLITests", dependencies: ["CLI", "Pipeline", "Cache", "Tasks"], exclude: ["Golden", "Help"]),
    ]
)
