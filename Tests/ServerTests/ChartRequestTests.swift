import ChartEngine
import Foundation
import Testing
@testable import ChartRendering
@testable import WorkbenchSupport

/// The chart request every edge decodes (a query's text, a JSON body, a socket message, the
/// command line's flags), and a render socket's sessions.
@Suite struct ChartRequestTests {
    func decode<T: Decodable>(_ type: T.Type = ChartRequest.self, json: String) throws -> T {
        try JSONValueDecoder().decode(type, from: try JSONValue.parse(json))
    }

    func decode(query: [String: String]) throws -> ChartRequest {
        try JSONValueDecoder(textValues: true).decode(ChartRequest.self, from: .object(query.keys.sorted().map { ($0, .string(query[$0]!)) }))
    }

    /// The refusal's field and message: a member of the wrong kind or out of its range is the
    /// decoder's, a parameter or a field's own check the request's.
    func refusal(_ body: () throws -> Any) -> ChartRequestError? {
        do { _ = try body(); return nil } catch {
            if let failure = error as? JSONValueDecoder.Failure { return ChartRequestError(.invalidField, field: failure.field, failure.message) }
            return error as? ChartRequestError
        }
    }

    @Test func aQueryAndABodyOfTheSameFieldsAreTheSameRequest() throws {
        let query = try decode(query: ["width": "500", "period": "all", "inactiveLineWidth": "3.5", "reducedMotion": "true",
                                       "tz": "+09:00", "selection": "0.25", "easing": "cubicBezier", "cubicBezier": "0.2,0,0,1"])
        let body = try decode(json: #"{"width": 500, "period": "ALL", "inactiveLineWidth": 3.5, "reducedMotion": true, "tz": "+09:00", "selection": 0.25, "easing": "cubicBezier", "cubicBezier": [0.2, 0, 0, 1]}"#)
        #expect(query == body)
        let drawing = try body.drawing(over: ChartStyle())
        #expect(drawing.width == 500 && drawing.height == 240 && drawing.period == .all && drawing.reducedMotion)
        #expect(drawing.style.inactiveLineWidth == 3.5 && drawing.selection == 0.25 && drawing.timeZone.secondsFromGMT() == 9 * 3600)
    }

    @Test func eachRefusalNamesItsFieldAndKind() throws {
        #expect(refusal { try decode(json: #"{"width": 5}"#) } == ChartRequestError(.invalidField, field: "width", "must be between 80 and 4000"))
        #expect(refusal { try decode(json: #"{"width": "wide"}"#) } == ChartRequestError(.invalidField, field: "width", "must be a number"))
        #expect(refusal { try decode(query: ["width": "nan"]) } == ChartRequestError(.invalidField, field: "width", "must be a number"))
        #expect(refusal { try decode(json: #"{"selection": null}"#) } == ChartRequestError(.invalidField, field: "selection", "must be a number"))
        #expect(refusal { try decode(json: #"{"period": "2Y"}"#) }?.field == "period")
        #expect(refusal { try decode(json: #"{"tz": "Mars/Olympus"}"#) }?.field == "tz")
        #expect(refusal { try decode(json: #"{"id": "a b"}"#) }?.field == "id")
        #expect(refusal { try decode(json: #"{"scenario": "../x"}"#) }?.field == "scenario")
        #expect(refusal { try decode(json: #"{"inactiveLineWidht": 2}"#) } == ChartRequestError(.unknownParameter, field: "inactiveLineWidht", #"unknown parameter "inactiveLineWidht""#))
        #expect(refusal { try decode(json: #"{"inactiveLineWidth": "2"}"#) }?.kind == .invalidParameter)
        #expect(refusal { try decode(json: #"{"inactiveLineWidth": 500}"#) }?.kind == .invalidParameter)
        // A check reads no view: a view member is an unknown parameter there.
        #expect(refusal { try decode(StyleRequest.self, json: #"{"preset": "Calm", "width": 300}"#) }?.kind == .unknownParameter)
        #expect(try decode(StyleRequest.self, json: #"{"preset": "Calm", "inactiveLineWidth": 2}"#).chart.preset == "Calm")
    }

    @Test func encodingWritesWhatWasSaidAndDecodesBackTheSame() throws {
        let request = try decode(json: #"{"preset": "Calm", "width": 320, "state": "active", "tz": "Europe/Berlin", "scenario": "", "inactiveLineWidth": 2.5, "fillEnabled": true}"#)
        let written = JSONValueEncoder.encode(request)
        #expect(written.objectPairs?.map(\.0) == ["preset", "width", "state", "tz", "scenario", "fillEnabled", "inactiveLineWidth"])
        #expect(try JSONValueDecoder().decode(ChartRequest.self, from: written) == request)
        #expect(try request.drawing(over: ChartStyle()).progress == 1)
        #expect(try request.drawing(over: ChartStyle()).scenario == nil, "an empty scenario is the loaded series")
    }

    @Test func aLaterRequestGoesOnTopAndRemovedMembersGoBack() throws {
        let first = try decode(json: #"{"width": 500, "selection": 0.3, "inactiveLineWidth": 4}"#)
        let later = try decode(json: #"{"height": 300}"#)
        let merged = first.merged(with: later, removing: ["selection", "inactiveLineWidth"])
        #expect(merged.width == 500 && merged.height == 300 && merged.selection == nil && merged.parameters.isEmpty)
    }

    struct Sources: PreviewSources {
        let data = IndexedSeries(PriceSeries(times: (0..<400).map { 1_700_000_000 + Int64($0) * 60 },
                                             prices: (0..<400).map { 100 + 10 * sin(Double($0) / 9) }))
        func base(of request: ChartRequest) throws -> ChartStyle { ChartStyle() }
        func series(scenario: String?) throws -> IndexedSeries { data }
        var secondsSinceLastPrice: Double? { nil }
    }

    func message(_ json: String) throws -> [(String, JSONValue)] { try JSONValue.parse(json).objectPairs ?? [] }

    @Test func aSocketRepeatsAChartsRequestAndSendsDeltasFromTheFrameShown() throws {
        var charts = PreviewSessions()
        let first = try charts.answer(try message(#"{"id": "a", "width": 400, "inactiveLineWidth": 3, "period": "ALL"}"#), sources: Sources())
        #expect(first.body.hasPrefix("<svg") && first.head.first { $0.0 == "frame" }?.1 == .number(1))
        // The same elements with another width: a patch from frame 1, the page's.
        let again = try charts.answer(try message(#"{"id": "a", "again": true, "inactiveLineWidth": 5, "base": 1}"#), sources: Sources())
        #expect(again.head.contains { $0.0 == "patch" && $0.1 == .bool(true) } && again.body.contains(#""stroke-width","5""#))
        // Frames before the last are kept too (an answer may still be on its way to the page, and
        // the page asks for a slider's next steps ahead from the frame it shows): four in all.
        for width in [5, 6, 7] {
            let fromEarlier = try charts.answer(try message(#"{"id": "a", "again": true, "inactiveLineWidth": \#(width), "base": 1}"#), sources: Sources())
            #expect(fromEarlier.head.contains { $0.0 == "patch" && $0.1 == .bool(true) } && fromEarlier.body.contains(#""stroke-width","\#(width)""#))
        }
        let stale = try charts.answer(try message(#"{"id": "a", "again": true, "inactiveLineWidth": 5, "selection": 0.5, "base": 1}"#), sources: Sources())
        #expect(stale.body.hasPrefix("<svg"), "a base that is not one of the four frames drawn last gets the whole SVG")
        #expect(charts["a"]?.request?.width == 400 && charts["a"]?.request?.selection == 0.5)
        _ = try charts.answer(try message(#"{"id": "a", "again": true, "selection": null}"#), sources: Sources())
        #expect(charts["a"]?.request?.selection == nil && charts["a"]?.request?.parameters["inactiveLineWidth"] == .number(5))
        #expect(throws: ChartRequestError.self) { try charts.answer(try message(#"{"id": "b", "again": true}"#), sources: Sources()) }
        // A press plays from the engine's motion: its progress rises with time and settles at 1.
        let pressed = try charts.answer(try message(#"{"id": "a", "again": true, "motion": "press", "time": 10}"#), sources: Sources())
        let later = try charts.answer(try message(#"{"id": "a", "again": true, "motion": "follow", "time": 12}"#), sources: Sources())
        #expect(pressed.head.first { $0.0 == "progress" }?.1 == .number(0))
        #expect(later.head.first { $0.0 == "progress" }?.1 == .number(1) && later.head.first { $0.0 == "finished" }?.1 == .bool(true))
    }

    /// Records which series each frame was drawn from.
    final class ScenarioSources: PreviewSources, @unchecked Sendable {
        var asked: [String?] = []
        let loaded = Sources().data
        let flat = IndexedSeries(PriceSeries(times: (0..<400).map { 1_700_000_000 + Int64($0) * 60 }, prices: Array(repeating: 50, count: 400)))
        func base(of request: ChartRequest) throws -> ChartStyle { ChartStyle() }
        func series(scenario: String?) throws -> IndexedSeries { asked.append(scenario); return scenario == nil ? loaded : flat }
        var secondsSinceLastPrice: Double? { nil }
    }

    @Test func everyMotionDrawsTheRequestsScenario() throws {
        let sources = ScenarioSources()
        var charts = PreviewSessions()
        for motion in ["period", "live", "reveal"] {
            _ = try charts.answer(try message(#"{"id": "m", "scenario": "flat", "period": "1D", "motion": "\#(motion)", "from": "ALL", "time": 1}"#), sources: sources)
        }
        #expect(sources.asked == ["flat", "flat", "flat"])
    }

    @Test func aSocketKeepsAtMostThirtyTwoFramesAcrossItsChartsDroppingTheChartsDrawnLongestAgo() throws {
        var charts = PreviewSessions()
        for chart in 0..<12 {
            _ = try charts.answer(try message(#"{"id": "c\#(chart)", "width": 200, "period": "1M"}"#), sources: Sources())
            for width in 2...4 {
                _ = try charts.answer(try message(#"{"id": "c\#(chart)", "again": true, "inactiveLineWidth": \#(width), "base": \#(chart * 4 + 1)}"#), sources: Sources())
            }
        }
        let kept = (0..<12).map { charts["c\($0)"]?.drawn.count ?? 0 }
        #expect(kept.reduce(0, +) <= PreviewSessions.maxFramesKept)
        #expect(kept.suffix(7) == [4, 4, 4, 4, 4, 4, 4] && kept.prefix(4) == [0, 0, 0, 0], "\(kept)")
        // A chart whose frames were dropped is drawn whole again.
        let whole = try charts.answer(try message(#"{"id": "c0", "again": true, "base": 4}"#), sources: Sources())
        #expect(whole.body.hasPrefix("<svg"))
    }

    @Test func aSocketKeepsAtMostItsChartsAndItsBytes() throws {
        var charts = PreviewSessions()
        for i in 0..<(PreviewSessions.maxCharts + 6) {
            _ = try charts.answer(try message(#"{"id": "c\#(i)", "width": 100}"#), sources: Sources())
        }
        #expect(charts["c0"] == nil && charts["c5"] == nil && charts["c6"] != nil)
        #expect(charts.keptBytes <= PreviewSessions.maxKeptBytes)
    }
}
