// Stand-ins for androidx.compose.ui.geometry.
package androidx.compose.ui.geometry

data class Offset(val x: Float, val y: Float)

data class Size(val width: Float, val height: Float)
