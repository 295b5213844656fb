package com.chartworkbench.compose

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.runtime.withFrameNanos
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.clipRect
import androidx.compose.ui.graphics.drawscope.scale
import androidx.compose.ui.hapticfeedback.HapticFeedbackType
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.platform.LocalHapticFeedback
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.FontWeight
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.sp
import android.provider.Settings
import com.chartworkbench.engine.*

/**
 * The chart as the app shows it: press, scrub and release drive the engine's `TransitionMotion`
 * with the preset's motion; each frame draws the engine's `ChartScene` and decides nothing.
 * `model` is built at the view's size in dp (`ChartModel.fromSeries(…, widthDp, heightDp)`).
 * With animations off on the device (animator duration scale 0) the preset's reduced variant
 * plays: linear over `reducedMotionDuration`, drawn as the engine's crossfade (or a jump). The
 * scene's words are the semantics' contentDescription and stateDescription; with `haptics` on,
 * crossing a price point while scrubbing plays `TextHandleMove` (`HapticTicker` decides when).
 * Each new `model` plays the preset's motion (`ModelChange`): the first with prices (or one after a model without any,
 * `ChartModel(DoubleArray(0), DoubleArray(0), …)`, which shows the placeholder) reveals itself; another period plays
 * the period change (a press takes over); a new last price plays the live step and flash (a press keeps its selection).
 * `secondsSinceLastPrice` from the preset's `outageStaleAfter` on draws the outage state (`Outage`), or pass null.
 */
@Composable
fun Chart(model: ChartModel, style: ChartStyle, modifier: Modifier = Modifier, foreground: Color = Color(0xFF000000L),
          subject: String = "Bitcoin price", secondsSinceLastPrice: Double? = null) {
    val resolver = LocalContext.current.contentResolver
    val reduced = remember(resolver) { Settings.Global.getFloat(resolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f }
    val haptics = LocalHapticFeedback.current
    val builder = remember(style, reduced) { ChartSceneBuilder(style, reducedMotion = reduced, subject = subject) }
    val motionStyle = remember(style, reduced) { style.motionStyle(reduced) }
    val ticker = remember(style) { HapticTicker(style) }
    val change = remember(style, reduced) { ModelChange(builder) }
    var motion by remember(style) { mutableStateOf(TransitionMotion.resting(0.0)) }
    var selection by remember(style) { mutableStateOf<Double?>(null) }
    val latest by rememberUpdatedState(model)
    var now by remember { mutableStateOf(0.0) }
    val measurer = rememberTextMeasurer()
    fun seconds() = System.nanoTime() / 1e9
    remember(model, change) { val at = seconds(); change.show(model, at, motion.state(at), selection) }
    fun select(fraction: Double) {
        selection = fraction
        if (ticker.update(Selection.of(latest, fraction, 1.0)?.index, seconds())) haptics.performHapticFeedback(HapticFeedbackType.TextHandleMove)
    }
    // The selected point's words while the finger is down, the last price's at rest.
    val pressing = motion.target == 1.0 && selection != null
    val words = builder.build(model, ChartState(if (pressing) 1.0 else 0.0, if (pressing) change.selection(selection) else null)).accessibility
    LaunchedEffect(motion) { while (!motion.state(now).finished) withFrameNanos { now = seconds() } }
    LaunchedEffect(model) { while (change.isMoving(now)) withFrameNanos { now = seconds() } }
    Canvas(modifier.semantics { contentDescription = words.label; stateDescription = words.value }.pointerInput(style) {
        awaitEachGesture {
            val down = awaitFirstDown()
            select((down.position.x / size.width).toDouble().coerceIn(0.0, 1.0))
            motion = motion.retargeted(1.0, seconds(), motionStyle)
            do {
                val change = awaitPointerEvent().changes[0]
                select((change.position.x / size.width).toDouble().coerceIn(0.0, 1.0))
            } while (change.pressed)
            ticker.update(null, seconds())
            motion = motion.retargeted(0.0, seconds(), motionStyle)
        }
    }) {
        val scene = chartFrame(model, builder, motion.state(now), selection, change, now, secondsSinceLastPrice)
        scale(density, Offset(0f, 0f)) { drawScene(scene.scene, foreground, measurer) }
    }
}

/** Draws a scene's primitives in order, in the scene's units. */
fun DrawScope.drawScene(scene: Scene, foreground: Color, measurer: TextMeasurer) {
    for (p in scene.primitives) when (p) {
        is SceneArea -> clipped(p.clip) {
            val stops = p.stops.map { it.offset.toFloat() to ChartCompose.color(it.color, it.opacity) }.toTypedArray()
            drawPath(path(p.path), Brush.verticalGradient(*stops, startY = p.gradientTop.toFloat(), endY = p.gradientBottom.toFloat()), alpha = p.opacity.toFloat())
        }
        is SceneStroke -> clipped(p.clip) {
            drawPath(path(p.path), ChartCompose.color(p.color), alpha = p.opacity.toFloat(),
                     style = Stroke(p.width.toFloat(), cap = cap(p.cap), join = join(p.join)))
        }
        is SceneSegment -> drawLine(ChartCompose.color(p.color), Offset(p.x1.toFloat(), p.y1.toFloat()), Offset(p.x2.toFloat(), p.y2.toFloat()),
                                    p.width.toFloat(), pathEffect = if (p.dash.isEmpty()) null else PathEffect.dashPathEffect(p.dash.map { it.toFloat() }.toFloatArray(), 0f),
                                    alpha = p.opacity.toFloat())
        is SceneCircle -> {
            val center = Offset(p.cx.toFloat(), p.cy.toFloat())
            drawCircle(ChartCompose.color(p.fill), p.radius.toFloat(), center, alpha = p.opacity.toFloat())
            drawCircle(ChartCompose.color(p.stroke), p.radius.toFloat(), center, alpha = p.opacity.toFloat(), style = Stroke(p.strokeWidth.toFloat()))
        }
        is SceneText -> for (run in p.runs) {
            val color = run.color?.let { ChartCompose.color(it) } ?: foreground
            val layout = measurer.measure(run.text, TextStyle(color = color, fontSize = run.size.sp, fontWeight = FontWeight(run.weight)))
            val x = if (p.anchor == "end") run.x.toFloat() - layout.size.width else run.x.toFloat()
            drawText(layout, color, Offset(x, run.y.toFloat() - layout.firstBaseline), alpha = (p.opacity * run.opacity).toFloat())
        }
    }
}

private fun DrawScope.clipped(clip: SceneRect?, draw: DrawScope.() -> Unit) =
    if (clip == null) draw() else clipRect(clip.x.toFloat(), clip.y.toFloat(), (clip.x + clip.width).toFloat(), (clip.y + clip.height).toFloat(), draw)

private fun path(scenePath: ScenePath): Path = Path().also { out ->
    scenePath.draw(object : PathSink {
        override fun moveTo(x: Double, y: Double) = out.moveTo(x.toFloat(), y.toFloat())
        override fun lineTo(x: Double, y: Double) = out.lineTo(x.toFloat(), y.toFloat())
        override fun curveTo(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double) =
            out.cubicTo(x1.toFloat(), y1.toFloat(), x2.toFloat(), y2.toFloat(), x.toFloat(), y.toFloat())
        override fun closePath() = out.close()
    })
}

private fun cap(name: String) = when (name) { "butt" -> StrokeCap.Butt; "square" -> StrokeCap.Square; else -> StrokeCap.Round }
private fun join(name: String) = when (name) { "miter" -> StrokeJoin.Miter; "bevel" -> StrokeJoin.Bevel; else -> StrokeJoin.Round }
