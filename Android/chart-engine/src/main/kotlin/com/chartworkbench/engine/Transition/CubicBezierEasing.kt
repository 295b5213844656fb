package com.chartworkbench.engine

/**
 * A CSS `cubic-bezier(x1, y1, x2, y2)` timing function, solved for x (Newton, then bisection)
 * as browsers do (mirrors Transition/CubicBezierEasing.swift).
 */
data class CubicBezierEasing(val x1: Double, val y1: Double, val x2: Double, val y2: Double) {
    private val cx = 3 * x1
    private val bx = 3 * (x2 - x1) - cx
    private val ax = 1 - cx - bx
    private val cy = 3 * y1
    private val by = 3 * (y2 - y1) - cy
    private val ay = 1 - cy - by

    private fun sampleX(t: Double) = ((ax * t + bx) * t + cx) * t
    private fun sampleY(t: Double) = ((ay * t + by) * t + cy) * t
    private fun slopeX(t: Double) = (3 * ax * t + 2 * bx) * t + cx

    fun solveX(x: Double, epsilon: Double = 1e-9): Double {
        var t = x
        for (i in 0 until 8) {
            val error = sampleX(t) - x
            if (Math.abs(error) < epsilon) return t
            val slope = slopeX(t)
            if (Math.abs(slope) < 1e-12) break
            t -= error / slope
        }
        var lo = 0.0
        var hi = 1.0
        t = x
        while (lo < hi) {
            val value = sampleX(t)
            if (Math.abs(value - x) < epsilon) return t
            if (x > value) lo = t else hi = t
            val next = (lo + hi) / 2
            if (next == t) break
            t = next
        }
        return t
    }

    operator fun invoke(x: Double): Double {
        if (x <= 0) return 0.0
        if (x >= 1) return 1.0
        return sampleY(solveX(x))
    }

    companion object {
        val EASE_IN = CubicBezierEasing(0.42, 0.0, 1.0, 1.0)
        val EASE_OUT = CubicBezierEasing(0.0, 0.0, 0.58, 1.0)
        val EASE_IN_OUT = CubicBezierEasing(0.42, 0.0, 0.58, 1.0)
    }
}
