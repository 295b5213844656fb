package com.chartworkbench.engine

/**
 * The progress-independent part of a chart: the points, smoothed (ends pinned to the real
 * prices when asked), and the scales from values to pixels; one model serves every frame of a
 * transition (mirrors Chart/ChartModel.swift). `ChartModel.fromSeries` runs the whole pipeline.
 */
class ChartModel(val times: DoubleArray, val raw: DoubleArray, style: ChartStyle, val width: Double, val height: Double,
                 val period: Period = Period.ALL) {
    val smoothed: DoubleArray
    val gapStyle: GapStyle = style.gapStyle
    /** Height of the band kept free above the plot for the price label (0 when it is off). */
    val labelBand: Double = if (style.labelEnabled) Math.min(LABEL_BAND_HEIGHT, height / 4) else 0.0
    val xScale: LinearScale
    val yScale: LinearScale
    /** Lowest and highest visible price, null when there is none. */
    val priceExtent: Pair<Double, Double>?

    init {
        val smoothing = style.smoothingMethod(raw.size)
        val values = smoothing.apply(raw)
        smoothed = if (style.smoothedEndsOnPrice && smoothing != Smoothing.None) EndPinning.forSmoothing(smoothing).pin(values, raw) else values
        val first = if (times.isEmpty()) 0.0 else times[0]
        val last = if (times.isEmpty()) 0.0 else times[times.size - 1]
        xScale = LinearScale(first, Math.max(first, last), 0.0, width)
        // Smoothed values are weighted means of raw ones, so the raw extent holds both.
        var lo = Double.POSITIVE_INFINITY
        var hi = Double.NEGATIVE_INFINITY
        for (v in raw) if (v.isFinite()) { lo = Math.min(lo, v); hi = Math.max(hi, v) }
        priceExtent = if (lo <= hi) Pair(lo, hi) else null
        val plotHeight = height - labelBand
        val span = style.verticalScale * plotHeight
        val top = labelBand + (plotHeight - span) / 2
        yScale = LinearScale(priceExtent?.first ?: 0.0, priceExtent?.second ?: 0.0, top + span, top)
    }

    /** Labels show the time of day when points are closer than a day apart. */
    val showsTimeOfDay: Boolean
        get() = times.size >= 2 && (times[times.size - 1] - times[0]) / (times.size - 1).toDouble() < 86_400

    /** Drawn values at progress p: `(1−p)·smoothed + p·raw`, extrapolating beyond 0…1 (a spring's overshoot). */
    fun values(progress: Double): DoubleArray {
        if (progress == 0.0) return smoothed
        if (progress == 1.0) return raw
        return DoubleArray(raw.size) { smoothed[it] + (raw[it] - smoothed[it]) * progress }
    }

    /** Index of the point nearest to pixel column `x` (hit-testing the pointer); null when there are no points. */
    fun nearestIndex(x: Double): Int? {
        if (times.isEmpty()) return null
        val t = xScale.invert(x)
        var lo = 0
        var hi = times.size - 1
        while (lo < hi) {
            val mid = (lo + hi) / 2
            if (times[mid] < t) lo = mid + 1 else hi = mid
        }
        if (lo > 0 && (t - times[lo - 1]) <= (times[lo] - t)) lo -= 1
        // Prefer a real price over a gap marker.
        if (!raw[lo].isFinite()) {
            if (lo > 0 && raw[lo - 1].isFinite()) lo -= 1 else if (lo + 1 < raw.size && raw[lo + 1].isFinite()) lo += 1
        }
        return lo
    }

    /** Pixel pieces of the line at `progress`: runs of finite values between gaps, or one run across them when bridged. */
    fun pixelRuns(progress: Double): List<Pair<DoubleArray, DoubleArray>> {
        val values = values(progress)
        val runs = ArrayList<Pair<DoubleArray, DoubleArray>>()
        val xs = ArrayList<Double>()
        val ys = ArrayList<Double>()
        for (i in values.indices) {
            if (values[i].isFinite()) {
                xs.add(xScale(times[i])); ys.add(yScale(values[i]))
            } else if (xs.isNotEmpty() && gapStyle == GapStyle.BREAK) {
                runs.add(Pair(xs.toDoubleArray(), ys.toDoubleArray())); xs.clear(); ys.clear()
            }
        }
        if (xs.isNotEmpty()) runs.add(Pair(xs.toDoubleArray(), ys.toDoubleArray()))
        return runs
    }

    companion object {
        const val LABEL_BAND_HEIGHT = 34.0

        /** The whole pipeline over a series: the period's window, bucket closes, column thinning, model. */
        fun fromSeries(times: LongArray, prices: DoubleArray, style: ChartStyle, width: Double, height: Double,
                       period: Period = Period.ALL): ChartModel {
            val window = period.window(times)
            val (sampledTimes, sampledPrices) = BucketCloses(style.pointCountFor(period)).resample(times, prices, window)
            val (thinnedTimes, thinnedPrices) = ColumnThinning(Math.ceil(width).toInt()).thin(sampledTimes, sampledPrices)
            return ChartModel(thinnedTimes, thinnedPrices, style, width, height, period)
        }
    }
}
