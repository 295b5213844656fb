// Stand-ins for the androidx.compose.ui.text measuring API: a layout is as wide as 7 px a
// character at 12 sp, its baseline at 80 % of the size.
package androidx.compose.ui.text

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.unit.TextUnit

class FontWeight(val weight: Int)

class TextStyle(val color: Color, val fontSize: TextUnit, val fontWeight: FontWeight)

class TextLayoutResult(val text: String, val style: TextStyle, val size: IntSize, val firstBaseline: Float)

class TextMeasurer {
    fun measure(text: String, style: TextStyle): TextLayoutResult =
        TextLayoutResult(text, style, IntSize(Math.round(text.length * 7f * style.fontSize.value / 12f), Math.round(style.fontSize.value)),
                         style.fontSize.value * 0.8f)
}

fun rememberTextMeasurer(): TextMeasurer = TextMeasurer()

fun DrawScope.drawText(textLayoutResult: TextLayoutResult, color: Color = Color(0), topLeft: Offset = Offset(0f, 0f), alpha: Float = Float.NaN) =
    record("drawText", "layout" to textLayoutResult, "color" to color, "topLeft" to topLeft, "alpha" to alpha)
