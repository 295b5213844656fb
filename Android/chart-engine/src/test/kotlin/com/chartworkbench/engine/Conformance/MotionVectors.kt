package com.chartworkbench.engine

/**
 * The `motions` of a vectors.json: each period change replayed from its events as an app plays
 * it (a morph from the rest picture, or a retarget from where a moving line is, the progress
 * restarted by `TransitionMotion.started` with the velocity carried over), a live price and the
 * reveal played from rest the same way, and the outage state;
 * every frame's progress and whole scene must match within 1e-9 of the view size (far inside the
 * 1e-3 the handoff promises). Files without `motions` (before them) check nothing here.
 */
object MotionVectors {
    /** One report line per case ("ok   …" or "FAIL …", naming the first frame that differs). */
    fun check(doc: Map<String, Any?>, presetParameters: Map<String, Any?>): List<Pair<Boolean, String>> {
        val motions = doc["motions"] as? List<*> ?: return emptyList()
        return motions.map { entry ->
            val c = entry as Map<*, *>
            val name = "motion: ${c["name"]}"
            val failed = when (c["motion"]) {
                "period" -> period(c, presetParameters)
                "outage" -> outage(c, presetParameters)
                "live" -> live(c, presetParameters)
                "reveal" -> reveal(c, presetParameters)
                else -> "unknown motion \"${c["motion"]}\""
            }
            Pair(failed == null, if (failed == null) name else "$name ($failed)")
        }
    }

    @Suppress("UNCHECKED_CAST")
    private fun style(c: Map<*, *>, presetParameters: Map<String, Any?>): ChartStyle =
        ChartStyle.fromParameters(presetParameters + (c["parameters"] as? Map<String, Any?> ?: emptyMap()))

    private fun series(c: Map<*, *>): Pair<LongArray, DoubleArray> {
        val points = c["points"] as List<*>
        return Pair(LongArray(points.size) { ((points[it] as List<*>)[0] as Number).toLong() },
                    DoubleArray(points.size) { ((points[it] as List<*>)[1] as? Number)?.toDouble() ?: Double.NaN })
    }

    private fun period(key: Any?): Period = Period.of(key as String) ?: throw IllegalArgumentException("unknown period \"$key\"")

    /** Replays the events; the first frame that differs, or null. */
    private fun period(c: Map<*, *>, presetParameters: Map<String, Any?>): String? {
        val style = style(c, presetParameters)
        val (times, prices) = series(c)
        val width = (c["width"] as Number).toDouble()
        val height = (c["height"] as Number).toDouble()
        val builder = ChartSceneBuilder(style, reducedMotion = c["reducedMotion"] == true)
        fun model(p: Period) = ChartModel.fromSeries(times, prices, style, width, height, p)
        var shown = model(period(c["from"]))
        var morph: PeriodMorph? = null
        var motion: TransitionMotion? = null
        val events = (c["events"] as List<*>).map { it as Map<*, *> }
        var next = 0
        for ((k, f) in (c["frames"] as List<*>).withIndex()) {
            val frame = f as Map<*, *>
            val time = (frame["time"] as Number).toDouble()
            while (next < events.size && (events[next]["time"] as Number).toDouble() <= time) {
                val at = (events[next]["time"] as Number).toDouble()
                val target = model(period(events[next]["period"]))
                val running = morph
                val now = motion?.state(at)
                morph = if (running != null && now != null && !now.finished) running.retargeted(target, now.progress, builder)
                        else PeriodMorph.between(shown, target, builder)
                motion = TransitionMotion.started(at, motion, morph.duration, morph.easing)
                shown = target
                next++
            }
            val current = morph
            val progress = motion?.state(time)?.progress ?: 0.0
            val scene = if (current == null) builder.build(shown, ChartState()) else current.scene(progress)
            val scale = Math.max(width, height)
            if (Math.abs(progress - (frame["progress"] as Number).toDouble()) > 1e-9) return "frame $k at ${NumberText.shortest(time)} s: progress"
            if (!SceneCompare.close(Json.parse(SceneJson.text(scene)), frame["scene"], scale)) return "frame $k at ${NumberText.shortest(time)} s: scene"
        }
        return null
    }

