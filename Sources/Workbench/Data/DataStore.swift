import ChartEngine
import Synchronization

/// The price series being charted. Readers take a snapshot (arrays are copy-on-write) and
/// draw outside the lock; a load replaces the series only once it has fully parsed.
final class DataStore: Sendable {
    struct Snapshot: Sendable {
        let data: IndexedSeries
        let source: String
        let generation: Int
    }

    private let state: Mutex<Snapshot>

    init(_ series: PriceSeries, source: String) {
        state = Mutex(Snapshot(data: IndexedSeries(series), source: source, generation: 1))
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    func replace(with series: PriceSeries, source: String) {
        let indexed = IndexedSeries(series)  // built outside the lock
        state.withLock { $0 = Snapshot(data: indexed, source: source, generation: $0.generation + 1) }
    }

    /// Appends newer points; returns how many were added.
    @discardableResult
    func append(times: [Int64], prices: [Double]) -> Int {
        state.withLock { current in
            var data = current.data
            let before = data.series.count
            data.append(times: times, prices: prices)
            current = Snapshot(data: data, source: current.source, generation: current.generation + 1)
            return data.series.count - before
        }
    }
}

extension DataStore.Snapshot {
    /// Count, first/last time and price extent, as the API reports them.
    var summary: JSONValue {
        let series = data.series
        let extent = series.priceExtent(0..<series.count)
        return .object([
            ("count", .number(Double(series.count))),
            ("first", series.times.first.map { .number(Double($0)) } ?? .null),
            ("last", series.times.last.map { .number(Double($0)) } ?? .null),
            ("firstPrice", series.prices.first(where: \.isFinite).map(JSONValue.number) ?? .null),
            ("lastPrice", series.prices.last(where: \.isFinite).map(JSONValue.number) ?? .null),
            ("min", extent.map { .number($0.lowerBound) } ?? .null),
            ("max", extent.map { .number($0.upperBound) } ?? .null),
            ("gaps", .number(Double(series.prices.lazy.filter { !$0.isFinite }.count))),
            ("source", .string(source)),
            ("generation", .number(Double(generation))),
        ])
    }
}
