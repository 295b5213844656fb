// Stand-in for UIKit's selection feedback, built as a module named UIKit: counts the ticks.
import Foundation

public final class UISelectionFeedbackGenerator {
    nonisolated(unsafe) public static var ticks = 0
    public init() {}
    public func prepare() {}
    public func selectionChanged() { Self.ticks += 1 }
}
