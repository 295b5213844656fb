package com.chartworkbench.engine

/**
 * Piecewise-constant steps (d3 `curveStep` family): `t` is where in each interval the value
 * changes, 0 stepStart, 0.5 stepCenter, 1 stepEnd (mirrors Curves/StepCurve.swift).
 */
class StepCurve(val t: Double) : CurveGenerator {
    private var p = RecentPoints()

    override fun lineStart() { p = RecentPoints() }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (p.count == 0) {
            sink.moveTo(x, y)
        } else if (t <= 0) {
            sink.lineTo(p.x2, y)
            sink.lineTo(x, y)
        } else {
            val turn = p.x2 * (1 - t) + x * t
            sink.lineTo(turn, p.y2)
            sink.lineTo(turn, y)
        }
        p.push(x, y)
    }

    override fun lineEnd(sink: PathSink) {
        if (0 < t && t < 1 && p.count >= 2) sink.lineTo(p.x2, p.y2)
        if (p.count == 1) sink.closePath()
    }
}
