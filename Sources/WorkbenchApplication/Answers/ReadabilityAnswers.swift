import ChartEngine
import WorkbenchExports

/// `GET|POST /api/check`: the engine's report, as it encodes itself.
extension ReadabilityReport: DocumentedAnswer {
    static var example: ReadabilityReport { ReadabilityReport(style: ChartStyle()) }
}

/// `GET /api/check/difference`: ΔE00 of two colours, for typical vision and each simulation.
struct ColorDifferenceAnswer: Encodable {
    struct Seen: Encodable {
        let vision: String
        /// The two colours as simulated for this vision, rounded to 8 bits, for showing them.
        let first: String
        let second: String
        let deltaE: Double
    }

    let first: String
    let second: String
    /// With typical vision.
    let deltaE: Double
    let visions: [Seen]
}

extension ColorDifferenceAnswer: DocumentedAnswer {
    static var example: ColorDifferenceAnswer {
        ColorDifferenceAnswer(first: "#FF8A00", second: "#F7931A", deltaE: 4.5, visions: [.init(vision: "none", first: "#FF8A00", second: "#F7931A", deltaE: 4.5)])
    }
}

/// `GET /api/check/honesty`: the honesty report, as it encodes itself.
extension HonestyReport: DocumentedAnswer {
    static var example: HonestyReport {
        var prices = (0..<48).map { 100 + Double($0 % 7) }
        prices[20] = 120
        return HonestyReport(style: ChartStyle(), markets: [("spike", PriceSeries(times: prices.indices.map { Int64($0) * 3600 }, prices: prices))], periods: [.day])
    }
}
