import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine

/// Comments anchored to a preset's parameter: list, add, resolve. Every change is announced
/// as a `comment` event so each page shows it beside the control at once.
extension WorkbenchApp {
    package func listComments(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let preset = try commentedPreset(request)
        do { return .json(.array(try comments.list(preset: preset).map(\.json))) } catch { throw Self.commentError(error) }
    }

    /// Body: `{"parameter", "text", "progress"?}`.
    package func addComment(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let preset = try commentedPreset(request)
        let body = JSONValue.object(try request.jsonObject())
        guard let parameter = body["parameter"]?.stringValue else { throw .badRequest("is required: the key of the parameter commented on", field: "parameter") }
        guard ParameterDefinition.named(parameter) != nil else { throw .badRequest("no parameter is called \"\(String(parameter.prefix(64)))\"", field: "parameter") }
        guard let text = body["text"]?.stringValue else { throw .badRequest("is required", field: "text") }
        var progress: Double?
        switch body["progress"] {
        case nil, .null?: progress = nil
        case .number(let p)?:
            guard CommentStore.progressRange.contains(p) else { throw .badRequest("must be between 0 and 1.5", field: "progress") }
            progress = p
        default: throw .badRequest("must be a number between 0 and 1.5", field: "progress")
        }
        let comment: ParameterComment
        do {
            comment = try comments.add(preset: preset, parameter: parameter, progress: progress, text: text,
                                       author: request.author.user, at: Preset.now())
        } catch { throw Self.commentError(error) }
        recordDecision("comment", preset: preset, by: request.author.user,
                       summary: "commented on \(parameter): \(comment.text.prefix(120))")
        return HTTPResponse.json(comment.json, status: 201)
            .announcing("comment", [("action", .string("added")), ("preset", .string(preset)), ("comment", comment.json)])
    }

    package func resolveComment(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let preset = try commentedPreset(request)
        guard let raw = request.pathParameters["id"], raw.count <= 18, let id = Int(raw), id > 0 else { throw HTTPError(404, "not_found", "no comment has that number", field: "id") }
        let comment: ParameterComment
        do { comment = try comments.resolve(preset: preset, id: id, by: request.author.user, at: Preset.now()) } catch { throw Self.commentError(error) }
        recordDecision("comment-resolved", preset: preset, by: request.author.user, summary: "resolved the comment on \(comment.parameter)")
        return HTTPResponse.json(comment.json)
            .announcing("comment", [("action", .string("resolved")), ("preset", .string(preset)), ("comment", comment.json)])
    }

    /// Comments are on saved presets: the name must be valid and the preset must exist.
    private func commentedPreset(_ request: RequestContext) throws(HTTPError) -> String {
        let name: String
        name = try request.presetNameInPath()
        guard presets.get(name) != nil else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
        return name
    }

    private static func commentError(_ error: CommentStore.Failure) -> HTTPError {
        switch error {
        case .emptyText: .badRequest("must not be empty", field: "text")
        case .textTooLong: .badRequest("must be at most \(CommentStore.maxTextCharacters) characters", field: "text")
        case .tooMany(let perPreset):
            HTTPError(409, "too_many_comments", perPreset ? "this preset has \(CommentStore.maxPerPreset) comments already" : "the workbench holds \(CommentStore.maxTotal) comments already")
        case .notFound: HTTPError(404, "not_found", "no such comment on this preset", field: "id")
        case .storage(let message): HTTPError(500, "write_failed", "the comment could not be stored: \(message.split(separator: "/").last ?? "")")
        }
    }
}

extension ParameterComment {
    package var json: JSONValue {
        .object([
            ("id", .number(Double(id))), ("preset", .string(preset)), ("parameter", .string(parameter)),
            ("progress", progress.map(JSONValue.number) ?? .null), ("text", .string(text)), ("author", .string(author)),
            ("time", .string(createdAt)), ("resolved", .bool(resolved)),
            ("resolvedBy", resolvedBy.map(JSONValue.string) ?? .null), ("resolvedAt", resolvedAt.map(JSONValue.string) ?? .null),
        ])
    }
}
