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
        val bottom = model.height
        val lineWriter = PathWriter(digits)
        val fillWriter = PathWriter(digits)
        val inactive = style.inactive
        val active = style.active
        val morph = morphAlways || (p > 0 && p < 1 && inactive != active)
        for ((xs, ys) in model.pixelRuns(p)) {
            val piece = PathWriter(digits)
            if (morph) {
                val a = CubicPieces()
                val b = CubicPieces()
                inactive.draw(xs, ys, a)
                active.draw(xs, ys, b)
                val count = Math.max(a.segments.size, b.segments.size)
                CubicPieces.mix(a.resampled(count), b.resampled(count), p).write(piece)
            } else {
                (if (p < 1) inactive else active).draw(xs, ys, piece)
            }
            lineWriter.append(piece)
            if (xs.size > 1) {
                fillWriter.append(piece)
                fillWriter.lineTo(xs[xs.size - 1], bottom)
                fillWriter.lineTo(xs[0], bottom)
                fillWriter.closePath()
            }
        }
        line = lineWriter.text
        fill = fillWriter.text
    }
}
