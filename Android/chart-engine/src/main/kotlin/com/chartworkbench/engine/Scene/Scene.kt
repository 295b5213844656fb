package com.chartworkbench.engine

/**
 * What a renderer draws: a view size and primitives in painting order. Generic: nothing here
 * knows about prices; the chart's domain builds scenes (`ChartScene`) (mirrors Scene/Scene.swift).
 */
data class Scene(val width: Double, val height: Double, val primitives: List<ScenePrimitive>) {
    fun primitive(id: String): ScenePrimitive? = primitives.firstOrNull { it.id == id }
}
