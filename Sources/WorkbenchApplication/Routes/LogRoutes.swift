import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// The decision log as JSON or Markdown, newest first.
struct LogRoutes: AppRouteGroup {
    let app: AppServices


    func addRoutes(to r: inout Router) {
        r.get("/api/log", "The decision log, newest first (limit 1–1000, 100 by default; before: an entry id, to page back; preset; format=markdown for a wiki; at most 1 MB a page; X-Total-Count, X-Next-Before and Link when more are left)",
              query: Paging.query(limitUpTo: DecisionLog.Limits.maxPageSize) + [
                      .init("preset", OpenAPIDocument.string, "one preset's entries"), .init("format", OpenAPIDocument.enumeration(["json", "markdown"]))],
              answers: [Router.Answer(status: 200, types: [.json, .markdown], schema: nil, description: "the entries")]) { try getLog($0) }
    }

    /// `GET /api/log`: newest first; `limit` (1–1000, 100 by default), `before` (an entry id, to
    /// page back), `preset` (one preset's entries), `format=markdown` for a team wiki.
    package func getLog(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let query = request.query
        func integer(_ key: String, _ range: ClosedRange<Int>) throws(HTTPError) -> Int? {
            guard let text = query[key] else { return nil }
            guard let value = Int(text), range.contains(value) else { throw .badRequest("must be an integer in \(range.lowerBound)…\(range.upperBound)", field: key) }
            return value
        }
        let limit = try integer("limit", 1...DecisionLog.Limits.maxPageSize) ?? DecisionLog.Limits.pageSize
        let before = try integer("before", 1...Int(Int32.max)).map(Int64.init)
        let format = query["format"] ?? "json"
        guard format == "json" || format == "markdown" else { throw .badRequest("must be json or markdown", field: "format") }
        let page: (entries: [DecisionLogEntry], total: Int)
        do { page = try app.presets.log.entries(limit: limit, before: before, preset: query["preset"]) } catch {
            throw HTTPError(500, "log_failed", "the decision log cannot be read: \(error)")
        }
        var kept = Paging.page(page.entries, limit: limit, id: { String($0.id) }, encode: { JSONValueEncoder.encode($0) })
        // A full page whose oldest is not the first entry has older ones behind it.
        if kept.next == nil, page.entries.count == limit, let oldest = page.entries.last, oldest.id > 1 { kept.next = String(oldest.id) }
        if format == "markdown" {
            var response = HTTPResponse(contentType: "text/markdown; charset=utf-8", text: DecisionLog.markdown(Array(page.entries.prefix(kept.kept))))
                .adding("Content-Disposition", "inline; filename=\"decision-log.md\"").adding("X-Total-Count", String(page.total))
            if let next = kept.next { response = response.adding("X-Next-Before", next) }
            return response
        }
        return Paging.response(kept.entries, total: page.total, next: kept.next, request: request, limit: limit)
    }
}
