import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import Foundation

/// Presets: list, read, save (with revisions), rename, delete, export.
extension WorkbenchApp {
    /// Summaries (no notes), sorted by name, a page at a time: `limit` (1–1000, 200 by default)
    /// from `offset`; `next` is the next page's offset, null on the last.
    package func listPresets(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let limit = try Self.integerQuery(request, "limit", 1...PresetStore.Limits.presets) ?? 200
        let offset = try Self.integerQuery(request, "offset", 0...Int(Int32.max)) ?? 0
        let (entries, problems) = presets.list()
        let page = entries.dropFirst(offset).prefix(limit)
        let next = offset + page.count < entries.count ? offset + page.count : nil
        return .json(.object([
            ("presets", .array(page.map { entry in
                .object([("name", .string(entry.preset.name)), ("author", .string(entry.preset.author)),
                         ("updatedAt", .string(entry.preset.updatedAt)), ("revision", Self.revisionJSON(entry.revision)),
                         ("warnings", .array(entry.preset.warnings.map(JSONValue.string)))])
            })),
            ("total", .number(Double(entries.count))), ("next", next.map { .number(Double($0)) } ?? .null),
            ("problems", .array(problems.map { .object([("file", .string($0.fileName)), ("message", .string($0.message))]) })),
        ]))
    }

