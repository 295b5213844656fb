// Stand-ins for the androidx.compose.runtime signatures the Chart composable uses.
package androidx.compose.runtime

import kotlin.reflect.KProperty

annotation class Composable

interface State<T> { val value: T }

class MutableState<T>(override var value: T) : State<T>

operator fun <T> State<T>.getValue(thisObj: Any?, property: KProperty<*>): T = value
operator fun <T> MutableState<T>.setValue(thisObj: Any?, property: KProperty<*>, value: T) { this.value = value }

fun <T> mutableStateOf(value: T): MutableState<T> = MutableState(value)

fun <T> remember(calculation: () -> T): T = calculation()

fun <T> remember(key1: Any?, calculation: () -> T): T = calculation()

/** The effect's block is not run: the recording tests draw single frames. */
fun LaunchedEffect(key1: Any?, block: suspend kotlinx.coroutines.CoroutineScope.() -> Unit) {}

suspend fun <R> withFrameNanos(onFrame: (frameTimeNanos: Long) -> R): R = onFrame(0L)

class ProvidableCompositionLocal<T>(val current: T)

fun <T> remember(key1: Any?, key2: Any?, calculation: () -> T): T = calculation()
