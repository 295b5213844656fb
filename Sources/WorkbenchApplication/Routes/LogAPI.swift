import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
/// The decision log: entries written by the stores (saves, renames, deletes, restores, reviews,
/// approvals) and by the API (comments, rounds, exports, data changes), each announced as a
/// `log` event so the log page updates live; `GET /api/log` reads it as JSON or Markdown.
extension WorkbenchApp {
    /// Appends an entry and announces it. The log is a record, not a gate: an entry that cannot
    /// be written (a full disk) does not undo what was done; it is said on stderr.
    package func recordDecision(_ kind: String, preset: String?, revision: Int? = nil, by author: String, summary: String, details: JSONValue? = nil) {
        var details = details ?? .object([])
        if details.serialized().utf8.count > DecisionLog.Limits.detailsBytes { details = .object([("truncated", .bool(true))]) }
        do {
            announce(try presets.log.append(DecisionLog.Kind(kind), preset: preset, revision: revision, author: author, summary: summary, details: details))
        } catch {
            Output.error("the decision log could not record \(kind): \(error)")
        }
    }

    /// Tells every page about an entry a store wrote with its change.
    package func announce(_ entry: DecisionLogEntry?) {
        guard let entry else { return }
        events.publish("log", entry.json)
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
        do { page = try presets.log.entries(limit: limit, before: before, preset: query["preset"]) } catch {
            throw HTTPError(500, "log_failed", "the decision log cannot be read: \(error)")
        }
        if format == "markdown" {
            return HTTPResponse(contentType: "text/markdown; charset=utf-8", text: DecisionLog.markdown(page.entries))
                .adding("Content-Disposition", "inline; filename=\"decision-log.md\"")
        }
        return HTTPResponse.json(.array(page.entries.map(\.json))).adding("X-Total-Count", String(page.total))
    }
}
