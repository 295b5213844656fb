// Stand-ins for the androidx.compose.runtime signatures the Chart composable uses.
package androidx.compose.runtime

import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine
import kotlin.reflect.KProperty

annotation class Composable

interface State<T> { val value: T }

class MutableState<T>(override var value: T) : State<T>

operator fun <T> State<T>.getValue(thisObj: Any?, property: KProperty<*>): T = value
operator fun <T> MutableState<T>.setValue(thisObj: Any?, property: KProperty<*>, value: T) { this.value = value }

fun <T> mutableStateOf(value: T): MutableState<T> = MutableState(value)

fun <T> remember(calculation: () -> T): T = calculation()

fun <T> remember(key1: Any?, calculation: () -> T): T = calculation()

/** The effect's block runs to its end at once (as the composition's first frames would run it). */
fun LaunchedEffect(key1: Any?, block: suspend kotlinx.coroutines.CoroutineScope.() -> Unit) {
    block.startCoroutine(object : kotlinx.coroutines.CoroutineScope {}, Continuation(EmptyCoroutineContext) { it.getOrThrow() })
}

/** One frame of a 60 Hz display: the frame's time a frame's length from now. */
suspend fun <R> withFrameNanos(onFrame: (frameTimeNanos: Long) -> R): R {
    Thread.sleep(16)
    return onFrame(System.nanoTime())
}

fun <T> rememberUpdatedState(newValue: T): State<T> = mutableStateOf(newValue)

class ProvidableCompositionLocal<T>(val current: T)

fun <T> remember(key1: Any?, key2: Any?, calculation: () -> T): T = calculation()
