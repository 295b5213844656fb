package com.chartworkbench.engine

/** Price points drawn for a period. */
fun ChartStyle.pointCountFor(period: Period): Int =
    if (pointSizing == PointSizing.FIXED) pointCount else period.backendPointCount

/** The moving average's window over `points` prices: the fixed window, or the odd count nearest to `smoothingSpan` of them (at least 1). */
fun ChartStyle.movingAverageWindow(points: Int): Int {
    if (pointSizing != PointSizing.PER_PERIOD) return smoothingWindow
    val share = smoothingSpan * Math.max(0, points)
    return Math.max(1, 2 * Math.round((share - 1) / 2).toInt() + 1)
}

/** Engine settings derived from the parameters, for a line of `points` prices (mirrors the extension in Parameters/ChartStyle.swift). */
fun ChartStyle.smoothingMethod(points: Int): Smoothing =
    when (smoothing) {
        SmoothingName.NONE -> Smoothing.None
        SmoothingName.MOVING_AVERAGE -> Smoothing.MovingAverage(movingAverageWindow(points))
        SmoothingName.EXPONENTIAL -> Smoothing.Exponential(smoothingAlpha)
        SmoothingName.GAUSSIAN -> Smoothing.Gaussian(smoothingSigma)
    }

fun ChartStyle.curve(name: CurveName): Curve = Curve(name, catmullRomAlpha, cardinalTension)

val ChartStyle.inactive: Curve get() = curve(inactiveCurve)
val ChartStyle.active: Curve get() = curve(activeCurve)

val ChartStyle.easingFunction: Easing
    get() = Easing(easing, cubicBezier, springDamping, springVelocity, animationDuration, springDuration, springBounce)

/**
 * The easing of one motion besides the press: a named easing over its own duration; springs take
 * the press's spring tuning, a cubic Bézier the press's control points (mirrors
 * `ChartStyle.motionEasing` in Parameters/MotionParameters.swift).
 */
fun ChartStyle.motionEasing(name: EasingName, duration: Double): Easing =
    Easing(name, cubicBezier, springDamping, springVelocity, duration, springDuration, springBounce)

/** Seconds the motion takes: the duration, or for a spring tuned by duration and bounce the time it takes to settle. */
val ChartStyle.motionDuration: Double
    get() = if (easing == EasingName.PERCEPTUAL_SPRING) easingFunction.spring?.duration ?: animationDuration else animationDuration

/** Seconds the transition lasts; zero when animation is off. */
val ChartStyle.transitionDuration: Double get() = if (animationEnabled) motionDuration else 0.0

/** Beyond 0…1 (a spring's overshoot) the width extrapolates too, but never below zero. */
/** The motion under reduced motion: linear over `reducedMotionDuration` (a crossfade) or no animation; never a spring. */
val ChartStyle.reducedMotionVariant: ChartStyle
    get() = copy(easing = EasingName.LINEAR, animationDuration = reducedMotionDuration,
                 animationEnabled = animationEnabled && reducedMotionStyle != ReducedMotionStyle.NONE && reducedMotionDuration != 0.0)

/** The style whose motion plays: the reduced variant when the viewer asks for reduced motion. */
fun ChartStyle.motionStyle(reducedMotion: Boolean): ChartStyle = if (reducedMotion) reducedMotionVariant else this

fun ChartStyle.lineWidth(progress: Double): Double = Math.max(0.0, (1 - progress) * inactiveLineWidth + progress * activeLineWidth)
