package com.chartworkbench.engine

/**
 * Catmull–Rom spline parameterised by `alpha` (d3 `curveCatmullRom.alpha`): 0 uniform,
 * 0.5 centripetal, 1 chordal (mirrors Curves/CatmullRomCurve.swift).
 */
class CatmullRomCurve(private val alpha: Double) : CurveGenerator {
    private var p = RecentPoints()
    // Chord lengths to the power alpha (…A) and 2·alpha (…2A) of the last three intervals.
    private var l01A = 0.0
    private var l12A = 0.0
    private var l23A = 0.0
    private var l01_2A = 0.0
    private var l12_2A = 0.0
    private var l23_2A = 0.0

    override fun lineStart() {
        p = RecentPoints()
        l01A = 0.0; l12A = 0.0; l23A = 0.0; l01_2A = 0.0; l12_2A = 0.0; l23_2A = 0.0
    }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (p.count > 0) {
            val dx = p.x2 - x
            val dy = p.y2 - y
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
        when (p.count) {
            0 -> sink.moveTo(x, y)
            1 -> {}
            else -> segment(x, y, sink)
        }
        l01A = l12A; l12A = l23A
        l01_2A = l12_2A; l12_2A = l23_2A
        p.push(x, y)
    }

    override fun lineEnd(sink: PathSink) {
        if (p.endedShortPiece(sink)) return
        point(p.x2, p.y2, sink)  // repeating the end point closes the last segment
    }

    /** The segment from (x1, y1) to (x2, y2); (x, y) is the point after it. */
    private fun segment(x: Double, y: Double, sink: PathSink) {
        var cx1 = p.x1
        var cy1 = p.y1
        var cx2 = p.x2
        var cy2 = p.y2
        if (l01A > EPSILON) {
            val a = 2 * l01_2A + 3 * l01A * l12A + l12_2A
            val n = 3 * l01A * (l01A + l12A)
            cx1 = (p.x1 * a - p.x0 * l12_2A + p.x2 * l01_2A) / n
            cy1 = (p.y1 * a - p.y0 * l12_2A + p.y2 * l01_2A) / n
        }
        if (l23A > EPSILON) {
            val b = 2 * l23_2A + 3 * l23A * l12A + l12_2A
            val m = 3 * l23A * (l23A + l12A)
            cx2 = (p.x2 * b + p.x1 * l23_2A - x * l12_2A) / m
            cy2 = (p.y2 * b + p.y1 * l23_2A - y * l12_2A) / m
        }
        sink.curveTo(cx1, cy1, cx2, cy2, p.x2, p.y2)
    }

    private companion object {
        const val EPSILON = 1e-6
    }
}
