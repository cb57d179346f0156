import SwiftUI

/// Shown until the first page is ready, at least 1.5 seconds.
struct LaunchSplash: View {
    var body: some View {
        VStack(spacing: 16) {
            Image("logo")
            Text("Field Guide").font(.headline)
            ProgressView()
        }
    }
}
