package com.chartworkbench.engine

/**
 * What the person is doing with the chart: how far the transition to the active state has run
 * (`progress`, already eased) and where the finger is (`selection`, 0…1 of the width). Progress
 * may leave 0…1 (a spring's overshoot); it is kept within -1…2, beyond any spring the
 * parameters allow, so a wild input cannot fling the line off the chart (mirrors
 * Chart/ChartState.swift).
 */
class ChartState(progress: Double = 0.0, selection: Double? = null) {
    val progress: Double = bounded(progress)
    val selection: Double? = selection?.let { if (it.isFinite()) Math.min(Math.max(it, 0.0), 1.0) else null }

    companion object {
        const val PROGRESS_MIN = -1.0
        const val PROGRESS_MAX = 2.0

        fun bounded(progress: Double): Double =
            Math.min(Math.max(if (progress.isFinite()) progress else 0.0, PROGRESS_MIN), PROGRESS_MAX)
    }
}

/** The selected point: where the indicator stands and what its label says. */
class Selection private constructor(val index: Int, val x: Double, val y: Double, val price: Double, val time: Double) {
    companion object {
        /** The point nearest the finger at `fraction` of the width, drawn at `progress`; null when there is no real price there. */
        fun of(model: ChartModel, fraction: Double, progress: Double): Selection? {
            val i = model.nearestIndex(fraction * model.width) ?: return null
            if (!model.raw[i].isFinite()) return null
            val value = model.smoothed[i] + (model.raw[i] - model.smoothed[i]) * progress
            return Selection(i, model.xScale(model.times[i]), model.yScale(if (value.isFinite()) value else model.raw[i]),
                             model.raw[i], model.times[i])
        }
    }
}
