package com.chartworkbench.compose

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
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
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.text.FontWeight
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.sp
import com.chartworkbench.engine.*

/**
 * The chart as the app shows it: press, scrub and release drive the engine's `TransitionMotion`
 * with the preset's motion; each frame draws the engine's `ChartScene` and decides nothing.
 * `model` is built at the view's size in dp (`ChartModel.fromSeries(…, widthDp, heightDp)`).
 */
@Composable
fun Chart(model: ChartModel, style: ChartStyle, modifier: Modifier = Modifier, foreground: Color = Color(0xFF000000L)) {
    var motion by remember(style) { mutableStateOf(TransitionMotion.resting(0.0)) }
    var selection by remember(model) { mutableStateOf<Double?>(null) }
    var now by remember { mutableStateOf(0.0) }
    val measurer = rememberTextMeasurer()
    fun seconds() = System.nanoTime() / 1e9
    LaunchedEffect(motion) { while (!motion.state(now).finished) withFrameNanos { now = seconds() } }
    Canvas(modifier.pointerInput(model, style) {
        awaitEachGesture {
            val down = awaitFirstDown()
            selection = (down.position.x / size.width).toDouble().coerceIn(0.0, 1.0)
            motion = motion.retargeted(1.0, seconds(), style)
            do {
                val change = awaitPointerEvent().changes[0]
                selection = (change.position.x / size.width).toDouble().coerceIn(0.0, 1.0)
            } while (change.pressed)
            motion = motion.retargeted(0.0, seconds(), style)
        }
    }) {
        val state = motion.state(now)
        val scene = ChartSceneBuilder(style).build(model, ChartState(state.progress, if (state.finished && state.progress == 0.0) null else selection))
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
