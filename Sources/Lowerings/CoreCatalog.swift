import Hashing

/// Where every seam of the three Core source trees under `Cores/` sits, with paths relative to
/// each Core's root. Composition requires each rendered file to match its seam's path, id and
/// mode, and rejects files no seam declares. The switch is exhaustive: a `SeamID` without a
/// declaration does not compile.
public enum CoreCatalog {
    /// The seams of one Core, in `SeamID` declaration order (the order lowerings build tasks in).
    public static func seams(_ platform: Platform) -> [CoreSeam] {
        switch platform {
        case .rails: return railsSeams
        case .ios: return iosSeams
        case .android: return androidSeams
        }
    }

    public static let iosSeams = declared(.ios)
    public static let androidSeams = declared(.android)
    public static let railsSeams = declared(.rails)

    private static func declared(_ platform: Platform) -> [CoreSeam] {
        SeamID.allCases.filter { $0.platform == platform }.map(seam)
    }

    /// The declaration of `id`.
    public static func seam(_ id: SeamID) -> CoreSeam { table[id]! }

    /// Every declaration, built once (a declaration derives its pattern from its path).
    private static let table: [SeamID: CoreSeam] = Dictionary(uniqueKeysWithValues: SeamID.allCases.map { ($0, declaration($0)) })

