import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// The price series: CSV upload, the visible points, live ticks, back to the built-in data.
struct DataRoutes: AppRouteGroup {
    let app: AppServices
    /// The visible points of each (generation, period, columns) asked for lately: every page
    /// asks for the same few, and a crowd asking at once costs one build.
    let visibleAnswers = ResponseCache()

    var middlewares: [any Middleware] { [app.heavyWork, EventPublisher(events: app.events)] }

    func addRoutes(to r: inout Router) {
        r.post("/api/data", "Load a CSV price series", query: [.init("name", OpenAPIDocument.string, "shown as the source")], body: .csv, schema: OpenAPIDocument.csvRows,
               answers: [.json("summary of the series", DataLoadedAnswer.self)]) { try loadData($0) }
        r.get("/api/data", "The visible points", query: OpenAPIDocument.dataQuery, answers: [.json("points", VisibleDataAnswer.self)], heavy: true) { try visibleData($0) }
        r.get("/api/live", "Whether live updates run", answers: [.json("{enabled}", LiveAnswer.self)]) { _ in
            .answer(LiveAnswer(enabled: app.live.isRunning))
        }
        r.post("/api/live", "Start or stop live updates ({\"enabled\"})", schema: RequestSchema.of(SwitchRequest.self).body(open: true), answers: [.json("{enabled}", LiveAnswer.self)]) { try setLive($0) }
        r.post("/api/data/builtin", "Go back to the built-in series, announced to every page", body: nil, answers: [.json("summary of the series", SeriesAnswer.self)]) {
            loadBuiltInData($0)
        }
    }
    private static let importLock = NSLock()

    /// Runs `read`, a whole CSV's parse, one at a time across the server (the data's imports and
    /// the scenarios' saves): concurrent uploads would each map and parse a whole file at once.
    static func readingOneCSVAtATime<T, E: Error>(_ read: () throws(E) -> T) -> Swift.Result<T, E> {
        importLock.withLock {
            // Each connection thread would otherwise keep the parse's freed memory in its own malloc arena.
            defer { _ = releaseFreedMemory(0) }
            do throws(E) { return .success(try read()) } catch { return .failure(error) }
        }
    }
    package static let maxPointsRange = 2.0...100_000

    /// `POST /api/data` with a CSV body: replaces the series only if every row reads.
    package func loadData(_ context: RequestContext) throws(HTTPError) -> HTTPResponse {
        // A large upload arrives spooled to a file (see `SpooledBody`), a small one in memory.
        let spooled = context.request.spooled.map { $0.contents() }
        guard let body = spooled ?? Data(context.request.body) else {
            throw HTTPError(507, "upload_failed", "the upload could not be stored on the server's disk")
        }
        let parsed = Self.readingOneCSVAtATime { () throws(CSVImport.Failure) in try CSVImport.parse(body) }
        let result: CSVImport.Result
        switch parsed {
        case .success(let value): result = value
        case .failure(let error): throw HTTPError(400, "invalid_csv", error.description, field: error.line.map { "line \($0)" })
        }
        let name = context.query["name"].map { String($0.prefix(200)) } ?? "uploaded CSV"
        app.data.replace(with: result.series, source: name)
        let snapshot = app.data.snapshot
        app.decisions.record("data", preset: nil, by: context.author.user, summary: "loaded \(result.series.count) prices from \(name)")
        return .answer(DataLoadedAnswer(SeriesAnswer(summary: snapshot), result))
            .announcing("data", [("action", .string("loaded")), ("summary", snapshot.summary)])
    }

    /// `GET /api/data?period=1Y&maxPoints=2000`: the visible points, reduced (keeping every
    /// extreme) when there are more than `maxPoints`.
    package func visibleData(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        var period = Period.all
        if let text = request.query["period"] {
            guard let p = Period(rawValue: text.uppercased()) else { throw .badRequest(ChartRequest.periodChoices, field: "period") }
            period = p
        }
        var maxPoints = 5000.0
        if let text = request.query["maxPoints"] {
            guard let number = Double(text), number.isFinite else { throw .badRequest("must be a number", field: "maxPoints") }
            guard Self.maxPointsRange.contains(number) else {
                throw .badRequest("must be between \(NumberText.shortest(Self.maxPointsRange.lowerBound)) and \(NumberText.shortest(Self.maxPointsRange.upperBound))", field: "maxPoints")
            }
            maxPoints = number
        }
        let columns = Int(maxPoints) / 2
        let snapshot = app.data.snapshot
        return visibleAnswers.response(for: "\(snapshot.generation) \(period.rawValue) \(columns)") {
            let window = period.window(in: snapshot.data.series)
            let (times, prices) = snapshot.data.visiblePoints(window, columns: columns)
            let answer = VisibleDataAnswer(period: period.rawValue, visibleCount: window.count, decimated: times.count < window.count,
                                           summary: snapshot, points: .array([]))
            return Self.withPoints(answer, times: times, prices: prices)
        }
    }

    /// The answer with its points written straight as text: up to 100,000 pairs would otherwise
    /// be built as a tree of values first (tens of megabytes for a moment, per request). The
    /// text is the one the tree would serialize to: `points` is the answer's last member.
    static func withPoints(_ answer: VisibleDataAnswer, times: [Double], prices: [Double]) -> HTTPResponse {
        var head = Array(JSONValueEncoder.encode(answer).serialized().utf8)
        let emptyEnd = Array(#""points":[]}"#.utf8)
        guard head.count >= emptyEnd.count, Array(head.suffix(emptyEnd.count)) == emptyEnd else {
            let points = zip(times, prices).map { JSONValue.array([.number($0), $1.isFinite ? .number($1) : .null]) }
            return .answer(VisibleDataAnswer(period: answer.period, visibleCount: answer.visibleCount, decimated: answer.decimated,
                                             summary: answer.summary, points: .array(points)))
        }
        head.removeLast(3)   // "[]}"
        head.reserveCapacity(head.count + times.count * 24 + 2)
        head.append(UInt8(ascii: "["))
        for i in times.indices {
            if i > 0 { head.append(UInt8(ascii: ",")) }
            head.append(UInt8(ascii: "["))
            head.append(contentsOf: NumberText.shortest(times[i]).utf8)
            head.append(UInt8(ascii: ","))
            head.append(contentsOf: prices[i].isFinite ? NumberText.shortest(prices[i]).utf8 : "null".utf8)
            head.append(UInt8(ascii: "]"))
        }
        head.append(contentsOf: "]}".utf8)
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: .bytes(head))
    }

    package func setLive(_ context: RequestContext) throws(HTTPError) -> HTTPResponse {
        let enabled = try context.decodeBody(SwitchRequest.self).enabled
        let who = context.author
        let page = Presence.alias(who.client)
        if enabled { app.live.start(user: who.user, client: page) } else { app.live.stop(user: who.user, client: page) }
        return .answer(LiveAnswer(enabled: app.live.isRunning))
    }

    /// `POST /api/data/builtin`: back to the built-in series, announced to everyone.
    package func loadBuiltInData(_ request: RequestContext) -> HTTPResponse {
        app.data.replace(with: BuiltInData.indexed, source: BuiltInData.source)
        app.decisions.record("data", preset: nil, by: request.author.user, summary: "went back to the built-in series")
        let snapshot = app.data.snapshot
        return .answer(SeriesAnswer(summary: snapshot)).announcing("data", [("action", .string("builtin")), ("summary", snapshot.summary)])
    }
}
