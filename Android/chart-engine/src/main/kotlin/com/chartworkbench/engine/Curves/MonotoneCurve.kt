package com.chartworkbench.engine

/**
 * Monotone cubic interpolation in x (d3 `curveMonotoneX`, after Steffen 1990): never
 * overshoots, plateaus stay flat (mirrors Curves/MonotoneCurve.swift).
 */
class MonotoneCurve : CurveGenerator {
    private var pointCount = 0
    private var x0 = Double.NaN
    private var y0 = Double.NaN
    private var x1 = Double.NaN
    private var y1 = Double.NaN
    private var t0 = Double.NaN

    override fun lineStart() {
        x0 = Double.NaN; y0 = Double.NaN; x1 = Double.NaN; y1 = Double.NaN; t0 = Double.NaN
        pointCount = 0
    }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (x == x1 && y == y1) return  // coincident points add nothing
        var t1 = Double.NaN
        when (pointCount) {
            0 -> { pointCount = 1; sink.moveTo(x, y) }
            1 -> pointCount = 2
            2 -> {
                pointCount = 3
                t1 = slope3(x, y)
                segment(slope2(t1), t1, sink)
            }
            else -> {
                t1 = slope3(x, y)
                segment(t0, t1, sink)
            }
        }
        x0 = x1; x1 = x
        y0 = y1; y1 = y
        t0 = t1
    }

    override fun lineEnd(sink: PathSink) {
        when (pointCount) {
            1 -> sink.closePath()
            2 -> sink.lineTo(x1, y1)
            3 -> segment(t0, slope2(t0), sink)
        }
    }

    /** Tangent at (x1, y1) from the secants on both sides, limited so the curve cannot overshoot. */
    private fun slope3(x2: Double, y2: Double): Double {
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
        val h = x1 - x0
        return if (h != 0.0) (3 * (y1 - y0) / h - t) / 2 else t
    }

    private fun segment(ta: Double, tb: Double, sink: PathSink) {
        val dx = (x1 - x0) / 3
        sink.curveTo(x0 + dx, y0 + dx * ta, x1 - dx, y1 - dx * tb, x1, y1)
    }
}
