import PriceData
import WorkbenchSupport

extension DataStore.Snapshot {
    /// Count, first/last time and price extent, as the API reports them.
    package var summary: JSONValue {
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
