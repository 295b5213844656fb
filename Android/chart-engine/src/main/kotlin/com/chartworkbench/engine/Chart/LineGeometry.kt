package com.chartworkbench.engine

/**
 * The line and fill paths of a chart at a given progress. Between the ends (when the curves
 * differ) both curves are drawn through the mixed values, recorded as cubic segments, brought
 * to the same segment count and mixed with weight p: no jump at either end (mirrors Chart/LineGeometry.swift).
 */
class LineGeometry(model: ChartModel, style: ChartStyle, progress: Double, digits: Int? = 2, morphAlways: Boolean = false) {
    val line: String
    val fill: String

    init {
        val p = ChartState.bounded(progress)
        val lineWriter = PathWriter(digits)
        val fillWriter = PathWriter(digits)
        for ((xs, ys) in model.pixelRuns(p)) {
            val piece = PathWriter(digits)
            drawPiece(xs, ys, style, p, morphAlways, piece)
            lineWriter.append(piece)
            if (xs.size > 1) {
                fillWriter.append(piece)
                fillWriter.lineTo(xs[xs.size - 1], model.height)
                fillWriter.lineTo(xs[0], model.height)
                fillWriter.closePath()
            }
        }
        line = lineWriter.text
        fill = fillWriter.text
    }

    companion object {
        /** The same line drawn into any sink (a Compose `Path` wrapped as a PathSink); `fill` closes each piece along the bottom. */
        fun draw(model: ChartModel, style: ChartStyle, progress: Double, sink: PathSink, fill: Boolean = false) {
            val p = ChartState.bounded(progress)
            for ((xs, ys) in model.pixelRuns(p)) {
                drawPiece(xs, ys, style, p, false, sink)
                if (fill && xs.size > 1) {
                    sink.lineTo(xs[xs.size - 1], model.height)
                    sink.lineTo(xs[0], model.height)
                    sink.closePath()
                }
            }
        }

        private fun drawPiece(xs: DoubleArray, ys: DoubleArray, style: ChartStyle, p: Double, morphAlways: Boolean, sink: PathSink) {
            val inactive = style.inactive
            val active = style.active
            if (morphAlways || (p > 0 && p < 1 && inactive != active)) {
                val a = CubicPieces()
                val b = CubicPieces()
                inactive.draw(xs, ys, a)
                active.draw(xs, ys, b)
                val count = Math.max(a.segments.size, b.segments.size)
                CubicPieces.mix(a.resampled(count), b.resampled(count), p).write(sink)
            } else {
                (if (p < 1) inactive else active).draw(xs, ys, sink)
            }
        }
    }
}
