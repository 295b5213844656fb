package com.chartworkbench.engine

/**
 * When the chart taps the finger (`haptics`): with `onPointCrossed`, once each time the selection
 * moves to another price point while pressing, at most once per `hapticsMinInterval`
 * milliseconds (a point crossed sooner is passed over, not played late). Pressing down does not
 * tick; lifting forgets the point (mirrors Chart/HapticTicker.swift). Compose plays a tick with
 * `HapticFeedbackType.TextHandleMove` (a View with `HapticFeedbackConstants.CLOCK_TICK`).
 */
class HapticTicker(style: ChartStyle) {
    val enabled: Boolean = style.haptics == HapticsStyle.ON_POINT_CROSSED
    /** Seconds between two ticks, at least. */
    val minInterval: Double = style.hapticsMinInterval / 1000
    var index: Int? = null
        private set
    var lastTick: Double? = null
        private set

    /** The selected point's index (null when the finger lifts) at `time` seconds: whether to tick now. */
    fun update(newIndex: Int?, time: Double): Boolean {
        val previous = index
        index = newIndex
        if (!enabled || newIndex == null || previous == null || newIndex == previous) return false
        val last = lastTick
        if (last != null && time - last < minInterval) return false
        lastTick = time
        return true
    }
}
