package com.chartworkbench.engine

/**
 * The period change as a pure function of progress: the rest picture of one period becoming the
 * rest picture of another. Both lines are recorded as cubic segments and brought to one segment
 * count by de Casteljau splitting (which leaves each shape unchanged); segment k of either then
 * sits at about normalised time k/count, because price points are equal time buckets. Mixing
 * them point by point moves the line, the fill under it and the vertical range together; the
 * header's price and change count between their values. Progress 0 is exactly the old picture,
 * 1 exactly the new one (mirrors Transition/PeriodMorph.swift).
 */
class PeriodMorph private constructor(
    val from: Shape,
    val to: Shape,
    /** The pictures shown at progress 0 and 1 (and crossfaded under reduced motion). */
    val fromScene: ChartScene,
    val toScene: ChartScene,
    val style: ChartStyle,
    val reducedMotion: Boolean,
    private val height: Double
) {
    /** Where the morph starts: a period's rest line, or wherever a previous morph was when a second period was chosen. */
    class Shape(val line: CubicPieces, val gradientTop: Double, val price: Double?, val change: Double?, val changePercent: Double?)

    /** The line, fill and header where the morph is at `progress` (a spring's may leave 0…1). */
    fun shape(progress: Double): Shape {
        val p = ChartState.bounded(progress)
        fun mix(a: Double?, b: Double?): Double? = if (a == null || b == null) (if (p < 1) a else b) else a + (b - a) * p
        return Shape(CubicPieces.mix(from.line, to.line, p), from.gradientTop + (to.gradientTop - from.gradientTop) * p,
                     mix(from.price, to.price), mix(from.change, to.change), mix(from.changePercent, to.changePercent))
    }

    /** The style the period change plays in; under reduced motion the preset's variant (crossfade or none; never a morph). */
    val playedStyle: PeriodMorphStyle
        get() {
            if (!reducedMotion) return style.periodMorphStyle
            if (style.periodMorphStyle == PeriodMorphStyle.NONE) return PeriodMorphStyle.NONE
            return if (style.periodReducedMotion == ReducedMotionStyle.CROSSFADE) PeriodMorphStyle.CROSSFADE else PeriodMorphStyle.NONE
        }

    /** Seconds the period change takes as played. */
    val duration: Double
        get() = when {
            playedStyle == PeriodMorphStyle.NONE -> 0.0
            playedStyle == PeriodMorphStyle.CROSSFADE && reducedMotion -> style.reducedMotionDuration
            else -> style.periodDuration
        }

    /** The easing as played: the preset's, or linear under reduced motion. */
    val easing: Easing get() = style.motionEasing(if (reducedMotion) EasingName.LINEAR else style.periodEasing, duration)

    /** The scene at `progress` (already eased). */
    fun scene(progress: Double): ChartScene {
        val p = ChartState.bounded(progress)
        val way = when (playedStyle) {
            PeriodMorphStyle.NONE -> MotionMix.Way.CUT
            PeriodMorphStyle.CROSSFADE -> MotionMix.Way.CROSSFADE
            PeriodMorphStyle.MORPH -> MotionMix.Way.OWN
        }
        MotionMix.sharedFrame(fromScene, toScene, p, way) { header(shape(it)) }?.let { return it }
        val now = shape(p)
        val (line, fill) = MotionMix.paths(now.line, height)
        val primitives = toScene.scene.primitives.map {
            when (it) {
                is SceneArea -> it.copy(path = fill, gradientTop = now.gradientTop)
                is SceneStroke -> it.copy(path = line)
                else -> it
            }
        }
        return toScene.copy(progress = 0.0, scene = toScene.scene.copy(primitives = primitives), header = header(now))
    }

    private fun header(shape: Shape): ChartHeader =
        toScene.header.copy(price = shape.price, change = shape.change, changePercent = shape.changePercent)

    /**
     * A second period chosen mid-morph: a new morph from where the line is at `progress` toward
     * `model`, so nothing jumps (the caller's `TransitionMotion` keeps its velocity).
     */
    fun retargeted(model: ChartModel, progress: Double, builder: ChartSceneBuilder): PeriodMorph =
        make(shape(progress), scene(progress), model, builder)

    companion object {
        /** The change from `old`'s rest picture to `new`'s, drawn by `builder`. */
        fun between(old: ChartModel, new: ChartModel, builder: ChartSceneBuilder): PeriodMorph {
            val fromScene = builder.build(old, ChartState())
            return make(shape(old, fromScene, builder.style), fromScene, new, builder)
        }

        private fun make(shape: Shape, fromScene: ChartScene, new: ChartModel, builder: ChartSceneBuilder): PeriodMorph {
            val toScene = builder.build(new, ChartState())
            val target = shape(new, toScene, builder.style)
            val count = Math.max(Math.max(shape.line.segments.size, target.line.segments.size), 1)
            val start = Shape(shape.line.resampled(count), shape.gradientTop, shape.price, shape.change, shape.changePercent)
            val end = Shape(target.line.resampled(count), target.gradientTop, target.price, target.change, target.changePercent)
            return PeriodMorph(start, end, fromScene, toScene, builder.style, builder.reducedMotion, new.height)
        }

        /** A period's rest line as one piece: gaps are bridged while it morphs (the pictures at either end keep them). */
        fun shape(model: ChartModel, scene: ChartScene, style: ChartStyle): Shape {
            val line = CubicPieces()
            val runs = model.pixelRuns(0.0)
            val xs = runs.flatMap { it.first.asList() }.toDoubleArray()
            val ys = runs.flatMap { it.second.asList() }.toDoubleArray()
            if (xs.isEmpty()) line.moveTo(0.0, model.height / 2) else style.inactive.draw(xs, ys, line)
            val top = model.priceExtent?.let { model.yScale(it.second) } ?: model.height / 2
            return Shape(line, top, scene.header.price, scene.header.change, scene.header.changePercent)
        }
    }
}
