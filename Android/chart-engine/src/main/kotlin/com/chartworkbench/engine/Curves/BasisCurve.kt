package com.chartworkbench.engine

/** Uniform cubic B-spline (d3 `curveBasis`; mirrors Curves/BasisCurve.swift). */
class BasisCurve : CurveGenerator {
    /** Only the last two points count: (p.x1, p.y1) and the newest (p.x2, p.y2). */
    private var p = RecentPoints()

    override fun lineStart() { p = RecentPoints() }

    override fun point(x: Double, y: Double, sink: PathSink) {
        when (p.count) {
            0 -> sink.moveTo(x, y)
            1 -> {}
            2 -> {
                sink.lineTo((5 * p.x1 + p.x2) / 6, (5 * p.y1 + p.y2) / 6)
                segment(x, y, sink)
            }
            else -> segment(x, y, sink)
        }
        p.push(x, y)
    }

    override fun lineEnd(sink: PathSink) {
        if (p.endedShortPiece(sink)) return
        segment(p.x2, p.y2, sink)
        sink.lineTo(p.x2, p.y2)
    }

    private fun segment(x: Double, y: Double, sink: PathSink) {
        val x0 = p.x1
        val y0 = p.y1
        val x1 = p.x2
        val y1 = p.y2
        sink.curveTo((2 * x0 + x1) / 3, (2 * y0 + y1) / 3, (x0 + 2 * x1) / 3, (y0 + 2 * y1) / 3,
            (x0 + 4 * x1 + x) / 6, (y0 + 4 * y1 + y) / 6)
    }
}
