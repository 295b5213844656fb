// Minimal stand-in for Jetpack Compose's Color, so generated Kotlin compiles without Android.
package androidx.compose.ui.graphics

class Color(val value: Long)
