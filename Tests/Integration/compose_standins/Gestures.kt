package androidx.compose.foundation.gestures

import androidx.compose.ui.input.pointer.AwaitPointerEventScope
import androidx.compose.ui.input.pointer.PointerInputChange
import androidx.compose.ui.input.pointer.PointerInputScope

suspend fun PointerInputScope.awaitEachGesture(block: suspend AwaitPointerEventScope.() -> Unit) = awaitPointerEventScope(block)

suspend fun AwaitPointerEventScope.awaitFirstDown(requireUnconsumed: Boolean = true): PointerInputChange = awaitPointerEvent().changes[0]
