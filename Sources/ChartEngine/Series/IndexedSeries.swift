/// A price series with its min/max index: extremes of any range (the data summary, /api/data)
/// in time proportional to the pixel columns, not the points.
public struct IndexedSeries: Sendable {
    public private(set) var series: PriceSeries
    public private(set) var index: MinMaxIndex

    public init(_ series: PriceSeries) {
        self.series = series
        self.index = MinMaxIndex(prices: series.prices)
    }

    public mutating func append(times: [Int64], prices: [Double]) {
        let old = series.count
        series.append(times: times, prices: prices)
        index.update(prices: series.prices, from: old)
    }

    /// Bytes held per point by the series and its index.
    public var residentBytesPerPoint: Double {
        guard series.count > 0 else { return 0 }
        return Double(series.residentBytes + index.residentBytes) / Double(series.count)
    }
}
