package androidx.compose.ui.semantics

import androidx.compose.ui.Modifier

/** The properties the last `semantics` block set, for the harness to read. */
class SemanticsPropertyReceiver {
    val values = LinkedHashMap<String, String>()
    companion object { var last = SemanticsPropertyReceiver() }
}

var SemanticsPropertyReceiver.contentDescription: String
    get() = values["contentDescription"] ?: ""
    set(value) { values["contentDescription"] = value }

var SemanticsPropertyReceiver.stateDescription: String
    get() = values["stateDescription"] ?: ""
    set(value) { values["stateDescription"] = value }

/** Runs the block at once (the harness draws single frames) and keeps the modifier it was given. */
fun Modifier.semantics(mergeDescendants: Boolean = false, properties: SemanticsPropertyReceiver.() -> Unit): Modifier {
    SemanticsPropertyReceiver.last = SemanticsPropertyReceiver().apply(properties)
    return this
}
