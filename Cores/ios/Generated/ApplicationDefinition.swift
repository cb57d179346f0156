// Seam placeholder (owner: ios.application_definition). Composition replaces
// this file with the rendered application definition; the declarations below
// are the exact API Core reads.
import Foundation

enum ApplicationDefinition {
    static let origin = URL(string: "https://firstdraft-core.invalid")!
    static let displayName = "First Draft"
    /// Hotwire's application user-agent prefix, one per app.
    static let userAgentPrefix = "FirstDraft;"
    static let bundleIdentifier = "invalid.firstdraft.firstdraft-core"
    static let isPlaceholderIdentity = true
    static let projectID = "00000000-0000-4000-8000-000000000000"
    static let graphVersion = 1
    static let target = "rails"
    static let profile = "foundation-plan-rails"
    static let loweringRelease = "ios-application-2026-11.1"
    static let theme: InterfaceTheme = .light
    static let projectionDigest = "0000000000000000000000000000000000000000000000000000000000000000"
}
