package com.chartworkbench.engine

import java.util.TreeMap

/**
 * `chart-workbench.scene` v1 as JSON text, as `workbench frame --format scene` writes it
 * (docs/scene.md): keys sorted, absent values left out, numbers in shortest round-trip form.
 */
object SceneJson {
    fun text(scene: ChartScene): String = Json.write(chartScene(scene))

    private fun obj(vararg pairs: Pair<String, Any?>): Map<String, Any?> {
        val map = TreeMap<String, Any?>()
        for ((k, v) in pairs) if (v != null) map[k] = v
        return map
    }

    fun chartScene(s: ChartScene): Map<String, Any?> = obj(
        "format" to s.format, "version" to s.version, "progress" to s.progress, "summary" to s.summary,
        "accessibility" to obj("label" to s.accessibility.label, "value" to s.accessibility.value),
        "header" to header(s.header), "selection" to s.selection?.let { obj("index" to it.index, "time" to it.time, "price" to it.price, "x" to it.x, "y" to it.y) },
        "scene" to obj("width" to s.scene.width, "height" to s.scene.height, "primitives" to s.scene.primitives.map(::primitive))
    )

    private fun header(h: ChartHeader): Map<String, Any?> = obj(
        "pressing" to h.pressing, "price" to h.price, "time" to h.time, "timeLabel" to h.timeLabel, "change" to h.change,
        "changePercent" to h.changePercent, "firstPrice" to h.firstPrice, "firstTime" to h.firstTime, "lastPrice" to h.lastPrice, "lastTime" to h.lastTime,
        "flash" to h.flash?.let { obj("color" to it.color, "opacity" to it.opacity, "direction" to it.direction) }
    )

    private fun rect(r: SceneRect?): Map<String, Any?>? = r?.let { obj("x" to it.x, "y" to it.y, "width" to it.width, "height" to it.height) }

    fun path(p: ScenePath): List<List<Any>> = p.commands.map {
        when (it) {
            is ScenePath.Command.Move -> listOf("M", it.x, it.y)
            is ScenePath.Command.Line -> listOf("L", it.x, it.y)
            is ScenePath.Command.Curve -> listOf("C", it.x1, it.y1, it.x2, it.y2, it.x, it.y)
            is ScenePath.Command.Close -> listOf("Z")
        }
    }

    private fun primitive(p: ScenePrimitive): Map<String, Any?> = when (p) {
        is SceneArea -> obj("kind" to "area", "id" to p.id, "path" to path(p.path), "gradientTop" to p.gradientTop, "gradientBottom" to p.gradientBottom,
                            "stops" to p.stops.map { obj("offset" to it.offset, "color" to it.color, "opacity" to it.opacity) },
                            "clip" to rect(p.clip), "opacity" to p.opacity)
        is SceneStroke -> obj("kind" to "stroke", "id" to p.id, "path" to path(p.path), "color" to p.color, "width" to p.width, "cap" to p.cap,
                              "join" to p.join, "clip" to rect(p.clip), "opacity" to p.opacity)
        is SceneSegment -> obj("kind" to "segment", "id" to p.id, "x1" to p.x1, "y1" to p.y1, "x2" to p.x2, "y2" to p.y2, "color" to p.color,
                               "width" to p.width, "dash" to p.dash, "opacity" to p.opacity)
        is SceneCircle -> obj("kind" to "circle", "id" to p.id, "cx" to p.cx, "cy" to p.cy, "radius" to p.radius, "fill" to p.fill,
                              "stroke" to p.stroke, "strokeWidth" to p.strokeWidth, "opacity" to p.opacity)
        is SceneText -> obj("kind" to "text", "id" to p.id, "anchor" to p.anchor, "side" to p.side, "box" to rect(p.box), "opacity" to p.opacity,
                            "runs" to p.runs.map { obj("text" to it.text, "x" to it.x, "y" to it.y, "size" to it.size, "weight" to it.weight,
                                                       "color" to it.color, "opacity" to it.opacity) })
    }
}
