/// Time-ordered prices. Times are Unix seconds; a NaN price is a gap that splits the line.
/// Both columns pick a compact form when the data allows (regular times, whole cents), so ten
/// years of minutes take about 4 bytes a point; otherwise 16.
public struct PriceSeries: Sendable, Equatable {
    public private(set) var times: TimeColumn
    public private(set) var prices: PriceColumn

    /// Times must be strictly increasing; callers (the importer, the generator) guarantee it.
    public init(times: [Int64], prices: [Double]) {
        precondition(times.count == prices.count, "times and prices differ in length")
        self.times = TimeColumn(times)
        self.prices = PriceColumn(prices)
    }

    public init(times: TimeColumn, prices: PriceColumn) {
        precondition(times.count == prices.count, "times and prices differ in length")
        self.times = times
        self.prices = prices
    }

    public var count: Int { times.count }
    public var isEmpty: Bool { times.isEmpty }

    /// Appends points later than the last one; earlier or equal times are ignored.
    public mutating func append(times newTimes: [Int64], prices newPrices: [Double]) {
        for (t, p) in zip(newTimes, newPrices) where times.last.map({ t > $0 }) ?? true {
            times.append(t)
            prices.append(p)
        }
    }

    /// Index range of the points with `time >= start`.
    public func indices(from start: Int64) -> Range<Int> {
        times.firstIndex(atOrAfter: start)..<times.count
    }

    public var residentBytes: Int { times.residentBytes + prices.residentBytes }
}

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
