package com.chartworkbench.engine

/**
 * The chart's two backgrounds and the text colour on each (the page's phone frame and the dark
 * SVG export); the scene's label is drawn in this text colour (mirrors Readability/ChartBackground.swift).
 */
enum class ChartBackground(val key: String, val color: String, val text: String) {
    LIGHT("light", "#FFFFFF", "#15171C"),
    DARK("dark", "#0F1115", "#F2F3F5")
}
