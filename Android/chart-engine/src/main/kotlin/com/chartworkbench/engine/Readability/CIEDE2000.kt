package com.chartworkbench.engine

/** CIEDE2000 ΔE00 with k_L = k_C = k_H = 1 after Sharma, Wu & Dalal (2005) (mirrors Readability/CIEDE2000.swift). */
object CIEDE2000 {
    private const val POW25_TO_7 = 6103515625.0  // 25⁷

    fun difference(one: CIELAB, two: CIELAB): Double {
        val c1 = Math.sqrt(one.a * one.a + one.b * one.b)
        val c2 = Math.sqrt(two.a * two.a + two.b * two.b)
        val cBar7 = Math.pow((c1 + c2) / 2, 7.0)
        val g = 0.5 * (1 - Math.sqrt(cBar7 / (cBar7 + POW25_TO_7)))
        val a1 = (1 + g) * one.a
        val a2 = (1 + g) * two.a
        val cp1 = Math.sqrt(a1 * a1 + one.b * one.b)
        val cp2 = Math.sqrt(a2 * a2 + two.b * two.b)
        val hp1 = hue(one.b, a1)
        val hp2 = hue(two.b, a2)

        val dL = two.L - one.L
        val dC = cp2 - cp1
        val product = cp1 * cp2
        var dh = hp2 - hp1
        if (product == 0.0) dh = 0.0 else if (dh > 180) dh -= 360 else if (dh < -180) dh += 360
        val dH = 2 * Math.sqrt(product) * Math.sin(radians(dh / 2))

        val lBar = (one.L + two.L) / 2
        val cBarP = (cp1 + cp2) / 2
        val hBar = when {
            product == 0.0 -> hp1 + hp2
            Math.abs(hp1 - hp2) <= 180 -> (hp1 + hp2) / 2
            hp1 + hp2 < 360 -> (hp1 + hp2 + 360) / 2
            else -> (hp1 + hp2 - 360) / 2
        }

        val t = 1 - 0.17 * Math.cos(radians(hBar - 30)) + 0.24 * Math.cos(radians(2 * hBar)) +
            0.32 * Math.cos(radians(3 * hBar + 6)) - 0.20 * Math.cos(radians(4 * hBar - 63))
        val dTheta = 30 * Math.exp(-Math.pow((hBar - 275) / 25, 2.0))
        val cBarP7 = Math.pow(cBarP, 7.0)
        val rC = 2 * Math.sqrt(cBarP7 / (cBarP7 + POW25_TO_7))
        val l50 = (lBar - 50) * (lBar - 50)
        val sL = 1 + 0.015 * l50 / Math.sqrt(20 + l50)
        val sC = 1 + 0.045 * cBarP
        val sH = 1 + 0.015 * cBarP * t
        val rT = -Math.sin(radians(2 * dTheta)) * rC
        val l = dL / sL
        val c = dC / sC
        val h = dH / sH
        return Math.sqrt(l * l + c * c + h * h + rT * c * h)
    }

    /** Hue angle in degrees, 0…360; 0 when a′ = b = 0. */
    fun hue(b: Double, a: Double): Double {
        if (a == 0.0 && b == 0.0) return 0.0
        val h = Math.atan2(b, a) * 180 / Math.PI
        return if (h < 0) h + 360 else h
    }

    private fun radians(degrees: Double): Double = degrees * Math.PI / 180
}
