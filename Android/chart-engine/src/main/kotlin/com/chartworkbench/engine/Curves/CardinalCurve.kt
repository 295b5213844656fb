package com.chartworkbench.engine

/** Cardinal spline (d3 `curveCardinal.tension`): 0 uniform Catmull–Rom, 1 straight (mirrors Curves/CardinalCurve.swift). */
class CardinalCurve(tension: Double) : CurveGenerator {
    private val k = (1 - tension) / 6
    private var p = RecentPoints()

    override fun lineStart() { p = RecentPoints() }

    override fun point(x: Double, y: Double, sink: PathSink) {
        when (p.count) {
            0 -> sink.moveTo(x, y)
            1 -> { p.x1 = x; p.y1 = y }  // as d3: the push makes this (x0, y0), so the first segment leaves without a tangent
            else -> segment(x, y, sink)
        }
        p.push(x, y)
    }

    override fun lineEnd(sink: PathSink) {
        if (p.endedShortPiece(sink)) return
        segment(p.x1, p.y1, sink)
    }

    /** The segment from (x1, y1) to (x2, y2), with tangents from the neighbours. */
    private fun segment(x: Double, y: Double, sink: PathSink) {
        sink.curveTo(p.x1 + k * (p.x2 - p.x0), p.y1 + k * (p.y2 - p.y0), p.x2 + k * (p.x1 - x), p.y2 + k * (p.y1 - y), p.x2, p.y2)
    }
}
