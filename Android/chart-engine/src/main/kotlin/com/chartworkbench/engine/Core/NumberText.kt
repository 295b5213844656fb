package com.chartworkbench.engine

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * Numbers for SVG path data, exactly as the Swift engine writes them: never exponent notation,
 * never `-0`. The JVM's `Double.toString` is not the shortest round-trip form on every JDK (and
 * switches to exponents), so the shortest digits are found explicitly (mirrors Core/NumberText.swift).
 */
object NumberText {
    private val roundings = arrayOf(RoundingMode.HALF_EVEN, RoundingMode.FLOOR, RoundingMode.CEILING)

    /** The shortest decimal that reads back as the same Double (the closest one of that length). */
    fun shortest(value: Double): String {
        if (!value.isFinite() || value == 0.0) return "0"
        val exact = BigDecimal(value)
        for (precision in 1..17) {
            var best: BigDecimal? = null
            for (mode in roundings) {
                val candidate = exact.round(MathContext(precision, mode))
                if (candidate.toDouble() != value) continue
                if (best == null || candidate.subtract(exact).abs() < best.subtract(exact).abs()) best = candidate
            }
            if (best != null) return plain(best)
        }
        return plain(exact.round(MathContext(17, RoundingMode.HALF_EVEN)))
    }

    private fun plain(decimal: BigDecimal): String {
        val text = decimal.stripTrailingZeros().toPlainString()
        return if (text == "-0") "0" else text
    }

    /** `value` rounded half away from zero to `digits` fractional digits, trailing zeros trimmed; shortest form when null. */
    fun format(value: Double, digits: Int?): String {
        if (digits == null) return shortest(value)
        val unit = POWERS_OF_TEN[digits]
        val scaled = value * unit.toDouble()
        if (!(Math.abs(scaled) < FAST_PATH_LIMIT)) return shortest(roundHalfAway(scaled) / unit.toDouble())
        val rounded = (scaled + (if (scaled < 0) -0.5 else 0.5)).toLong()  // toLong truncates toward zero
        if (rounded == 0L) return "0"
        val magnitude = Math.abs(rounded)
        val whole = magnitude / unit
        var fraction = magnitude % unit
        val out = StringBuilder()
        if (rounded < 0) out.append('-')
        out.append(whole)
        if (fraction != 0L) {
            var fractionDigits = digits
            while (fraction % 10 == 0L) { fraction /= 10; fractionDigits -= 1 }
            val text = fraction.toString()
            out.append('.')
            for (i in text.length until fractionDigits) out.append('0')
            out.append(text)
        }
        return out.toString()
    }

    /** Swift's `rounded()`: to nearest, ties away from zero. */
    fun roundHalfAway(x: Double): Double {
        val magnitude = Math.floor(Math.abs(x) + 0.5)
        return if (x < 0) -magnitude else magnitude
    }

    private const val FAST_PATH_LIMIT = 9.0e15
    private val POWERS_OF_TEN = LongArray(19).also { p -> p[0] = 1; for (e in 1 until 19) p[e] = p[e - 1] * 10 }
}