    /** Frames of a motion started from rest at 0 (`time` < 0: before it): the first that differs, or null. */
    private fun timeline(c: Map<*, *>, duration: Double, easing: Easing, scene: (Double, Double) -> ChartScene): String? {
        val motion = TransitionMotion.started(0.0, null, duration, easing)
        val scale = Math.max((c["width"] as Number).toDouble(), (c["height"] as Number).toDouble())
        for ((k, f) in (c["frames"] as List<*>).withIndex()) {
            val frame = f as Map<*, *>
            val time = (frame["time"] as Number).toDouble()
            val progress = if (time < 0) 0.0 else motion.state(time).progress
            if (Math.abs(progress - (frame["progress"] as Number).toDouble()) > 1e-9) return "frame $k at ${NumberText.shortest(time)} s: progress"
            if (!SceneCompare.close(Json.parse(SceneJson.text(scene(time, progress))), frame["scene"], scale)) return "frame $k at ${NumberText.shortest(time)} s: scene"
        }
        return null
    }

    /** A new price (`price`: [time, price]) after the points, from the press's state: `LivePriceStep`, its flash `time` seconds in. */
    private fun live(c: Map<*, *>, presetParameters: Map<String, Any?>): String? {
        val style = style(c, presetParameters)
        val (times, prices) = series(c)
        val tick = c["price"] as List<*>
        val width = (c["width"] as Number).toDouble()
        val height = (c["height"] as Number).toDouble()
        val period = period(c["period"])
        val old = ChartModel.fromSeries(times, prices, style, width, height, period)
        val new = ChartModel.fromSeries(times + (tick[0] as Number).toLong(), prices + (tick[1] as Number).toDouble(), style, width, height, period)
        val state = ChartState((c["progress"] as Number).toDouble(), (c["selection"] as? Number)?.toDouble())
        val builder = ChartSceneBuilder(style, reducedMotion = c["reducedMotion"] == true)
        val step = LivePriceStep(old, new, state, builder)
        val then = c["then"] as? List<*> ?: return timeline(c, step.duration, step.easing) { time, progress -> if (time < 0) step.fromScene else step.scene(progress, time) }
        // A newer price (`then`: time, price, arrival) while the first steps: the second step goes
        // on from the frame shown, its motion keeping the first one's velocity.
        val arrives = (then[2] as Number).toDouble()
        val newer = ChartModel.fromSeries(times + (tick[0] as Number).toLong() + (then[0] as Number).toLong(),
                                          prices + (tick[1] as Number).toDouble() + (then[1] as Number).toDouble(), style, width, height, period)
        val motion = TransitionMotion.started(0.0, null, step.duration, step.easing)
        val second = LivePriceStep(step, motion.state(arrives).progress, newer, builder)
        val next = TransitionMotion.started(arrives, motion, second.duration, second.easing)
        for ((k, f) in (c["frames"] as List<*>).withIndex()) {
            val frame = f as Map<*, *>
            val time = (frame["time"] as Number).toDouble()
            val progress = if (time < 0) 0.0 else if (time < arrives) motion.state(time).progress else next.state(time).progress
            val scene = if (time < 0) step.fromScene else if (time < arrives) step.scene(progress, time) else second.scene(progress, time - arrives)
            if (Math.abs(progress - (frame["progress"] as Number).toDouble()) > 1e-9) return "frame $k at ${NumberText.shortest(time)} s: progress"
            if (!SceneCompare.close(Json.parse(SceneJson.text(scene)), frame["scene"], Math.max(width, height))) return "frame $k at ${NumberText.shortest(time)} s: scene"
        }
        return null
    }

    /** The first load of the points' `period`: `Reveal` from its placeholder. */
    private fun reveal(c: Map<*, *>, presetParameters: Map<String, Any?>): String? {
        val style = style(c, presetParameters)
        val (times, prices) = series(c)
        val model = ChartModel.fromSeries(times, prices, style, (c["width"] as Number).toDouble(), (c["height"] as Number).toDouble(), period(c["period"]))
        val reveal = Reveal(model, ChartSceneBuilder(style, reducedMotion = c["reducedMotion"] == true))
        return timeline(c, reveal.duration, reveal.easing) { _, progress -> reveal.scene(progress) }
    }

    private fun outage(c: Map<*, *>, presetParameters: Map<String, Any?>): String? {
        val style = style(c, presetParameters)
        val (times, prices) = series(c)
        val width = (c["width"] as Number).toDouble()
        val height = (c["height"] as Number).toDouble()
        val model = ChartModel.fromSeries(times, prices, style, width, height, period(c["period"]))
        val builder = ChartSceneBuilder(style)
        for ((k, f) in (c["frames"] as List<*>).withIndex()) {
            val frame = f as Map<*, *>
            val state = ChartState((frame["progress"] as Number).toDouble(), (frame["selection"] as? Number)?.toDouble())
            val scene = Outage.apply(builder.build(model, state), (frame["secondsSinceLastPrice"] as Number).toDouble(), style)
            if (!SceneCompare.close(Json.parse(SceneJson.text(scene)), frame["scene"], Math.max(width, height))) return "frame $k: scene"
        }
        return null
    }
}
