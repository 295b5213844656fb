package com.chartworkbench.engine

/**
 * The chart's period buttons, counted back from the last point, and the prices a backend sends
 * for each when points are sized per period (mirrors Series/Period.swift).
 */
enum class Period(val key: String, val seconds: Long?, val backendPointCount: Int) {
    DAY("1D", 86_400L, 12),
    WEEK("1W", 7 * 86_400L, 15),
    MONTH("1M", 30 * 86_400L, 16),
    YEAR("1Y", 365 * 86_400L, 17),
    ALL("ALL", null, 17);

    /** The period as words: "1 day", "1 week", "1 month", "1 year", "all time". */
    val spokenName: String
        get() = when (this) {
            DAY -> "1 day"
            WEEK -> "1 week"
            MONTH -> "1 month"
            YEAR -> "1 year"
            ALL -> "all time"
        }

    /**
     * The visible index range of increasing `times`: everything from `last − period` on; data
     * coarser than the period shows what exists (at least the last two points when there are two).
     */
    fun window(times: LongArray): IntRange {
        val span = seconds
        if (times.isEmpty() || span == null) return 0 until times.size
        val from = times[times.size - 1] - span
        var lo = 0
        var hi = times.size
        while (lo < hi) {
            val mid = (lo + hi) / 2
            if (times[mid] < from) lo = mid + 1 else hi = mid
        }
        return if (times.size - lo >= 2) lo until times.size else Math.max(0, times.size - 2) until times.size
    }

    companion object {
        fun of(key: String): Period? = values().firstOrNull { it.key == key }
    }
}
