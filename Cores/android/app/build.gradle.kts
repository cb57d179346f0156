import java.util.Properties
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    // On the classpath always, applied below only when the Plan turns push on.
    alias(libs.plugins.google.services) apply false
}

// The app's Maven dependencies (native.android.packages), generated into this script so this
// file never changes for them.
apply(from = "extensions.gradle.kts")

// The generated identity. The Kotlin namespace below stays fixed, so a new
// application ID never requires moving or rewriting source files.
val applicationProperties = Properties().apply {
    file("application.properties").reader(Charsets.UTF_8).use { load(it) }
}

fun applicationProperty(name: String): String =
    applicationProperties.getProperty(name)?.trim()?.takeIf { it.isNotEmpty() }
        ?: error("app/application.properties has no value for '$name'")

val appOrigin = applicationProperty("origin")
val projectionDigest = applicationProperty("projection_digest")
// The app's custom URL scheme: AndroidManifest.xml's deep-link filter, and DeepLink in MainActivity.
val urlScheme = applicationProperty("url_scheme")

// The store build number is not in the tree: CI passes -PbuildNumber=<n> (git rev-list --count
// HEAD), so a new build never changes a tracked file; local builds are 1.
val buildNumber: Int = (findProperty("buildNumber") as String?)?.let { value ->
    value.toIntOrNull()?.takeIf { it in 1..2100000000 }
        ?: error("-PbuildNumber=$value is not a versionCode: use a whole number from 1 to 2100000000")
} ?: 1

// Push (the Plan's /application/push/android): Firebase Cloud Messaging. The owner provides
// app/google-services.json from the Firebase console; it is never generated.
val pushEnabled = applicationProperty("push") == "true"
if (pushEnabled) {
    if (!file("google-services.json").isFile) {
        error(
            "Push is on (app/application.properties push=true) but app/google-services.json is missing. " +
                "Download it from the Firebase console (Project settings > Your apps > the Android app with " +
                "application ID ${applicationProperty("application_id")}) and save it as android/app/google-services.json; " +
                "CI writes it from the GOOGLE_SERVICES_JSON secret.",
        )
    }
    apply(plugin = "com.google.gms.google-services")
}

android {
    namespace = "dev.firstdraft.app"
    compileSdk = 36

    defaultConfig {
        applicationId = applicationProperty("application_id")
        minSdk = 28
        targetSdk = 36
        versionCode = buildNumber
        versionName = applicationProperty("version_name")

        manifestPlaceholders["appOrigin"] = appOrigin
        manifestPlaceholders["projectionDigest"] = projectionDigest
        manifestPlaceholders["appUrlScheme"] = urlScheme
        buildConfigField("String", "APP_ORIGIN", "\"$appOrigin\"")
        buildConfigField("String", "PROJECTION_DIGEST", "\"$projectionDigest\"")
        buildConfigField("String", "APP_URL_SCHEME", "\"$urlScheme\"")
    }

    buildTypes {
        release {
            isMinifyEnabled = false
        }
    }

    buildFeatures {
        buildConfig = true
    }

    // The app's own drawables (native/android/assets), copied in by every compile.
    sourceSets {
        getByName("main") {
            res.srcDir("src/extensions/res")
        }
        // Push's manifest (the POST_NOTIFICATIONS permission and the Firebase service) is generated
        // into src/push only with push on; both build types merge it over the main manifest.
        if (pushEnabled) {
            getByName("debug").manifest.srcFile("src/push/AndroidManifest.xml")
            getByName("release").manifest.srcFile("src/push/AndroidManifest.xml")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

kotlin {
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
    }
}

dependencies {
    implementation(libs.hotwire.core)
    implementation(libs.hotwire.navigation.fragments)
    implementation(libs.androidx.appcompat)
    implementation(libs.androidx.constraintlayout)
    implementation(libs.material)
    implementation(libs.kotlinx.coroutines.android)

    if (pushEnabled) {
        implementation(platform(libs.firebase.bom))
        implementation(libs.firebase.messaging)
    }

    testImplementation(libs.junit)
    testImplementation(libs.gson)
}
