package com.chartworkbench.engine

/**
 * Piecewise-constant steps (d3 `curveStep` family): `t` is where in each interval the value
 * changes, 0 stepStart, 0.5 stepCenter, 1 stepEnd (mirrors Curves/StepCurve.swift).
 */
class StepCurve(val t: Double) : CurveGenerator {
    private var pointCount = 0
    private var x0 = 0.0
    private var y0 = 0.0

    override fun lineStart() { pointCount = 0 }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (pointCount == 0) {
            sink.moveTo(x, y)
        } else if (t <= 0) {
            sink.lineTo(x0, y)
            sink.lineTo(x, y)
        } else {
            val x1 = x0 * (1 - t) + x * t
            sink.lineTo(x1, y0)
            sink.lineTo(x1, y)
        }
        pointCount += 1
        x0 = x; y0 = y
    }

    override fun lineEnd(sink: PathSink) {
        if (0 < t && t < 1 && pointCount >= 2) sink.lineTo(x0, y0)
        if (pointCount == 1) sink.closePath()
    }
}
