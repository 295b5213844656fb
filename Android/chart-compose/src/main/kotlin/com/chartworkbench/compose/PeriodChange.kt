package com.chartworkbench.compose

import com.chartworkbench.engine.*

/**
 * The period change as the chart plays it, from the preset's definitions: the first model is
 * shown at once; a model of another period starts the engine's `PeriodMorph` from the picture on
 * screen (morph, crossfade or none; the reduced variant when `builder` is), or, while a change is
 * still moving, retargets it from where its line is, the progress restarted by
 * `TransitionMotion.started` with the velocity carried over (a spring keeps its momentum). A new
 * model of the same period (new prices, another size) replaces the picture without a change.
 * Plain Kotlin, so the conformance vectors' `motions` replay through it exactly.
 */
class PeriodChange(private val builder: ChartSceneBuilder) {
    var shown: ChartModel? = null
        private set
    private var morph: PeriodMorph? = null
    private var motion: TransitionMotion? = null

    /** Shows `model` from `time` (seconds on the caller's clock). */
    fun show(model: ChartModel, time: Double) {
        val previous = shown
        if (previous === model) return
        shown = model
        if (previous == null || previous.period == model.period) return
        val running = morph
        val now = motion?.state(time)
        val next = if (running != null && now != null && !now.finished) running.retargeted(model, now.progress, builder)
                   else PeriodMorph.between(previous, model, builder)
        morph = next
        motion = TransitionMotion.started(time, motion, next.duration, next.easing)
    }

    /** A change is still moving at `time`. */
    fun isMoving(time: Double): Boolean = motion?.state(time)?.finished == false

    /** The change's progress at `time` (1 once it has ended, 0 before any). */
    fun progress(time: Double): Double = motion?.state(time)?.progress ?: 0.0

    /** The frame of the change at `time`, or null when none is moving (the shown model's own scene plays). */
    fun scene(time: Double): ChartScene? {
        val current = morph ?: return null
        val state = motion?.state(time) ?: return null
        return if (state.finished) null else current.scene(state.progress)
    }
}

/**
 * One frame of the chart at `time`: the period change while it moves and nobody presses (a press
 * takes over from it), else the press's scene; then the outage state when `secondsSinceLastPrice`
 * says the prices are stale.
 */
fun chartFrame(model: ChartModel, builder: ChartSceneBuilder, press: TransitionMotion.State, selection: Double?, change: PeriodChange,
               time: Double, secondsSinceLastPrice: Double?): ChartScene {
    val atRest = press.finished && press.progress == 0.0
    val scene = (if (atRest) change.scene(time) else null)
        ?: builder.build(model, ChartState(press.progress, if (atRest) null else selection))
    return if (secondsSinceLastPrice == null) scene else Outage.apply(scene, secondsSinceLastPrice, builder.style)
}
