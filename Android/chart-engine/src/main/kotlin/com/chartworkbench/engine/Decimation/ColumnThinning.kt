package com.chartworkbench.engine

/**
 * Thins points to about two per pixel column, only when denser than that: each column keeps
 * its lowest and highest price in time order, every piece between gaps keeps its first and last
 * point, gap markers pass through (mirrors Decimation/ColumnThinning.swift).
 */
class ColumnThinning(columns: Int) {
    val columns: Int = Math.max(1, columns)

    fun thin(times: DoubleArray, prices: DoubleArray): Pair<DoubleArray, DoubleArray> {
        val n = Math.min(times.size, prices.size)
        if (n <= 2 * columns || times.isEmpty()) return Pair(times, prices)
        val first = times[0]
        val last = times[times.size - 1]
        if (!(last > first)) return Pair(times, prices)
        val keptTimes = ArrayList<Double>()
        val keptPrices = ArrayList<Double>()
        val perSecond = columns.toDouble() / (last - first)
        fun column(i: Int) = ((times[i] - first) * perSecond).toInt()
        fun keep(i: Int) { keptTimes.add(times[i]); keptPrices.add(prices[i]) }
        var i = 0
        while (i < n) {
            if (!prices[i].isFinite()) { keep(i); i += 1; continue }
            var runEnd = i
            while (runEnd < n && prices[runEnd].isFinite()) runEnd += 1
            keep(i)
            var j = i + 1
            while (j < runEnd - 1) {
                val c = column(j)
                var low = j
                var high = j
                var k = j + 1
                while (k < runEnd - 1 && column(k) == c) {
                    if (prices[k] < prices[low]) low = k
                    if (prices[k] > prices[high]) high = k
                    k += 1
                }
                keep(Math.min(low, high))
                if (low != high) keep(Math.max(low, high))
                j = k
            }
            if (runEnd - 1 > i) keep(runEnd - 1)
            i = runEnd
        }
        return Pair(keptTimes.toDoubleArray(), keptPrices.toDoubleArray())
    }
}
