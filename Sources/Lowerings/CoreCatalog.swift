/// Every seam of the three Core source trees under `Cores/`, with paths
/// relative to each Core's root. Composition requires each rendered file to
/// match its seam's path, owner and mode, and rejects files no seam declares.
public enum CoreCatalog {
    /// `Cores/ios`: XcodeGen project, app `FoundationApp`.
    public static let iosSeams: [CoreSeam] = [
        CoreSeam(path: "Generated/ApplicationDefinition.swift", owner: "ios.application_definition", origin: .replaces),
        CoreSeam(path: "Generated/NavigationDefinition.swift", owner: "ios.navigation_definition", origin: .replaces),
        CoreSeam(path: "Generated/Identity.xcconfig", owner: "ios.identity_xcconfig", origin: .replaces),
        CoreSeam(path: "Resources/ios_v1.json", owner: "ios.path_configuration", origin: .replaces),
        CoreSeam(
            path: "Resources/Assets.xcassets/AccentColor.colorset/Contents.json",
            owner: "ios.accent_color", origin: .replaces
        ),
        CoreSeam(
            path: "Resources/Assets.xcassets/FoundationBackground.colorset/Contents.json",
            owner: "ios.background_color", origin: .replaces
        ),
        CoreSeam(
            path: "Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
            owner: "ios.app_icon", origin: .replaces
        ),
        CoreSeam(path: "Tests/Generated/GeneratedApplicationTests.swift", owner: "ios.application_tests", origin: .replaces),
        CoreSeam(
            path: "UITests/Generated/GeneratedNavigationUITests.swift",
            owner: "ios.navigation_ui_tests", origin: .replaces
        ),
    ]

    /// `Cores/android`: Gradle project, Kotlin namespace `dev.firstdraft.app`.
    public static let androidSeams: [CoreSeam] = [
        CoreSeam(path: "app/application.properties", owner: "android.application_properties", origin: .replaces),
        CoreSeam(
            path: "app/src/main/java/dev/firstdraft/app/generated/ApplicationDefinition.kt",
            owner: "android.application_definition", origin: .replaces
        ),
        CoreSeam(
            path: "app/src/test/java/dev/firstdraft/app/generated/GeneratedApplicationTest.kt",
            owner: "android.application_tests", origin: .replaces
        ),
        CoreSeam(path: "app/src/main/res/layout/activity_main.xml", owner: "android.activity_layout", origin: .replaces),
        CoreSeam(path: "app/src/main/res/values/strings.xml", owner: "android.strings", origin: .replaces),
        CoreSeam(path: "app/src/main/res/values/colors.xml", owner: "android.colors_light", origin: .replaces),
        CoreSeam(path: "app/src/main/res/values-night/colors.xml", owner: "android.colors_dark", origin: .replaces),
        CoreSeam(
            path: "app/src/main/res/drawable/ic_launcher_foreground.xml",
            owner: "android.launcher_foreground", origin: .replaces
        ),
        CoreSeam(path: "app/src/main/assets/json/android_v1.json", owner: "android.path_configuration", origin: .replaces),
        CoreSeam(path: "app/src/main/res/drawable/ic_tab_{token}.xml", owner: "android.tab_icons", origin: .adds),
    ]

