package com.chartworkbench.engine

/**
 * How the inactive line's values are smoothed. Every method keeps the count; gaps (non-finite
 * values) split the series into runs smoothed on their own (mirrors Smoothing/Smoothing.swift).
 */
sealed class Smoothing {
    object None : Smoothing()
    data class MovingAverage(val window: Int) : Smoothing()
    data class Exponential(val alpha: Double) : Smoothing()
    data class Gaussian(val sigma: Double) : Smoothing()

    fun apply(values: DoubleArray): DoubleArray {
        if (this is None) return values.copyOf()
        val out = values.copyOf()
        var start = 0
        while (start < values.size) {
            if (!values[start].isFinite()) { start += 1; continue }
            var end = start
            while (end < values.size && values[end].isFinite()) end += 1
            smoothRun(values, start, end, out)
            start = end
        }
        return out
    }

    private fun smoothRun(values: DoubleArray, start: Int, end: Int, out: DoubleArray) {
        when (this) {
            is None -> {}
            is MovingAverage -> movingAverage(window, values, start, end, out)
            is Exponential -> exponentialSmoothing(alpha, values, start, end, out)
            is Gaussian -> gaussianKernel(sigma).smooth(values, start, end, out)
        }
    }
}

/**
 * A weighted window whose indices beyond the ends are clamped to the first/last value; the
 * weighted sum is divided by `divisor` last, so an equal-weight window is an exact mean.
 */
class ClampedKernel(val weights: DoubleArray, val divisor: Double = 1.0) {
    val radius: Int get() = weights.size / 2

    fun smooth(values: DoubleArray, start: Int, end: Int, out: DoubleArray) {
        val n = end - start
        val r = radius
        for (i in 0 until n) {
            var sum = 0.0
            if (i >= r && i + r < n) {
                for (k in weights.indices) sum += weights[k] * values[start + i - r + k]
            } else {
                for (k in weights.indices) sum += weights[k] * values[start + Math.min(Math.max(i - r + k, 0), n - 1)]
            }
            out[start + i] = sum / divisor
        }
    }
}
