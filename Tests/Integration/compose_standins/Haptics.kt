package androidx.compose.ui.hapticfeedback

class HapticFeedbackType private constructor(val name: String) {
    companion object {
        val LongPress = HapticFeedbackType("LongPress")
        val TextHandleMove = HapticFeedbackType("TextHandleMove")
    }
    override fun toString() = name
}

interface HapticFeedback {
    fun performHapticFeedback(hapticFeedbackType: HapticFeedbackType)
}
