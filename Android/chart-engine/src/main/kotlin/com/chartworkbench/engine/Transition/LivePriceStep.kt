package com.chartworkbench.engine

/**
 * A new live price as a pure function of progress: the chart before the price becoming the chart
 * after it. Both lines are recorded as cubic segments (as drawn at the press's progress) and mixed
 * point by point in view coordinates, so the line's end moves to the new price, the vertical
 * range rescales when the price leaves it, and the fill moves with the line. When the price adds
 * a bucket the old line gets segments of no length at its end, so the new part grows out of the
 * old end. The header's price and change count between their values; a press keeps its selection
 * on its time. `flash(elapsed)` tints the header's price in the up or down colour over the flash
 * duration. Progress 0 is exactly the old picture, 1 exactly the new one (mirrors
 * Transition/LivePriceStep.swift).
 */
class LivePriceStep private constructor(
    /** The picture shown at progress 0. */
    val fromScene: ChartScene,
    shownLine: CubicPieces,
    shownLast: Double?,
    /** The chart after the price (the press's selection is carried from it to a newer price's). */
    val toModel: ChartModel,
    /** The press's state on the new chart: its progress, and its selection moved to the same time. */
    val toState: ChartState,
    builder: ChartSceneBuilder
) {
    /** `state` is the press on the old chart (at rest: inactive). */
    constructor(old: ChartModel, new: ChartModel, state: ChartState = ChartState(), builder: ChartSceneBuilder) :
        this(builder.build(old, state), line(old, state.progress, builder.style), old.raw.lastOrNull { it.isFinite() }, new,
             carried(state, old, new), builder)

    /**
     * A newer price arriving while `running` plays: the step from the frame shown now (`running` at
     * eased `progress`) to the chart of the newer price, so the line, the header and a held
     * selection go on from where they are instead of jumping to the last step's end first.
     */
    constructor(running: LivePriceStep, progress: Double, new: ChartModel, builder: ChartSceneBuilder) :
        this(running.scene(progress), CubicPieces.mix(running.fromLine, running.toLine, progress),
             running.toModel.raw.lastOrNull { it.isFinite() }, new, carried(running.toState, running.toModel, new), builder)

    /** How the step plays: the line moving, a crossfade of the two pictures, or the new one at once. */
    enum class Played { STEP, CROSSFADE, NONE }

    val toScene: ChartScene = builder.build(toModel, toState)
    val style: ChartStyle = builder.style
    val reducedMotion: Boolean = builder.reducedMotion
    private val height = toModel.height
    /** The two lines, brought to one segment count. */
    val fromLine: CubicPieces
    val toLine: CubicPieces
    /** "up" or "down": the new last price against the old one; null when it did not change. */
    val direction: String?

    init {
        val b = line(toModel, toState.progress, style)
        val count = Math.max(Math.max(shownLine.segments.size, b.segments.size), 1)
        // A longer new line grew at its end; a shorter one lost its first bucket.
        fromLine = shownLine.padded(count)
        toLine = b.padded(count, atStart = true)
        val after = toModel.raw.lastOrNull { it.isFinite() }
        direction = if (shownLast != null && after != null && shownLast != after) (if (after > shownLast) "up" else "down") else null
    }

    /** The step as played: under reduced motion the preset's variant (a linear crossfade over the reduced-motion duration, or none). */
    val played: Played
        get() = if (!reducedMotion) Played.STEP
                else if (style.livePriceReducedMotion == ReducedMotionStyle.CROSSFADE && style.reducedMotionDuration > 0) Played.CROSSFADE
                else Played.NONE

    /** Seconds the step takes as played. */
    val duration: Double
        get() = when (played) {
            Played.STEP -> style.livePriceDuration
            Played.CROSSFADE -> style.reducedMotionDuration
            Played.NONE -> 0.0
        }

    /** The easing as played: the preset's, or linear under reduced motion. */
    val easing: Easing get() = style.motionEasing(if (reducedMotion) EasingName.LINEAR else style.livePriceEasing, duration)

    /** Seconds the flash lasts (0 without one). */
    val flashDuration: Double get() = if (style.livePriceFlash && direction != null) style.livePriceFlashDuration else 0.0

    /** The header's flash `elapsed` seconds after the price arrived; null once over (or off). */
    fun flash(elapsed: Double): PriceFlash? {
        val direction = direction ?: return null
        if (!(flashDuration > 0) || !elapsed.isFinite() || !(elapsed < flashDuration)) return null
        val color = if (direction == "up") style.livePriceUpColor else style.livePriceDownColor
        return PriceFlash(color, 1 - Math.max(elapsed, 0.0) / flashDuration, direction)
    }

    /** The scene at `progress` (already eased) with the flash `elapsed` seconds in. */
    fun scene(progress: Double, elapsed: Double): ChartScene {
        val frame = scene(progress)
        return frame.copy(header = frame.header.copy(flash = flash(elapsed)))
    }

    /** The scene at `progress` (already eased), without the flash. */
    fun scene(progress: Double): ChartScene {
        val p = ChartState.bounded(progress)
        val way = when (played) { Played.NONE -> MotionMix.Way.CUT; Played.CROSSFADE -> MotionMix.Way.CROSSFADE; Played.STEP -> MotionMix.Way.OWN }
        MotionMix.sharedFrame(fromScene, toScene, p, way) { header(it) }?.let { return it }
        val (line, fill) = MotionMix.paths(CubicPieces.mix(fromLine, toLine, p), height)
        val old = HashMap<String, ScenePrimitive>()
        for (primitive in fromScene.scene.primitives) if (!old.containsKey(primitive.id)) old[primitive.id] = primitive
        val primitives = toScene.scene.primitives.map { MotionMix.primitive(old[it.id], it, p, line, fill) }
        val a = fromScene.selection
        val b = toScene.selection
        val selection = if (a != null && b != null) b.copy(x = a.x + (b.x - a.x) * p, y = a.y + (b.y - a.y) * p) else toScene.selection
        return toScene.copy(scene = toScene.scene.copy(primitives = primitives), selection = selection,
                            header = header(Math.min(Math.max(p, 0.0), 1.0)))
    }

    /** The header between the two: the price (or, pressing, the selected point) and the change counting, never beyond either end. */
    private fun header(q: Double): ChartHeader {
        val to = toScene.header
        val from = fromScene.header
        fun mix(a: Double?, b: Double?): Double? = if (a == null || b == null) (if (q < 1) a else b) else a + (b - a) * q
        return to.copy(price = mix(from.price, to.price), change = mix(from.change, to.change),
                       changePercent = mix(from.changePercent, to.changePercent), lastPrice = mix(from.lastPrice, to.lastPrice),
                       firstPrice = mix(from.firstPrice, to.firstPrice))
    }

    companion object {
        /** The press's selection moved to the fraction of the new chart's width where its time is, so a tick during a press keeps the finger's point. */
        fun carried(state: ChartState, old: ChartModel, new: ChartModel): ChartState {
            val fraction = state.selection ?: return state
            val selected = Selection.of(old, fraction, state.progress) ?: return state
            if (!(new.width > 0)) return state
            return ChartState(state.progress, new.xScale(selected.time) / new.width)
        }

        /** The line as drawn at the press's `progress`, as one piece (gaps are bridged while it moves). */
        fun line(model: ChartModel, progress: Double, style: ChartStyle): CubicPieces {
            val line = CubicPieces()
            val runs = model.pixelRuns(progress)
            val xs = runs.flatMap { it.first.asList() }.toDoubleArray()
            val ys = runs.flatMap { it.second.asList() }.toDoubleArray()
            if (xs.isEmpty()) { line.moveTo(0.0, model.height / 2); return line }
            val p = ChartState.bounded(progress)
            if (p <= 0 || style.inactive == style.active) { style.inactive.draw(xs, ys, line); return line }
            if (p >= 1) { style.active.draw(xs, ys, line); return line }
            val a = CubicPieces()
            val b = CubicPieces()
            style.inactive.draw(xs, ys, a)
            style.active.draw(xs, ys, b)
            val count = Math.max(a.segments.size, b.segments.size)
            return CubicPieces.mix(a.resampled(count), b.resampled(count), p)
        }
    }
}
