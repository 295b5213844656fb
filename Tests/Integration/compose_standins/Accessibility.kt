// Stand-ins for the Android and Compose signatures the Chart composable uses for accessibility:
// the animator duration scale (reduced motion), haptic feedback and semantics. They record what
// the composable does, for ComposeRecording to print.
package android.content

class ContentResolver

open class Context { val contentResolver = ContentResolver() }
