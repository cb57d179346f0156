// swift-tools-version:5.9
// Seam placeholder (owner: ios.extension_package). Composition replaces this file when the Plan
// pins Swift packages (native.ios.packages); without any, NativeExtensions links nothing.
import PackageDescription

let package = Package(
    name: "NativeExtensions",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "NativeExtensions", targets: ["NativeExtensions"]),
    ],
    targets: [
        .target(name: "NativeExtensions"),
    ]
)
