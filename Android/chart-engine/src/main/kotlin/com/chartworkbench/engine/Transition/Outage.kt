package com.chartworkbench.engine

/**
 * The outage state: once no price has arrived for `outageStaleAfter` seconds the line and its
 * fill dim to `outageDimOpacity` and the chart says "Prices delayed" in the band above the plot
 * (where the press's label goes, so it never covers the line). A pure function of the scene and
 * the seconds since the last price; before the stale time the scene is unchanged (mirrors
 * Transition/Outage.swift).
 */
object Outage {
    const val MESSAGE = "Prices delayed"
    private val DIMMED = setOf("line", "trail", "fill", "fill-trailing")

    fun isStale(secondsSinceLastPrice: Double, style: ChartStyle): Boolean =
        secondsSinceLastPrice.isFinite() && secondsSinceLastPrice >= style.outageStaleAfter

    fun apply(frame: ChartScene, secondsSinceLastPrice: Double, style: ChartStyle): ChartScene {
        if (!isStale(secondsSinceLastPrice, style)) return frame
        val width = (MESSAGE.codePointCount(0, MESSAGE.length) * ChartSceneBuilder.TIME_CHAR_WIDTH).toDouble()
        val text = SceneText("outage", listOf(SceneText.Run(MESSAGE, 0.0, ChartSceneBuilder.TIME_BASELINE, ChartSceneBuilder.TIME_SIZE, 400, null,
                                                            ChartSceneBuilder.TIME_OPACITY)),
                             "start", SceneRect(0.0, 0.0, width, ChartSceneBuilder.TIME_BASELINE + 4), "right", 1.0)
        val primitives = frame.scene.primitives.map { if (it.id in DIMMED) it.fading(style.outageDimOpacity) else it } + text
        return frame.copy(scene = frame.scene.copy(primitives = primitives), summary = "$MESSAGE. ${frame.summary}")
    }
}
