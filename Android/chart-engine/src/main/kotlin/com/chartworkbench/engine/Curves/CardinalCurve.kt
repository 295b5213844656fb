package com.chartworkbench.engine

/** Cardinal spline (d3 `curveCardinal.tension`): 0 uniform Catmull–Rom, 1 straight (mirrors Curves/CardinalCurve.swift). */
class CardinalCurve(tension: Double) : CurveGenerator {
    private val k = (1 - tension) / 6
    private var pointCount = 0
    private var x0 = Double.NaN
    private var y0 = Double.NaN
    private var x1 = Double.NaN
    private var y1 = Double.NaN
    private var x2 = Double.NaN
    private var y2 = Double.NaN

    override fun lineStart() {
        x0 = Double.NaN; y0 = Double.NaN; x1 = Double.NaN; y1 = Double.NaN; x2 = Double.NaN; y2 = Double.NaN
        pointCount = 0
    }

    override fun point(x: Double, y: Double, sink: PathSink) {
        when (pointCount) {
            0 -> { pointCount = 1; sink.moveTo(x, y) }
            1 -> { pointCount = 2; x1 = x; y1 = y }
            2 -> { pointCount = 3; segment(x, y, sink) }
            else -> segment(x, y, sink)
        }
        x0 = x1; x1 = x2; x2 = x
        y0 = y1; y1 = y2; y2 = y
    }

    override fun lineEnd(sink: PathSink) {
        when (pointCount) {
            1 -> sink.closePath()
            2 -> sink.lineTo(x2, y2)
            3 -> segment(x1, y1, sink)
        }
    }

    /** The segment from (x1, y1) to (x2, y2), with tangents from the neighbours. */
    private fun segment(x: Double, y: Double, sink: PathSink) {
        sink.curveTo(x1 + k * (x2 - x0), y1 + k * (y2 - y0), x2 + k * (x1 - x), y2 + k * (y1 - y), x2, y2)
    }
}
