package com.chartworkbench.engine

/** Straight segments between the points (d3 `curveLinear`; mirrors Curves/LinearCurve.swift). */
class LinearCurve : CurveGenerator {
    private var pointCount = 0

    override fun lineStart() { pointCount = 0 }

    override fun point(x: Double, y: Double, sink: PathSink) {
        if (pointCount == 0) sink.moveTo(x, y) else sink.lineTo(x, y)
        pointCount += 1
    }

    override fun lineEnd(sink: PathSink) {
        if (pointCount == 1) sink.closePath()
    }
}
