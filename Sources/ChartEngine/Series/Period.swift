/// The chart's period buttons, counted back from the last point.
public enum Period: String, CaseIterable, Sendable {
    case day = "1D", week = "1W", month = "1M", year = "1Y", all = "ALL"

    public var seconds: Int64? {
        switch self {
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 30 * 86_400
        case .year: 365 * 86_400
        case .all: nil
        }
    }

    /// The period as words: "1 day", "1 week", "1 month", "1 year", "all time".
    public var spokenName: String {
        switch self {
        case .day: "1 day"
        case .week: "1 week"
        case .month: "1 month"
        case .year: "1 year"
        case .all: "all time"
        }
    }

    /// Prices an app's backend sends for the period when points are sized per period: about one
    /// every 2 hours on 1D, 12 hours on 1W, 2 days on 1M, 3 weeks on 1Y, and 16 steps over ALL —
    /// few enough that the curve between prices is visible at a phone's width (docs/engine.md).
    public var backendPointCount: Int {
        switch self {
        case .day: 12
        case .week: 15
        case .month: 16
        case .year: 17
        case .all: 17
        }
    }

    /// The visible index range: everything from `last − period` on; data coarser than the
    /// period shows what exists (at least the last two points when there are two).
    public func window(in series: PriceSeries) -> Range<Int> {
        guard let last = series.times.last, let span = seconds else { return 0..<series.count }
        let range = series.indices(from: last - span)
        return range.count >= 2 ? range : Swift.max(0, series.count - 2)..<series.count
    }
}
