import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine

/// The live document of each preset over HTTP: read a draft, add a change or undo one's own
/// step. Every change goes to every page as a `draft` event carrying the whole draft's values
/// and its version, so pages converge by taking the newest version they hear.
extension WorkbenchApp {
    /// `GET /api/drafts/{name}`.
    package func getDraft(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try draftName(request)
        guard let seed = draftSeed(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        return .json(Self.draftJSON(drafts.snapshot(name, seed: seed)))
    }

    /// `POST /api/drafts/{name}/changes {"parameters": {...}, "step"?}` or `{"undoOf": step, "step"?}`.
    package func postDraftChange(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try draftName(request)
        let body = JSONValue.object(try request.jsonObject())
        let step = try Self.stepText(body["step"], field: "step")
        let edit: DraftStore.Edit
        if let undoOf = try Self.stepText(body["undoOf"], field: "undoOf") {
            guard body["parameters"] == nil else { throw .badRequest("send either parameters or undoOf, not both", field: "undoOf") }
            edit = .undo(step: undoOf)
        } else {
            guard let pairs = body["parameters"]?.objectPairs else { throw .badRequest("must be an object of parameter values", field: "parameters") }
            guard !pairs.isEmpty else { throw .badRequest("must name at least one parameter", field: "parameters") }
            var checked: DraftStore.Values = []
            for (key, value) in pairs {
                guard let definition = ParameterDefinition.named(key) else {
                    throw HTTPError(400, "unknown_parameter", "unknown parameter \"\(key)\"", field: key)
                }
                guard !checked.contains(where: { $0.0 == key }) else { throw .badRequest("is given twice", field: key) }
                checked.append((key, try InputValue.json(value).parameter(definition).json))
            }
            edit = .set(checked)
        }
        let author = DraftStore.Author(user: request.author.user, client: request.author.client, step: step)
        do {
            let outcome = try drafts.apply(edit, to: name, by: author) { draftSeed(name) }
            var json = Self.draftJSON(outcome.snapshot, changes: false)
            if case .object(var pairs) = json {
                pairs.append(("change", Self.changeJSON(outcome.change)))
                pairs.append(("skipped", .array(outcome.skipped.map(JSONValue.string))))
                if !outcome.skipped.isEmpty {
                    pairs.append(("message", .string(Self.skippedMessage(outcome.skipped, by: outcome.skippedBecauseOf))))
                }
                json = .object(pairs)
            }
            return .json(json)
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
    package static func draftEvent(_ snapshot: DraftStore.Snapshot, _ change: DraftStore.Change?) -> JSONValue {
        guard case .object(var pairs) = draftJSON(snapshot, changes: false) else { return .null }
        if let change {
            pairs += [("change", changeJSON(change)), ("user", .string(change.author)), ("client", .string(change.client))]
        } else {
            pairs.append(("saved", .object(snapshot.saved)))
        }
        return .object(pairs)
    }

    /// `{"preset", "draft", "baseRevision", "version", "parameters", "saved", "changes"}`.
    package static func draftJSON(_ snapshot: DraftStore.Snapshot, changes: Bool = true) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("preset", .string(snapshot.preset)), ("draft", .number(Double(snapshot.id))), ("baseRevision", Self.revisionJSON(snapshot.baseRevision)),
            ("version", .number(Double(snapshot.version))), ("parameters", .object(snapshot.values)),
        ]
        if changes { pairs += [("saved", .object(snapshot.saved)), ("changes", .array(snapshot.changes.map(changeJSON)))] }
        return .object(pairs)
    }

    package static func changeJSON(_ change: DraftStore.Change) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .number(Double(change.id))), ("author", .string(change.author)), ("client", .string(change.client)),
                                            ("keys", .array(change.keys.map(JSONValue.string))), ("time", .string(change.time))]
        if let step = change.step { pairs.append(("step", .string(step))) }
        if let undoOf = change.undoOf { pairs.append(("undoOf", .string(undoOf))) }
        return .object(pairs)
    }

    private static func skippedMessage(_ keys: [String], by people: [String]) -> String {
        let labels = keys.map { ParameterDefinition.named($0)?.label ?? $0 }
        let names = people.map { $0.isEmpty ? "someone" : $0 }
        return "\(labels.joined(separator: ", ")) changed by \(names.joined(separator: ", ")) since; left as it is"
    }

    /// The saved revision a draft starts from, nil when the preset does not exist.
    package func draftSeed(_ name: String) -> DraftStore.Seed? {
        guard let entry = presets.get(name) else { return nil }
        return DraftStore.Seed(revision: entry.revision, parameters: entry.preset.json["parameters"]?.objectPairs ?? [])
    }

    private func draftName(_ request: RequestContext) throws(HTTPError) -> String {
        try request.presetNameInPath()
    }

    /// A page's undo step id: short printable text.
    private static func stepText(_ value: JSONValue?, field: String) throws(HTTPError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            guard (1...64).contains(text.utf8.count), text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw .badRequest("must be 1–64 printable ASCII characters", field: field)
            }
            return text
        default: throw .badRequest("must be a string", field: field)
        }
    }
}
