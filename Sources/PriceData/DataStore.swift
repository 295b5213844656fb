import ChartEngine
import Synchronization

/// The price series being charted. Readers take a snapshot (arrays are copy-on-write) and
/// draw outside the lock; a load replaces the series only once it has fully parsed.
package final class DataStore: Sendable {
    package struct Snapshot: Sendable {
        package let data: IndexedSeries
        package let source: String
        package let generation: Int
        package let stats: SeriesStats
    }

    private let state: Mutex<Snapshot>

    package convenience init(_ series: PriceSeries, source: String) { self.init(IndexedSeries(series), source: source) }

    package init(_ indexed: IndexedSeries, source: String) {
        state = Mutex(Snapshot(data: indexed, source: source, generation: 1, stats: SeriesStats(indexed)))
    }

    package var snapshot: Snapshot { state.withLock { $0 } }

    package func replace(with series: PriceSeries, source: String) {
        replace(with: IndexedSeries(series), source: source)  // indexed outside the lock
    }

    package func replace(with indexed: IndexedSeries, source: String) {
        let stats = SeriesStats(indexed)
        state.withLock { $0 = Snapshot(data: indexed, source: source, generation: $0.generation + 1, stats: stats) }
    }

    /// Appends newer points; returns how many were added.
    @discardableResult
    package func append(times: [Int64], prices: [Double]) -> Int {
        state.withLock { current in
            var data = current.data
            let before = data.series.count
            data.append(times: times, prices: prices)
            let added = data.series.count - before
            let stats = current.stats.adding(times: data.series.times.suffix(added), prices: data.series.prices.suffix(added))
            current = Snapshot(data: data, source: current.source, generation: current.generation + 1, stats: stats)
            return data.series.count - before
        }
    }
}

/// Count, ends, extent and gaps of a series, kept up to date as points are appended.
package struct SeriesStats: Sendable {
    package var count = 0
    package var first: Int64?
    package var last: Int64?
    package var firstPrice: Double?
    package var lastPrice: Double?
    package var low = Double.infinity
    package var high = -Double.infinity
    package var gaps = 0

    /// From the index, without walking every point: its top blocks know the extremes.
    package init(_ data: IndexedSeries) {
        let series = data.series
        count = series.count
        first = series.times.first
        last = series.times.last
        firstPrice = series.prices.first(where: \.isFinite)
        lastPrice = series.prices.last(where: \.isFinite)
        if let (low, high) = data.index.extremes(in: 0..<series.count, prices: series.prices) {
            self.low = series.prices[low]
            self.high = series.prices[high]
        }
        gaps = data.index.gapCount
    }

    package func adding(times: some Collection<Int64>, prices: some Collection<Double>) -> SeriesStats {
        var s = self
        for (t, p) in zip(times, prices) {
            s.count += 1
            if s.first == nil { s.first = t }
            s.last = t
            if p.isFinite {
                if s.firstPrice == nil { s.firstPrice = p }
                s.lastPrice = p
                s.low = Swift.min(s.low, p)
                s.high = Swift.max(s.high, p)
            } else {
                s.gaps += 1
            }
        }
        return s
    }
}
