package com.chartworkbench.engine

/**
 * The first load: a placeholder while there is no data (a flat line at the plot's mid-height, or
 * a skeleton band, as the preset says), then the reveal when the data arrives, a pure function of
 * progress. drawOn clips the line and fill from the left (progress = the fraction of the width
 * shown; the fill fades in with it), fade raises the chart's opacity, none shows it at once; the
 * placeholder fades out meanwhile. Progress 0 is exactly the placeholder, 1 exactly the chart at
 * rest (mirrors Transition/Reveal.swift).
 */
class Reveal(model: ChartModel, builder: ChartSceneBuilder) {
    val placeholderScene: ChartScene = placeholder(model.width, model.height, builder)
    val toScene: ChartScene = builder.build(model, ChartState())
    val style: ChartStyle = builder.style
    val reducedMotion: Boolean = builder.reducedMotion

    /** The reveal as played: under reduced motion a linear fade over the reduced-motion duration, or none. */
    val played: RevealStyle
        get() {
            if (!reducedMotion || style.revealStyle == RevealStyle.NONE) return style.revealStyle
            return if (style.revealReducedMotion == ReducedMotionStyle.CROSSFADE && style.reducedMotionDuration > 0) RevealStyle.FADE else RevealStyle.NONE
        }

    /** Seconds the reveal takes as played. */
    val duration: Double
        get() = when {
            played == RevealStyle.NONE -> 0.0
            reducedMotion -> style.reducedMotionDuration
            else -> style.revealDuration
        }

    /** The easing as played: the preset's, or linear under reduced motion. */
    val easing: Easing get() = style.motionEasing(if (reducedMotion) EasingName.LINEAR else style.revealEasing, duration)

    /** The scene at `progress` (already eased; a spring's overshoot is held within 0…1). */
    fun scene(progress: Double): ChartScene {
        val p = Math.min(Math.max(ChartState.bounded(progress), 0.0), 1.0)
        if (p == 0.0) return placeholderScene
        if (p == 1.0) return toScene
        val shown: List<ScenePrimitive> = when (played) {
            RevealStyle.NONE -> return toScene
            RevealStyle.FADE -> toScene.scene.primitives.map { it.fading(p) }
            RevealStyle.DRAW_ON -> {
                val clip = SceneRect(0.0, 0.0, toScene.scene.width * p, toScene.scene.height)
                toScene.scene.primitives.map {
                    when (it) {
                        is SceneArea -> it.copy(clip = clip, opacity = it.opacity * p)
                        is SceneStroke -> it.copy(clip = clip)
                        else -> it
                    }
                }
            }
        }
        val primitives = placeholderScene.scene.primitives.map { it.fading(1 - p) } + shown
        return toScene.copy(progress = 0.0, scene = toScene.scene.copy(primitives = primitives))
    }

    companion object {
        /** The share of the plot's height the skeleton band covers, centred on its middle. */
        const val SKELETON_SHARE = 0.2
        /** The skeleton band's opacity (the trailing colour, as a greyed-out chart). */
        const val SKELETON_OPACITY = 0.3
        const val LOADING_MESSAGE = "Loading prices."

        /** What the chart shows before its first prices: no header values, the placeholder drawn in the trailing colour. */
        fun placeholder(width: Double, height: Double, builder: ChartSceneBuilder): ChartScene {
            val style = builder.style
            val empty = ChartModel(DoubleArray(0), DoubleArray(0), style, width, height)
            val scene = builder.build(empty, ChartState())
            val top = empty.labelBand
            val plot = height - empty.labelBand
            val middle = top + plot / 2
            val path = ScenePath()
            val primitive: ScenePrimitive = when (style.revealPlaceholder) {
                RevealPlaceholder.FLAT -> {
                    path.moveTo(0.0, middle); path.lineTo(width, middle)
                    SceneStroke("placeholder", path, style.trailingColor, style.lineWidth(0.0), style.lineCap.key, "round", null, 1.0)
                }
                RevealPlaceholder.SKELETON -> {
                    val half = plot * SKELETON_SHARE / 2
                    path.moveTo(0.0, middle - half); path.lineTo(width, middle - half); path.lineTo(width, middle + half); path.lineTo(0.0, middle + half)
                    path.closePath()
                    val stops = listOf(GradientStop(0.0, style.trailingColor, SKELETON_OPACITY), GradientStop(1.0, style.trailingColor, SKELETON_OPACITY))
                    SceneArea("placeholder", path, middle - half, middle + half, stops, null, 1.0)
                }
            }
            return scene.copy(scene = scene.scene.copy(primitives = listOf(primitive)), summary = LOADING_MESSAGE,
                              accessibility = ChartAccessibility("${builder.subject}: ${LOADING_MESSAGE.toLowerCase()}", ""))
        }
    }
}
