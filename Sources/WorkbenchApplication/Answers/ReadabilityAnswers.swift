import ChartEngine

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
