package dev.firstdraft.app.extensions

import android.content.Context
import android.view.Gravity
import android.widget.ImageView
import android.widget.LinearLayout
import android.widget.ProgressBar
import dev.firstdraft.app.R

/** Shown until the first page is ready, at least 1.5 seconds. */
class LaunchSplash(context: Context) : LinearLayout(context) {
    init {
        orientation = VERTICAL
        gravity = Gravity.CENTER
        addView(ImageView(context).apply { setImageResource(R.drawable.logo) })
        addView(ProgressBar(context))
    }
}
