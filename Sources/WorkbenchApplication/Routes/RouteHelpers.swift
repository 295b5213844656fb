import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// A count with its noun as the log and the errors say it: "1 answer", "3 answers".
func counted(_ count: Int, _ one: String, _ many: String) -> String { count == 1 ? "1 \(one)" : "\(count) \(many)" }

/// A group that reads presets by the name in the path.
protocol PresetReading: AppRouteGroup {}

extension PresetReading {
    func presetName(_ request: RequestContext) throws(HTTPError) -> String {
        try request.presetNameInPath()
    }

    func existingPreset(_ request: RequestContext) throws(HTTPError) -> PresetStore.Entry {
        let name = try presetName(request)
        guard let entry = app.presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        return entry
    }

    /// `reader`: the person asking, told whether they may review the newest revision (`yourReview`):
    /// not a viewer, and not on their own work.
    func presetResponse(_ entry: PresetStore.Entry, reader: Author = Author()) throws(HTTPError) -> HTTPResponse {
        let status: PresetReviews.Status, ownWork: String?
        do {
            status = try app.presets.status(of: entry.preset.name) ?? .draft
            ownWork = reader.role == .viewer ? "you joined as a viewer: you can read reviews, not approve or ask for changes"
                : try app.presets.ownWork(of: reader.user, in: entry.preset.name)
        } catch { throw Self.storeError(error, name: entry.preset.name) }
        var json = JSONValueEncoder.encode(entry.preset)
        if case .object(var pairs) = json {
            pairs.append(("revision", Self.revisionJSON(entry.revision)))
            pairs.append(("status", Self.statusJSON(status)))
            if !reader.user.isEmpty {
                pairs.append(("yourReview", .object([("mayDecide", .bool(ownWork == nil)), ("why", ownWork.map(JSONValue.string) ?? .null)])))
            }
            pairs.append(("warnings", .array(entry.preset.warnings.map(JSONValue.string))))
            json = .object(pairs)
        }
        return HTTPResponse.json(json).adding("ETag", "\"\(entry.revision)\"")
    }

    /// `preset=NAME` starts from a saved preset instead of the defaults.
    package func baseStyle(_ request: ChartRequest) throws(HTTPError) -> ChartStyle {
        guard let name = request.preset else { return ChartStyle() }
        guard let entry = app.presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "preset") }
        return entry.preset.style
    }

    /// The request's parameters over its preset, without a view.
    package func style(_ request: ChartRequest) throws(HTTPError) -> ChartStyle {
        let base = try baseStyle(request)
        do throws(ChartRequestError) { return try request.style(over: base) } catch { throw HTTPError(error) }
    }

    /// What `request` draws, over its preset.
    package func drawing(_ request: ChartRequest) throws(HTTPError) -> ChartDrawing {
        let base = try baseStyle(request)
        do throws(ChartRequestError) { return try request.drawing(over: base) } catch { throw HTTPError(error) }
    }
}

/// A group that saves presets (a save, a restore, an import): what every save does once the
/// store has taken it.
protocol PresetSaving: PresetReading, PublishingEvents {}

extension PresetSaving {
    /// The save's log entry announced and the preset's draft moved onto the saved revision, then
    /// `answer()`, announcing the save to every page.
    func savedAnswer(_ name: String, _ saved: PresetStore.Entry, logged: DecisionLogEntry?,
                     _ answer: () throws(HTTPError) -> HTTPResponse) throws(HTTPError) -> HTTPResponse {
        app.decisions.announce(logged)
        app.drafts.saved(name, seed: DraftStore.Seed(revision: saved.revision, parameters: saved.preset.parameters))
        return try answer().announcing("preset", [("action", .string("saved")), ("name", .string(name)), ("revision", Self.revisionJSON(saved.revision))])
    }
}

/// What several route groups read and answer the same way: revisions, store errors, paging.
extension RouteGroup {
    /// A person is their name; a page without one is told apart by its id.
    package static func voter(_ request: RequestContext) -> String {
        request.author.user.isEmpty ? "anonymous " + String(request.author.client.prefix(8)) : request.author.user
    }

    package static func statusJSON(_ status: PresetReviews.Status) -> JSONValue { JSONValueEncoder.encode(status) }


