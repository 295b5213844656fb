import HTTPServer
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Figma Variables into a preset's colours and widths (docs/tokens.md): a preview of what
/// changes, then, when asked, the changes saved as the preset's next revision.
struct FigmaRoutes: PresetReading {
    let presets: PresetStore
    let drafts: DraftStore
    let decisions: DecisionRecorder
    let events: EventHub

    var middlewares: [any Middleware] { [EventPublisher(events: events)] }

    /// The body: a Figma Variables file (the REST API's GET /v1/files/:key/variables/local answer), apply, revision.
    static let request = OpenAPIDocument.object([
        ("variables", OpenAPIDocument.object([
            ("meta", OpenAPIDocument.object([("variables", .object([("type", .string("object"))])), ("variableCollections", .object([("type", .string("object"))]))],
                                            required: ["variables", "variableCollections"], open: true)),
        ], required: ["meta"], open: true)),
        ("apply", OpenAPIDocument.boolean), ("revision", OpenAPIDocument.revision),
    ], required: ["variables"])

    func addRoutes(to r: inout Router) {
        r.post("/api/presets/{name}/figma", "Import Figma Variables into a preset's colours and widths: {variables, apply?, revision?}. Without apply, what would change; with apply, saved as the next revision (revision: the one the preview was of, else 409)",
               schema: Self.request, answers: [.json("the changes, unchanged parameters, notes and ignored variables; with apply, the saved revision")], errors: [400, 404, 409]) {
            try importFigma($0)
        }
    }

    package func importFigma(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let entry = try existingPreset(request)
        let body = try request.jsonObject()
        let field = { (key: String) in body.last { $0.0 == key }?.1 }
        guard let variables = field("variables"), variables.objectPairs != nil else { throw .badRequest("must be the Figma Variables file (an object)", field: "variables") }
        let apply: Bool
        switch field("apply") {
        case nil, .bool(false)?: apply = false
        case .bool(true)?: apply = true
        default: throw .badRequest("must be true or false", field: "apply")
        }
        let seen: String?
        switch field("revision") {
        case nil: seen = nil
        case .string(let text)?: seen = text
        case .number(let n)? where n.rounded() == n && n >= 1 && n < 1e15: seen = String(Int(n))
        default: throw .badRequest("must be a revision number", field: "revision")
        }
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
            saved = try presets.save(updated, ifMatch: seen ?? String(entry.revision), author: request.author.user, message: "Imported from Figma Variables")
        } catch PresetStore.SaveError.conflict(let current) {
            throw HTTPError(409, "conflict", "someone saved \"\(entry.preset.name)\" since the preview (revision \(current.map(String.init) ?? "none")); preview again", field: "revision")
        } catch {
            throw Self.storeError(error, name: entry.preset.name)
        }
        decisions.announce(saved.logged)
        drafts.saved(entry.preset.name, seed: DraftStore.Seed(revision: saved.entry.revision, parameters: saved.entry.preset.json["parameters"]?.objectPairs ?? []))
        return HTTPResponse.json(.object(answer + [("saved", Self.revisionJSON(saved.entry.revision))]))
            .announcing("preset", [("action", .string("saved")), ("name", .string(entry.preset.name)), ("revision", Self.revisionJSON(saved.entry.revision))])
    }
}
