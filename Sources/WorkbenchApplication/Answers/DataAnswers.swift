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

extension SeriesSummaryAnswer {
    /// A summary whose optional members are null, so the derived schema allows null there.
    static var example: SeriesSummaryAnswer {
        SeriesSummaryAnswer(count: 0, first: nil, last: nil, firstPrice: nil, lastPrice: nil, min: nil, max: nil, gaps: 0, source: "…", generation: 1)
    }
}

extension DataLoadedAnswer: DocumentedAnswer {
    static var example: DataLoadedAnswer { DataLoadedAnswer(summary: .example, timeColumn: "Date", priceColumn: "Close", warnings: ["…"]) }
}

extension VisibleDataAnswer: DocumentedAnswer {
    static var example: VisibleDataAnswer { VisibleDataAnswer(period: "1Y", visibleCount: 0, decimated: false, summary: .example, points: .array([])) }
}

extension SeriesAnswer: DocumentedAnswer {
    static var example: SeriesAnswer { SeriesAnswer(summary: .example) }
}

extension LiveAnswer: DocumentedAnswer {
    static var example: LiveAnswer { LiveAnswer(enabled: false) }
}

extension SeriesSummaryAnswer {
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
