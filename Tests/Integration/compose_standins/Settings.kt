package android.provider

import android.content.ContentResolver

object Settings {
    object Global {
        const val ANIMATOR_DURATION_SCALE = "animator_duration_scale"
        /** What the harness sets: the device's animator duration scale (0 = animations off). */
        var animatorDurationScale = 1f
        fun getFloat(resolver: ContentResolver, name: String, def: Float): Float = if (name == ANIMATOR_DURATION_SCALE) animatorDurationScale else def
    }
}
