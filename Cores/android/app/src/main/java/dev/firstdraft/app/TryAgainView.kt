package dev.firstdraft.app

import android.annotation.SuppressLint
import android.view.LayoutInflater
import android.view.View
import android.widget.Button
import dev.hotwire.navigation.destinations.HotwireDestination

/**
 * The error view for a failed page load: a message and a Try again button that
 * calls the destination's public `refresh`. Nothing is retried automatically.
 */
@SuppressLint("InflateParams") // Hotwire adds the view to its own error container.
fun tryAgainView(inflater: LayoutInflater, destination: HotwireDestination): View =
    inflater.inflate(R.layout.error_try_again, null).apply {
        findViewById<Button>(R.id.error_try_again).setOnClickListener {
            destination.refresh(displayProgress = true)
        }
    }
