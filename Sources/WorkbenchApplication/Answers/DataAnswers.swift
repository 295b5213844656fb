import PriceData
import WorkbenchSupport

/// A loaded series: count, first/last time and price extent, gaps, where it came from.
struct SeriesSummaryAnswer: Encodable {
    let count: Int
    let first: Int64?
    let last: Int64?
    let firstPrice: Double?
    let lastPrice: Double?
    let min: Double?
    let max: Double?
    let gaps: Int
    let source: String
    let generation: Int

    init(_ snapshot: DataStore.Snapshot) {
        let stats = snapshot.stats
        count = stats.count
        first = stats.first
        last = stats.last
        firstPrice = stats.firstPrice
        lastPrice = stats.lastPrice
        min = stats.low <= stats.high ? stats.low : nil
        max = stats.low <= stats.high ? stats.high : nil
        gaps = stats.gaps
        source = snapshot.source
        generation = snapshot.generation
    }
}

/// `POST /api/data`: the summary and how the CSV was read.
struct DataLoadedAnswer: Encodable {
    let summary: SeriesSummaryAnswer
    let timeColumn: String
    let priceColumn: String
    let warnings: [String]
}

/// `GET /api/data`: the visible points as `[time, price]` (price null in a gap).
struct VisibleDataAnswer: Encodable {
    let period: String
    let visibleCount: Int
    let decimated: Bool
    let summary: SeriesSummaryAnswer
    let points: JSONValue
}

/// `POST /api/data/builtin`.
struct SeriesAnswer: Encodable {
    let summary: SeriesSummaryAnswer
}

/// `GET|POST /api/live`.
struct LiveAnswer: Encodable {
    let enabled: Bool
}
