package com.chartworkbench.engine

/** `#RRGGBB` colours, already validated by the parameter rules (mirrors Chart/Color.swift). */
object Color {
    fun components(hex: String): Triple<Double, Double, Double> {
        val value = hex.drop(1).toLongOrNull(16) ?: 0L
        return Triple((value shr 16 and 0xFF).toDouble(), (value shr 8 and 0xFF).toDouble(), (value and 0xFF).toDouble())
    }

    /** `a` mixed toward `b` by `p` (0…1), channel by channel, rounded half away from zero as Swift's `rounded()`. */
    fun mix(a: String, b: String, p: Double): String {
        if (p <= 0) return a
        if (p >= 1) return b
        val (r1, g1, b1) = components(a)
        val (r2, g2, b2) = components(b)
        fun channel(u: Double, v: Double): String {
            val c = ValueFormat.rounded(u + (v - u) * p).toInt()
            val digits = "0123456789ABCDEF"
            return "" + digits[c shr 4 and 0xF] + digits[c and 0xF]
        }
        return "#" + channel(r1, r2) + channel(g1, g2) + channel(b1, b2)
    }
}
