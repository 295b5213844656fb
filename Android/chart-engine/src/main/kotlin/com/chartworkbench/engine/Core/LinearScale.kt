package com.chartworkbench.engine

/**
 * Maps a continuous domain onto a pixel range; a zero-width domain maps to the middle of the
 * range so a flat series is drawn centred (mirrors Core/LinearScale.swift).
 */
data class LinearScale(val domainLower: Double, val domainUpper: Double, val range0: Double, val range1: Double) {
    private val span: Double get() = domainUpper - domainLower

    operator fun invoke(value: Double): Double {
        val span = this.span
        if (!(span > 0)) return (range0 + range1) / 2
        return range0 + (value - domainLower) / span * (range1 - range0)
    }

    fun invert(pixel: Double): Double {
        val pixels = range1 - range0
        if (!(span > 0) || pixels == 0.0) return domainLower
        return domainLower + (pixel - range0) / pixels * span
    }
}
