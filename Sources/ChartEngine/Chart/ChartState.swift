/// What the person is doing with the chart: how far the transition to the active state has
/// run (`progress`, already eased) and where the finger is (`selection`, 0…1 of the width).
/// Progress may leave 0…1 (a spring's overshoot); it is kept within `progressRange`, beyond
/// any spring the parameters allow, so a wild input cannot fling the line off the chart.
public struct ChartState: Sendable, Equatable {
    public var progress: Double
    public var selection: Double?

    public static let progressRange = -1.0...2.0

    static func bounded(_ progress: Double) -> Double {
        Swift.min(Swift.max(progress.isFinite ? progress : 0, progressRange.lowerBound), progressRange.upperBound)
    }

    public init(progress: Double = 0, selection: Double? = nil) {
        self.progress = Self.bounded(progress)
        self.selection = selection.flatMap { $0.isFinite ? Swift.min(Swift.max($0, 0), 1) : nil }
    }

    public static let inactive = ChartState()
}

/// The selected point: where the indicator stands and what its label says.
public struct Selection: Sendable, Equatable {
    public let index: Int
    public let x: Double
    public let y: Double
    public let price: Double
    public let time: Double

    public init?(model: ChartModel, fraction: Double, progress: Double) {
        guard let i = model.nearestIndex(toPixel: fraction * model.width), model.raw[i].isFinite else { return nil }
        index = i
        let value = model.smoothed[i] + (model.raw[i] - model.smoothed[i]) * progress
        x = model.xScale(model.times[i])
        y = model.yScale(value.isFinite ? value : model.raw[i])
        price = model.raw[i]
        time = model.times[i]
    }
}
