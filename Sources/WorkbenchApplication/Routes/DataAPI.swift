import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import Foundation
import ChartEngine

/// Price data and the live feed.
extension WorkbenchApp {
    package static let importLock = NSLock()
    package static let maxPointsRange = 2.0...100_000

    /// `POST /api/data` with a CSV body: replaces the series only if every row reads.
    package func loadData(_ context: RequestContext) throws(HTTPError) -> HTTPResponse {
        // A large upload arrives spooled to a file (see `SpooledBody`), a small one in memory.
        let spooled = context.request.spooled.map { $0.contents() }
        guard let body = spooled ?? Data(context.request.body) else {
            throw HTTPError(507, "upload_failed", "the upload could not be stored on the server's disk")
        }
        // One import at a time: concurrent uploads would each map and parse a whole file at once.
        let parsed = Self.importLock.withLock { () -> Swift.Result<CSVImport.Result, CSVImport.Failure> in
            // Each connection thread would otherwise keep the parse's freed memory in its own malloc arena.
            defer { _ = releaseFreedMemory(0) }
            do throws(CSVImport.Failure) { return .success(try CSVImport.parse(body)) } catch { return .failure(error) }
        }
        let result: CSVImport.Result
        switch parsed {
        case .success(let value): result = value
        case .failure(let error): throw HTTPError(400, "invalid_csv", error.description, field: error.line.map { "line \($0)" })
        }
        let name = context.query["name"].map { String($0.prefix(200)) } ?? "uploaded CSV"
        data.replace(with: result.series, source: name)
        let snapshot = data.snapshot
        recordDecision("data", preset: nil, by: context.author.user, summary: "loaded \(result.series.count) prices from \(name)")
        return .json(.object([("summary", snapshot.summary), ("timeColumn", .string(result.timeColumn)),
                              ("priceColumn", .string(result.priceColumn)), ("warnings", .array(result.warnings.map(JSONValue.string)))]))
            .announcing("data", [("action", .string("loaded")), ("summary", snapshot.summary)])
    }

    /// `GET /api/data?period=1Y&maxPoints=2000`: the visible points, reduced (keeping every
    /// extreme) when there are more than `maxPoints`.
    package func visibleData(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let values = InputValue.fromQuery(request.query)
        var period = Period.all
        if let text = request.query["period"] {
            guard let p = Period(rawValue: text.uppercased()) else {
                throw .badRequest("must be one of \(Period.allCases.map(\.rawValue).joined(separator: ", "))", field: "period")
            }
            period = p
        }
        let maxPoints = try values["maxPoints"]?.number(field: "maxPoints", in: Self.maxPointsRange) ?? 5000
        let snapshot = data.snapshot
        let window = period.window(in: snapshot.data.series)
        let (times, prices) = snapshot.data.visiblePoints(window, columns: Int(maxPoints) / 2)
        let points = zip(times, prices).map { JSONValue.array([.number($0), $1.isFinite ? .number($1) : .null]) }
        return .json(.object([("period", .string(period.rawValue)), ("visibleCount", .number(Double(window.count))),
                              ("decimated", .bool(points.count < window.count)), ("summary", snapshot.summary), ("points", .array(points))]))
    }

    package func setLive(_ context: RequestContext) throws(HTTPError) -> HTTPResponse {
        guard case .bool(let enabled)? = try context.jsonObject().first(where: { $0.0 == "enabled" })?.1 else { throw .badRequest("must be true or false", field: "enabled") }
        let who = context.author
        if enabled { live.start(user: who.user, client: who.client) } else { live.stop(user: who.user, client: who.client) }
        return .json(.object([("enabled", .bool(live.isRunning))]))
    }
}
