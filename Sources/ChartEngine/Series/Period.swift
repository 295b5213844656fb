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

    /// The visible index range: everything from `last − period` on; data coarser than the
    /// period shows what exists (at least the last two points when there are two).
    public func window(in series: PriceSeries) -> Range<Int> {
        guard let last = series.times.last, let span = seconds else { return 0..<series.count }
        let range = series.indices(from: last - span)
        return range.count >= 2 ? range : Swift.max(0, series.count - 2)..<series.count
    }
}