    package func getPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let entry = try existingPreset(request)
        return try presetResponse(entry)
    }

    /// Body: `{"author", "notes", "parameters", "message"?}` (a whole preset file works too).
    /// `If-Match` guards against overwriting someone else's save; `If-None-Match: *` only creates.
    package func putPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        var body = try request.jsonObject()
        let message = try Self.message(&body)
        // The server sets the time of a save; what a body says is not read.
        body.removeAll { $0.0 == "updatedAt" }
        var preset: Preset
        do { preset = try Preset(json: .object(body), requireEnvelope: false) } catch { throw HTTPError(error) }
        if !preset.name.isEmpty && preset.name != name {
            throw .badRequest("the name in the body differs from the name in the path; use rename", field: "name")
        }
        preset.name = name
        preset.updatedAt = Preset.now()
        if preset.author.isEmpty { preset.author = request.author.user }
        let saved: (entry: PresetStore.Entry, created: Bool, logged: DecisionLogEntry?)
        do {
            saved = try presets.save(preset, ifMatch: request.header("if-match").map(Self.unquote),
                                     mustBeNew: request.header("if-none-match") == "*", author: request.author.user, message: message)
        } catch PresetStore.SaveError.conflict(let current) {
            let message = if request.header("if-none-match") == "*" { "a preset named \"\(name)\" already exists" }
                else if let current { "someone saved \"\(name)\" in the meantime (revision \(current)); reload it before saving" }
                else { "there is no preset named \"\(name)\" to save over" }
            throw HTTPError(409, "conflict", message, field: request.header("if-none-match") == "*" ? "If-None-Match" : "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        let entry = saved.entry
        announce(saved.logged)
        drafts.saved(name, seed: DraftStore.Seed(revision: entry.revision, parameters: entry.preset.json["parameters"]?.objectPairs ?? []))
        var response = try presetResponse(entry)
        if saved.created { response.status = 201 }
        return response.announcing("preset", [("action", .string("saved")), ("name", .string(name)), ("revision", Self.revisionJSON(entry.revision))])
    }

    package func renamePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        guard let rawName = try request.jsonObject().first(where: { $0.0 == "newName" })?.1.stringValue else { throw .badRequest("is required", field: "newName") }
        let newName: String
        do { newName = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        let renamed: (entry: PresetStore.Entry, logged: DecisionLogEntry?)?
        do {
            renamed = try presets.rename(name, to: newName, ifMatch: request.header("if-match").map(Self.unquote), author: request.author.user)
        } catch PresetStore.SaveError.conflict(let current) {
            throw HTTPError(409, "conflict", current == nil ? "a preset named \"\(newName)\" already exists" : "the preset changed in the meantime",
                            field: current == nil ? "newName" : "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        guard let renamed else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        let entry = renamed.entry
        announce(renamed.logged)
        drafts.renamed(name, to: newName, revision: entry.revision)
        // The preset is renamed whatever happens to its threads: a failure leaves them findable under the old name.
        try? comments.rename(name, to: newName)
        return try presetResponse(entry).announcing("preset", [("action", .string("renamed")), ("name", .string(newName)), ("oldName", .string(name)),
                                                              ("revision", Self.revisionJSON(entry.revision))])
    }

    package func deletePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let deleted: (revision: Int, logged: DecisionLogEntry?)?
        do {
            deleted = try presets.delete(name, ifMatch: request.header("if-match").map(Self.unquote), author: request.author.user)
        } catch PresetStore.SaveError.conflict {
            throw HTTPError(409, "conflict", "someone saved \"\(name)\" in the meantime; reload before deleting", field: "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        guard let deleted else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        announce(deleted.logged)
        drafts.deleted(name)
        return .json(.object([("deleted", .string(name)), ("revision", Self.revisionJSON(deleted.revision))]))
            .announcing("preset", [("action", .string("deleted")), ("name", .string(name)), ("revision", Self.revisionJSON(deleted.revision))])
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
        do { revisions = try presets.revisions(of: name, limit: limit, before: before) } catch { throw Self.storeError(error, name: name) }
        guard let revisions else { throw HTTPError(404, "not_found", "no preset named \"\(name)\" has a history", field: "name") }
        let total = (try? presets.history.record(named: name))??.latest ?? revisions.count
        return HTTPResponse.json(.array(revisions.map { revision in
            .object([("revision", Self.revisionJSON(revision.number)), ("author", .string(revision.author)), ("savedAt", .string(revision.savedAt)),
                     ("message", .string(revision.message)), ("deleted", .bool(revision.deleted)), ("name", .string(revision.name))])
        })).adding("X-Total-Count", String(total))
    }

    /// That revision's preset file, with its revision number.
    package func getRevision(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        // A path naming no possible revision names nothing there is.
        guard let number = try? Self.revisionNumber(request.pathParameters["revision"].map(JSONValue.string), field: "revision") else {
            throw HTTPError(404, "not_found", "“\(name)” has no such revision", field: "revision")
        }
        let revision: PresetHistory.Revision?
        do { revision = try presets.revision(of: name, number: number) } catch { throw Self.storeError(error, name: name) }
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
        let body = try request.jsonObject()
        let number = try Self.revisionNumber(body.first { $0.0 == "revision" }?.1, field: "revision")
        let restored: (entry: PresetStore.Entry, logged: DecisionLogEntry?)
        do {
            restored = try presets.restore(name, revision: number, ifMatch: request.header("if-match").map(Self.unquote), author: request.author.user)
        } catch PresetStore.SaveError.conflict {
            throw HTTPError(409, "conflict", "“\(name)” changed in the meantime, or another preset holds its name", field: "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        let entry = restored.entry
        announce(restored.logged)
        drafts.saved(entry.preset.name, seed: DraftStore.Seed(revision: entry.revision, parameters: entry.preset.json["parameters"]?.objectPairs ?? []))
        var response = try presetResponse(entry)
        response.status = 201
        return response.announcing("preset", [("action", .string("saved")), ("name", .string(entry.preset.name)), ("revision", Self.revisionJSON(entry.revision))])
    }

    /// `[{"id", "revision", "author", "decision", "reviewers", "comment", "time"}]`, oldest first.
    package func listReviews(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let reviews: [PresetReviews.Review]?
        do { reviews = try presets.reviewList(of: name) } catch { throw Self.storeError(error, name: name) }
        guard let reviews else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        return .json(.array(reviews.map(Self.reviewJSON)))
    }

    /// `{"revision", "decision": "approve"|"request-changes"|"request-review", "comment"?, "reviewers"?}`
    /// (reviewers are required to request a review) → the review and the preset's status (201).
    package func postReview(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let body = try request.jsonObject()
        func field(_ key: String) -> JSONValue? { body.last { $0.0 == key }?.1 }
        if let unknown = body.first(where: { !["revision", "decision", "comment", "reviewers"].contains($0.0) }) {
            throw .badRequest("is not a field of a review (revision, decision, comment, reviewers)", field: unknown.0)
        }
        let number = try Self.revisionNumber(field("revision"), field: "revision")
        guard let decisionText = field("decision")?.stringValue, let decision = PresetReviews.Decision(rawValue: decisionText) else {
            throw .badRequest("must be one of \(PresetReviews.Decision.allCases.map(\.rawValue).joined(separator: ", "))", field: "decision")
        }
        let comment: String
        switch field("comment") {
        case nil, .null?: comment = ""
        case .string(let text)?:
            guard text.count <= PresetReviews.Limits.commentCharacters, text.utf8.count <= PresetReviews.Limits.commentBytes else {
                throw .badRequest("must be at most \(PresetReviews.Limits.commentCharacters) characters", field: "comment")
            }
            comment = text
        default: throw .badRequest("must be a string", field: "comment")
        }
        var reviewers: [String] = []
        switch field("reviewers") {
        case nil, .null?: break
        case .array(let values)?:
            guard values.count <= PresetReviews.Limits.reviewers else { throw .badRequest("names at most \(PresetReviews.Limits.reviewers) people", field: "reviewers") }
            for value in values {
                guard let person = value.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !person.isEmpty,
                      person.utf8.count <= PresetReviews.Limits.reviewerBytes else {
                    throw .badRequest("must be a list of names (1–\(PresetReviews.Limits.reviewerBytes) bytes each)", field: "reviewers")
                }
                if !reviewers.contains(person) { reviewers.append(person) }
            }
        default: throw .badRequest("must be a list of names", field: "reviewers")
        }
        if decision == .requestReview && reviewers.isEmpty { throw .badRequest("name at least one reviewer to request a review", field: "reviewers") }
        if decision != .requestReview && !reviewers.isEmpty { throw .badRequest("only a review request names reviewers", field: "reviewers") }
        let recorded: (review: PresetReviews.Review, status: PresetReviews.Status, logged: DecisionLogEntry)
        do {
            // A review says who signed off: a page without a name is told apart by its id, as a voter is.
            recorded = try presets.review(name, revision: number, decision: decision, reviewers: reviewers, comment: comment, author: Self.voter(request))
        } catch {
            throw Self.storeError(error, name: name)
        }
        announce(recorded.logged)
        var json = Self.reviewJSON(recorded.review)
        if case .object(var pairs) = json { pairs.append(("status", Self.statusJSON(recorded.status))); json = .object(pairs) }
        return HTTPResponse.json(json, status: 201)
            .announcing("review", [("name", .string(name)), ("revision", Self.revisionJSON(number)), ("decision", .string(decision.rawValue)),
                                   ("reviewers", .array(reviewers.map(JSONValue.string))), ("comment", .string(comment)),
                                   ("status", Self.statusJSON(recorded.status))])
    }

    /// A revision as the API writes it: its number as a string ("3"), usable as it is in
    /// `If-Match` and in paths; numbers are accepted where a revision is read.
    package static func revisionJSON(_ number: Int) -> JSONValue { .string(String(number)) }

    package static func reviewJSON(_ review: PresetReviews.Review) -> JSONValue {
        .object([("id", .number(Double(review.id))), ("revision", Self.revisionJSON(review.revision)), ("author", .string(review.author)),
                 ("decision", .string(review.decision.rawValue)), ("reviewers", .array(review.reviewers.map(JSONValue.string))),
                 ("comment", .string(review.comment)), ("time", .string(review.time))])
    }

    package static func statusJSON(_ status: PresetReviews.Status) -> JSONValue {
        .object([("state", .string(status.state.rawValue)), ("approvedRevision", status.approvedRevision.map(revisionJSON) ?? .null),
                 ("approvers", .array(status.approvers.map(JSONValue.string))), ("approvedAt", status.approvedAt.map(JSONValue.string) ?? .null)])
    }

    /// `?format=…` and `revision` (a number, or `approved`; the current one by default). Every
    /// export carries its provenance and is recorded in the decision log.
    package func exportPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let exported: (preset: Preset, provenance: Provenance)
        do { exported = try presets.exportable(name, revision: request.query["revision"]) } catch { throw Self.storeError(error, name: name) }
        let formatName = request.query["format"] ?? "json"
        let response: HTTPResponse
        if let platform = HandoffBundle.Platform(rawValue: formatName) {
            response = try bundleResponse(exported.preset, platform, provenance: exported.provenance)
        } else {
            guard let format = ExportFormat(rawValue: formatName) else {
                let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
                throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
            }
            let text = format.export(exported.preset, data: data.snapshot.data, provenance: exported.provenance)
            let fileName = format.fileName(for: exported.preset.name)
            response = HTTPResponse(contentType: format.contentType, text: text)
                .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
        }
        recordExport(exported.provenance, format: formatName, by: request.author.user)
        return response
    }

    package func recordExport(_ provenance: Provenance, format: String, by author: String) {
        let what = provenance.revision.map { "revision \($0) (\(provenance.status))" } ?? "unsaved parameters"
        recordDecision("export", preset: provenance.preset, revision: provenance.revision, by: author,
                       summary: "exported “\(provenance.preset)” \(what) as \(format)", details: provenance.json())
    }

    /// `POST /api/export`: what is on screen, saved or not — the parameters of a render request
    /// (over `preset` when given), the view (`width`, `height`, `period`, `background`), a
    /// `name` (and `author`, `notes`) and the `format`.
    package func exportCurrent(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        var values = try request.jsonValues()
        let formatName = try values.removeValue(forKey: "format")?.text(field: "format") ?? "json"
        let rawName = try values.removeValue(forKey: "name")?.text(field: "name") ?? "Untitled"
        let author = try values.removeValue(forKey: "author")?.text(field: "author") ?? ""
        let notes = try values.removeValue(forKey: "notes")?.text(field: "notes") ?? ""
        let backgroundName = try values.removeValue(forKey: "background")?.text(field: "background") ?? "light"
        // The saved preset's time when the page exports it as saved; otherwise now.
        let updatedAt = try values.removeValue(forKey: "updatedAt")?.text(field: "updatedAt") ?? Preset.now()
        guard updatedAt.utf8.count <= Preset.Limits.updatedAtBytes, ISO8601DateFormatter().date(from: updatedAt) != nil else {
            throw .badRequest("must be a time such as 2026-11-22T09:46:15Z", field: "updatedAt")
        }
        guard let background = SVGExport.Background(rawValue: backgroundName) else { throw .badRequest("must be light or dark", field: "background") }
        let name: String
        do { name = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        guard author.utf8.count <= Preset.Limits.authorBytes else { throw .badRequest("is too long", field: "author") }
        guard notes.utf8.count <= Preset.Limits.notesBytes else { throw .badRequest("is too long", field: "notes") }
        let savedName = try values["preset"]?.text(field: "preset")
        let view = try RenderRequest(values, base: try baseStyle(values))
        let preset = Preset(name: name, author: author, notes: notes, updatedAt: updatedAt, style: view.style)
        let provenance = presets.provenance(of: preset, savedAs: savedName)
        if let platform = HandoffBundle.Platform(rawValue: formatName) {
            let response = try bundleResponse(preset, platform, provenance: provenance)
            recordExport(provenance, format: formatName, by: request.author.user)
            return response
        }
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
            throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
        }
        let text = format == .svg
            ? provenance.stamp(SVGExport.animated(preset, data: data.snapshot.data, width: view.width, height: view.height, period: view.period,
                                                  background: background), as: Provenance.Carrier.xmlComment)
            : format.export(preset, data: data.snapshot.data, provenance: provenance)
        let fileName = format.fileName(for: name)
        recordExport(provenance, format: formatName, by: request.author.user)
        return HTTPResponse(contentType: format.contentType, text: text)
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }

    /// An ios/android handoff bundle as a .zip download.
    package func bundleResponse(_ preset: Preset, _ platform: HandoffBundle.Platform, provenance: Provenance?) throws(HTTPError) -> HTTPResponse {
        let bytes: [UInt8]
        let bundle: HandoffBundle
        do {
            bundle = HandoffBundle(preset: preset, platform: platform, root: try HandoffBundle.findRoot(), provenance: provenance)
            bytes = try bundle.zip()
        } catch {
            throw HTTPError(500, "bundle_failed", "cannot build the \(platform.rawValue) bundle: \(error)")
        }
        let fileName = bundle.folderName + ".zip"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/zip")], body: .bytes(bytes))
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }

    // MARK: Helpers

    private func presetName(_ request: RequestContext) throws(HTTPError) -> String {
        try request.presetNameInPath()
    }

    private func existingPreset(_ request: RequestContext) throws(HTTPError) -> PresetStore.Entry {
        let name = try presetName(request)
        guard let entry = presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        return entry
    }

    private func presetResponse(_ entry: PresetStore.Entry) throws(HTTPError) -> HTTPResponse {
        let status: PresetReviews.Status
        do { status = try presets.status(of: entry.preset.name) ?? .draft } catch { throw Self.storeError(error, name: entry.preset.name) }
        var json = entry.preset.json
        if case .object(var pairs) = json {
            pairs.append(("revision", Self.revisionJSON(entry.revision)))
            pairs.append(("status", Self.statusJSON(status)))
            pairs.append(("warnings", .array(entry.preset.warnings.map(JSONValue.string))))
            json = .object(pairs)
        }
        return HTTPResponse.json(json).adding("ETag", "\"\(entry.revision)\"")
    }

    /// A store's refusal or failure as an answer: 404, 400 for a revision that cannot be used,
    /// 507 when the folder is full, else 500 in plain words naming the preset and the problem.
    package static func storeError(_ error: any Error, name: String) -> HTTPError {
        switch error {
        case PresetStore.SaveError.invalid(let problem): return HTTPError(problem)
        case PresetStore.SaveError.notFound: return HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name")
        case PresetStore.SaveError.noRevision(let why): return HTTPError(404, "not_found", why, field: "revision")
        case PresetStore.SaveError.full(let why): return HTTPError(507, "insufficient_storage", why)
        case PresetStore.SaveError.storage(let words):
            return HTTPError(words.contains("full") ? 507 : 500, words.contains("full") ? "insufficient_storage" : "write_failed", words)
        case PresetStore.SaveError.conflict: return HTTPError(409, "conflict", "“\(name)” changed in the meantime", field: "If-Match")
        default: return HTTPError(500, "write_failed", PresetStore.plainWords(error, name: name, doing: "saved"))
        }
    }

    /// The largest revision number a request may name (nine digits).
    package static let maxRevision = 999_999_999

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

    /// Takes a save's optional `message` out of the body: why this revision was saved.
    package static func message(_ body: inout [(String, JSONValue)]) throws(HTTPError) -> String {
        guard let index = body.lastIndex(where: { $0.0 == "message" }) else { return "" }
        let value = body[index].1
        body.removeAll { $0.0 == "message" }
        switch value {
        case .null: return ""
        case .string(let text):
            guard text.count <= PresetHistory.Limits.messageCharacters, text.utf8.count <= PresetHistory.Limits.messageBytes else {
                throw .badRequest("must be at most \(PresetHistory.Limits.messageCharacters) characters", field: "message")
            }
            return text
        default: throw .badRequest("must be a string", field: "message")
        }
    }

    package static func unquote(_ text: String) -> String {
        var t = Substring(text)
        if t.hasPrefix("W/") { t = t.dropFirst(2) }
        if t.hasPrefix("\"") && t.hasSuffix("\"") && t.count >= 2 { t = t.dropFirst().dropLast() }
        return String(t)
    }
}

extension RequestContext {
    /// The `{name}` of the path as a preset name. A name no preset can have is a bad request
    /// when saving under it (`PUT`), and not found anywhere else: nothing can be there.
    package func presetNameInPath() throws(HTTPError) -> String {
        do { return try Preset.validName(pathParameters["name"] ?? "") } catch {
            if request.method == "PUT" { throw HTTPError(error) }
            throw HTTPError(404, "not_found", "no preset is called that: \(error.message)", field: "name")
        }
    }
}

extension HTTPError {
    /// A refused preset, name or value is the client's to fix.
    package init(_ error: PresetError) { self.init(400, "bad_request", error.message, field: error.field) }
}
