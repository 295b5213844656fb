package com.chartworkbench.compose

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import com.chartworkbench.engine.ChartModel
import com.chartworkbench.engine.ChartStyle
import com.chartworkbench.engine.LineGeometry
import com.chartworkbench.engine.lineWidth

/**
 * The bridge from the pure Kotlin engine to Jetpack Compose: colours, widths and the frame's
 * path data. Draw `frame.line` with `PathParser().parsePathString(d).toPath()` (or
 * `androidx.core.graphics.PathParser.createPathFromPathData(d)`) in a `Canvas`.
 */
object ChartCompose {
    /** `#RRGGBB` → an opaque Compose colour. */
    fun color(hex: String): Color = Color(0xFF000000L or hex.substring(1).toLong(16))

    /** `#RRGGBB` with an opacity 0…1. */
    fun color(hex: String, opacity: Double): Color {
        val alpha = Math.round(Math.min(Math.max(opacity, 0.0), 1.0) * 255).toLong()
        return Color((alpha shl 24) or hex.substring(1).toLong(16))
    }

    fun lineWidth(style: ChartStyle, progress: Double): Dp = style.lineWidth(progress).dp

    fun lineColor(style: ChartStyle): Color = color(style.lineColor)
    fun trailingColor(style: ChartStyle): Color = color(style.trailingColor)
    fun fillTop(style: ChartStyle): Color = color(style.fillColor, style.fillTopOpacity)
    fun fillBottom(style: ChartStyle): Color = color(style.fillColor, style.fillBottomOpacity)
    fun indicatorColor(style: ChartStyle): Color = color(style.indicatorColor)
    fun markerRadius(style: ChartStyle): Dp = style.markerRadius.dp

    /** The line and fill path data (in dp) of one animation frame at eased `progress`. */
    fun frame(model: ChartModel, style: ChartStyle, progress: Double): LineGeometry = LineGeometry(model, style, progress, 2)
}
