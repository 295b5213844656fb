package com.chartworkbench.engine

/**
 * One drawing primitive of a scene, in view coordinates (origin top left, y down). Renderers draw
 * the primitives in order and decide nothing: every colour, width, clip and opacity is here.
 * Colours are `#RRGGBB`; opacities 0…1. `id` names the primitive's role and stays the same from
 * frame to frame (mirrors Scene/ScenePrimitive.swift).
 */
sealed class ScenePrimitive {
    abstract val id: String

    /** The same primitive under another id (a crossfade's second copy of the line). */
    fun renamed(id: String): ScenePrimitive = when (this) {
        is SceneArea -> copy(id = id)
        is SceneStroke -> copy(id = id)
        is SceneSegment -> copy(id = id)
        is SceneCircle -> copy(id = id)
        is SceneText -> copy(id = id)
    }

    /** The same primitive with its opacity multiplied by `factor` (0…1). */
    fun fading(factor: Double): ScenePrimitive = when (this) {
        is SceneArea -> copy(opacity = opacity * factor)
        is SceneStroke -> copy(opacity = opacity * factor)
        is SceneSegment -> copy(opacity = opacity * factor)
        is SceneCircle -> copy(opacity = opacity * factor)
        is SceneText -> copy(opacity = opacity * factor)
    }
}

/** A filled area painted with a vertical linear gradient from `gradientTop` (first stop) to `gradientBottom` (last). */
data class SceneArea(
    override val id: String,
    val path: ScenePath,
    val gradientTop: Double,
    val gradientBottom: Double,
    val stops: List<GradientStop>,
    val clip: SceneRect?,
    val opacity: Double
) : ScenePrimitive()

data class GradientStop(val offset: Double, val color: String, val opacity: Double)

/** A stroked path (no fill); `cap` is `round`, `butt` or `square`, `join` `round`, `miter` or `bevel`. */
data class SceneStroke(
    override val id: String,
    val path: ScenePath,
    val color: String,
    val width: Double,
    val cap: String,
    val join: String,
    val clip: SceneRect?,
    val opacity: Double
) : ScenePrimitive()

/** A straight line from (x1, y1) to (x2, y2); `dash` is the on/off pattern (empty: solid). */
data class SceneSegment(
    override val id: String,
    val x1: Double,
    val y1: Double,
    val x2: Double,
    val y2: Double,
    val color: String,
    val width: Double,
    val dash: List<Double>,
    val opacity: Double
) : ScenePrimitive()

/** A filled circle with an outline. */
data class SceneCircle(
    override val id: String,
    val cx: Double,
    val cy: Double,
    val radius: Double,
    val fill: String,
    val stroke: String,
    val strokeWidth: Double,
    val opacity: Double
) : ScenePrimitive()

/**
 * Lines of text anchored at their x (`anchor` `start`: text runs right of x; `end`: left of it),
 * baselines at y. `box` is the space the text is laid out in; `side` on which side of the
 * indicator it sits. A run's `color` null is the theme's foreground colour.
 */
data class SceneText(
    override val id: String,
    val runs: List<Run>,
    val anchor: String,
    val box: SceneRect,
    val side: String,
    val opacity: Double
) : ScenePrimitive() {
    data class Run(val text: String, val x: Double, val y: Double, val size: Double, val weight: Int, val color: String?, val opacity: Double)
}
