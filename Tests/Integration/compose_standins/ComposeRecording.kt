// Test driver: draws a scene built by the Kotlin engine with the Chart composable's drawScene,
// and frames of Chart itself (at rest, pressed and scrubbed through its pointerInput, released)
// into the recording DrawScope, and prints the scenes and the recorded draw calls as JSON.
//   java -cp jar composerecording.ComposeRecordingKt PRESET.json WIDTH HEIGHT PROGRESS SELECTION|none < time,price lines
package composerecording

import androidx.compose.foundation.CanvasRecorder
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Fill
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.AwaitPointerEventScope
import androidx.compose.ui.input.pointer.PointerEvent
import androidx.compose.ui.input.pointer.PointerInputChange
import androidx.compose.ui.input.pointer.PointerInputModifier
import androidx.compose.ui.input.pointer.PointerInputScope
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.text.rememberTextMeasurer
import com.chartworkbench.compose.Chart
import com.chartworkbench.compose.drawScene
import com.chartworkbench.engine.*
import java.io.File
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine

fun value(v: Any?): Any? = when (v) {
    null, is Boolean, is String, is Number -> v
    is Color -> v.value
    is Offset -> listOf(v.x, v.y)
    is Path -> v.commands
    is Brush -> mapOf("stops" to v.colorStops.map { listOf(it.first, it.second.value) }, "startY" to v.startY, "endY" to v.endY)
    is Stroke -> mapOf("width" to v.width, "cap" to v.cap.name, "join" to v.join.name)
    is Fill -> "fill"
    is PathEffect -> v.intervals.toList()
    is TextLayoutResult -> mapOf("text" to v.text, "width" to v.size.width, "firstBaseline" to v.firstBaseline, "size" to v.style.fontSize.value,
                                 "weight" to v.style.fontWeight.weight, "color" to v.style.color.value)
    is Enum<*> -> v.name
    else -> v.toString()
}

fun calls(scope: DrawScope): List<Map<String, Any?>> = scope.calls.map {
    mapOf("name" to it.name, "clip" to it.clip, "scale" to it.scale, "arguments" to it.arguments.mapValues { (_, v) -> value(v) })
}

fun main(args: Array<String>) {
    @Suppress("UNCHECKED_CAST")
    val preset = Json.parse(File(args[0]).readText()) as Map<String, Any?>
    @Suppress("UNCHECKED_CAST")
    val style = ChartStyle.fromParameters(preset["parameters"] as Map<String, Any?>)
    val lines = generateSequence(::readLine).filter { it.isNotBlank() }.toList()
    val times = LongArray(lines.size) { lines[it].substringBefore(',').trim().toLong() }
    val prices = DoubleArray(lines.size) { lines[it].substringAfter(',').trim().toDoubleOrNull() ?: Double.NaN }
    val width = args[1].toDouble()
    val height = args[2].toDouble()
    val model = ChartModel.fromSeries(times, prices, style, width, height)
    val scene = ChartSceneBuilder(style).build(model, ChartState(args[3].toDouble(), args[4].toDoubleOrNull()))
    val scope = DrawScope(Size(width.toFloat(), height.toFloat()), 1f)
    scope.drawScene(scene.scene, Color(0xFF102030L), rememberTextMeasurer())
    val atRest = DrawScope(Size(width.toFloat() * 3, height.toFloat() * 3), 3f)
    CanvasRecorder.scope = atRest
    Chart(model, style, Modifier, Color(0xFF102030L))
    val rest = SceneJson.chartScene(ChartSceneBuilder(style).build(model, ChartState(0.0, null)))
    // Press at a quarter of the width, scrub to 60 %, release: a frame drawn while still pressed
    // (the clock has not advanced: progress 0) and one after the release.
    val size = IntSize((width * 3).toInt(), (height * 3).toInt())
    val events = listOf(PointerInputChange(Offset(size.width * 0.25f, 10f), true), PointerInputChange(Offset(size.width * 0.6f, 12f), true),
                        PointerInputChange(Offset(size.width * 0.6f, 12f), false))
    val pressed = DrawScope(Size(size.width.toFloat(), size.height.toFloat()), 3f)
    val pointer = object : PointerInputScope {
        override val size = size
        override suspend fun <R> awaitPointerEventScope(block: suspend AwaitPointerEventScope.() -> R): R = block(object : AwaitPointerEventScope {
            var next = 0
            override suspend fun awaitPointerEvent(): PointerEvent {
                if (next == 2) CanvasRecorder.onDraw!!.invoke(pressed)
                return PointerEvent(listOf(events[next++]))
            }
        })
    }
    (CanvasRecorder.modifier as PointerInputModifier).block.startCoroutine(pointer, Continuation(EmptyCoroutineContext) { it.getOrThrow() })
    val released = DrawScope(Size(size.width.toFloat(), size.height.toFloat()), 3f)
    CanvasRecorder.onDraw!!.invoke(released)
    val scrubbed = (events[1].position.x / size.width).toDouble()
    val words = androidx.compose.ui.semantics.SemanticsPropertyReceiver.last.values
    println(Json.write(mapOf("scene" to SceneJson.chartScene(scene), "calls" to calls(scope), "restScene" to rest, "restCalls" to calls(atRest),
                             "scrubbed" to scrubbed, "pressedCalls" to calls(pressed), "releasedCalls" to calls(released),
                             "semantics" to HashMap(words), "haptics" to androidx.compose.ui.platform.RecordedHaptics.played.map { it.toString() })))
}
