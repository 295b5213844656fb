package com.chartworkbench.engine

/** Engine settings derived from the parameters (mirrors the extension in Parameters/ChartStyle.swift). */
val ChartStyle.smoothingMethod: Smoothing
    get() = when (smoothing) {
        SmoothingName.NONE -> Smoothing.None
        SmoothingName.MOVING_AVERAGE -> Smoothing.MovingAverage(smoothingWindow)
        SmoothingName.EXPONENTIAL -> Smoothing.Exponential(smoothingAlpha)
        SmoothingName.GAUSSIAN -> Smoothing.Gaussian(smoothingSigma)
    }

fun ChartStyle.curve(name: CurveName): Curve = Curve(name, catmullRomAlpha, cardinalTension)

val ChartStyle.inactive: Curve get() = curve(inactiveCurve)
val ChartStyle.active: Curve get() = curve(activeCurve)

val ChartStyle.easingFunction: Easing
    get() = Easing(easing, cubicBezier, springDamping, springVelocity, animationDuration, springDuration, springBounce)

/** Seconds the motion takes: the duration, or for a spring tuned by duration and bounce the time it takes to settle. */
val ChartStyle.motionDuration: Double
    get() = if (easing == EasingName.PERCEPTUAL_SPRING) easingFunction.spring?.duration ?: animationDuration else animationDuration

/** Seconds the transition lasts; zero when animation is off. */
val ChartStyle.transitionDuration: Double get() = if (animationEnabled) motionDuration else 0.0

/** Beyond 0…1 (a spring's overshoot) the width extrapolates too, but never below zero. */
fun ChartStyle.lineWidth(progress: Double): Double = Math.max(0.0, (1 - progress) * inactiveLineWidth + progress * activeLineWidth)
