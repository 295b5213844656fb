// Minimal stand-ins for Jetpack Compose's Dp and the .dp extensions.
package androidx.compose.ui.unit

class Dp(val value: Float)

val Int.dp: Dp get() = Dp(this.toFloat())
val Double.dp: Dp get() = Dp(this.toFloat())
val Float.dp: Dp get() = Dp(this)

class IntSize(val width: Int, val height: Int)

class TextUnit(val value: Float)

val Double.sp: TextUnit get() = TextUnit(this.toFloat())
