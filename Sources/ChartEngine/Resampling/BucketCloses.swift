/// The prices a backend sends for a period: the window cut into equal time buckets, each
/// drawn at its last price (its close) and time. The window's first price comes first, so the
/// line always starts on it; the last bucket ends on the window's last point, so the line
/// ends on the current price. A bucket without a price is a gap (NaN). A window holding no
/// more points than `pointCount` is sent whole: there is nothing to resample.
public struct BucketCloses: Sendable, Equatable {
    public var pointCount: Int

    public init(pointCount: Int) { self.pointCount = Swift.max(2, pointCount) }

    public func callAsFunction(_ series: PriceSeries, window: Range<Int>) -> (times: [Double], prices: [Double]) {
        let window = window.clamped(to: 0..<series.count)
        var times: [Double] = [], prices: [Double] = []
        if window.count <= pointCount {
            times.reserveCapacity(window.count); prices.reserveCapacity(window.count)
            for i in window { times.append(Double(series.times[i])); prices.append(series.prices[i]) }
            return (times, prices)
        }
        times.reserveCapacity(pointCount); prices.reserveCapacity(pointCount)
        let first = window.lowerBound, last = window.upperBound - 1
        let start = series.times[first], end = series.times[last]
        times.append(Double(start)); prices.append(series.prices[first])
        // Bucket k (1…b, b = pointCount − 1) holds the times in (start + span·(k−1)/b, start + span·k/b].
        // Times come from files: span·k may overflow for absurd spans, then Doubles are close enough.
        let buckets = Int64(pointCount - 1)
        let span = end - start
        var lower = first + 1  // first index not yet in a bucket
        for k in 1...buckets {
            let boundary: Int64
            let (product, overflow) = span.multipliedReportingOverflow(by: k)
            boundary = k == buckets ? end : start + (overflow ? Int64(Double(span) * Double(k) / Double(buckets)) : product / buckets)
            let upper = Swift.min(series.times.firstIndex(atOrAfter: boundary &+ 1, in: lower..<(last + 1)), last + 1)
            var close = upper - 1
            while close >= lower && !series.prices[close].isFinite { close -= 1 }
            if close >= lower {
                times.append(Double(series.times[close])); prices.append(series.prices[close])
            } else if prices.last?.isFinite ?? true {
                // An empty bucket: one gap marker, at the bucket's end (only its position matters).
                times.append(Double(boundary)); prices.append(.nan)
            }
            lower = Swift.max(lower, upper)
        }
        return (times, prices)
    }
}
