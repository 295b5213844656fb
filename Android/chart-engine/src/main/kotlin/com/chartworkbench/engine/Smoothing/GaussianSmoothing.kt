package com.chartworkbench.engine

/** A normalised Gaussian kernel of σ truncated at radius ⌊4σ + ½⌋, as scipy.ndimage does (mirrors Smoothing/GaussianSmoothing.swift). */
fun gaussianKernel(sigma: Double): ClampedKernel {
    val radius = Math.max(0, (4 * sigma + 0.5).toInt())
    val raw = DoubleArray(2 * radius + 1) { i -> val k = (i - radius).toDouble(); Math.exp(-0.5 * (k * k) / (sigma * sigma)) }
    var total = 0.0
    for (w in raw) total += w
    return ClampedKernel(DoubleArray(raw.size) { raw[it] / total })
}
