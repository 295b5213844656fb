package com.chartworkbench.engine

/**
 * The engine's one output for a chart state (size, progress, selection): everything the chart
 * draws, in order, plus the price header's values and the selected point. Compose renders it
 * and decides nothing. JSON: `chart-workbench.scene` v1 (docs/scene.md) (mirrors
 * Chart/ChartScene.swift).
 */
data class ChartScene(
    /** The eased progress this scene was drawn at (a spring's may leave 0…1). */
    val progress: Double,
    val scene: Scene,
    val header: ChartHeader,
    val selection: SelectedPoint?,
    /** One sentence for assistive technology: the period, its range and the selection. */
    val summary: String,
    /** What a screen reader says: the chart's label and its value (the selected point's words while pressing). */
    val accessibility: ChartAccessibility
) {
    val format: String get() = "chart-workbench.scene"
    val version: Int get() = 1
}

/**
 * The price header above the chart: at rest the current (last) price and the period's change;
 * while pressing, the selected price, its time and the change since the period's first price.
 * Values are null when the period holds no price.
 */
data class ChartHeader(
    val pressing: Boolean,
    val price: Double?,
    val time: Double?,
    /** The time as the app writes it for this period, in the viewer's zone. */
    val timeLabel: String?,
    val change: Double?,
    val changePercent: Double?,
    val firstPrice: Double?,
    val firstTime: Double?,
    val lastPrice: Double?,
    val lastTime: Double?,
    /** A live price's flash on the header's price (`LivePriceStep`), null otherwise. */
    val flash: PriceFlash? = null
)

/**
 * The header's price tinted toward `color` (the up or down colour of a live price) at `opacity`
 * (1 when the price arrives, fading to 0 over the flash duration); `direction` "up" or "down".
 */
data class PriceFlash(val color: String, val opacity: Double, val direction: String)

/** The point under the finger: its index among the drawn points, its time and raw price, and where it is drawn. */
data class SelectedPoint(val index: Int, val time: Double, val price: Double, val x: Double, val y: Double)

/**
 * The chart's words: `label` ("Bitcoin price, 1 year: from $X to $Y, up Z %, high $H, low $L.") and
 * `value` ("$X on 3 March 2025"): Compose's contentDescription and stateDescription.
 */
data class ChartAccessibility(val label: String, val value: String)
