// Seam placeholder (owner: android.push_registration). Composition replaces this file when
// /application/push/android is true; the members below are the exact API Core calls
// (MainActivity, AppWebFragment). Without push, nothing asks for notification permission.
package dev.firstdraft.app.generated

import androidx.appcompat.app.AppCompatActivity

object PushRegistration {
    /** At launch: refresh the token of an app the user already allowed to notify. */
    fun activityCreated(activity: AppCompatActivity) {}

    /** After a sign-in or sign-out (the `reset_navigation` page): ask for permission once signed in. */
    fun sessionChanged(activity: AppCompatActivity) {}
}
