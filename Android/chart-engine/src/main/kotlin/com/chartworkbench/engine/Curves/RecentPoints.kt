package com.chartworkbench.engine

/**
 * What a streaming curve remembers of the piece it is drawing: how many points it has been
 * given (counted up to 3, as no curve tells more apart) and the last three of them, (x2, y2)
 * the newest and (x0, y0) the oldest. A point not given yet is NaN (mirrors Curves/RecentPoints.swift).
 */
internal class RecentPoints {
    var count = 0
        private set
    var x0 = Double.NaN
    var y0 = Double.NaN
    var x1 = Double.NaN
    var y1 = Double.NaN
    var x2 = Double.NaN
        private set
    var y2 = Double.NaN
        private set

    /** Takes (x, y) as the newest point; the oldest drops out. */
    fun push(x: Double, y: Double) {
        x0 = x1; x1 = x2; x2 = x
        y0 = y1; y1 = y2; y2 = y
        if (count < 3) count += 1
    }

    /**
     * Ends a piece too short for a spline, as d3 does: one point closes (a dot), two join
     * with a line. False when the piece has three points or more, for the curve to end.
     */
    fun endedShortPiece(sink: PathSink): Boolean {
        when (count) {
            1 -> sink.closePath()
            2 -> sink.lineTo(x2, y2)
            3 -> return false
        }
        return true
    }
}
