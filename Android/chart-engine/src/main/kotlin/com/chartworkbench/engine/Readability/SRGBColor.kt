package com.chartworkbench.engine

/**
 * A colour in sRGB (IEC 61966-2-1): gamma-encoded components in 0…1, as `#RRGGBB` gives them,
 * and their linear-light values (mirrors Readability/SRGBColor.swift).
 */
data class SRGBColor(val red: Double, val green: Double, val blue: Double) {
    /** `#RRGGBB`, each channel rounded to the nearest of 0…255. */
    val hex: String
        get() {
            val digits = "0123456789ABCDEF"
            fun channel(v: Double): String {
                val c = NumberText.roundHalfAway(Math.min(Math.max(v, 0.0), 1.0) * 255).toInt()
                return "" + digits[c shr 4] + digits[c and 0xF]
            }
            return "#" + channel(red) + channel(green) + channel(blue)
        }

    /** Linear-light red, green and blue. */
    val linear: Triple<Double, Double, Double> get() = Triple(decode(red), decode(green), decode(blue))

    companion object {
        /** `#RRGGBB` (either case); null for anything else. */
        fun fromHex(hex: String): SRGBColor? {
            if (hex.length != 7 || hex[0] != '#' || !hex.drop(1).all { it in '0'..'9' || it in 'A'..'F' || it in 'a'..'f' }) return null
            val (r, g, b) = Color.components(hex)
            return SRGBColor(r / 255, g / 255, b / 255)
        }

        /** From linear-light components, clipped to 0…1 first. */
        fun fromLinear(linear: Triple<Double, Double, Double>): SRGBColor = SRGBColor(encode(linear.first), encode(linear.second), encode(linear.third))

        /** The sRGB decoding with WCAG 2.x's threshold 0.04045 (colour-science's 0.040449936… agrees on every 8-bit value). */
        fun decode(v: Double): Double = if (v <= 0.04045) v / 12.92 else Math.pow((v + 0.055) / 1.055, 2.4)

        /** The sRGB encoding, clipping to 0…1. */
        fun encode(v: Double): Double {
            val c = Math.min(Math.max(v, 0.0), 1.0)
            return if (c <= 0.0031308) c * 12.92 else 1.055 * Math.pow(c, 1 / 2.4) - 0.055
        }
    }
}
