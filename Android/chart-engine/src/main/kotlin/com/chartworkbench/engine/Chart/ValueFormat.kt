package com.chartworkbench.engine

/**
 * Price and time text for the chart's label (UTC, no locale, so the same numbers read the same
 * on every machine) (mirrors Chart/ValueFormat.swift).
 */
object ValueFormat {
    private val powersOfTen = longArrayOf(1, 10, 100, 1_000, 10_000, 100_000, 1_000_000)
    private val monthNames = arrayOf("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

    /** Swift's `rounded()`: to the nearest whole number, halves away from zero. */
    fun rounded(x: Double): Double {
        val m = Math.abs(x)
        val f = Math.floor(m)
        val r = if (m - f >= 0.5) f + 1 else f
        return if (x < 0) -r else r
    }

    /** "$43,210.55"; small prices keep more digits ("$0.000123"). */
    fun price(value: Double): String {
        if (!value.isFinite()) return "–"
        val digits = if (Math.abs(value) >= 1) 2 else 6
        val unit = powersOfTen[digits]
        var scaled = rounded(Math.abs(value) * unit.toDouble())
        if (scaled >= 9e15) scaled = 9e15
        val n = scaled.toLong()
        var whole = (n / unit).toString()
        var grouped = ""
        while (whole.length > 3) {
            grouped = "," + whole.takeLast(3) + grouped
            whole = whole.dropLast(3)
        }
        val fraction = (n % unit).toString()
        return (if (value < 0) "-$" else "$") + whole + grouped + "." + "0".repeat(digits - fraction.length) + fraction
    }

    /** "2021-03-14 15:26 UTC", or just the date when `withTime` is false. */
    fun time(seconds: Double, withTime: Boolean): String {
        if (!seconds.isFinite()) return "–"
        val at = moment(seconds)
        val date = "${at.year}-${two(at.month)}-${two(at.day)}"
        if (!withTime) return date
        return date + " ${at.clock} UTC"
    }

    /**
     * The time as an app's chart label reads it for the period, at the viewer's offset from UTC
     * in seconds: "14:32" on 1D, "Jun 6, 14:32" on 1W, "Jun 6" on 1M, "Jun 6, 2024" on 1Y and
     * ALL. Data a day or more apart never shows a time of day.
     */
    fun timeLabel(seconds: Double, period: Period, utcOffset: Int = 0, withTime: Boolean = true): String {
        if (!seconds.isFinite() || !(Math.abs(seconds) < 1e15)) return "–"
        val at = moment(seconds, utcOffset)
        val date = "${monthNames[(at.month - 1).toInt()]} ${at.day}"
        return when (period) {
            Period.DAY -> if (withTime) at.clock else date
            Period.WEEK -> if (withTime) "$date, ${at.clock}" else date
            Period.MONTH -> date
            Period.YEAR, Period.ALL -> "$date, ${at.year}"
        }
    }

    private val fullMonthNames = arrayOf("January", "February", "March", "April", "May", "June", "July", "August", "September",
                                         "October", "November", "December")

    /** The time as the chart says it to a screen reader: "3 March 2025", or "14:32 on 3 March 2025" when `withTime`. */
    fun spokenTime(seconds: Double, utcOffset: Int = 0, withTime: Boolean): String {
        if (!seconds.isFinite() || !(Math.abs(seconds) < 1e15)) return "–"
        val at = moment(seconds, utcOffset)
        val date = "${at.day} ${fullMonthNames[(at.month - 1).toInt()]} ${at.year}"
        return if (withTime) "${at.clock} on $date" else date
    }

    private class Moment(val year: Long, val month: Long, val day: Long, val clock: String)

    /** The calendar date and the clock ("14:32") at `seconds` (whole seconds, rounded down) after 1970 UTC, `utcOffset` seconds ahead of UTC. */
    private fun moment(seconds: Double, utcOffset: Int = 0): Moment {
        val s = Math.floor(seconds).toLong() + utcOffset
        val days = Math.floorDiv(s, 86_400L)
        val secondOfDay = s - days * 86_400
        val (year, month, day) = civilDate(days)
        return Moment(year, month, day, "${two(secondOfDay / 3600)}:${two(secondOfDay % 3600 / 60)}")
    }

    /** A change in per cent as words: "up 12.5 %", "down 3.0 %", "unchanged" (one decimal). */
    fun spokenChange(percent: Double): String {
        if (!percent.isFinite()) return "change unknown"
        val tenths = rounded(Math.min(Math.abs(percent) * 10, 9e15)).toLong()
        if (tenths == 0L) return "unchanged"
        return (if (percent > 0) "up " else "down ") + "${tenths / 10}.${tenths % 10} %"
    }

    private fun two(v: Long): String = if (v < 10) "0$v" else "$v"

    /** Proleptic Gregorian date from days since 1970-01-01 (Howard Hinnant's algorithm). */
    fun civilDate(daysSinceEpoch: Long): Triple<Long, Long, Long> {
        val z = daysSinceEpoch + 719_468
        val era = (if (z >= 0) z else z - 146_096) / 146_097
        val doe = z - era * 146_097
        val yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        val doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        val mp = (5 * doy + 2) / 153
        val d = doy - (153 * mp + 2) / 5 + 1
        val m = if (mp < 10) mp + 3 else mp - 9
        return Triple(yoe + era * 400 + (if (m <= 2) 1 else 0), m, d)
    }
}
