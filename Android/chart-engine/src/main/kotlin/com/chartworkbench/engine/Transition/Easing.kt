package com.chartworkbench.engine

/** Maps elapsed time (fraction of the duration) to transition progress (mirrors Transition/Easing.swift). */
class Easing(
    name: EasingName,
    bezier: List<Double>,
    springDamping: Double,
    springVelocity: Double,
    duration: Double,
    springDuration: Double = 0.5,
    springBounce: Double = 0.0
) {
    private val bezierCurve: CubicBezierEasing? = when (name) {
        EasingName.EASE_IN -> CubicBezierEasing.EASE_IN
        EasingName.EASE_OUT -> CubicBezierEasing.EASE_OUT
        EasingName.EASE_IN_OUT -> CubicBezierEasing.EASE_IN_OUT
        EasingName.CUBIC_BEZIER ->
            if (bezier.size == 4) CubicBezierEasing(bezier[0], bezier[1], bezier[2], bezier[3]) else CubicBezierEasing.EASE_IN_OUT
        else -> null
    }
    val spring: SpringEasing? = when (name) {
        EasingName.SPRING -> SpringEasing.uikit(springDamping, springVelocity, duration)
        EasingName.PERCEPTUAL_SPRING -> SpringEasing.perceptual(springDuration, springBounce, springVelocity)
        else -> null
    }

    operator fun invoke(fraction: Double): Double {
        bezierCurve?.let { return it(fraction) }
        spring?.let { return it(fraction) }
        return Math.min(Math.max(fraction, 0.0), 1.0)
    }
}
