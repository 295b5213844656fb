// Stand-ins for androidx.compose.ui.graphics.drawscope: a DrawScope that records every call.
package androidx.compose.ui.graphics.drawscope

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin

sealed class DrawStyle

object Fill : DrawStyle()

class Stroke(val width: Float = 0f, val miter: Float = 4f, val cap: StrokeCap = StrokeCap.Butt, val join: StrokeJoin = StrokeJoin.Miter,
             val pathEffect: PathEffect? = null) : DrawStyle()

/** One recorded call: its name, its arguments, and the clip rectangle and scale in force. */
class DrawCall(val name: String, val arguments: Map<String, Any?>, val clip: List<Float>?, val scale: Float)

class DrawScope(val size: Size, val density: Float) {
    val calls = ArrayList<DrawCall>()
    var clip: List<Float>? = null
    var scale = 1f

    fun record(name: String, vararg arguments: Pair<String, Any?>) { calls.add(DrawCall(name, mapOf(*arguments), clip, scale)) }

    fun drawPath(path: Path, brush: Brush, alpha: Float = 1f, style: DrawStyle = Fill) =
        record("drawPath", "path" to path, "brush" to brush, "alpha" to alpha, "style" to style)

    fun drawPath(path: Path, color: Color, alpha: Float = 1f, style: DrawStyle = Fill) =
        record("drawPath", "path" to path, "color" to color, "alpha" to alpha, "style" to style)

    fun drawLine(color: Color, start: Offset, end: Offset, strokeWidth: Float = 0f, cap: StrokeCap = StrokeCap.Butt,
                 pathEffect: PathEffect? = null, alpha: Float = 1f) =
        record("drawLine", "color" to color, "start" to start, "end" to end, "strokeWidth" to strokeWidth, "cap" to cap,
               "pathEffect" to pathEffect, "alpha" to alpha)

    fun drawCircle(color: Color, radius: Float, center: Offset, alpha: Float = 1f, style: DrawStyle = Fill) =
        record("drawCircle", "color" to color, "radius" to radius, "center" to center, "alpha" to alpha, "style" to style)

}

fun DrawScope.clipRect(left: Float, top: Float, right: Float, bottom: Float, block: DrawScope.() -> Unit) {
    val outer = clip
    clip = listOf(left, top, right, bottom)
    block()
    clip = outer
}

fun DrawScope.scale(scale: Float, pivot: Offset, block: DrawScope.() -> Unit) {
    require(pivot == Offset(0f, 0f)) { "the stand-in scales about the origin only" }
    val outer = this.scale
    this.scale = outer * scale
    block()
    this.scale = outer
}
