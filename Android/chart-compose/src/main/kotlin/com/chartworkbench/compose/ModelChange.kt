package com.chartworkbench.compose

import com.chartworkbench.engine.*

/**
 * What the chart plays when it is given another model, from the preset's definitions:
 * - the first model with prices, or one after a model without any (the preset's placeholder,
 *   shown while loading), plays the engine's `Reveal` (drawOn, fade or none);
 * - a model of another period plays `PeriodMorph` from the picture on screen (morph, crossfade
 *   or none), or, while a change is still moving, retargets it from where its line is;
 * - a model of the same period and size whose last price differs (a live price) plays
 *   `LivePriceStep` with the header's flash; a press keeps its selection on its time
 *   (`selection` maps the finger's fraction to the carried one until the finger moves);
 * - anything else (another size) replaces the picture at once.
 * Each restarts progress with `TransitionMotion.started`, the velocity carried over (a spring
 * keeps its momentum); the reduced variants play when `builder` is reduced. A press takes over
 * from a reveal or a period change; a live step plays under a settled press.
 * Plain Kotlin, so the conformance vectors' `motions` replay through it exactly.
 */
class ModelChange(private val builder: ChartSceneBuilder) {
    private sealed class Playing {
        class Revealing(val reveal: Reveal) : Playing()
        class Changing(val morph: PeriodMorph) : Playing()
        class Stepping(val step: LivePriceStep) : Playing()
    }

    var shown: ChartModel? = null
        private set
    private var playing: Playing? = null
    private var motion: TransitionMotion? = null
    private var startTime = 0.0
    /** The finger's fraction when the last live price arrived, and where that price moved it. */
    private var carriedFinger: Double? = null
    private var carriedSelection: Double? = null

    /** Shows `model` from `time` (seconds on the caller's clock), the press at `press` with the finger at `selection`. */
    fun show(model: ChartModel, time: Double, press: TransitionMotion.State = TransitionMotion.State(0.0, 0.0, true), selection: Double? = null) {
        val previous = shown
        if (previous === model) return
        shown = model
        if (!hasPrices(model)) {
            if (previous != null && hasPrices(previous)) { playing = null; motion = null }
            return
        }
        if (previous == null || !hasPrices(previous)) { start(Playing.Revealing(Reveal(model, builder)), time); return }
        val running = playing
        val now = motion?.state(time)
        val changing = running is Playing.Changing && now != null && !now.finished
        if (previous.period != model.period) {
            start(Playing.Changing(if (changing) (running as Playing.Changing).morph.retargeted(model, now!!.progress, builder) else PeriodMorph.between(previous, model, builder)), time)
            return
        }
        if (previous.width != model.width || previous.height != model.height) { playing = null; motion = null; return }
        if (lastPoint(previous) == lastPoint(model)) return
        if (changing) {
            // A price during a period change: the change now heads for the chart with it.
            start(Playing.Changing((running as Playing.Changing).morph.retargeted(model, now!!.progress, builder)), time)
            return
        }
        // A price while the last one still steps: the step goes on from the frame shown.
        val step = if (running is Playing.Stepping && now != null && !now.finished) LivePriceStep(running.step, now.progress, model, builder)
                   else LivePriceStep(previous, model, ChartState(press.progress, this.selection(selection)), builder)
        if (selection != null) { carriedFinger = selection; carriedSelection = step.toState.selection }
        start(Playing.Stepping(step), time)
    }

    private fun start(next: Playing, time: Double) {
        val (duration, easing) = when (next) {
            is Playing.Revealing -> Pair(next.reveal.duration, next.reveal.easing)
            is Playing.Changing -> Pair(next.morph.duration, next.morph.easing)
            is Playing.Stepping -> Pair(next.step.duration, next.step.easing)
        }
        motion = TransitionMotion.started(time, motion, duration, easing)
        playing = next
        startTime = time
    }

    /** The selection to draw for the finger at `finger`: the one a live price carried while the finger has not moved since, else the finger's own. */
    fun selection(finger: Double?): Double? = if (finger != null && finger == carriedFinger) carriedSelection else finger

    /** The motion's progress at `time` (1 once it has ended, 0 before any). */
    fun progress(time: Double): Double = motion?.state(time)?.progress ?: 0.0

    /** A motion (or a live price's flash) is still playing at `time`. */
    fun isMoving(time: Double): Boolean {
        val state = motion?.state(time) ?: return false
        val current = playing ?: return false
        if (!state.finished) return true
        return current is Playing.Stepping && time - startTime < current.step.flashDuration
    }

    /**
     * The frame of the motion at `time`, or null when none plays (the shown model's own scene, or
     * the placeholder while it has no prices). A press takes over from a reveal or period change,
     * and from a live step once it moves.
     */
    fun scene(time: Double, press: TransitionMotion.State, selection: Double?): ChartScene? {
        val current = playing ?: return null
        val state = motion?.state(time) ?: return null
        if (!isMoving(time)) return null
        val atRest = press.finished && press.progress == 0.0
        return when (current) {
            is Playing.Revealing -> if (atRest) current.reveal.scene(state.progress) else null
            is Playing.Changing -> if (atRest) current.morph.scene(state.progress) else null
            is Playing.Stepping -> if (press.finished && press.progress == current.step.toState.progress && this.selection(selection) == current.step.toState.selection)
                current.step.scene(state.progress, time - startTime) else null
        }
    }

    companion object {
        fun hasPrices(model: ChartModel): Boolean = model.raw.any { it.isFinite() }

        /** The last drawn price and its time, null without one. */
        fun lastPoint(model: ChartModel): Pair<Double, Double>? {
            val i = model.raw.indexOfLast { it.isFinite() }
            return if (i < 0 || i >= model.times.size) null else Pair(model.times[i], model.raw[i])
        }
    }
}

/**
 * One frame of the chart at `time`: the model change while it plays (`ModelChange.scene`), else
 * the press's scene (the placeholder while the model has no prices); then the outage state when
 * `secondsSinceLastPrice` says the prices are stale.
 */
fun chartFrame(model: ChartModel, builder: ChartSceneBuilder, press: TransitionMotion.State, selection: Double?, change: ModelChange,
               time: Double, secondsSinceLastPrice: Double?): ChartScene {
    val atRest = press.finished && press.progress == 0.0
    val scene = change.scene(time, press, selection)
        ?: if (ModelChange.hasPrices(model)) builder.build(model, ChartState(press.progress, if (atRest) null else change.selection(selection)))
           else Reveal.placeholder(model.width, model.height, builder)
    return if (secondsSinceLastPrice == null) scene else Outage.apply(scene, secondsSinceLastPrice, builder.style)
}