    private static func declaration(_ id: SeamID) -> CoreSeam {
        func replaces(_ path: String) -> CoreSeam { CoreSeam(id, path: path, origin: .replaces) }
        func adds(_ path: String, mode: FileMode = .regular) -> CoreSeam { CoreSeam(id, path: path, mode: mode, origin: .adds) }
        /// A placeholder the Core keeps unless the Plan declares something for it.
        func mayReplace(_ path: String) -> CoreSeam { CoreSeam(id, path: path, origin: .replaces, optional: true) }
        switch id {
        // `Cores/ios`: XcodeGen project, app `FoundationApp`.
        case .iosApplicationDefinition: return replaces("Generated/ApplicationDefinition.swift")
        case .iosNavigationDefinition: return replaces("Generated/NavigationDefinition.swift")
        case .iosIdentityXcconfig: return replaces("Generated/Identity.xcconfig")
        case .iosPathConfiguration: return replaces("Resources/ios_v1.json")
        case .iosAccentColor: return replaces("Resources/Assets.xcassets/AccentColor.colorset/Contents.json")
        case .iosBackgroundColor: return replaces("Resources/Assets.xcassets/FoundationBackground.colorset/Contents.json")
        case .iosAppIcon: return replaces("Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png")
        case .iosApplicationTests: return replaces("Tests/Generated/GeneratedApplicationTests.swift")
        case .iosNavigationUITests: return replaces("UITests/Generated/GeneratedNavigationUITests.swift")
        // native/ios: sources keep their folders below Extensions/ (an optional XcodeGen source);
        // each image name is one imageset of the Core's catalog.
        case .iosExtensionSources: return adds("Extensions/{file*}")
        case .iosExtensionImages: return adds("Resources/Assets.xcassets/{name}.imageset/{file}")
        case .iosExtensionImageSets: return adds("Resources/Assets.xcassets/{name}.imageset/Contents.json")
        case .iosExtensionRegistry: return mayReplace("Generated/ExtensionRegistry.swift")
        case .iosExtensionPackage: return mayReplace("NativeExtensions/Package.swift")
        case .iosExtensionExports: return mayReplace("NativeExtensions/Sources/NativeExtensions/NativeExtensions.swift")
        // Push: the registration the Core's AppDelegate and NavigationContainer call (placeholder:
        // does nothing); its aps-environment entitlement is in ios.entitlements.
        case .iosPushRegistration: return mayReplace("Generated/PushRegistration.swift")
        // The built-in bridge components to register (placeholder: none) and the app's entitlements
        // (placeholder: none; Associated Domains with an authored domain).
        case .iosBridgeRegistry: return replaces("Generated/BridgeRegistry.swift")
        case .iosEntitlements: return replaces("Generated/FoundationApp.entitlements")

        // `Cores/android`: Gradle project, Kotlin namespace `dev.firstdraft.app`.
        case .androidApplicationProperties: return replaces("app/application.properties")
        case .androidApplicationDefinition: return replaces("app/src/main/java/dev/firstdraft/app/generated/ApplicationDefinition.kt")
        case .androidApplicationTests: return replaces("app/src/test/java/dev/firstdraft/app/generated/GeneratedApplicationTest.kt")
        case .androidActivityLayout: return replaces("app/src/main/res/layout/activity_main.xml")
        case .androidStrings: return replaces("app/src/main/res/values/strings.xml")
        case .androidColorsLight: return replaces("app/src/main/res/values/colors.xml")
        case .androidColorsDark: return replaces("app/src/main/res/values-night/colors.xml")
        case .androidLauncherForeground: return replaces("app/src/main/res/drawable/ic_launcher_foreground.xml")
        case .androidPathConfiguration: return replaces("app/src/main/assets/json/android_v1.json")
        case .androidTabIcons: return adds("app/src/main/res/drawable/ic_tab_{token}.xml")
        // native/android: Kotlin in the extension package's folder, drawables in the resource
        // directory the frozen build file adds, Maven coordinates in the script it applies.
        case .androidExtensionSources: return adds("app/src/main/java/dev/firstdraft/app/extensions/{file*}")
        case .androidExtensionDrawables: return adds("app/src/extensions/res/{folder}/{file}")
        case .androidExtensionRegistry: return mayReplace("app/src/main/java/dev/firstdraft/app/generated/ExtensionRegistry.kt")
        case .androidExtensionDependencies: return mayReplace("app/extensions.gradle.kts")
        // Push: the registration MainActivity and AppWebFragment call (placeholder: does nothing),
        // the Firebase service, and the manifest app/build.gradle.kts merges when push=true.
        case .androidPushRegistration: return mayReplace("app/src/main/java/dev/firstdraft/app/generated/PushRegistration.kt")
        case .androidPushMessagingService: return adds("app/src/main/java/dev/firstdraft/app/generated/PushMessagingService.kt")
        case .androidPushManifest: return adds("app/src/push/AndroidManifest.xml")
        // The built-in bridge components to register; the manifest, whose App Links filter exists
        // only with an authored domain.
        case .androidBridgeRegistry: return replaces("app/src/main/java/dev/firstdraft/app/generated/BridgeRegistry.kt")
        case .androidManifest: return replaces("app/src/main/AndroidManifest.xml")

        // `Cores/rails`: Rails 8 application `FoundationApp`.
        // The GapSet of the whole compile, at the output root.
        case .railsGapSet: return adds("FOUNDATION_GAPS.json")
        // Web bookmark icons (the pinned monogram PNG).
        case .railsBookmarkIcon: return adds("public/icon.png")
        case .railsAppleTouchIcon: return adds("public/apple-touch-icon.png")
        case .railsRoutes: return replaces("config/routes.rb")
        case .railsNavigationPartial: return replaces("app/views/layouts/_navigation.html.erb")
        case .railsThemeCss: return replaces("app/assets/stylesheets/theme.css")
        case .railsReadme: return replaces("README.md")
        case .railsAccountInitializer: return replaces("config/initializers/rodauth.rb")
        case .railsApplicationIdentity: return replaces("config/initializers/application_identity.rb")
        case .railsThemeController: return adds("app/javascript/controllers/theme_controller.js")
        case .railsInflections: return adds("config/initializers/inflections.rb")
        // Account (Rodauth), when the Plan has one.
        case .railsAccountRodauthApp: return adds("app/misc/rodauth_app.rb")
        case .railsAccountRodauthMain: return adds("app/misc/rodauth_main.rb")
        case .railsAccountController: return adds("app/controllers/rodauth_controller.rb")
        case .railsAccountModel: return adds("app/models/account.rb")
        case .railsAccountMigration: return adds("db/migrate/{timestamp}_create_rodauth.rb")
        case .railsAccountPageController: return adds("app/controllers/accounts_controller.rb")
        case .railsAccountRequired: return adds("app/controllers/concerns/account_required.rb")
        case .railsAccountViews: return adds("app/views/accounts/{view}.html.erb")
        case .railsAccountRodauthViews: return adds("app/views/rodauth/{view}.html.erb")
        // CI of the Rails app, always.
        case .railsWorkflow: return adds(".github/workflows/rails.yml")
        // Native clients, when selected.
        case .railsNativeConfigurations: return adds("app/controllers/native/configurations_controller.rb")
        case .railsNativeConfigurationsSpec: return adds("spec/requests/native/configurations_spec.rb")
        case .railsNativeSessionController: return adds("app/controllers/native/sessions_controller.rb")
        case .railsNativeSessionView: return adds("app/views/native/sessions/show.html.erb")
        case .railsIOSWorkflow: return adds(".github/workflows/ios.yml")
        case .railsAndroidWorkflow: return adds(".github/workflows/android.yml")
        case .railsIOSCommand: return adds("bin/ios", mode: .executable)
        case .railsAndroidCommand: return adds("bin/android", mode: .executable)
        case .railsIOSPreviewGuide: return adds("IOS_PREVIEW.md")
        case .railsAndroidPreviewGuide: return adds("ANDROID_PREVIEW.md")
        // Per entity (patterns). Composition picks the most specific matching seam, so the
        // account's `app/models/account.rb` and `…_create_rodauth.rb` are never taken for these.
        case .railsEntityMigration: return adds("db/migrate/{timestamp}_create_{plural}.rb")
        case .railsEntityModel: return adds("app/models/{entity}.rb")
        case .railsEntityController: return adds("app/controllers/{plural}_controller.rb")
        case .railsEntityViews: return adds("app/views/{plural}/{view}.html.erb")
        case .railsEntityRequestSpec: return adds("spec/requests/{plural}_spec.rb")
        // native/web: Stimulus controllers (bridge components' web half), loaded as `bridge--<name>`.
        case .railsExtensionWeb: return adds("app/javascript/controllers/bridge/{file*}")
        // Push (Action Push Native): the gems the Gemfile evaluates (placeholder: none), the
        // gem's install files, the device table, the handshake and the Account page's test send.
        case .railsCapabilityGems: return mayReplace("Gemfile.capabilities")
        case .railsPushConfig: return adds("config/push.yml")
        case .railsPushMigration: return adds("db/migrate/{timestamp}_create_action_push_native_devices.rb")
        case .railsPushDeviceModel: return adds("app/models/application_push_device.rb")
        case .railsPushNotificationModel: return adds("app/models/application_push_notification.rb")
        case .railsPushNotificationJob: return adds("app/jobs/application_push_notification_job.rb")
        case .railsPushDevicesController: return adds("app/controllers/account/push_devices_controller.rb")
        case .railsPushTestController: return adds("app/controllers/account/push_test_notifications_controller.rb")
        case .railsPushRequestSpec: return adds("spec/requests/account/push_spec.rb")
        // Built-in bridge components (issue 17): each one's Stimulus half at an exact path (which
        // wins over the app's own pattern above; an app file of that name is a load error), and the
        // rules that hide a promoted control.
        case .railsBridgeSubmitController: return adds("app/javascript/controllers/bridge/submit_controller.js")
        case .railsBridgeCss: return adds("app/assets/stylesheets/bridge.css")
        // Universal Links / App Links, with an authored domain.
        case .railsAppLinks: return adds("app/controllers/native/app_links.rb")
        case .railsAppLinksController: return adds("app/controllers/native/app_links_controller.rb")
        case .railsAppLinksSpec: return adds("spec/requests/native/app_links_spec.rb")
        }
    }
}
