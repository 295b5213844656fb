/// When the chart taps the finger (`haptics`): with `onPointCrossed`, once each time the
/// selection moves to another price point while pressing, at most once per
/// `hapticsMinInterval` milliseconds (a point crossed sooner is passed over silently, not
/// played late). Pressing down does not tick; lifting forgets the point. The SwiftUI view plays
/// a tick with `UISelectionFeedbackGenerator`, Compose with `HapticFeedbackType.TextHandleMove`,
/// the page's device view with `navigator.vibrate`.
public struct HapticTicker: Sendable, Equatable {
    public let enabled: Bool
    /// Seconds between two ticks, at least.
    public let minInterval: Double
    public private(set) var index: Int?
    public private(set) var lastTick: Double?

    public init(style: ChartStyle) {
        enabled = style.haptics == .onPointCrossed
        minInterval = style.hapticsMinInterval / 1000
    }

    /// The selected point's index (nil when the finger lifts) at `time` seconds: whether to tick now.
    public mutating func update(index newIndex: Int?, at time: Double) -> Bool {
        defer { index = newIndex }
        guard enabled, let newIndex, let previous = index, newIndex != previous else { return false }
        if let lastTick, time - lastTick < minInterval { return false }
        lastTick = time
        return true
    }
}
