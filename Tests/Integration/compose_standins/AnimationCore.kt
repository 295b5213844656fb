// Minimal stand-ins for the androidx.compose.animation.core signatures the bundles use
// (spring with a visibility threshold, tween with a cubic Bézier easing).
package androidx.compose.animation.core

interface AnimationSpec<T>

interface Easing {
    fun transform(fraction: Float): Float
}

class CubicBezierEasing(val a: Float, val b: Float, val c: Float, val d: Float) : Easing {
    override fun transform(fraction: Float): Float = fraction
}

val LinearEasing: Easing = CubicBezierEasing(0f, 0f, 1f, 1f)
val FastOutSlowInEasing: Easing = CubicBezierEasing(0.4f, 0f, 0.2f, 1f)

class SpringSpec<T>(val dampingRatio: Float = 1f, val stiffness: Float = 1500f, val visibilityThreshold: T? = null) : AnimationSpec<T>

class TweenSpec<T>(val durationMillis: Int = 300, val delay: Int = 0, val easing: Easing = FastOutSlowInEasing) : AnimationSpec<T>

fun <T> spring(dampingRatio: Float = 1f, stiffness: Float = 1500f, visibilityThreshold: T? = null): SpringSpec<T> =
    SpringSpec(dampingRatio, stiffness, visibilityThreshold)

fun <T> tween(durationMillis: Int = 300, delayMillis: Int = 0, easing: Easing = FastOutSlowInEasing): TweenSpec<T> =
    TweenSpec(durationMillis, delayMillis, easing)
