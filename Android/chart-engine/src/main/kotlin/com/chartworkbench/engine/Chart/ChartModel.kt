package com.chartworkbench.engine

/**
 * The progress-independent part of a chart: the points, smoothed, and the scales from values
 * to pixels; one model serves every frame of a transition (mirrors Chart/ChartModel.swift).
 */
class ChartModel(val times: DoubleArray, val raw: DoubleArray, style: ChartStyle, val width: Double, val height: Double) {
    val smoothed: DoubleArray = style.smoothingMethod.apply(raw)
    val xScale: LinearScale
    val yScale: LinearScale
    /** Lowest and highest visible price, null when there is none. */
    val priceExtent: Pair<Double, Double>?

    init {
        val first = if (times.isEmpty()) 0.0 else times[0]
        val last = if (times.isEmpty()) 0.0 else times[times.size - 1]
        xScale = LinearScale(first, Math.max(first, last), 0.0, width)
        // Smoothed values are weighted means of raw ones, so the raw extent holds both.
        var lo = Double.POSITIVE_INFINITY
        var hi = Double.NEGATIVE_INFINITY
        for (v in raw) if (v.isFinite()) { lo = Math.min(lo, v); hi = Math.max(hi, v) }
        priceExtent = if (lo <= hi) Pair(lo, hi) else null
        val span = style.verticalScale * height
        val top = (height - span) / 2
        yScale = LinearScale(priceExtent?.first ?: 0.0, priceExtent?.second ?: 0.0, top + span, top)
    }

    /** Drawn values at progress p: `(1−p)·smoothed + p·raw`. */
    fun values(progress: Double): DoubleArray {
        if (progress <= 0) return smoothed
        if (progress >= 1) return raw
        return DoubleArray(raw.size) { smoothed[it] + (raw[it] - smoothed[it]) * progress }
    }

    /** Pixel pieces of the line at `progress`: runs of finite values between gaps. */
    fun pixelRuns(progress: Double): List<Pair<DoubleArray, DoubleArray>> {
        val values = values(progress)
        val runs = ArrayList<Pair<DoubleArray, DoubleArray>>()
        val xs = ArrayList<Double>()
        val ys = ArrayList<Double>()
        for (i in values.indices) {
            if (values[i].isFinite()) {
                xs.add(xScale(times[i])); ys.add(yScale(values[i]))
            } else if (xs.isNotEmpty()) {
                runs.add(Pair(xs.toDoubleArray(), ys.toDoubleArray())); xs.clear(); ys.clear()
            }
        }
        if (xs.isNotEmpty()) runs.add(Pair(xs.toDoubleArray(), ys.toDoubleArray()))
        return runs
    }
}
