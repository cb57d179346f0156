package dev.firstdraft.app

import androidx.annotation.DrawableRes

/**
 * One destination of the application's main navigation, in rank order.
 * The generated ApplicationDefinition supplies the values; this type is Core.
 */
data class NavigationEntry(
    /** Stable identity: the entity UUID, or `account-self:<subject uuid>`. */
    val id: String,
    val label: String,
    /** An absolute path on the Rails origin, such as `/movies`. */
    val path: String,
    @DrawableRes val iconResId: Int,
) {
    /** The entry's URL on [rootUrl], a host root without a trailing slash. */
    fun url(rootUrl: String): String {
        val normalizedPath = if (path.startsWith("/")) path else "/$path"
        return rootUrl.trimEnd('/') + normalizedPath
    }
}
