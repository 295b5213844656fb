import ChartEngine
import WorkbenchExports

/// `GET|POST /api/check`: the engine's report, as it encodes itself.
extension ReadabilityReport: DocumentedAnswer {
    static var example: ReadabilityReport { ReadabilityReport(style: ChartStyle()) }
}

/// `GET /api/check/difference`: ΔE00 of two colours with typical vision, then for each
/// simulation the same difference of the two colours as simulated.
typealias ColorDifferenceAnswer = Joined<ColorDifference, ColorDifferenceVisions>

/// Two colours and their ΔE00 (CIEDE2000).
struct ColorDifference: Encodable {
    /// The colours as `#RRGGBB`; as simulated for a vision, rounded to 8 bits, for showing them.
    let first: String
    let second: String
    let deltaE: Double
}

struct ColorDifferenceVisions: Encodable {
    /// A vision's name, then the difference as that vision sees it.
    typealias Seen = Joined<ColorVisionName, ColorDifference>

    let visions: [Seen]
}

struct ColorVisionName: Encodable {
    let vision: String
}

extension ColorDifference: DocumentedAnswer {
    static var example: ColorDifference { ColorDifference(first: "#FF8A00", second: "#F7931A", deltaE: 4.5) }
}

extension ColorDifferenceVisions: DocumentedAnswer {
    static var example: ColorDifferenceVisions { ColorDifferenceVisions(visions: [Joined(ColorVisionName(vision: "none"), .example)]) }
}

/// `GET /api/check/honesty`: the honesty report, as it encodes itself.
extension HonestyReport: DocumentedAnswer {
    static var example: HonestyReport {
        var prices = (0..<48).map { 100 + Double($0 % 7) }
        prices[20] = 120
        return HonestyReport(style: ChartStyle(), markets: [("spike", PriceSeries(times: prices.indices.map { Int64($0) * 3600 }, prices: prices))], periods: [.day])
    }
}
