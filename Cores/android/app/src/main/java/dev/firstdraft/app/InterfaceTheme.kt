package dev.firstdraft.app

import androidx.appcompat.app.AppCompatDelegate

/** The appearance the lowering selected; AUTOMATIC follows the system setting. */
enum class InterfaceTheme(val nightMode: Int) {
    AUTOMATIC(AppCompatDelegate.MODE_NIGHT_FOLLOW_SYSTEM),
    LIGHT(AppCompatDelegate.MODE_NIGHT_NO),
    DARK(AppCompatDelegate.MODE_NIGHT_YES),
}
