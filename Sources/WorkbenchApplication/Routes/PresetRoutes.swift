import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Presets: list, read, save (each save a revision), rename, delete.
struct PresetRoutes: PresetSaving {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/presets", "List presets: summaries without notes, sorted by name, a page at a time (limit 1–1000, 200 by default, from offset; next is the next page's offset)",
              query: [.init("limit", OpenAPIDocument.range(1...Double(PresetStore.Limits.presets), integer: true)), .init("offset", OpenAPIDocument.range(0...Double(Int32.max), integer: true))],
              answers: [.json("presets, total, next and problems", PresetListAnswer.self)]) { try listPresets($0) }
        r.get("/api/presets/{name}", "Read a preset, with its revision number and status (draft, in-review or approved: approvedRevision, approvers, approvedAt) and, for a person, yourReview: whether they may approve or ask for changes to the newest revision (mayDecide) and why not", answers: [.json("the preset with its revision")], errors: [404]) {
            try getPreset($0)
        }
        r.put("/api/presets/{name}", "Save a preset (If-Match: revision; If-None-Match: * to only create)",
              schema: RequestSchema.of(SavePresetRequest.self).body(open: true), answers: [.json("saved"), .json("created", status: 201)], errors: [409, 500, 507]) { try putPreset($0) }
        r.delete("/api/presets/{name}", "Delete a preset (If-Match: revision)", answers: [.json("deleted", DeletedAnswer.self)], errors: [404, 409, 500]) {
            try deletePreset($0)
        }
        r.post("/api/presets/{name}/rename", "Rename a preset ({\"newName\"})", schema: RequestSchema.of(RenameRequest.self).body(), answers: [.json("the renamed preset")], errors: [404, 409, 500]) {
            try renamePreset($0)
        }
    }

    /// Summaries (no notes), sorted by name, a page at a time: `limit` (1–1000, 200 by default)
    /// from `offset`; `next` is the next page's offset, null on the last.
    package func listPresets(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let limit = try Self.integerQuery(request, "limit", 1...PresetStore.Limits.presets) ?? 200
        let offset = try Self.integerQuery(request, "offset", 0...Int(Int32.max)) ?? 0
        let (entries, problems) = app.presets.list()
        let page = entries.dropFirst(offset).prefix(limit)
        let next = offset + page.count < entries.count ? offset + page.count : nil
        return .answer(PresetListAnswer(presets: Array(page), total: entries.count, next: next, problems: problems))
    }

    package func getPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let entry = try existingPreset(request)
        return try presetResponse(entry, reader: request.author)
    }

    /// Body: `{"author", "notes", "parameters", "message"?, "from"?}` (a whole preset file works too).
    /// `If-Match` guards against overwriting someone else's save; `If-None-Match: *` only creates.
    package func putPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let body = try request.decodeBody(SavePresetRequest.self)
        let (message, source) = (body.message, body.source)
        var preset: Preset
        do { preset = try JSONValueDecoder().decode(Preset.self, from: .object(body.preset)) } catch let error as PresetError { throw HTTPError(error) } catch { throw HTTPError(PresetError("\(error)")) }
        if !preset.name.isEmpty && preset.name != name {
            throw .badRequest("the name in the body differs from the name in the path; use rename", field: "name")
        }
        preset.name = name
        preset.updatedAt = Preset.now()
        let saved: (entry: PresetStore.Entry, created: Bool, logged: DecisionLogEntry?)
        do {
            saved = try app.presets.save(preset, ifMatch: request.header("if-match").map(Self.unquote),
                                     mustBeNew: request.header("if-none-match") == "*", author: request.author.user, message: message, source: source,
                                     contributors: contributors(to: preset, drafts: [name] + (source.map { [$0] } ?? []), saver: request.author.user))
        } catch PresetStore.SaveError.conflict(let current) {
            let message = if request.header("if-none-match") == "*" { "a preset named \"\(name)\" already exists" }
                else if let current { "someone saved \"\(name)\" in the meantime (revision \(current)); reload it before saving" }
                else { "there is no preset named \"\(name)\" to save over" }
            throw HTTPError(409, "conflict", message, field: request.header("if-none-match") == "*" ? "If-None-Match" : "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        return try savedAnswer(name, saved.entry, logged: saved.logged) { () throws(HTTPError) -> HTTPResponse in
            if body.resetSourceDraft, saved.created, let source, source != name { app.drafts.reset(source) }
            var response = try presetResponse(saved.entry)
            if saved.created { response.status = 201 }
            return response
        }
    }

    /// Who else's shared-draft edits the save carries: everyone who changed a key in `drafts`
    /// since it was saved, where the saved parameters hold another value than the draft's preset
    /// (an edit taken back changed nothing). Their approval of these parameters would be of their
    /// own work (the designer edits, the PM presses Save), on the keys they changed. Read from the
    /// draft's `changedBy`, which keeps every author however many changes follow.
    private func contributors(to preset: Preset, drafts names: [String], saver: String) -> [PresetStore.Contribution] {
        let saved = preset.parameters
        var edits: [(person: String, keys: [String])] = []
        for name in names {
            let before = app.presets.get(name)?.preset.parameters ?? []
            let draft = app.drafts.snapshot(name, seed: DraftStore.Seed(revision: 0, parameters: []))
            for (key, value) in saved where !before.contains(where: { $0.0 == key && $0.1 == value }) {
                edits += (draft.changedBy[key] ?? []).sorted().filter { $0 != saver }.map { ($0, [key]) }
            }
        }
        return PresetStore.Contribution.collecting(edits)
    }

    package func renamePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let rawName = try request.decodeBody(RenameRequest.self).newName
        let newName: String
        do { newName = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        let renamed: (entry: PresetStore.Entry, logged: DecisionLogEntry?)?
        do {
            renamed = try app.presets.rename(name, to: newName, ifMatch: request.header("if-match").map(Self.unquote), author: request.author.user)
        } catch PresetStore.SaveError.conflict(let current) {
            throw HTTPError(409, "conflict", current == nil ? "a preset named \"\(newName)\" already exists" : "the preset changed in the meantime",
                            field: current == nil ? "newName" : "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        guard let renamed else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        let entry = renamed.entry
        app.decisions.announce(renamed.logged)
        app.drafts.renamed(name, to: newName, revision: entry.revision)
        // The preset is renamed whatever happens to its threads: a failure leaves them findable under the old name.
        try? app.comments.rename(name, to: newName)
        return try presetResponse(entry).announcing("preset", [("action", .string("renamed")), ("name", .string(newName)), ("oldName", .string(name)),
                                                              ("revision", Self.revisionJSON(entry.revision))])
    }

    package func deletePreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let deleted: (revision: Int, logged: DecisionLogEntry?)?
        do {
            deleted = try app.presets.delete(name, ifMatch: request.header("if-match").map(Self.unquote), author: request.author.user)
        } catch PresetStore.SaveError.conflict {
            throw HTTPError(409, "conflict", "someone saved \"\(name)\" in the meantime; reload before deleting", field: "If-Match")
        } catch {
            throw Self.storeError(error, name: name)
        }
        guard let deleted else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        app.decisions.announce(deleted.logged)
        app.drafts.deleted(name)
        return .answer(DeletedAnswer(deleted: name, revision: String(deleted.revision)))
            .announcing("preset", [("action", .string("deleted")), ("name", .string(name)), ("revision", Self.revisionJSON(deleted.revision))])
    }
}
