package com.chartworkbench.engine

/** Cubic Bézier with horizontal tangents at every point (d3 `curveBumpX`; mirrors Curves/BumpXCurve.swift). */
class BumpXCurve : CurveGenerator {
    private var pointCount = 0
    private var x0 = 0.0
    private var y0 = 0.0

    override fun lineStart() { pointCount = 0 }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (pointCount == 0) {
            sink.moveTo(x, y)
        } else {
            val mid = (x0 + x) / 2
            sink.curveTo(mid, y0, mid, y, x, y)
        }
        pointCount += 1
        x0 = x; y0 = y
    }

    override fun lineEnd(sink: PathSink) {
        if (pointCount == 1) sink.closePath()
    }
}
