// Seam placeholder (owner: android.extension_dependencies). Composition replaces this file when
// the Plan lists Maven coordinates (native.android.packages); app/build.gradle.kts applies it.
dependencies {
}
