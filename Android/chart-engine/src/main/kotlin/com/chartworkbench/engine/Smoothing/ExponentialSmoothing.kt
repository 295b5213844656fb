package com.chartworkbench.engine

/** s₀ = x₀, sᵢ = α·xᵢ + (1−α)·sᵢ₋₁ (mirrors Smoothing/ExponentialSmoothing.swift). */
fun exponentialSmoothing(alpha: Double, values: DoubleArray, start: Int, end: Int, out: DoubleArray) {
    if (start >= end) return
    var s = values[start]
    out[start] = s
    for (i in start + 1 until end) {
        s = alpha * values[i] + (1 - alpha) * s
        out[i] = s
    }
}
