// Stand-in for kotlinx.coroutines' CoroutineScope (the LaunchedEffect block's receiver).
package kotlinx.coroutines

interface CoroutineScope
