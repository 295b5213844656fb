package com.chartworkbench.engine

/**
 * Moves a smoothed line's ends onto the real first and last price: the difference is added in
 * full at the end point and fades out linearly over `reach` points; only the series' outer
 * ends move (mirrors Smoothing/EndPinning.swift).
 */
class EndPinning(reach: Int) {
    val reach: Int = Math.max(1, reach)

    companion object {
        /** How far a smoothing method reaches, in points: the fade length that hides the change. */
        fun forSmoothing(smoothing: Smoothing): EndPinning = when (smoothing) {
            is Smoothing.None -> EndPinning(1)
            is Smoothing.MovingAverage -> EndPinning(smoothing.window / 2 + 1)
            is Smoothing.Exponential -> EndPinning(Math.ceil(2 / smoothing.alpha).toInt())
            is Smoothing.Gaussian -> EndPinning(Math.ceil(2 * smoothing.sigma).toInt() + 1)
        }
    }

    fun pin(smoothed: DoubleArray, raw: DoubleArray): DoubleArray {
        val head = raw.indexOfFirst { it.isFinite() }
        val tail = raw.indexOfLast { it.isFinite() }
        if (head < 0 || tail < 0) return smoothed
        // Each end's fade covers at most half the line, so the two never overlap.
        val fade = Math.min(reach, Math.max(1, (tail - head + 1) / 2))
        val out = smoothed.copyOf()
        pinEnd(out, raw, head, 1, fade)
        pinEnd(out, raw, tail, -1, fade)
        return out
    }

    private fun pinEnd(values: DoubleArray, raw: DoubleArray, end: Int, step: Int, fade: Int) {
        val offset = raw[end] - values[end]
        if (offset == 0.0 || !offset.isFinite()) return
        var i = end
        for (k in 0 until fade) {
            if (!values[i].isFinite()) break  // a gap ends the piece: nothing beyond it moves
            values[i] += offset * (fade - k).toDouble() / fade.toDouble()
            i += step
        }
    }
}
