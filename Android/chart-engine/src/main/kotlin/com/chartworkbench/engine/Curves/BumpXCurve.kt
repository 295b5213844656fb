package com.chartworkbench.engine

/** Cubic Bézier with horizontal tangents at every point (d3 `curveBumpX`; mirrors Curves/BumpXCurve.swift). */
class BumpXCurve : CurveGenerator {
    private var p = RecentPoints()

    override fun lineStart() { p = RecentPoints() }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (p.count == 0) {
            sink.moveTo(x, y)
        } else {
            val mid = (p.x2 + x) / 2
            sink.curveTo(mid, p.y2, mid, y, x, y)
        }
        p.push(x, y)
    }

    override fun lineEnd(sink: PathSink) {
        if (p.count == 1) sink.closePath()
    }
}
