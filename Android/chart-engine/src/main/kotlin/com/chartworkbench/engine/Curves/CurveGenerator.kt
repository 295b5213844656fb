package com.chartworkbench.engine

/**
 * A curve in d3-shape's streaming form: `lineStart`, `point` for each defined point of one
 * piece of the line, then `lineEnd`. A lone point ends with `Z` (mirrors Curves/CurveGenerator.swift).
 */
interface CurveGenerator {
    fun lineStart()
    fun point(x: Double, y: Double, sink: PathSink)
    fun lineEnd(sink: PathSink)
}

/** Draws `ys` against `xs`; a non-finite x or y is a gap that ends one piece and starts the next. */
fun drawLine(xs: DoubleArray, ys: DoubleArray, curve: CurveGenerator, sink: PathSink) {
    val count = Math.min(xs.size, ys.size)
    var inPiece = false
    for (i in 0 until count) {
        val x = xs[i]
        val y = ys[i]
        if (x.isFinite() && y.isFinite()) {
            if (!inPiece) { curve.lineStart(); inPiece = true }
            curve.point(x, y, sink)
        } else if (inPiece) {
            curve.lineEnd(sink)
            inPiece = false
        }
    }
    if (inPiece) curve.lineEnd(sink)
}
