import ChartEngine
import PriceData
import WorkbenchSupport

/// A loaded series answers as its summary: count, first/last time and price, the price extent
/// (null while there is no price), gaps, where it came from and which load it is.
extension DataStore.Snapshot: DocumentedAnswer {
    private enum SummaryKeys: String, CodingKey { case count, first, last, firstPrice, lastPrice, min, max, gaps, source, generation }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SummaryKeys.self)
        try c.encode(stats.count, forKey: .count)
        try c.encode(stats.first, forKey: .first)
        try c.encode(stats.last, forKey: .last)
        try c.encode(stats.firstPrice, forKey: .firstPrice)
        try c.encode(stats.lastPrice, forKey: .lastPrice)
        try c.encode(stats.low <= stats.high ? stats.low : nil, forKey: .min)
        try c.encode(stats.low <= stats.high ? stats.high : nil, forKey: .max)
        try c.encode(stats.gaps, forKey: .gaps)
        try c.encode(source, forKey: .source)
        try c.encode(generation, forKey: .generation)
    }

    /// An empty series: its optional members are null, so the derived schema allows null there.
    package static var example: DataStore.Snapshot { DataStore(PriceSeries(times: [], prices: []), source: "…").snapshot }
}

/// `POST /api/data`: the summary, then how the CSV was read.
typealias DataLoadedAnswer = Joined<SeriesAnswer, CSVImport.Result>

/// How a CSV was read: the columns taken as time and price, and what was passed over.
extension CSVImport.Result: DocumentedAnswer {
    private enum ReadingKeys: String, CodingKey { case timeColumn, priceColumn, warnings }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ReadingKeys.self)
        try c.encode(timeColumn, forKey: .timeColumn)
        try c.encode(priceColumn, forKey: .priceColumn)
        try c.encode(warnings, forKey: .warnings)
    }

    package static var example: CSVImport.Result {
        CSVImport.Result(series: PriceSeries(times: [], prices: []), rows: 0, timeColumn: "Date", priceColumn: "Close", warnings: ["…"])
    }
}

/// `GET /api/data`: the visible points as `[time, price]` (price null in a gap).
struct VisibleDataAnswer: Encodable {
    let period: String
    let visibleCount: Int
    let decimated: Bool
    let summary: DataStore.Snapshot
    let points: JSONValue
}

/// `POST /api/data/builtin`.
struct SeriesAnswer: Encodable {
    let summary: DataStore.Snapshot
}

/// `GET|POST /api/live`.
struct LiveAnswer: Encodable {
    let enabled: Bool
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
