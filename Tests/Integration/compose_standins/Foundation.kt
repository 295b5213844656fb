// Stand-ins for Canvas and the gesture helpers. Canvas draws one frame into the DrawScope a
// test installs.
package androidx.compose.foundation

import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.drawscope.DrawScope

object CanvasRecorder {
    var scope: DrawScope? = null
    /** The last Canvas's modifier and drawing, so a test can drive its gestures and draw again. */
    var modifier: Modifier? = null
    var onDraw: (DrawScope.() -> Unit)? = null
}

fun Canvas(modifier: Modifier, onDraw: DrawScope.() -> Unit) {
    CanvasRecorder.modifier = modifier
    CanvasRecorder.onDraw = onDraw
    CanvasRecorder.scope?.onDraw()
}
