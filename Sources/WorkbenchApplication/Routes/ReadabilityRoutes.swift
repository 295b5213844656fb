import ChartEngine
import ChartRendering
import HTTPServer
import PriceData
import WorkbenchStores
import WorkbenchSupport
import WorkbenchExports

/// Can everyone read the chart: the engine's `ReadabilityReport` for a preset and parameters
/// (what `workbench check` prints), and the ΔE00 between two colours (the History panel's colour
/// changes; the page's pixel diff is tested against it). The page never computes contrast itself.
struct ReadabilityRoutes: PresetReading {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/check", "The readability report (WCAG contrast on both backgrounds, colour-vision distinctness by Machado 2009 and CIEDE2000) of a preset and parameters, as `workbench check` computes it",
              query: OpenAPIDocument.query(StyleRequest.self), answers: [.json("the readability report", ReadabilityReport.self)], errors: [404]) {
            try check($0.decodeQuery(StyleRequest.self).chart)
        }
        r.post("/api/check", "The readability report from a JSON body of a preset and parameters",
               schema: RequestSchema.of(StyleRequest.self).body(), answers: [.json("the readability report", ReadabilityReport.self)], errors: [404]) {
            try check($0.decodeBody(StyleRequest.self).chart)
        }
        r.get("/api/check/honesty", "The honesty report (docs/honesty.md): the drawn line against the real prices on every period and scenario, as `workbench check --honesty` computes it",
              query: OpenAPIDocument.query(HonestyRequest.self),
              answers: [.json("the honesty report", HonestyReport.self)], errors: [404]) {
            try honesty($0.decodeQuery(HonestyRequest.self))
        }
        r.get("/api/check/difference", "The CIEDE2000 difference ΔE00 of two colours (#RRGGBB), as seen with each kind of colour vision",
              query: [.init("first", OpenAPIDocument.hexColor, "#RRGGBB; the engine's default line colour when absent"),
                      .init("second", OpenAPIDocument.hexColor, "#RRGGBB; the first colour when absent")],
              answers: [.json("ΔE00 of the two colours", ColorDifferenceAnswer.self)]) {
            try difference($0.query)
        }
    }

    package func check(_ request: ChartRequest) throws(HTTPError) -> HTTPResponse {
        .answer(ReadabilityReport(style: try style(request)))
    }

    package func honesty(_ asked: HonestyRequest) throws(HTTPError) -> HTTPResponse {
        let names = asked.scenarios
        let style = try style(asked.chart)
        var markets: [(name: String, series: PriceSeries)] = []
        for name in names where name == ScenarioLibrary.loadedData { markets.append((name, app.data.snapshot.data.series)) }
        let others = names.filter { $0 != ScenarioLibrary.loadedData }
        if others.isEmpty && !markets.isEmpty { return .answer(HonestyReport(style: style, markets: markets)) }
        do throws(ScenarioLibrary.Failure) { markets += try HonestyMarkets.named(others, in: app.scenarios) } catch { throw HTTPError(error) }
        return .answer(HonestyReport(style: style, markets: markets))
    }

    package func difference(_ values: [String: String]) throws(HTTPError) -> HTTPResponse {
        func color(_ key: String, else fallback: String) throws(HTTPError) -> (String, SRGBColor) {
            let text = values[key] ?? fallback
            guard let color = SRGBColor(hex: text) else { throw .badRequest("must be a colour written #RRGGBB", field: key) }
            return (color.hex, color)
        }
        if let unknown = values.keys.first(where: { $0 != "first" && $0 != "second" }) {
            throw .badRequest("is not a field of a colour difference (first, second)", field: unknown)
        }
        let (firstHex, first) = try color("first", else: ChartStyle().lineColor)
        let (secondHex, second) = try color("second", else: firstHex)
        let seen = ColorVision.allCases.map { vision in
            ColorDifferenceVisions.Seen(ColorVisionName(vision: vision.rawValue),
                                        ColorDifference(first: vision.simulate(first).hex, second: vision.simulate(second).hex,
                                                        deltaE: CIEDE2000.difference(vision.lab(first), vision.lab(second))))
        }
        return .answer(ColorDifferenceAnswer(ColorDifference(first: firstHex, second: secondHex, deltaE: CIEDE2000.difference(CIELAB(first), CIELAB(second))),
                                             ColorDifferenceVisions(visions: seen)))
    }
}

/// `/api/check/honesty`: a preset and parameters, and the markets to judge on (`scenario`, a
/// comma-separated list; every built-in one when absent).
struct HonestyRequest: Decodable {
    var chart: ChartRequest
    var scenarios: [String] = []

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        scenarios = try members.text("scenario", "judge on these scenarios only (comma-separated names; `data` is the loaded series); every built-in one when absent")?
            .split(separator: ",").map(String.init) ?? []
        chart = try StyleRequest(from: decoder, ignoring: ["scenario"]).chart
    }
}
