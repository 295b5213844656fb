/// Any window of an indexed series reduced to its extremes per pixel column, in time
/// proportional to the columns rather than the points (the `MinMaxIndex` answers each
/// column). Serves `/api/data`; the chart itself draws the backend-sized `BucketCloses`.
extension IndexedSeries {
    /// The points of `range` reduced to at most about two per pixel column: each column keeps
    /// its lowest and highest price (in time order), and a column that holds a gap ends with
    /// one, so decimation never hides a visible extreme nor bridges a gap; the range's first
    /// and last point are always kept. Small ranges come back whole.
    public func visiblePoints(_ range: Range<Int>, columns: Int) -> (times: [Double], prices: [Double]) {
        let columns = Swift.max(1, columns)
        var times = [Double](), prices = [Double]()
        if range.count <= columns * 2 {
            times.reserveCapacity(range.count); prices.reserveCapacity(range.count)
            for i in range { times.append(Double(series.times[i])); prices.append(series.prices[i]) }
            return (times, prices)
        }
        times.reserveCapacity(columns * 2 + 2); prices.reserveCapacity(columns * 2 + 2)
        do {
            let p = series.prices
            let n = range.count
            for c in 0..<columns {
                let lo = range.lowerBound + n * c / columns
                let hi = range.lowerBound + n * (c + 1) / columns
                guard lo < hi else { continue }
                if let (low, high) = index.extremes(in: lo..<hi, prices: p) {
                    // Times stay strictly increasing: a repeated index (low == high) is kept once.
                    for i in [Swift.min(low, high), Swift.max(low, high)] where times.last.map({ $0 < Double(series.times[i]) }) ?? true {
                        times.append(Double(series.times[i])); prices.append(p[i])
                    }
                }
                if index.containsGap(lo..<hi) {
                    times.append(Double(series.times[hi - 1])); prices.append(.nan)
                }
            }
        }
        // The true ends: the window's first price and its last (the current price).
        let first = range.lowerBound, last = range.upperBound - 1
        if times.first != Double(series.times[first]) {
            times.insert(Double(series.times[first]), at: 0); prices.insert(series.prices[first], at: 0)
        } else {
            prices[0] = series.prices[first]
        }
        if times.last != Double(series.times[last]) {
            times.append(Double(series.times[last])); prices.append(series.prices[last])
        } else {
            prices[prices.count - 1] = series.prices[last]
        }
        return (times, prices)
    }
}
