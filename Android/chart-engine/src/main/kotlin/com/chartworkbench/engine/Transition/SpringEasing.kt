package com.chartworkbench.engine

/**
 * A damped oscillator from 0 to 1, tuned either as UIKit's damping and velocity over a fixed
 * duration (the frequency settles it within the duration) or as Apple's perceptual duration and
 * bounce (the transition lasts until it has settled). Settled: the envelope with its full
 * amplitude stays within 0.1 % of the distance (mirrors Transition/SpringEasing.swift).
 */
class SpringEasing private constructor(
    val damping: Double,
    val velocity: Double,
    /** Seconds until the motion has settled; the easing's fraction 1. */
    val duration: Double,
    /** Radians per second. */
    val naturalFrequency: Double
) {
    /** UIKit's form, as `uikit(damping, velocity, duration)`. */
    constructor(damping: Double, velocity: Double, duration: Double) :
        this(clampedDamping(damping), velocity, duration, frequency(Math.max(duration, 1e-6), clampedDamping(damping), velocity))

    operator fun invoke(fraction: Double): Double {
        if (fraction <= 0) return 0.0
        if (fraction >= 1) return 1.0
        val t = fraction * duration
        val w0 = naturalFrequency
        val v0 = velocity
        val displacement = if (damping >= 1) {
            (1 + (w0 - v0) * t) * Math.exp(-w0 * t)
        } else {
            val wd = w0 * Math.sqrt(1 - damping * damping)
            val decay = Math.exp(-damping * w0 * t)
            decay * (Math.cos(wd * t) + (damping * w0 - v0) / wd * Math.sin(wd * t))
        }
        return 1 - displacement
    }

    companion object {
        const val SETTLE_THRESHOLD = 0.000999

        private fun clampedDamping(damping: Double): Double = Math.min(Math.max(damping, 0.01), 1.0)

        /** UIKit's form: the frequency follows from the duration. */
        fun uikit(damping: Double, velocity: Double, duration: Double): SpringEasing = SpringEasing(damping, velocity, duration)

        /** Apple's form: the period 2π/ω₀ and the bounce 1 − ζ. */
        fun perceptual(perceptualDuration: Double, bounce: Double, velocity: Double): SpringEasing {
            val zeta = clampedDamping(1 - bounce)
            val w0 = 2 * Math.PI / Math.max(perceptualDuration, 1e-6)
            return SpringEasing(zeta, velocity, settlingTime(w0, zeta, velocity), w0)
        }

        fun envelope(w0: Double, zeta: Double, v0: Double, t: Double): Double {
            if (zeta >= 1) return (1 + Math.abs(w0 - v0) * t) * Math.exp(-w0 * t)
            val wd = w0 * Math.sqrt(1 - zeta * zeta)
            val sine = (zeta * w0 - v0) / wd
            return Math.sqrt(1 + sine * sine) * Math.exp(-zeta * w0 * t)
        }

        private fun frequency(duration: Double, zeta: Double, v0: Double): Double =
            bisected(0.0, 1.0 / duration) { envelope(it, zeta, v0, duration) > SETTLE_THRESHOLD }

        private fun settlingTime(w0: Double, zeta: Double, v0: Double): Double =
            bisected(1 / w0, 2 / w0) { envelope(w0, zeta, v0, it) > SETTLE_THRESHOLD }

        /** The least value past which `outside` no longer holds: `hi` doubles (from `lo`, `hi`) until it is within, then up to 200 halvings of the bracket. */
        private inline fun bisected(from: Double, to: Double, outside: (Double) -> Boolean): Double {
            var lo = from
            var hi = to
            while (outside(hi)) { lo = hi; hi *= 2 }
            for (i in 0 until 200) {
                val mid = (lo + hi) / 2
                if (mid <= lo || mid >= hi) break
                if (outside(mid)) lo = mid else hi = mid
            }
            return hi
        }
    }
}
