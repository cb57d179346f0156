import Hashing
import Tasks

/// The launcher and bookmark icon tasks: copies of the pinned monogram PNG, and the Android
/// foreground vector rendered from the same glyph. Each reads only the `monogram` projection
/// (which glyph), so a name change that keeps the first letter moves nothing.
public enum MonogramTasks {
    public static func projection(appName: String) -> Projection {
        Projection(name: "monogram", fields: ["glyph": .string(Monogram(appName: appName).key)],
                   sources: ["glyph": ["/application/name"]])
    }

    /// A copy of the pinned 1024×1024 PNG.
    public static func pngCopy(appName: String, id: String, platform: String, release: String, path: String) -> FileTask {
        let m = Monogram(appName: appName)
        return FileTask(id: id, family: id, platform: platform, release: release, path: path,
                        copying: m.iosIconDigest, inputs: ["monogram": projection(appName: appName).digest])
    }

    /// `ic_launcher_foreground.xml` (also the monochrome layer), rendered from the glyph.
    public static func androidForeground(appName: String, release: String, path: String) -> FileTask {
        let m = Monogram(appName: appName)
        return FileTask(id: "android.launcher_foreground", family: "android.launcher_foreground", platform: "android",
                        release: release, path: path, inputs: ["monogram": projection(appName: appName).digest]) { _ in
            Array(m.androidForeground.utf8)
        }
    }
}
