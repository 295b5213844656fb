package com.chartworkbench.engine

/**
 * The prices a backend sends for a period: the window cut into `pointCount − 1` equal time
 * buckets after the first price, each drawn at its last price (its close); an empty bucket is
 * one gap (NaN). A window holding no more points than `pointCount` is sent whole
 * (mirrors Resampling/BucketCloses.swift).
 */
class BucketCloses(pointCount: Int) {
    val pointCount: Int = Math.max(2, pointCount)

    /** `times` are whole unix seconds, increasing; only the points in `window` (a period's) are used. */
    fun resample(times: LongArray, prices: DoubleArray, window: IntRange = 0 until Math.min(times.size, prices.size)): Pair<DoubleArray, DoubleArray> {
        val n = Math.min(times.size, prices.size)
        val first = Math.max(window.first, 0)
        val until = Math.min(window.last + 1, n)
        if (until - first <= pointCount) {
            val count = Math.max(0, until - first)
            return Pair(DoubleArray(count) { times[first + it].toDouble() }, DoubleArray(count) { prices[first + it] })
        }
        val outTimes = ArrayList<Double>(pointCount)
        val outPrices = ArrayList<Double>(pointCount)
        val last = until - 1
        val start = times[first]
        val end = times[last]
        outTimes.add(start.toDouble()); outPrices.add(prices[first])
        // Bucket k (1…b, b = pointCount − 1) holds the times in (start + span·(k−1)/b, start + span·k/b].
        val buckets = (pointCount - 1).toLong()
        val span = end - start
        var lower = first + 1
        for (k in 1..buckets) {
            val boundary = if (k == buckets) end else {
                val product = span * k
                val overflow = k != 0L && (product / k != span)
                start + if (overflow) (span.toDouble() * k.toDouble() / buckets.toDouble()).toLong() else product / buckets
            }
            val upper = Math.min(firstIndexAtOrAfter(times, boundary + 1, lower, last + 1), last + 1)
            var close = upper - 1
            while (close >= lower && !prices[close].isFinite()) close -= 1
            if (close >= lower) {
                outTimes.add(times[close].toDouble()); outPrices.add(prices[close])
            } else if (outPrices.isEmpty() || outPrices[outPrices.size - 1].isFinite()) {
                // An empty bucket: one gap marker, at the bucket's end (only its position matters).
                outTimes.add(boundary.toDouble()); outPrices.add(Double.NaN)
            }
            lower = Math.max(lower, upper)
        }
        return Pair(outTimes.toDoubleArray(), outPrices.toDoubleArray())
    }

    /** First index in lo until hi whose time is ≥ `time` (`hi` when none is). */
    private fun firstIndexAtOrAfter(times: LongArray, time: Long, from: Int, until: Int): Int {
        var lo = from
        var hi = until
        while (lo < hi) {
            val mid = (lo + hi) / 2
            if (times[mid] < time) lo = mid + 1 else hi = mid
        }
        return lo
    }
}
