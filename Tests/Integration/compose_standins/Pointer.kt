// Stand-ins for androidx.compose.ui.input.pointer: pointerInput keeps its block.
package androidx.compose.ui.input.pointer

import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.unit.IntSize

class PointerInputChange(val position: Offset, val pressed: Boolean)

class PointerEvent(val changes: List<PointerInputChange>)

interface AwaitPointerEventScope {
    suspend fun awaitPointerEvent(): PointerEvent
}

interface PointerInputScope {
    val size: IntSize
    suspend fun <R> awaitPointerEventScope(block: suspend AwaitPointerEventScope.() -> R): R
}

class PointerInputModifier(val keys: List<Any?>, val block: suspend PointerInputScope.() -> Unit) : Modifier

fun Modifier.pointerInput(key1: Any?, block: suspend PointerInputScope.() -> Unit): Modifier = PointerInputModifier(listOf(key1), block)

fun Modifier.pointerInput(key1: Any?, key2: Any?, block: suspend PointerInputScope.() -> Unit): Modifier = PointerInputModifier(listOf(key1, key2), block)
