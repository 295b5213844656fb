package com.chartworkbench.engine

/**
 * CIE 1976 L*a*b* under D65 from sRGB as colour-science converts: IEC 61966-2-1's matrix and a
 * white point from D65's chromaticity (0.3127, 0.3290) (mirrors Readability/CIELAB.swift).
 */
data class CIELAB(val L: Double, val a: Double, val b: Double) {
    companion object {
        private const val WHITE_X = 0.3127 / 0.3290
        private const val WHITE_Y = 1.0
        private const val WHITE_Z = (1 - 0.3127 - 0.3290) / 0.3290

        fun fromLinearSRGB(rgb: Triple<Double, Double, Double>): CIELAB {
            val (r, g, b) = rgb
            val x = 0.4124 * r + 0.3576 * g + 0.1805 * b
            val y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            val z = 0.0193 * r + 0.1192 * g + 0.9505 * b
            val fx = f(x / WHITE_X)
            val fy = f(y / WHITE_Y)
            val fz = f(z / WHITE_Z)
            return CIELAB(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
        }

        fun of(color: SRGBColor): CIELAB = fromLinearSRGB(color.linear)

        /** CIE 1976's intermediate function: a cube root above (24/116)³, a line below it. */
        fun f(t: Double): Double = if (t > 216.0 / 24389.0) Math.cbrt(t) else (841.0 / 108.0) * t + 16.0 / 116.0
    }
}