    /// A revision as the API writes it: its number as a string ("3"), usable as it is in
    /// `If-Match` and in paths; numbers are accepted where a revision is read.
    package static func revisionJSON(_ number: Int) -> JSONValue { .string(String(number)) }

    // MARK: Helpers




    /// A store's refusal or failure as an answer: 404, 400 for a revision that cannot be used,
    /// 507 when the folder is full, else 500 in plain words naming the preset and the problem.
    package static func storeError(_ error: any Error, name: String) -> HTTPError {
        switch error {
        case PresetStore.SaveError.invalid(let problem): return HTTPError(problem)
        case PresetStore.SaveError.notFound: return HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name")
        case PresetStore.SaveError.noRevision(let why): return HTTPError(404, "not_found", why, field: "revision")
        case PresetStore.SaveError.ownWork(let why): return HTTPError(403, "own_work", why, field: "revision")
        case PresetStore.SaveError.full(let why): return HTTPError(507, "insufficient_storage", why)
        case PresetStore.SaveError.storage(let words):
            return HTTPError(words.contains("full") ? 507 : 500, words.contains("full") ? "insufficient_storage" : "write_failed", words)
        case PresetStore.SaveError.nameTaken(let existing):
            return HTTPError(409, "name_taken", "a preset named “\(existing)” already exists, and “\(name)” reads the same (it differs only by case or invisible characters)", field: "name")
        case PresetStore.SaveError.conflict: return HTTPError(409, "conflict", "“\(name)” changed in the meantime", field: "If-Match")
        case let history as HistoryError:
            switch history.kind {
            case .removedOrReplaced, .refusedAtStart: return HTTPError(503, "history_unavailable", history.message)
            case .readOnly: return HTTPError(503, "history_read_only", history.message)
            case .unreadable: return HTTPError(500, "history_unreadable", history.message)
            case .full: return HTTPError(507, "history_full", history.message)
            case .tooFast: return HTTPError(429, "too_many_writes", history.message).adding("Retry-After", String(history.retryAfter ?? 1))
            }
        default: return HTTPError(500, "write_failed", PresetStore.plainWords(error, name: name, doing: "saved"))
        }
    }

    /// The largest revision number a request may name (nine digits).
    package static var maxRevision: Int { 999_999_999 }

    /// A revision number from JSON or a path: a positive integer of at most nine digits, or its digits as text.
    package static func revisionNumber(_ value: JSONValue?, field: String) throws(HTTPError) -> Int {
        switch value {
        case .number(let n)? where n.rounded() == n && n >= 1 && n <= Double(maxRevision): return Int(n)
        case .string(let s)? where (1...9).contains(s.utf8.count) && s.utf8.allSatisfy({ (48...57).contains($0) }) && !s.hasPrefix("0"):
            if let n = Int(s) { return n }
        case nil: throw .badRequest("is required", field: field)
        default: break
        }
        throw .badRequest("must be a revision number (1, 2, 3…)", field: field)
    }

    package static func integerQuery(_ request: RequestContext, _ key: String, _ range: ClosedRange<Int>) throws(HTTPError) -> Int? {
        guard let text = request.query[key] else { return nil }
        guard text.count <= 12, let value = Int(text), range.contains(value) else {
            throw .badRequest("must be an integer in \(range.lowerBound)…\(range.upperBound)", field: key)
        }
        return value
    }

    package static func unquote(_ text: String) -> String {
        var t = Substring(text)
        if t.hasPrefix("W/") { t = t.dropFirst(2) }
        if t.hasPrefix("\"") && t.hasSuffix("\"") && t.count >= 2 { t = t.dropFirst().dropLast() }
        return String(t)
    }
}


package extension RequestContext {
    /// The `{name}` of the path as a preset name. A name no preset can have is a bad request
    /// when saving under it (`PUT`), and not found anywhere else: nothing can be there.
    func presetNameInPath() throws(HTTPError) -> String {
        do { return try Preset.validName(pathParameters["name"] ?? "") } catch {
            if request.method == "PUT" { throw HTTPError(error) }
            throw HTTPError(404, "not_found", "no preset is called that: \(error.message)", field: "name")
        }
    }
}

package extension HTTPError {
    /// A refused preset, name or value is the client's to fix.
    init(_ error: PresetError) { self.init(400, "bad_request", error.message, field: error.field) }
}
