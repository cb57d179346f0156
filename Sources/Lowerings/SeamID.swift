/// The identifier of every seam a pinned Core declares: the file a renderer fills instead of the
/// Core. The raw value is the seam's owner name, written into task ids and families (so it is
/// part of every task key), composition errors and provenance `owner` fields. Declared once here;
/// `CoreCatalog.seam(_:)` says where each one sits, and the compiler finds every use.
public enum SeamID: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    // Cores/ios
    case iosApplicationDefinition = "ios.application_definition"
    case iosNavigationDefinition = "ios.navigation_definition"
    case iosIdentityXcconfig = "ios.identity_xcconfig"
    case iosPathConfiguration = "ios.path_configuration"
    case iosAccentColor = "ios.accent_color"
    case iosBackgroundColor = "ios.background_color"
    case iosAppIcon = "ios.app_icon"
    case iosApplicationTests = "ios.application_tests"
    case iosNavigationUITests = "ios.navigation_ui_tests"
    // The app's own native code (issue 16): copies of native/ios, and what is generated from
    // native.ios.
    case iosExtensionSources = "ios.extension_sources"
    case iosExtensionImages = "ios.extension_images"
    case iosExtensionImageSets = "ios.extension_imagesets"
    case iosExtensionRegistry = "ios.extension_registry"
    case iosExtensionPackage = "ios.extension_package"
    case iosExtensionExports = "ios.extension_exports"
    // Push (issue 17), when /application/push/ios is true.
    case iosPushRegistration = "ios.push_registration"
    // Bridge components and links (issue 17).
    case iosBridgeRegistry = "ios.bridge_registry"
    case iosEntitlements = "ios.entitlements"

    // Cores/android
    case androidApplicationProperties = "android.application_properties"
    case androidApplicationDefinition = "android.application_definition"
    case androidApplicationTests = "android.application_tests"
    case androidActivityLayout = "android.activity_layout"
    case androidStrings = "android.strings"
    case androidColorsLight = "android.colors_light"
    case androidColorsDark = "android.colors_dark"
    case androidLauncherForeground = "android.launcher_foreground"
    case androidPathConfiguration = "android.path_configuration"
    case androidTabIcons = "android.tab_icons"
    // The app's own native code (issue 16).
    case androidExtensionSources = "android.extension_sources"
    case androidExtensionDrawables = "android.extension_drawables"
    case androidExtensionRegistry = "android.extension_registry"
    case androidExtensionDependencies = "android.extension_dependencies"
    // Push (issue 17), when /application/push/android is true.
    case androidPushRegistration = "android.push_registration"
    case androidPushMessagingService = "android.push_messaging_service"
    case androidPushManifest = "android.push_manifest"
    // Bridge components and links (issue 17).
    case androidBridgeRegistry = "android.bridge_registry"
    case androidManifest = "android.manifest"

    // Cores/rails
    case railsGapSet = "rails.gapset"
    case railsBookmarkIcon = "rails.bookmark_icon"
    case railsAppleTouchIcon = "rails.apple_touch_icon"
    case railsRoutes = "rails.routes"
    case railsNavigationPartial = "rails.navigation_partial"
    case railsThemeCss = "rails.theme_css"
    case railsReadme = "rails.readme"
    case railsAccountInitializer = "rails.account_initializer"
    case railsApplicationIdentity = "rails.application_identity"
    case railsThemeController = "rails.theme_controller"
    case railsInflections = "rails.inflections"
    case railsAccountRodauthApp = "rails.account_rodauth_app"
    case railsAccountRodauthMain = "rails.account_rodauth_main"
    case railsAccountController = "rails.account_controller"
    case railsAccountModel = "rails.account_model"
    case railsAccountMigration = "rails.account_migration"
    case railsAccountPageController = "rails.account_page_controller"
    case railsAccountRequired = "rails.account_required"
    case railsAccountViews = "rails.account_views"
    case railsAccountRodauthViews = "rails.account_rodauth_views"
    case railsWorkflow = "rails.rails_workflow"
    case railsNativeConfigurations = "rails.native_configurations"
    case railsNativeConfigurationsSpec = "rails.native_configurations_spec"
    case railsNativeSessionController = "rails.native_session_controller"
    case railsNativeSessionView = "rails.native_session_view"
    case railsIOSWorkflow = "rails.ios_workflow"
    case railsAndroidWorkflow = "rails.android_workflow"
    case railsIOSCommand = "rails.ios_command"
    case railsAndroidCommand = "rails.android_command"
    case railsIOSPreviewGuide = "rails.ios_preview_guide"
    case railsAndroidPreviewGuide = "rails.android_preview_guide"
    // Push (issue 17): Action Push Native, when /application/push names an emitted client.
    // Before the entity patterns, whose paths (app/models/{entity}.rb, …) they would also match.
    case railsCapabilityGems = "rails.capability_gems"
    case railsPushConfig = "rails.push_config"
    case railsPushMigration = "rails.push_migration"
    case railsPushDeviceModel = "rails.push_device_model"
    case railsPushNotificationModel = "rails.push_notification_model"
    case railsPushNotificationJob = "rails.push_notification_job"
    case railsPushDevicesController = "rails.push_devices_controller"
    case railsPushTestController = "rails.push_test_controller"
    case railsPushRequestSpec = "rails.push_request_spec"
    case railsEntityMigration = "rails.entity_migration"
    case railsEntityModel = "rails.entity_model"
    case railsEntityController = "rails.entity_controller"
    case railsEntityViews = "rails.entity_views"
    case railsEntityRequestSpec = "rails.entity_request_spec"
    // Built-in bridge components' web halves and hide rules; the Universal Links / App Links files
    // (issue 17).
    case railsBridgeSubmitController = "rails.bridge_submit_controller"
    case railsBridgeCss = "rails.bridge_css"
    case railsAppLinks = "rails.app_links"
    case railsAppLinksController = "rails.app_links_controller"
    case railsAppLinksSpec = "rails.app_links_spec"
    // The web half of the app's bridge components (native/web/*_controller.js, issue 16); after
    // the built-in controllers, whose exact paths it would match too.
    case railsExtensionWeb = "rails.extension_web"
    /// The tree whose Core declares the seam: the raw value's first component.
    public var platform: Platform {
        Platform.allCases.first { rawValue.hasPrefix($0.rawValue + ".") } ?? .rails
    }

    /// The Rails seams a native client adds to the server, one per emitted client.
    public static func workflow(for client: Platform) -> SeamID { client == .android ? .railsAndroidWorkflow : .railsIOSWorkflow }
    public static func command(for client: Platform) -> SeamID { client == .android ? .railsAndroidCommand : .railsIOSCommand }
    public static func previewGuide(for client: Platform) -> SeamID { client == .android ? .railsAndroidPreviewGuide : .railsIOSPreviewGuide }

    public var description: String { rawValue }
}
