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
