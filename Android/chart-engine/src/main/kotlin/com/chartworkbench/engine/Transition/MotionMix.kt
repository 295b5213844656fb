package com.chartworkbench.engine

/**
 * Mixing one primitive of two pictures of the same chart by weight p: the line and fill take the
 * mixed paths, everything placed (clips, the indicator, the marker, the label) moves from where it
 * was to where it goes (mirrors Transition/MotionMix.swift).
 */
object MotionMix {
    fun primitive(from: ScenePrimitive?, to: ScenePrimitive, p: Double, line: ScenePath, fill: ScenePath): ScenePrimitive {
        fun m(a: Double, b: Double) = a + (b - a) * p
        fun rect(a: SceneRect?, b: SceneRect?): SceneRect? =
            if (a == null || b == null) b else SceneRect(m(a.x, b.x), m(a.y, b.y), m(a.width, b.width), m(a.height, b.height))
        return when {
            to is SceneArea && from is SceneArea -> to.copy(path = fill, gradientTop = m(from.gradientTop, to.gradientTop), clip = rect(from.clip, to.clip))
            to is SceneArea -> to.copy(path = fill)
            to is SceneStroke && from is SceneStroke -> to.copy(path = line, clip = rect(from.clip, to.clip))
            to is SceneStroke -> to.copy(path = line)
            to is SceneSegment && from is SceneSegment -> to.copy(x1 = m(from.x1, to.x1), y1 = m(from.y1, to.y1), x2 = m(from.x2, to.x2), y2 = m(from.y2, to.y2))
            to is SceneCircle && from is SceneCircle -> to.copy(cx = m(from.cx, to.cx), cy = m(from.cy, to.cy))
            to is SceneText && from is SceneText && from.runs.size == to.runs.size && from.anchor == to.anchor ->
                to.copy(runs = to.runs.mapIndexed { i, run -> run.copy(x = m(from.runs[i].x, run.x)) }, box = rect(from.box, to.box) ?: to.box)
            else -> to
        }
    }

    /** The line drawn by `pieces` and its fill, closed down to `bottom`: what a moving line's stroke and area primitives take. */
    fun paths(pieces: CubicPieces, bottom: Double): Pair<ScenePath, ScenePath> {
        val line = ScenePath()
        val fill = ScenePath()
        pieces.write(line)
        pieces.write(fill)
        fill.lineTo(if (pieces.segments.isEmpty()) pieces.startX else pieces.segments[pieces.segments.size - 1].x, bottom)
        fill.lineTo(pieces.startX, bottom); fill.closePath()
        return Pair(line, fill)
    }

    /** The two pictures by opacity at weight q (0…1): the old one's primitives faded out under
     * ids suffixed `-from`, the new one's faded in. What a crossfade motion draws. */
    fun crossfade(from: ChartScene, to: ChartScene, q: Double): List<ScenePrimitive> =
        from.scene.primitives.map { it.renamed(it.id + "-from").fading(1 - q) } + to.scene.primitives.map { it.fading(q) }

    /** How a motion between two scenes plays: a cut (no motion), a crossfade, or its own way. */
    enum class Way { CUT, CROSSFADE, OWN }

    /** The frame at `p` that every motion between two scenes draws alike, or null where it draws its own: either end as it
     * is, a cut's nearer end, or the crossfade with the header `header` gives at the progress clamped to 0…1. */
    fun sharedFrame(from: ChartScene, to: ChartScene, p: Double, way: Way, header: (Double) -> ChartHeader): ChartScene? {
        if (p == 0.0) return from
        if (p == 1.0) return to
        return when (way) {
            Way.CUT -> if (p > 0) to else from
            Way.CROSSFADE -> {
                val q = Math.min(Math.max(p, 0.0), 1.0)
                to.copy(scene = to.scene.copy(primitives = crossfade(from, to, q)), header = header(q))
            }
            Way.OWN -> null
        }
    }
}
