import HTTPServer
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Figma Variables into a preset's colours and widths (docs/tokens.md): a preview of what
/// changes, then, when asked, the changes saved as the preset's next revision.
struct FigmaRoutes: PresetSaving {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.post("/api/presets/{name}/figma", "Import Figma Variables into a preset's colours and widths: {variables, apply?, revision?}. Without apply, what would change; with apply, saved as the next revision (revision: the one the preview was of, else 409)",
               schema: RequestSchema.of(FigmaImportRequest.self).body(), answers: [.json("the changes, unchanged parameters, notes and ignored variables; with apply, the saved revision")], errors: [400, 404, 409]) {
            try importFigma($0)
        }
    }

    package func importFigma(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let entry = try existingPreset(request)
        let asked = try request.decodeBody(FigmaImportRequest.self)
        let variables = asked.variables, apply = asked.apply, seen = asked.revision
        let preview: FigmaVariables.Preview
        do { preview = try FigmaVariables.preview(variables, into: entry.preset) } catch {
            throw HTTPError(400, "invalid_figma_variables", error.message, field: error.field)
        }
        var answer = preview.json.objectPairs ?? []
        answer.insert(("revision", Self.revisionJSON(entry.revision)), at: 0)
        guard apply, !preview.changes.isEmpty else { return .json(.object(answer + [("saved", .null)])) }
        var updated = preview.result
        updated.updatedAt = Preset.now()
        let saved: (entry: PresetStore.Entry, created: Bool, logged: DecisionLogEntry?)
        do {
            saved = try app.presets.save(updated, ifMatch: seen ?? String(entry.revision), author: request.author.user, message: "Imported from Figma Variables")
        } catch PresetStore.SaveError.conflict(let current) {
            throw HTTPError(409, "conflict", "someone saved \"\(entry.preset.name)\" since the preview (revision \(current.map(String.init) ?? "none")); preview again", field: "revision")
        } catch {
            throw Self.storeError(error, name: entry.preset.name)
        }
        return try savedAnswer(entry.preset.name, saved.entry, logged: saved.logged) { () throws(HTTPError) -> HTTPResponse in
            HTTPResponse.json(.object(answer + [("saved", Self.revisionJSON(saved.entry.revision))]))
        }
    }
}
