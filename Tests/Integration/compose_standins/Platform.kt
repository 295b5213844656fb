package androidx.compose.ui.platform

import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.ui.hapticfeedback.HapticFeedback
import androidx.compose.ui.hapticfeedback.HapticFeedbackType

val LocalContext = ProvidableCompositionLocal(android.content.Context())

object RecordedHaptics : HapticFeedback {
    val played = ArrayList<HapticFeedbackType>()
    override fun performHapticFeedback(hapticFeedbackType: HapticFeedbackType) { played.add(hapticFeedbackType) }
}

val LocalHapticFeedback = ProvidableCompositionLocal<HapticFeedback>(RecordedHaptics)
