import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Each preset's live document: its saved revision and the team's unsaved changes.
struct DraftRoutes: PresetReading, PublishingEvents {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/drafts/{name}", "A preset's live document: its saved revision (saved, baseRevision) and the team's unsaved changes (parameters, version, changes with author and keys)",
              answers: [.json("the draft")], errors: [404]) { try getDraft($0) }
        r.post("/api/drafts/{name}/changes", "Change the preset's draft ({\"parameters\", \"step\"}) or undo your own step on it ({\"undoOf\": step, \"step\"}); keys others changed since are left alone",
               schema: DraftChangeRequest.schema, answers: [.json("the draft after the change")], errors: [404, 409]) { try postDraftChange($0) }
    }

    /// `GET /api/drafts/{name}`.
    package func getDraft(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try draftName(request)
        guard let seed = draftSeed(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        let snapshot = app.drafts.snapshot(name, seed: seed)
        return .answer(Joined(DraftStateAnswer(snapshot), DraftContents(snapshot)))
    }

    /// `POST /api/drafts/{name}/changes {"parameters": {...}, "step"?}` or `{"undoOf": step, "step"?}`.
    package func postDraftChange(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try draftName(request)
        let asked = try request.decodeBody(DraftChangeRequest.self)
        let step = asked.step, edit = asked.edit
        let author = DraftStore.Author(user: request.author.user, client: request.author.client, step: step)
        do {
            let outcome = try app.drafts.apply(edit, to: name, by: author) { draftSeed(name) }
            return .answer(Joined(DraftStateAnswer(outcome.snapshot), DraftChanged(
                change: ChangeAnswer(outcome.change), skipped: outcome.skipped,
                message: outcome.skipped.isEmpty ? nil : Self.skippedMessage(outcome.skipped, by: outcome.skippedBecauseOf))))
        } catch {
            switch error {
            case .noPreset: throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name")
            case .nothingToUndo: throw HTTPError(409, "nothing_to_undo", "nothing of yours to undo on \"\(name)\"", field: "undoOf")
            case .changedByOthers(let keys, let by):
                throw HTTPError(409, "changed_by_others", Self.skippedMessage(keys, by: by) + "; nothing was undone", field: "undoOf")
            }
        }
    }

    /// The `draft` event of a change (or of a save folded into the draft).
    static func draftEvent(_ snapshot: DraftStore.Snapshot, _ change: DraftStore.Change?) -> JSONValue {
        JSONValueEncoder.encode(DraftEvent(snapshot: snapshot, change: change))
    }

    private static func skippedMessage(_ keys: [String], by people: [String]) -> String {
        let labels = keys.map { ParameterDefinition.named($0)?.label ?? $0 }
        let names = people.map { $0.isEmpty ? "someone" : $0 }
        return "\(labels.joined(separator: ", ")) changed by \(names.joined(separator: ", ")) since; left as it is"
    }

    /// The saved revision a draft starts from, nil when the preset does not exist.
    package func draftSeed(_ name: String) -> DraftStore.Seed? {
        guard let entry = app.presets.get(name) else { return nil }
        return DraftStore.Seed(revision: entry.revision, parameters: entry.preset.parameters)
    }

    private func draftName(_ request: RequestContext) throws(HTTPError) -> String {
        try request.presetNameInPath()
    }

    /// A page's undo step id: short printable text.
}
