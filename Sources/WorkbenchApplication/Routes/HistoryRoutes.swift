import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// A preset's history: revisions, restoring one, and reviews (request, approve, request changes).
struct HistoryRoutes: PresetSaving {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/presets/{name}/revisions", "The preset's revisions, newest first, 200 at a time: revision, author, savedAt, message, deleted (limit up to 10,000; before: page back; at most 1 MB a page; X-Total-Count, X-Next-Before and Link when more are left)",
              query: Paging.query(limitUpTo: PresetHistory.Limits.maxPageSize),
              answers: [.json("revisions", [PresetHistory.Revision].self)], errors: [404]) { try listRevisions($0) }
        r.get("/api/presets/{name}/revisions/{revision}", "One revision's preset file", answers: [.json("the preset file of that revision")], errors: [404]) {
            try getRevision($0)
        }
        r.post("/api/presets/{name}/restore", "Restore a revision as the preset's newest ({\"revision\"}); a deleted preset comes back",
               schema: RequestSchema.of(RestoreRequest.self).body(), answers: [.json("the preset at its new revision", status: 201)], errors: [404, 409, 500, 507]) { try restorePreset($0) }
        r.get("/api/presets/{name}/reviews", "The preset's reviews and review requests, oldest first: the newest page of them (limit 1–1000, 200 by default; before: an id, to page back; at most 1 MB a page; X-Total-Count, X-Next-Before and Link when more are left)",
              query: Paging.query(limitUpTo: 1_000), answers: [.json("reviews", [PresetReviews.Review].self)], errors: [404]) {
            try listReviews($0)
        }
        r.post("/api/presets/{name}/reviews", "Review a revision ({\"revision\", \"decision\": \"approve\"|\"request-changes\", \"comment\"}) or ask for a review ({\"revision\", \"decision\": \"request-review\", \"reviewers\": [names]}); approving a revision that fails the readability check (GET /api/check) needs \"acknowledgeReadability\": true, and one that fails the honesty check on the approval scenarios (GET /api/scenarios: approvalScenarios) \"acknowledgeHonesty\": true, else 409 naming the field; the log records the failures approved despite",
               schema: ReviewRequest.schema, answers: [.json("the review and the preset's status", status: 201)], errors: [404, 409]) { try postReview($0) }
    }

    // MARK: History and review

    /// `[{"revision", "author", "savedAt", "message", "deleted", "name"}]`, newest first, 200 at
    /// a time: `limit` (up to 10,000) and `before` (a revision number) page through a long history;
    /// `X-Total-Count` says how many there are.
    package func listRevisions(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let limit = try Self.integerQuery(request, "limit", 1...PresetHistory.Limits.maxPageSize) ?? PresetHistory.Limits.pageSize
        let before = try Self.integerQuery(request, "before", 1...Int(Int32.max))
        let revisions: [PresetHistory.Revision]?
        do { revisions = try app.presets.revisions(of: name, limit: limit, before: before) } catch { throw Self.storeError(error, name: name) }
        guard let revisions else { throw HTTPError(404, "not_found", "no preset named \"\(name)\" has a history", field: "name") }
        let total = (try? app.presets.history.record(named: name))??.latest ?? revisions.count
        var page = Paging.page(revisions, limit: limit, id: { String($0.number) }, encode: { JSONValueEncoder.encode($0) })
        // A full page whose oldest is not revision 1 has older ones behind it.
        if page.next == nil, revisions.count == limit, let oldest = revisions.last, oldest.number > 1 { page.next = String(oldest.number) }
        return Paging.response(page.entries, total: total, next: page.next, request: request, limit: limit)
    }

    /// That revision's preset file, with its revision number.
    package func getRevision(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        // A path naming no possible revision names nothing there is.
        guard let number = try? Self.revisionNumber(request.pathParameters["revision"].map(JSONValue.string), field: "revision") else {
            throw HTTPError(404, "not_found", "“\(name)” has no such revision", field: "revision")
        }
        let revision: PresetHistory.Revision?
        do { revision = try app.presets.revision(of: name, number: number) } catch { throw Self.storeError(error, name: name) }
        guard let revision else { throw HTTPError(404, "not_found", "“\(name)” has no revision \(number)", field: "revision") }
        guard case .object(var pairs)? = try? JSONValue.parse(revision.fileText) else {
            throw HTTPError(500, "history_damaged", "revision \(number) of “\(name)” cannot be read")
        }
        pairs.append(("revision", Self.revisionJSON(number)))
        pairs.append(("deleted", .bool(revision.deleted)))
        pairs.append(("savedAt", .string(revision.savedAt)))
        pairs.append(("savedBy", .string(revision.author)))
        pairs.append(("message", .string(revision.message)))
        pairs.append(("parametersSha256", .string(revision.parametersSHA256)))
        return .json(.object(pairs))
    }

    /// `{"revision"}` → the preset as its new revision (201).
    package func restorePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let number = try request.decodeBody(RestoreRequest.self).revision
        let restored: (entry: PresetStore.Entry, logged: DecisionLogEntry?)
        do {
            restored = try app.presets.restore(name, revision: number, ifMatch: request.header("if-match").map(Self.unquote), author: request.author.user)
        } catch PresetStore.SaveError.conflict {
            throw HTTPError(409, "conflict", "“\(name)” changed in the meantime, or another preset holds its name", field: "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        let entry = restored.entry
        return try savedAnswer(entry.preset.name, entry, logged: restored.logged) { () throws(HTTPError) -> HTTPResponse in
            var response = try presetResponse(entry)
            response.status = 201
            return response
        }
    }

    /// `[{"id", "revision", "author", "decision", "reviewers", "comment", "time"}]`, oldest first.
    package func listReviews(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let reviews: [PresetReviews.Review]?
        do { reviews = try app.presets.reviewList(of: name) } catch { throw Self.storeError(error, name: name) }
        guard let reviews else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        let limit = try Self.integerQuery(request, "limit", 1...1_000) ?? 200
        let before = try Self.integerQuery(request, "before", 1...Int(Int32.max))
        let older = reviews.filter { before == nil || $0.id < Int64(before!) }
        let page = Paging.page(Array(older.reversed()), limit: limit, id: { String($0.id) }, encode: { JSONValueEncoder.encode($0) })
        return Paging.response(page.entries.reversed(), total: reviews.count, next: page.next, request: request, limit: limit)
    }

    /// `{"revision", "decision": "approve"|"request-changes"|"request-review", "comment"?, "reviewers"?}`
    /// (reviewers are required to request a review) → the review and the preset's status (201).
    package func postReview(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let asked = try request.decodeBody(ReviewRequest.self)
        let number = asked.revision, decision = asked.decision, comment = asked.comment, reviewers = asked.reviewers
        let acknowledged = asked.acknowledgeReadability, honestyAcknowledged = asked.acknowledgeHonesty
        // Every failing check the approval is given despite: kept with it and signed with its exports.
        let readability = decision == .approve ? try readabilityOverride(name, revision: number, acknowledged: acknowledged) : nil
        let honesty = decision == .approve ? try honestyOverride(name, revision: number, acknowledged: honestyAcknowledged) : nil
        let overridden = [readability, honesty].compactMap { $0 }
        let note = overridden.isEmpty ? nil : overridden.map(\.note).joined(separator: "; ")
        let recorded: (review: PresetReviews.Review, status: PresetReviews.Status, logged: DecisionLogEntry)
        do {
            // A review is by a person (Authorship refuses a write without one); the name is theirs.
            recorded = try app.presets.review(name, revision: number, decision: decision, reviewers: reviewers, comment: comment, author: request.author.user,
                                          readability: note, overrides: overridden.flatMap(\.failures))
        } catch {
            throw Self.storeError(error, name: name)
        }
        app.decisions.announce(recorded.logged)
        if decision != .requestReview { noticeAuthor(ReviewNotice(name: name, review: recorded.review)) }
        return HTTPResponse.answer(Joined(recorded.review, ReviewedStatus(status: recorded.status)), status: 201)
            .announcing("review", [("name", .string(name)), ("revision", Self.revisionJSON(number)), ("decision", .string(decision.rawValue)),
                                   ("reviewers", .array(reviewers.map(JSONValue.string))), ("comment", .string(comment)),
                                   ("status", JSONValueEncoder.encode(recorded.status))])
    }

    /// An approval of a revision that fails the engine's readability check is taken only when the
    /// reviewer says they saw the failures (`acknowledgeReadability`): the decision log then says
    /// so in words, and the approval keeps each failure as a sentence (signed with the exports it
    /// approves). Nil when the revision passes (or is not there: the store answers that).
    func readabilityOverride(_ name: String, revision number: Int, acknowledged: Bool) throws(HTTPError) -> (note: String, failures: [String])? {
        guard let revision = try? app.presets.revision(of: name, number: number), !revision.deleted,
              let preset = try? Preset(fileText: revision.fileText) else { return nil }
        let report = ReadabilityReport(style: preset.style)
        guard !report.pass else { return nil }
        let count = counted(report.failures.count, "readability check", "readability checks")
        guard acknowledged else {
            throw HTTPError(409, "readability_not_acknowledged",
                            "revision \(number) of “\(name)” fails \(count) (\(report.failures[0])); to approve it anyway, send \"acknowledgeReadability\": true",
                            field: "acknowledgeReadability")
        }
        return ("approved knowing it fails \(count): " + report.failures.joined(separator: "; "), report.failures)
    }

    /// An approval of a revision that fails the honesty check (docs/honesty.md) on the event
    /// scenarios (`HonestyMarkets.eventScenarios`, as the review shows it) is taken only with
    /// `acknowledgeHonesty`, exactly as readability's: the log then
    /// names the failures, and the approval keeps each as "Honesty: …" (signed with its exports).
    func honestyOverride(_ name: String, revision number: Int, acknowledged: Bool) throws(HTTPError) -> (note: String, failures: [String])? {
        guard let revision = try? app.presets.revision(of: name, number: number), !revision.deleted,
              let preset = try? Preset(fileText: revision.fileText),
              let report = try? HonestyMarkets.report(preset.style, scenarios: HonestyMarkets.eventScenarios.map(\.rawValue), in: app.scenarios),
              !report.pass else { return nil }
        let count = counted(report.failures.count, "honesty check", "honesty checks")
        guard acknowledged else {
            throw HTTPError(409, "honesty_not_acknowledged",
                            "revision \(number) of “\(name)” fails \(count) (\(report.failures[0])); to approve it anyway, send \"acknowledgeHonesty\": true",
                            field: "acknowledgeHonesty")
        }
        let note = "approved knowing it fails \(count): " + report.failures.prefix(5).joined(separator: "; ") + (report.failures.count > 5 ? "; …" : "")
        return (note, report.failures.map { "Honesty: " + $0 })
    }

    /// The revision's author hears of an approval or a change request, with the comment, on every
    /// page they have open; the review inbox keeps it until they read it.
    private func noticeAuthor(_ notice: ReviewNotice) {
        guard let revision = try? app.presets.revision(of: notice.name, number: notice.review.revision),
              let author = try? app.people.person(named: revision.author) else { return }
        app.notices.notify(author.id, "notice", JSONValueEncoder.encode(notice))
    }
}
