// Test driver: replays a vectors.json's `motions` through the Compose adapter's own ModelChange
// and chartFrame (the press at rest during a period change or reveal, settled where the case
// says during a live price, the outage over the press's scenes), and draws one mid-motion frame
// with drawScene into the recording DrawScope; prints the scenes and those draw calls as JSON
// for test_handoff.py to compare with the vectors.
//   java -cp jar motionrecording.MotionRecordingKt VECTORS.json
package motionrecording

import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.text.rememberTextMeasurer
import com.chartworkbench.compose.ModelChange
import com.chartworkbench.compose.chartFrame
import com.chartworkbench.compose.drawScene
import com.chartworkbench.engine.*
import composerecording.calls
import java.io.File

@Suppress("UNCHECKED_CAST")
fun main(args: Array<String>) {
    val doc = Json.parse(File(args[0]).readText()) as Map<String, Any?>
    val parameters = (doc["preset"] as Map<String, Any?>)["parameters"] as Map<String, Any?>
    val out = LinkedHashMap<String, Any?>()
    for (entry in doc["motions"] as List<*>) {
        val c = entry as Map<String, Any?>
        val style = ChartStyle.fromParameters(parameters + (c["parameters"] as? Map<String, Any?> ?: emptyMap()))
        val points = c["points"] as List<*>
        val times = LongArray(points.size) { ((points[it] as List<*>)[0] as Number).toLong() }
        val prices = DoubleArray(points.size) { ((points[it] as List<*>)[1] as? Number)?.toDouble() ?: Double.NaN }
        val width = (c["width"] as Number).toDouble()
        val height = (c["height"] as Number).toDouble()
        fun model(key: Any?) = ChartModel.fromSeries(times, prices, style, width, height, Period.of(key as String)!!)
        val builder = ChartSceneBuilder(style, reducedMotion = c["reducedMotion"] == true)
        val change = ModelChange(builder)
        val scenes = ArrayList<Any?>()
        var drawn: Any? = null
        fun draw(scene: ChartScene) {
            if (drawn != null) return
            val scope = DrawScope(Size(width.toFloat(), height.toFloat()), 1f)
            scope.drawScene(scene.scene, Color(0xFF102030L), rememberTextMeasurer())
            drawn = mapOf("index" to scenes.size - 1, "calls" to calls(scope))
        }
        val atRest = TransitionMotion.State(0.0, 0.0, true)
        when (c["motion"]) {
            "period" -> {
                change.show(model(c["from"]), -100.0)  // its reveal long over
                val events = (c["events"] as List<*>).map { it as Map<*, *> }
                var next = 0
                for (f in c["frames"] as List<*>) {
                    val time = ((f as Map<*, *>)["time"] as Number).toDouble()
                    while (next < events.size && (events[next]["time"] as Number).toDouble() <= time) {
                        change.show(model(events[next]["period"]), (events[next]["time"] as Number).toDouble())
                        next++
                    }
                    val scene = chartFrame(change.shown!!, builder, atRest, null, change, time, null)
                    scenes.add(SceneJson.chartScene(scene))
                    if (change.progress(time) > 0 && change.progress(time) < 1) draw(scene)
                }
            }
            "live", "reveal" -> {
                // A live price: the chart before it shown long before, the press settled where the
                // case says, the price arriving at 0. A reveal: the placeholder (a model without
                // prices) shown before, the prices arriving at 0.
                val press = TransitionMotion.State(((c["progress"] as? Number)?.toDouble() ?: 0.0), 0.0, true)
                val selection = (c["selection"] as? Number)?.toDouble()
                val shown = model(c["period"])
                if (c["motion"] == "live") change.show(shown, -100.0, press, selection)
                else change.show(ChartModel(DoubleArray(0), DoubleArray(0), style, width, height), -1.0)
                val tick = c["price"] as? List<*>
                val next = if (tick == null) shown
                           else ChartModel.fromSeries(times + (tick[0] as Number).toLong(), prices + (tick[1] as Number).toDouble(), style, width, height,
                                                      Period.of(c["period"] as String)!!)
                // A newer price (`then`: time, price, arrival) while the first one steps.
                val then = c["then"] as? List<*>
                val newer = if (then == null || tick == null) null
                            else ChartModel.fromSeries(times + (tick[0] as Number).toLong() + (then[0] as Number).toLong(),
                                                       prices + (tick[1] as Number).toDouble() + (then[1] as Number).toDouble(), style, width, height,
                                                       Period.of(c["period"] as String)!!)
                var arrived = false
                var arrivedAgain = false
                for (f in c["frames"] as List<*>) {
                    val frame = f as Map<*, *>
                    val time = (frame["time"] as Number).toDouble()
                    if (time >= 0 && !arrived) { arrived = true; change.show(next, 0.0, press, selection) }
                    if (newer != null && time >= (then!![2] as Number).toDouble() && !arrivedAgain) {
                        arrivedAgain = true
                        change.show(newer, (then[2] as Number).toDouble(), press, selection)
                    }
                    val scene = chartFrame(change.shown!!, builder, press, selection, change, time, null)
                    scenes.add(SceneJson.chartScene(scene))
                    val progress = (frame["progress"] as Number).toDouble()
                    if (progress > 0 && progress < 1) draw(scene)
                }
            }
            else -> {
                val shown = model(c["period"])
                change.show(shown, -100.0)  // its reveal long over
                for (f in c["frames"] as List<*>) {
                    val frame = f as Map<*, *>
                    val progress = (frame["progress"] as Number).toDouble()
                    val scene = chartFrame(shown, builder, TransitionMotion.State(progress, 0.0, true), (frame["selection"] as? Number)?.toDouble(), change,
                                           0.0, (frame["secondsSinceLastPrice"] as Number).toDouble())
                    scenes.add(SceneJson.chartScene(scene))
                }
            }
        }
        out[c["name"] as String] = mapOf("scenes" to scenes, "drawn" to drawn)
    }
    println(Json.write(out))
}
