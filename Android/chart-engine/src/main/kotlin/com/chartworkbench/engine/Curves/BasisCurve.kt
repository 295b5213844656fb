package com.chartworkbench.engine

/** Uniform cubic B-spline (d3 `curveBasis`; mirrors Curves/BasisCurve.swift). */
class BasisCurve : CurveGenerator {
    private var pointCount = 0
    private var x0 = Double.NaN
    private var y0 = Double.NaN
    private var x1 = Double.NaN
    private var y1 = Double.NaN

    override fun lineStart() {
        x0 = Double.NaN; y0 = Double.NaN; x1 = Double.NaN; y1 = Double.NaN
        pointCount = 0
    }

    override fun point(x: Double, y: Double, sink: PathSink) {
        when (pointCount) {
            0 -> { pointCount = 1; sink.moveTo(x, y) }
            1 -> pointCount = 2
            2 -> {
                pointCount = 3
                sink.lineTo((5 * x0 + x1) / 6, (5 * y0 + y1) / 6)
                segment(x, y, sink)
            }
            else -> segment(x, y, sink)
        }
        x0 = x1; x1 = x
        y0 = y1; y1 = y
    }

    override fun lineEnd(sink: PathSink) {
        when (pointCount) {
            1 -> sink.closePath()
            2 -> sink.lineTo(x1, y1)
            3 -> {
                segment(x1, y1, sink)
                sink.lineTo(x1, y1)
            }
        }
    }

    private fun segment(x: Double, y: Double, sink: PathSink) {
        sink.curveTo((2 * x0 + x1) / 3, (2 * y0 + y1) / 3, (x0 + 2 * x1) / 3, (y0 + 2 * y1) / 3,
            (x0 + 4 * x1 + x) / 6, (y0 + 4 * y1 + y) / 6)
    }
}
