package com.chartworkbench.engine

/** One frame of the chart for conformance: the whole pipeline from time,price points to the line and fill paths. */
class Frame(val line: String, val fill: String) {
    companion object {
        fun draw(style: ChartStyle, times: DoubleArray, prices: DoubleArray, width: Double, height: Double,
                 progress: Double, selection: Double? = null): Frame {
            val model = ChartModel(times, prices, style, width, height)
            val geometry = LineGeometry(model, style, progress, digits = null)
            return Frame(geometry.line, if (style.fillEnabled) geometry.fill else "")
        }
    }
}
