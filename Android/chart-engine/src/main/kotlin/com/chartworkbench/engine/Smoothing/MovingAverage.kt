package com.chartworkbench.engine

/** Centred moving average over an odd window, ends clamped (mirrors Smoothing/MovingAverage.swift). */
fun movingAverage(window: Int, values: DoubleArray, start: Int, end: Int, out: DoubleArray) {
    val size = Math.max(1, window or 1)  // odd, at least 1
    ClampedKernel(DoubleArray(size) { 1.0 }, size.toDouble()).smooth(values, start, end, out)
}
