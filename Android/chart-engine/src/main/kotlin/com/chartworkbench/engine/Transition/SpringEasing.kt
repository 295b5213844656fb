package com.chartworkbench.engine

/**
 * UIKit's `usingSpringWithDamping:initialSpringVelocity:` over a fixed duration: a damped
 * oscillator from 0 to 1 whose stiffness makes the envelope decay to 0.1 % by the end
 * (mirrors Transition/SpringEasing.swift).
 */
class SpringEasing(damping: Double, val velocity: Double, val duration: Double) {
    val damping: Double = Math.min(Math.max(damping, 0.01), 1.0)

    /** Natural angular frequency that makes the motion settle within `duration`. */
    val naturalFrequency: Double
        get() {
            val d = Math.max(duration, 1e-6)
            if (damping >= 1) {
                // Critically damped envelope (1 + ω t)·e^(−ω t) reaches the threshold at t = d.
                var lo = 0.0
                var hi = 100.0
                for (i in 0 until 100) {
                    val mid = (lo + hi) / 2
                    if ((1 + mid) * Math.exp(-mid) > SETTLE_THRESHOLD) lo = mid else hi = mid
                }
                return hi / d
            }
            return Math.log(1 / SETTLE_THRESHOLD) / (damping * d)
        }

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
        const val SETTLE_THRESHOLD = 0.001
    }
}
