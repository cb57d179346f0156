// Seam placeholder (owner: ios.extension_exports). Composition replaces this file with one
// `@_exported import` per product of native.ios.packages, so extension code reaches every pinned
// package through `import NativeExtensions`.
