package com.chartworkbench.engine

/**
 * Monotone cubic interpolation in x (d3 `curveMonotoneX`, after Steffen 1990): never
 * overshoots, plateaus stay flat (mirrors Curves/MonotoneCurve.swift).
 */
class MonotoneCurve : CurveGenerator {
    /** Only the last two points count: (p.x1, p.y1), written (x0, y0) below, and the newest (p.x2, p.y2), (x1, y1). */
    private var p = RecentPoints()
    private var t0 = Double.NaN

    override fun lineStart() {
        p = RecentPoints()
        t0 = Double.NaN
    }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (x == p.x2 && y == p.y2) return  // coincident points add nothing
        var t1 = Double.NaN
        when (p.count) {
            0 -> sink.moveTo(x, y)
            1 -> {}
            2 -> {
                t1 = slope3(x, y)
                segment(slope2(t1), t1, sink)
            }
            else -> {
                t1 = slope3(x, y)
                segment(t0, t1, sink)
            }
        }
        p.push(x, y)
        t0 = t1
    }

    override fun lineEnd(sink: PathSink) {
        if (p.endedShortPiece(sink)) return
        segment(t0, slope2(t0), sink)
    }

    /** Tangent at (x1, y1) from the secants on both sides, limited so the curve cannot overshoot. */
    private fun slope3(x2: Double, y2: Double): Double {
        val x0 = p.x1
        val y0 = p.y1
        val x1 = p.x2
        val y1 = p.y2
        val h0 = x1 - x0
        val h1 = x2 - x1
        val s0 = (y1 - y0) / h0
        val s1 = (y2 - y1) / h1
        val p = (s0 * h1 + s1 * h0) / (h0 + h1)
        val sign0 = if (s0 < 0) -1.0 else 1.0
        val sign1 = if (s1 < 0) -1.0 else 1.0
        val limit = minOf(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p))
        val slope = (sign0 + sign1) * limit
        return if (slope.isNaN() || s0.isNaN() || s1.isNaN() || p.isNaN()) 0.0 else slope
    }

    /** One-sided tangent at an end of the piece. */
    private fun slope2(t: Double): Double {
        val h = p.x2 - p.x1
        return if (h != 0.0) (3 * (p.y2 - p.y1) / h - t) / 2 else t
    }

    private fun segment(ta: Double, tb: Double, sink: PathSink) {
        val dx = (p.x2 - p.x1) / 3
        sink.curveTo(p.x1 + dx, p.y1 + dx * ta, p.x2 - dx, p.y2 - dx * tb, p.x2, p.y2)
    }
}
