import HotwireNative
import SwiftUI

/// Shown in place of a page that failed to load. "Try again" runs Hotwire's
/// retry handler, which reloads the visit; nothing is retried automatically.
/// Hotwire Native 1.3.0 reports failures as `HotwireNativeError` (HTTP, web or
/// Turbo load errors), a `LocalizedError` whose description is shown below.
struct TryAgainErrorView: ErrorPresentableView {
    let error: HotwireNativeError
    let handler: ErrorPresenter.Handler?

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "exclamationmark.triangle")
                .font(.largeTitle)
                .accessibilityHidden(true)
            Text("This page could not load")
                .font(.headline)
            Text(error.localizedDescription)
                .font(.subheadline)
                .foregroundColor(.secondary)
                .multilineTextAlignment(.center)
            if let handler {
                Button("Try again", action: handler)
                    .buttonStyle(.borderedProminent)
                    .accessibilityIdentifier("error.try_again")
            }
        }
        .padding(32)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color("FoundationBackground"))
    }
}
