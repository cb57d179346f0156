package dev.firstdraft.app

import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import android.view.ViewGroup
import android.widget.FrameLayout
import androidx.core.content.ContextCompat
import dev.firstdraft.app.generated.ExtensionRegistry

/**
 * Shows the declared splash (`ExtensionRegistry.SPLASH`) over the activity until the first page
 * is ready (its visit completed, or the entry path opened a native screen), but at least
 * `ExtensionRegistry.SPLASH_MIN_MILLISECONDS`, and gives up after [GIVE_UP_MILLISECONDS].
 */
class SplashOverlay private constructor(activity: MainActivity) {
    private val shownAt = SystemClock.uptimeMillis()
    private val handler = Handler(Looper.getMainLooper())
    private var container: FrameLayout? = null
    private var ready = false

    init {
        val make = requireNotNull(ExtensionRegistry.SPLASH)
        val frame = FrameLayout(activity).apply {
            setBackgroundColor(ContextCompat.getColor(activity, R.color.foundation_background))
            isClickable = true
            addView(make(activity), FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT))
        }
        activity.addContentView(frame, ViewGroup.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT))
        container = frame
        handler.postDelayed({ dismiss() }, GIVE_UP_MILLISECONDS)
    }

    /** The first page is there: dismiss once the minimum time has passed. */
    fun firstPageReady() {
        if (ready) return
        ready = true
        val remaining = ExtensionRegistry.SPLASH_MIN_MILLISECONDS - (SystemClock.uptimeMillis() - shownAt)
        handler.postDelayed({ dismiss() }, remaining.coerceAtLeast(0L))
    }

    private fun dismiss() {
        val frame = container ?: return
        container = null
        frame.animate().alpha(0f).setDuration(200L).withEndAction { (frame.parent as? ViewGroup)?.removeView(frame) }.start()
    }

    companion object {
        const val GIVE_UP_MILLISECONDS = 8000L

        /** Null when the Plan declares no splash. */
        fun show(activity: MainActivity): SplashOverlay? =
            if (ExtensionRegistry.SPLASH == null) null else SplashOverlay(activity)
    }
}
