package com.chartworkbench.engine

/** WCAG 2.x relative luminance and contrast ratio, (L1 + 0.05) / (L2 + 0.05) (mirrors Readability/WCAGContrast.swift). */
object WCAGContrast {
    fun relativeLuminance(color: SRGBColor): Double {
        val (r, g, b) = color.linear
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    fun ratio(a: SRGBColor, b: SRGBColor): Double {
        val la = relativeLuminance(a)
        val lb = relativeLuminance(b)
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
    }

    /** WCAG 2.x AA: 4.5:1 for text (SC 1.4.3), 3:1 for graphical objects (SC 1.4.11). */
    const val TEXT_MINIMUM = 4.5
    const val GRAPHICS_MINIMUM = 3.0
}
