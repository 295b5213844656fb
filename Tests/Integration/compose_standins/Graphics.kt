// Stand-ins for the androidx.compose.ui.graphics types the Chart composable draws with; each
// keeps what it was given so a test can read the draw calls back.
package androidx.compose.ui.graphics

class Path {
    val commands = ArrayList<List<Any>>()
    fun moveTo(x: Float, y: Float) { commands.add(listOf("M", x, y)) }
    fun lineTo(x: Float, y: Float) { commands.add(listOf("L", x, y)) }
    fun cubicTo(x1: Float, y1: Float, x2: Float, y2: Float, x3: Float, y3: Float) { commands.add(listOf("C", x1, y1, x2, y2, x3, y3)) }
    fun close() { commands.add(listOf("Z")) }
}

enum class StrokeCap { Butt, Round, Square }

enum class StrokeJoin { Miter, Round, Bevel }

class PathEffect private constructor(val intervals: FloatArray, val phase: Float) {
    companion object {
        fun dashPathEffect(intervals: FloatArray, phase: Float = 0f): PathEffect = PathEffect(intervals, phase)
    }
}

class Brush private constructor(val colorStops: List<Pair<Float, Color>>, val startY: Float, val endY: Float) {
    companion object {
        fun verticalGradient(vararg colorStops: Pair<Float, Color>, startY: Float = 0f, endY: Float = Float.POSITIVE_INFINITY): Brush =
            Brush(colorStops.toList(), startY, endY)
    }
}
