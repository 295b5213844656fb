package com.chartworkbench.engine

/**
 * Can everyone read the chart a style draws? WCAG 2.x contrast of each coloured element against
 * both backgrounds, and ΔE00 between the colours that must be told apart for typical vision and
 * the three simulated dichromacies (mirrors Readability/ReadabilityReport.swift, where the
 * threshold is justified; the JSON shape is in docs/readability.md).
 */
data class ReadabilityReport(
    val pass: Boolean,
    val thresholds: Thresholds,
    val backgrounds: List<ChartBackground>,
    val contrast: List<Contrast>,
    val distinctness: List<Distinctness>,
    /** Every failed check in plain words, contrast first. */
    val failures: List<String>
) {
    data class Thresholds(val graphics: Double, val text: Double, val distinctness: Double)

    enum class Kind(val key: String) { GRAPHICS("graphics"), TEXT("text") }
    enum class State(val key: String) { REST("rest"), ACTIVE("active") }

    /** One element against one background; `color` as drawn (composited when partly opaque), `size` in px. */
    data class Contrast(
        val element: String, val name: String, val state: State, val background: ChartBackground, val color: String,
        val size: Double, val kind: Kind, val ratio: Double, val threshold: Double, val pass: Boolean
    )

    /** A colour as drawn, as seen (8-bit) and its simulated CIELAB. */
    data class Seen(val color: String, val seen: String, val lab: CIELAB)

    /** Two colours that must be told apart, with one vision; `background` null when neither depends on it. */
    data class Distinctness(
        val pair: String, val name: String, val background: ChartBackground?, val vision: ColorVision,
        val first: Seen, val second: Seen, val deltaE: Double, val threshold: Double, val pass: Boolean
    )

    /** An element of the scene whose colour must stand out from the background. */
    class Element(val key: String, val name: String, val state: State, val kind: Kind, val size: Double, val color: (ChartBackground) -> String)

    /** Two colours that must be told apart. */
    class Pair(val key: String, val name: String, val first: String, val second: String, val onBackground: Boolean)

    /** The report as the workbench's `check --format json` writes it. */
    fun toJson(): Map<String, Any?> = linkedMapOf(
        "pass" to pass,
        "thresholds" to linkedMapOf("graphics" to thresholds.graphics, "text" to thresholds.text, "distinctness" to thresholds.distinctness),
        "backgrounds" to backgrounds.map { linkedMapOf("name" to it.key, "color" to it.color, "text" to it.text) },
        "contrast" to contrast.map {
            linkedMapOf("element" to it.element, "name" to it.name, "state" to it.state.key, "background" to it.background.key, "color" to it.color,
                        "size" to it.size, "kind" to it.kind.key, "ratio" to it.ratio, "threshold" to it.threshold, "pass" to it.pass)
        },
        "distinctness" to distinctness.map { d ->
            val entry = linkedMapOf<String, Any?>("pair" to d.pair, "name" to d.name)
            if (d.background != null) entry["background"] = d.background.key
            entry["vision"] = d.vision.key
            entry["first"] = seenJson(d.first)
            entry["second"] = seenJson(d.second)
            entry["deltaE"] = d.deltaE
            entry["threshold"] = d.threshold
            entry["pass"] = d.pass
            entry
        },
        "failures" to failures
    )

    companion object {
        /** The minimum ΔE00 between colours that must be told apart: 10 (see ReadabilityReport.swift). */
        const val DISTINCTNESS_MINIMUM = 10.0

        /** What the scene draws in a colour the style or the page chooses. */
        fun elements(style: ChartStyle): List<Element> {
            val elements = mutableListOf(
                Element("line", "Line", State.REST, Kind.GRAPHICS, style.inactiveLineWidth) { style.lineColor },
                Element("line", "Line", State.ACTIVE, Kind.GRAPHICS, style.activeLineWidth) { style.lineColor },
                Element("trailing", "Trailing line", State.ACTIVE, Kind.GRAPHICS, style.activeLineWidth) { style.trailingColor },
                Element("indicator", "Indicator", State.ACTIVE, Kind.GRAPHICS, 1.0) { style.indicatorColor }
            )
            if (style.labelEnabled) {
                elements.add(Element("labelPrice", "Label price", State.ACTIVE, Kind.TEXT, ChartSceneBuilder.PRICE_SIZE) { it.text })
                elements.add(Element("labelTime", "Label time", State.ACTIVE, Kind.TEXT, ChartSceneBuilder.TIME_SIZE) {
                    Color.mix(it.color, it.text, ChartSceneBuilder.TIME_OPACITY)
                })
            }
            return elements
        }

        /** The line against the trailing line, and against the fill at its most opaque composited over the background. */
        fun pairs(style: ChartStyle, background: ChartBackground): List<Pair> {
            val pairs = mutableListOf(Pair("line-trailing", "Line and trailing line", style.lineColor, style.trailingColor, false))
            val opacity = Math.max(style.fillTopOpacity, style.fillBottomOpacity)
            if (style.fillEnabled && opacity > 0) {
                pairs.add(Pair("line-fill", "Line and fill", style.lineColor, Color.mix(background.color, style.fillColor, opacity), true))
            }
            return pairs
        }

        fun of(style: ChartStyle): ReadabilityReport {
            val thresholds = Thresholds(WCAGContrast.GRAPHICS_MINIMUM, WCAGContrast.TEXT_MINIMUM, DISTINCTNESS_MINIMUM)
            val backgrounds = ChartBackground.values().toList()
            val contrast = mutableListOf<Contrast>()
            val distinctness = mutableListOf<Distinctness>()
            val elements = elements(style)
            for (background in backgrounds) {
                val ground = SRGBColor.fromHex(background.color)!!
                for (element in elements) {
                    val color = element.color(background)
                    val ratio = SRGBColor.fromHex(color)?.let { WCAGContrast.ratio(it, ground) } ?: 1.0
                    val threshold = if (element.kind == Kind.TEXT) thresholds.text else thresholds.graphics
                    contrast.add(Contrast(element.key, element.name, element.state, background, color, element.size, element.kind, ratio, threshold, ratio >= threshold))
                }
            }
            for (background in backgrounds) {
                for (pair in pairs(style, background)) {
                    if (!pair.onBackground && background != backgrounds[0]) continue
                    for (vision in ColorVision.values()) {
                        val first = seen(pair.first, vision)
                        val second = seen(pair.second, vision)
                        val deltaE = CIEDE2000.difference(first.lab, second.lab)
                        distinctness.add(Distinctness(pair.key, pair.name, if (pair.onBackground) background else null, vision, first, second,
                                                      deltaE, thresholds.distinctness, deltaE >= thresholds.distinctness))
                    }
                }
            }
            val failures = contrast.filter { !it.pass }.map { sentence(it) } + distinctness.filter { !it.pass }.map { sentence(it) }
            return ReadabilityReport(failures.isEmpty(), thresholds, backgrounds, contrast, distinctness, failures)
        }

        private fun seen(hex: String, vision: ColorVision): Seen {
            val color = SRGBColor.fromHex(hex) ?: SRGBColor(0.0, 0.0, 0.0)
            return Seen(hex, vision.simulate(color).hex, vision.lab(color))
        }

        private fun seenJson(s: Seen): Map<String, Any?> =
            linkedMapOf("color" to s.color, "seen" to s.seen, "lab" to linkedMapOf("L" to s.lab.L, "a" to s.lab.a, "b" to s.lab.b))

        /** "Line #FFE8CC on light (at rest, 4 px): 1.18:1, needs 3:1". */
        fun sentence(c: Contrast): String {
            val what = if (c.kind == Kind.TEXT) "${number(c.size)} px text" else "${number(c.size)} px"
            return "${c.name} ${c.color} on ${c.background.key} (${if (c.state == State.REST) "at rest" else "pressed"}, $what): " +
                "${ratio(c.ratio)}:1, needs ${number(c.threshold)}:1"
        }

        /** "Line #F7931A and fill #F9B35F (over light) with deuteranopia: ΔE00 6.94, needs 10". */
        fun sentence(d: Distinctness): String {
            val over = d.background?.let { " (over ${it.key})" } ?: ""
            val vision = if (d.vision == ColorVision.NONE) "with typical vision" else "with ${d.vision.key}"
            val second = if (d.pair == "line-fill") "fill" else "trailing line"
            return "Line ${d.first.color} and $second ${d.second.color}$over $vision: ΔE00 ${ratio(d.deltaE)}, needs ${number(d.threshold)}"
        }

        /** Two decimals, rounded down, so a value shown never reaches a threshold it misses. */
        fun ratio(value: Double): String = NumberText.format(Math.floor(value * 100) / 100, 2)
        fun number(value: Double): String = NumberText.format(value, 2)
    }
}
