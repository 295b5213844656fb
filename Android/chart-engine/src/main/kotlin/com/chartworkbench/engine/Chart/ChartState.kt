package com.chartworkbench.engine

/**
 * Progress may leave 0…1 (a spring's overshoot); it is kept within -1…2, beyond any spring the
 * parameters allow (mirrors Chart/ChartState.swift).
 */
object ChartState {
    const val PROGRESS_MIN = -1.0
    const val PROGRESS_MAX = 2.0

    fun bounded(progress: Double): Double =
        Math.min(Math.max(if (progress.isFinite()) progress else 0.0, PROGRESS_MIN), PROGRESS_MAX)
}
