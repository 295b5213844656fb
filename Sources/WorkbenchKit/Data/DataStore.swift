import ChartEngine
import Synchronization

/// The price series being charted. Readers take a snapshot (arrays are copy-on-write) and
/// draw outside the lock; a load replaces the series only once it has fully parsed.
final class DataStore: Sendable {
    struct Snapshot: Sendable {
        let data: IndexedSeries
        let source: String
        let generation: Int
        let stats: SeriesStats
    }

    private let state: Mutex<Snapshot>

    init(_ series: PriceSeries, source: String) {
        let indexed = IndexedSeries(series)
        state = Mutex(Snapshot(data: indexed, source: source, generation: 1, stats: SeriesStats(indexed)))
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    func replace(with series: PriceSeries, source: String) {
        let indexed = IndexedSeries(series)  // built outside the lock
        let stats = SeriesStats(indexed)
        state.withLock { $0 = Snapshot(data: indexed, source: source, generation: $0.generation + 1, stats: stats) }
    }

    /// Appends newer points; returns how many were added.
    @discardableResult
    func append(times: [Int64], prices: [Double]) -> Int {
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
struct SeriesStats: Sendable {
    var count = 0
    var first: Int64?
    var last: Int64?
    var firstPrice: Double?
    var lastPrice: Double?
    var low = Double.infinity
    var high = -Double.infinity
    var gaps = 0

    /// From the index, without walking every point: its top blocks know the extremes.
    init(_ data: IndexedSeries) {
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

    func adding(times: some Collection<Int64>, prices: some Collection<Double>) -> SeriesStats {
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

extension DataStore.Snapshot {
    /// Count, first/last time and price extent, as the API reports them.
    var summary: JSONValue {
        func number<T: BinaryInteger>(_ v: T?) -> JSONValue { v.map { .number(Double($0)) } ?? .null }
        return .object([
            ("count", .number(Double(stats.count))),
            ("first", number(stats.first)), ("last", number(stats.last)),
            ("firstPrice", stats.firstPrice.map(JSONValue.number) ?? .null),
            ("lastPrice", stats.lastPrice.map(JSONValue.number) ?? .null),
            ("min", stats.low <= stats.high ? .number(stats.low) : .null),
            ("max", stats.low <= stats.high ? .number(stats.high) : .null),
            ("gaps", .number(Double(stats.gaps))),
            ("source", .string(source)),
            ("generation", .number(Double(generation))),
        ])
    }
}
