package com.chartworkbench.engine

/**
 * Catmull–Rom spline parameterised by `alpha` (d3 `curveCatmullRom.alpha`): 0 uniform,
 * 0.5 centripetal, 1 chordal (mirrors Curves/CatmullRomCurve.swift).
 */
class CatmullRomCurve(private val alpha: Double) : CurveGenerator {
    private var pointCount = 0
    private var x0 = Double.NaN
    private var y0 = Double.NaN
    private var x1 = Double.NaN
    private var y1 = Double.NaN
    private var x2 = Double.NaN
    private var y2 = Double.NaN
    // Chord lengths to the power alpha (…A) and 2·alpha (…2A) of the last three intervals.
    private var l01A = 0.0
    private var l12A = 0.0
    private var l23A = 0.0
    private var l01_2A = 0.0
    private var l12_2A = 0.0
    private var l23_2A = 0.0

    override fun lineStart() {
        x0 = Double.NaN; y0 = Double.NaN; x1 = Double.NaN; y1 = Double.NaN; x2 = Double.NaN; y2 = Double.NaN
        l01A = 0.0; l12A = 0.0; l23A = 0.0; l01_2A = 0.0; l12_2A = 0.0; l23_2A = 0.0
        pointCount = 0
    }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (pointCount > 0) {
            val dx = x2 - x
            val dy = y2 - y
            val squared = dx * dx + dy * dy
            if (alpha == 0.5) {
                l23_2A = Math.sqrt(squared)
                l23A = Math.sqrt(l23_2A)
            } else if (alpha == 1.0) {
                l23_2A = squared
                l23A = Math.sqrt(squared)
            } else {
                l23_2A = Math.pow(squared, alpha)
                l23A = Math.sqrt(l23_2A)
            }
        }
        when (pointCount) {
            0 -> { pointCount = 1; sink.moveTo(x, y) }
            1 -> pointCount = 2
            2 -> { pointCount = 3; segment(x, y, sink) }
            else -> segment(x, y, sink)
        }
        l01A = l12A; l12A = l23A
        l01_2A = l12_2A; l12_2A = l23_2A
        x0 = x1; x1 = x2; x2 = x
        y0 = y1; y1 = y2; y2 = y
    }

    override fun lineEnd(sink: PathSink) {
        when (pointCount) {
            1 -> sink.closePath()
            2 -> sink.lineTo(x2, y2)
            3 -> point(x2, y2, sink)  // repeating the end point closes the last segment
        }
    }

    /** The segment from (x1, y1) to (x2, y2); (x, y) is the point after it. */
    private fun segment(x: Double, y: Double, sink: PathSink) {
        var cx1 = x1
        var cy1 = y1
        var cx2 = x2
        var cy2 = y2
        if (l01A > EPSILON) {
            val a = 2 * l01_2A + 3 * l01A * l12A + l12_2A
            val n = 3 * l01A * (l01A + l12A)
            cx1 = (x1 * a - x0 * l12_2A + x2 * l01_2A) / n
            cy1 = (y1 * a - y0 * l12_2A + y2 * l01_2A) / n
        }
        if (l23A > EPSILON) {
            val b = 2 * l23_2A + 3 * l23A * l12A + l12_2A
            val m = 3 * l23A * (l23A + l12A)
            cx2 = (x2 * b + x1 * l23_2A - x * l12_2A) / m
            cy2 = (y2 * b + y1 * l23_2A - y * l12_2A) / m
        }
        sink.curveTo(cx1, cy1, cx2, cy2, x2, y2)
    }

    private companion object {
        const val EPSILON = 1e-6
    }
}
