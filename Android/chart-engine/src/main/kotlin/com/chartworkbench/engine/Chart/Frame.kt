package com.chartworkbench.engine

/** One frame of the chart, as `workbench frame` prints it: the whole pipeline from time,price points to the line and fill paths. */
class Frame(val line: String, val fill: String) {
    companion object {
        fun draw(style: ChartStyle, times: LongArray, prices: DoubleArray, width: Double, height: Double, progress: Double): Frame {
            val model = ChartModel.fromSeries(times, prices, style, width, height)
            val geometry = LineGeometry(model, style, progress, null)
            return Frame(geometry.line, if (style.fillEnabled) geometry.fill else "")
        }
    }
}
