package com.chartworkbench.engine

/**
 * The transition as an interruptible motion: progress and velocity at any time since it started
 * from a given state, toward 0 (inactive) or 1 (active). Retargeting mid-way starts a new
 * segment from the current progress, so nothing jumps; a spring also keeps its current velocity
 * (UIKit's `beginFromCurrentState`, SwiftUI's retargeting), a Bézier curve restarts its timing
 * from the current value as CSS transitions do (mirrors Transition/TransitionMotion.swift).
 */
class TransitionMotion private constructor(
    /** Seconds (on the caller's clock) when this segment started. */
    val startTime: Double,
    val startProgress: Double,
    val startVelocity: Double,
    val target: Double,
    val duration: Double,
    val easing: Easing
) {
    /** Progress and progress per second; `finished` when the segment rests at its target. */
    data class State(val progress: Double, val velocity: Double, val finished: Boolean)

    /**
     * A new segment toward `target` from wherever this motion is at `time`. From rest a spring
     * starts with the style's own initial velocity (distances per second, as UIKit's); while
     * moving it keeps the velocity it has.
     */
    fun retargeted(target: Double, time: Double, style: ChartStyle): TransitionMotion {
        val now = state(time)
        val easing = style.easingFunction
        var velocity = now.velocity
        val spring = easing.spring
        if (now.finished && spring != null) velocity = spring.velocity * (target - now.progress)
        return TransitionMotion(time, now.progress, velocity, target, style.transitionDuration, easing)
    }

    fun state(time: Double): State {
        val t = time - startTime
        if (!(duration > 0) || !(t < duration)) return State(target, 0.0, true)
        if (t <= 0) return State(startProgress, startVelocity, false)
        val spring = easing.spring
        if (spring != null) {
            val (offset, velocity) = spring(startProgress - target, startVelocity, t, spring.naturalFrequency, spring.damping)
            return State(target + offset, velocity, false)
        }
        val distance = target - startProgress
        val fraction = t / duration
        val step = 1e-4
        val slope = (easing(Math.min(fraction + step, 1.0)) - easing(Math.max(fraction - step, 0.0))) /
            (Math.min(fraction + step, 1.0) - Math.max(fraction - step, 0.0))
        return State(startProgress + distance * easing(fraction), distance * slope / duration, false)
    }

    companion object {
        /** At rest at `progress`. */
        fun resting(progress: Double): TransitionMotion =
            TransitionMotion(0.0, progress, 0.0, progress, 0.0, Easing(EasingName.LINEAR, emptyList(), 1.0, 0.0, 0.0))

        /**
         * A motion other than the press (a period change, a live price): progress restarts at 0
         * toward 1 with its own duration and easing. While a previous one is moving, its velocity
         * carries over (a spring keeps its momentum); from rest a spring starts with the style's
         * initial velocity.
         */
        fun started(time: Double, previous: TransitionMotion?, duration: Double, easing: Easing): TransitionMotion {
            var velocity = 0.0
            val spring = easing.spring
            if (previous != null && !previous.state(time).finished) {
                velocity = previous.state(time).velocity
            } else if (spring != null) {
                velocity = spring.velocity
            }
            return TransitionMotion(time, 0.0, velocity, 1.0, duration, easing)
        }

        /**
         * A damped oscillator's offset from its rest point and its velocity after `t`, from any
         * start offset and velocity (the general solution `SpringEasing` uses with offset −1).
         */
        fun spring(e0: Double, v0: Double, t: Double, w0: Double, zeta: Double): Pair<Double, Double> {
            if (zeta >= 1) {
                val b = v0 + w0 * e0
                val decay = Math.exp(-w0 * t)
                return Pair((e0 + b * t) * decay, (b - w0 * (e0 + b * t)) * decay)
            }
            val wd = w0 * Math.sqrt(1 - zeta * zeta)
            val b = (v0 + zeta * w0 * e0) / wd
            val decay = Math.exp(-zeta * w0 * t)
            val c = Math.cos(wd * t)
            val s = Math.sin(wd * t)
            val offset = decay * (e0 * c + b * s)
            val velocity = decay * (-zeta * w0 * (e0 * c + b * s) + wd * (b * c - e0 * s))
            return Pair(offset, velocity)
        }
    }
}
