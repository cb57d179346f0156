import java.util.Properties
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
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

android {
    namespace = "dev.firstdraft.app"
    compileSdk = 36

    defaultConfig {
        applicationId = applicationProperty("application_id")
        minSdk = 28
        targetSdk = 36
        versionCode = 1
        versionName = "1.0.0"

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

    testImplementation(libs.junit)
    testImplementation(libs.gson)
}
