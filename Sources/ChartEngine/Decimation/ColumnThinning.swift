/// Thins points to about two per pixel column, only when they are denser than that: each
/// column keeps its lowest and highest price in time order, every piece between gaps keeps
/// its first and last point (so the line still starts and ends on the true prices), and gap
/// markers (NaN) pass through. No visible extreme is lost.
public struct ColumnThinning: Sendable, Equatable {
    public var columns: Int

    public init(columns: Int) { self.columns = Swift.max(1, columns) }

    public func callAsFunction(times: [Double], prices: [Double]) -> (times: [Double], prices: [Double]) {
        let n = Swift.min(times.count, prices.count)
        guard n > 2 * columns, let first = times.first, let last = times.last, last > first else { return (times, prices) }
        var keptTimes: [Double] = [], keptPrices: [Double] = []
        keptTimes.reserveCapacity(2 * columns + 8); keptPrices.reserveCapacity(2 * columns + 8)
        let perSecond = Double(columns) / (last - first)
        func column(_ i: Int) -> Int { Int((times[i] - first) * perSecond) }
        func keep(_ i: Int) { keptTimes.append(times[i]); keptPrices.append(prices[i]) }

        var i = 0
        while i < n {
            guard prices[i].isFinite else { keep(i); i += 1; continue }
            var runEnd = i
            while runEnd < n && prices[runEnd].isFinite { runEnd += 1 }
            keep(i)
            // Columns of the run's inner points; the run's ends are kept on their own.
            var j = i + 1
            while j < runEnd - 1 {
                let c = column(j)
                var low = j, high = j
                var k = j + 1
                while k < runEnd - 1 && column(k) == c {
                    if prices[k] < prices[low] { low = k }
                    if prices[k] > prices[high] { high = k }
                    k += 1
                }
                keep(Swift.min(low, high))
                if low != high { keep(Swift.max(low, high)) }
                j = k
            }
            if runEnd - 1 > i { keep(runEnd - 1) }
            i = runEnd
        }
        return (keptTimes, keptPrices)
    }
}
