package com.chartworkbench.engine

/**
 * Builds the chart's scene for a state: the last stage of the pipeline (model → scene). Every
 * decision about the pressed state lives here: the split at the finger (clip rectangles on a
 * whole pixel), the trailing colour and the fading fill right of it, the dashed indicator, the
 * marker, the label beside the indicator and the header's values (mirrors
 * Chart/ChartSceneBuilder.swift).
 */
class ChartSceneBuilder(
    val style: ChartStyle,
    /** Keeps both curves' cubic form even at progress 0 and 1, so every frame shares one command structure. */
    val morphAlways: Boolean = false,
    /**
     * The viewer asks for reduced motion: with `reducedMotionStyle` crossfade a frame between the
     * states mixes the rest picture (fading out) and the pressed picture (fading in) by opacity,
     * never morphing the line; with none it shows the pressed picture once progress leaves 0.
     */
    val reducedMotion: Boolean = false,
    /** What the chart shows, first in its accessibility label ("Bitcoin price"). */
    val subject: String = "Price",
    /** The viewer's offset from UTC in seconds at a given time, for the label's and header's time. */
    val utcOffset: (Double) -> Int = { 0 }
) {
    fun build(model: ChartModel, state: ChartState): ChartScene {
        if (!reducedMotion) return scene(model, state)
        val p = Math.min(Math.max(state.progress, 0.0), 1.0)
        if (style.reducedMotionStyle == ReducedMotionStyle.NONE || !style.animationEnabled) {
            return scene(model, ChartState(if (p > 0) 1.0 else 0.0, state.selection))
        }
        if (!morphAlways && (p == 0.0 || p == 1.0)) return scene(model, ChartState(p, state.selection))
        val rest = scene(model, ChartState(0.0, null))
        val pressed = scene(model, ChartState(1.0, state.selection))
        val primitives = rest.scene.primitives.map { it.renamed(it.id + "-rest").fading(1 - p) } + pressed.scene.primitives.map { it.fading(p) }
        return pressed.copy(progress = p, scene = pressed.scene.copy(primitives = primitives))
    }

    /** The scene at a progress, morphing the line between the two states. */
    private fun scene(model: ChartModel, state: ChartState): ChartScene {
        val w = model.width
        val h = model.height
        val progress = state.progress
        val shown = Math.min(Math.max(progress, 0.0), 1.0)
        val selection = state.selection?.let { Selection.of(model, it, progress) }

        val line = ScenePath()
        val fill = ScenePath()
        LineGeometry.draw(model, style, progress, line, false, morphAlways)
        if (style.fillEnabled) LineGeometry.draw(model, style, progress, fill, true, morphAlways)

        val width = style.lineWidth(progress)
        val gradientTop = model.priceExtent?.let { model.yScale(it.second) } ?: 0.0
        val stops = listOf(GradientStop(0.0, style.fillColor, style.fillTopOpacity), GradientStop(1.0, style.fillColor, style.fillBottomOpacity))
        fun area(id: String, clip: SceneRect?, opacity: Double) = SceneArea(id, fill, gradientTop, h, stops, clip, opacity)
        fun stroke(id: String, color: String, clip: SceneRect?) = SceneStroke(id, line, color, width, style.lineCap.key, "round", clip, 1.0)

        val primitives = ArrayList<ScenePrimitive>()
        if (selection != null) {
            // The split sits on a whole pixel: two clipped copies of the fill meeting mid-pixel
            // would leave an anti-aliased seam between them.
            val x = Math.min(Math.max(ValueFormat.rounded(selection.x), 0.0), w)
            val left = SceneRect(0.0, 0.0, x, h)
            val right = SceneRect(x, 0.0, w - x, h)
            if (style.fillEnabled) {
                primitives.add(area("fill", left, 1.0))
                primitives.add(area("fill-trailing", right, 1 - shown))
            }
            primitives.add(stroke("line", style.lineColor, left))
            primitives.add(stroke("trail", Color.mix(style.lineColor, style.trailingColor, shown), right))
            primitives.add(SceneSegment("indicator", selection.x, 0.0, selection.x, h, style.indicatorColor, 1.0,
                                        if (style.indicatorDash > 0) listOf(style.indicatorDash, style.indicatorDash) else emptyList(), shown))
            if (style.markerRadius > 0) {
                primitives.add(SceneCircle("marker", selection.x, selection.y, style.markerRadius, style.indicatorColor, MARKER_OUTLINE, 1.5, shown))
            }
            if (style.labelEnabled) primitives.add(label(selection, model, shown))
        } else {
            if (style.fillEnabled) primitives.add(area("fill", null, 1.0))
            primitives.add(stroke("line", style.lineColor, null))
        }

        return ChartScene(progress, Scene(w, h, primitives), header(model, selection),
                          selection?.let { SelectedPoint(it.index, it.time, it.price, it.x, it.y) }, summary(model, selection, progress),
                          accessibility(model, selection))
    }

    /** The chart's words for screen readers (mirrors ChartSceneBuilder.swift's `accessibility`). */
    private fun accessibility(model: ChartModel, selection: Selection?): ChartAccessibility {
        val name = "$subject, ${model.period.spokenName}"
        val first = model.raw.indexOfFirst { it.isFinite() }
        val last = model.raw.indexOfLast { it.isFinite() }
        if (first < 0 || last < 0) return ChartAccessibility("$name: no price data.", "")
        val firstPrice = model.raw[first]
        val lastPrice = model.raw[last]
        var label = "$name: from ${ValueFormat.price(firstPrice)} to ${ValueFormat.price(lastPrice)}"
        if (firstPrice != 0.0) label += ", " + ValueFormat.spokenChange((lastPrice - firstPrice) / Math.abs(firstPrice) * 100)
        val extent = model.priceExtent
        if (extent != null) label += ", high ${ValueFormat.price(extent.second)}, low ${ValueFormat.price(extent.first)}"
        label += "."
        val price = selection?.price ?: lastPrice
        val time = selection?.time ?: model.times[last]
        val value = ValueFormat.price(price) + (if (model.showsTimeOfDay) " at " else " on ") +
            ValueFormat.spokenTime(time, utcOffset(time), model.showsTimeOfDay)
        return ChartAccessibility(label, value)
    }

    /** In the band kept free above the plot, beside the indicator (flipping to its left near the right edge). */
    private fun label(selected: Selection, model: ChartModel, opacity: Double): SceneText {
        val priceText = ValueFormat.price(selected.price)
        val timeText = timeLabel(selected.time, model)
        val width = Math.max(characters(priceText) * PRICE_CHAR_WIDTH, characters(timeText) * TIME_CHAR_WIDTH).toDouble()
        val fitsRight = selected.x + LABEL_GAP + width <= model.width
        val x = if (fitsRight) selected.x + LABEL_GAP else selected.x - LABEL_GAP
        val box = SceneRect(if (fitsRight) x else x - width, 0.0, width, TIME_BASELINE + 4)
        return SceneText("label", listOf(
            SceneText.Run(priceText, x, PRICE_BASELINE, PRICE_SIZE, 600, null, 1.0),
            SceneText.Run(timeText, x, TIME_BASELINE, TIME_SIZE, 400, null, TIME_OPACITY)
        ), if (fitsRight) "start" else "end", box, if (fitsRight) "right" else "left", opacity)
    }

    /** Characters as Swift counts them (grapheme clusters); the label's texts are ASCII but the "–" placeholder. */
    private fun characters(text: String): Int = text.codePointCount(0, text.length)

    private fun header(model: ChartModel, selection: Selection?): ChartHeader {
        val first = model.raw.indexOfFirst { it.isFinite() }
        val last = model.raw.indexOfLast { it.isFinite() }
        if (first < 0 || last < 0) return ChartHeader(selection != null, null, null, null, null, null, null, null, null, null)
        val firstPrice = model.raw[first]
        val price = selection?.price ?: model.raw[last]
        val time = selection?.time ?: model.times[last]
        val change = price - firstPrice
        return ChartHeader(selection != null, price, time, timeLabel(time, model), change,
                           if (firstPrice != 0.0) change / firstPrice * 100 else null,
                           firstPrice, model.times[first], model.raw[last], model.times[last])
    }

    private fun summary(model: ChartModel, selection: Selection?, progress: Double): String {
        if (model.times.isEmpty()) return "No price data."
        val first = model.times[0]
        val last = model.times[model.times.size - 1]
        val finite = model.raw.filter { it.isFinite() }
        val lastPrice = if (finite.isEmpty()) Double.NaN else finite[finite.size - 1]
        val withTime = model.showsTimeOfDay
        val extent = model.priceExtent
        var text = "From ${ValueFormat.time(first, withTime)} to ${ValueFormat.time(last, withTime)}: "
        text += "low ${ValueFormat.price(extent?.first ?: Double.NaN)}, high ${ValueFormat.price(extent?.second ?: Double.NaN)}, last ${ValueFormat.price(lastPrice)}."
        if (selection != null && progress > 0) {
            text += " Selected ${ValueFormat.price(selection.price)} at ${ValueFormat.time(selection.time, withTime)}."
        }
        return text
    }

    fun timeLabel(time: Double, model: ChartModel): String = ValueFormat.timeLabel(time, model.period, utcOffset(time), model.showsTimeOfDay)

    companion object {
        /** The label's gap from the indicator, its baselines, and the room a character takes. */
        const val LABEL_GAP = 6.0
        const val PRICE_BASELINE = 13.0
        const val TIME_BASELINE = 27.0
        const val PRICE_SIZE = 13.0
        const val TIME_SIZE = 11.0
        const val PRICE_CHAR_WIDTH = 8
        const val TIME_CHAR_WIDTH = 7
        /** The label's time line is the text colour at this opacity (the price line is opaque). */
        const val TIME_OPACITY = 0.65
        const val MARKER_OUTLINE = "#FFFFFF"
    }
}