    /// `Cores/rails`: Rails 8 application `FoundationApp`.
    public static let railsSeams: [CoreSeam] = [
        // The GapSet of the whole compile, at the output root.
        CoreSeam(path: "FOUNDATION_GAPS.json", owner: "rails.gapset", origin: .adds),
        // Web bookmark icons (the pinned monogram PNG).
        CoreSeam(path: "public/icon.png", owner: "rails.bookmark_icon", origin: .adds),
        CoreSeam(path: "public/apple-touch-icon.png", owner: "rails.apple_touch_icon", origin: .adds),
        CoreSeam(path: "config/routes.rb", owner: "rails.routes", origin: .replaces),
        CoreSeam(path: "app/views/layouts/_navigation.html.erb", owner: "rails.navigation_partial", origin: .replaces),
        CoreSeam(path: "app/assets/stylesheets/theme.css", owner: "rails.theme_css", origin: .replaces),
        CoreSeam(path: "README.md", owner: "rails.readme", origin: .replaces),
        CoreSeam(path: "config/initializers/rodauth.rb", owner: "rails.account_initializer", origin: .replaces),
        CoreSeam(
            path: "config/initializers/application_identity.rb",
            owner: "rails.application_identity", origin: .replaces
        ),
        CoreSeam(path: "app/javascript/controllers/theme_controller.js", owner: "rails.theme_controller", origin: .adds),
        CoreSeam(path: "config/initializers/inflections.rb", owner: "rails.inflections", origin: .adds),
        // Account (Rodauth), when the Plan has one.
        CoreSeam(path: "app/misc/rodauth_app.rb", owner: "rails.account_rodauth_app", origin: .adds),
        CoreSeam(path: "app/misc/rodauth_main.rb", owner: "rails.account_rodauth_main", origin: .adds),
        CoreSeam(path: "app/controllers/rodauth_controller.rb", owner: "rails.account_controller", origin: .adds),
        CoreSeam(path: "app/models/account.rb", owner: "rails.account_model", origin: .adds),
        CoreSeam(path: "db/migrate/{timestamp}_create_rodauth.rb", owner: "rails.account_migration", origin: .adds),
        CoreSeam(path: "app/controllers/accounts_controller.rb", owner: "rails.account_page_controller", origin: .adds),
        CoreSeam(
            path: "app/controllers/concerns/account_required.rb",
            owner: "rails.account_required", origin: .adds
        ),
        CoreSeam(path: "app/views/accounts/{view}.html.erb", owner: "rails.account_views", origin: .adds),
        CoreSeam(path: "app/views/rodauth/{view}.html.erb", owner: "rails.account_rodauth_views", origin: .adds),
        // CI of the Rails app, always.
        CoreSeam(path: ".github/workflows/rails.yml", owner: "rails.rails_workflow", origin: .adds),
        // Native clients, when selected.
        CoreSeam(
            path: "app/controllers/native/configurations_controller.rb",
            owner: "rails.native_configurations", origin: .adds
        ),
        CoreSeam(
            path: "spec/requests/native/configurations_spec.rb",
            owner: "rails.native_configurations_spec", origin: .adds
        ),
        CoreSeam(
            path: "app/controllers/native/sessions_controller.rb",
            owner: "rails.native_session_controller", origin: .adds
        ),
        CoreSeam(path: "app/views/native/sessions/show.html.erb", owner: "rails.native_session_view", origin: .adds),
        CoreSeam(path: ".github/workflows/ios.yml", owner: "rails.ios_workflow", origin: .adds),
        CoreSeam(path: ".github/workflows/android.yml", owner: "rails.android_workflow", origin: .adds),
        CoreSeam(path: "bin/ios", owner: "rails.ios_command", mode: CoreSeam.executableMode, origin: .adds),
        CoreSeam(path: "bin/android", owner: "rails.android_command", mode: CoreSeam.executableMode, origin: .adds),
        CoreSeam(path: "IOS_PREVIEW.md", owner: "rails.ios_preview_guide", origin: .adds),
        CoreSeam(path: "ANDROID_PREVIEW.md", owner: "rails.android_preview_guide", origin: .adds),
        // Per entity (patterns). Composition picks the most specific matching seam, so the
        // account's `app/models/account.rb` and `…_create_rodauth.rb` are never taken for these.
        CoreSeam(path: "db/migrate/{timestamp}_create_{plural}.rb", owner: "rails.entity_migration", origin: .adds),
        CoreSeam(path: "app/models/{entity}.rb", owner: "rails.entity_model", origin: .adds),
        CoreSeam(path: "app/controllers/{plural}_controller.rb", owner: "rails.entity_controller", origin: .adds),
        CoreSeam(path: "app/views/{plural}/{view}.html.erb", owner: "rails.entity_views", origin: .adds),
        CoreSeam(path: "spec/requests/{plural}_spec.rb", owner: "rails.entity_request_spec", origin: .adds),
    ]
}
