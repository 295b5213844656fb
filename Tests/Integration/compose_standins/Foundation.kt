// Stand-ins for Canvas and the gesture helpers. Canvas draws one frame into the DrawScope a
// test installs.
package androidx.compose.foundation

import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.drawscope.DrawScope

object CanvasRecorder {
    var scope: DrawScope? = null
}

fun Canvas(modifier: Modifier, onDraw: DrawScope.() -> Unit) {
    CanvasRecorder.scope?.onDraw()
}
