package com.chartworkbench.engine

/**
 * Typical vision or a dichromacy simulated after Machado, Oliveira & Fernandes (2009): their
 * severity-1.0 matrices as colour-science's `matrix_cvd_Machado2009(deficiency, 1.0)`, applied to
 * linear sRGB and clipped to 0…1 (mirrors Readability/ColorVision.swift).
 */
enum class ColorVision(val key: String, val matrix: DoubleArray?) {
    NONE("none", null),
    PROTANOPIA("protanopia", doubleArrayOf(0.152286, 1.052583, -0.204868,
                                           0.114503, 0.786281, 0.099216,
                                           -0.003882, -0.048116, 1.051998)),
    DEUTERANOPIA("deuteranopia", doubleArrayOf(0.367322, 0.860646, -0.227968,
                                               0.280085, 0.672501, 0.047413,
                                               -0.011820, 0.042940, 0.968881)),
    TRITANOPIA("tritanopia", doubleArrayOf(1.255528, -0.076749, -0.178779,
                                           -0.078411, 0.930809, 0.147602,
                                           0.004733, 0.691367, 0.303900));

    /** The colour as seen with this vision, as linear-light sRGB clipped to 0…1. */
    fun simulateLinear(color: SRGBColor): Triple<Double, Double, Double> {
        val (r, g, b) = color.linear
        val m = matrix ?: return Triple(r, g, b)
        fun clip(v: Double) = Math.min(Math.max(v, 0.0), 1.0)
        return Triple(clip(m[0] * r + m[1] * g + m[2] * b), clip(m[3] * r + m[4] * g + m[5] * b), clip(m[6] * r + m[7] * g + m[8] * b))
    }

    /** The simulated colour in CIELAB, unrounded. */
    fun lab(color: SRGBColor): CIELAB = CIELAB.fromLinearSRGB(simulateLinear(color))

    /** The simulated colour, for showing it as `#RRGGBB`. */
    fun simulate(color: SRGBColor): SRGBColor = SRGBColor.fromLinear(simulateLinear(color))
}
