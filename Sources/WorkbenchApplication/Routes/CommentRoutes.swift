import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Comments anchored to a preset's parameters.
struct CommentRoutes: PresetReading, PublishingEvents {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/presets/{name}/comments", "Comments on the preset's parameters, oldest first: the newest page of them (limit 1–1000, 500 by default: every comment a preset may hold; before: an id, to page back; at most 1 MB a page; X-Total-Count, X-Next-Before and Link when more are left)",
              query: Paging.query(limitUpTo: 1_000), answers: [.json("comments", [CommentAnswer].self)], errors: [404]) {
            try listComments($0)
        }
        r.post("/api/presets/{name}/comments", "Comment on a parameter ({\"parameter\", \"text\", \"progress\"?})",
               schema: RequestSchema.of(CommentRequest.self).body(), answers: [.json("the comment", CommentAnswer.self, status: 201)], errors: [404, 409, 500]) { try addComment($0) }
        r.post("/api/presets/{name}/comments/{id}/resolve", "Mark a comment resolved", body: nil, answers: [.json("the comment", CommentAnswer.self)], errors: [404, 500]) {
            try resolveComment($0)
        }
    }
    package func listComments(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let preset = try commentedPreset(request)
        let limit = try Self.integerQuery(request, "limit", 1...1_000) ?? CommentStore.maxPerPreset
        let before = try Self.integerQuery(request, "before", 1...Int(Int32.max))
        let all: [ParameterComment]
        do { all = try app.comments.list(preset: preset) } catch { throw Self.commentError(error) }
        let older = all.filter { before == nil || $0.id < before! }
        let page = Paging.page(Array(older.reversed()), limit: limit, id: { String($0.id) }, encode: { JSONValueEncoder.encode(CommentAnswer($0)) })
        return Paging.response(page.entries.reversed(), total: all.count, next: page.next, request: request, limit: limit)
    }

    /// Body: `{"parameter", "text", "progress"?}`.
    package func addComment(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let preset = try commentedPreset(request)
        let asked = try request.decodeBody(CommentRequest.self)
        let parameter = asked.parameter, text = asked.text, progress = asked.progress
        let comment: ParameterComment
        do {
            comment = try app.comments.add(preset: preset, parameter: parameter, progress: progress, text: text,
                                       author: request.author.user, at: Preset.now())
        } catch { throw Self.commentError(error) }
        app.decisions.record("comment", preset: preset, by: request.author.user,
                       summary: "commented on \(ChangeWords.label(parameter)): \(comment.text.prefix(120))")
        return HTTPResponse.answer(CommentAnswer(comment), status: 201)
            .announcing("comment", [("action", .string("added")), ("preset", .string(preset)), ("comment", comment.json)])
    }

    package func resolveComment(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let preset = try commentedPreset(request)
        guard let raw = request.pathParameters["id"], raw.count <= 18, let id = Int(raw), id > 0 else { throw HTTPError(404, "not_found", "no comment has that number", field: "id") }
        let comment: ParameterComment
        do { comment = try app.comments.resolve(preset: preset, id: id, by: request.author.user, at: Preset.now()) } catch { throw Self.commentError(error) }
        app.decisions.record("comment-resolved", preset: preset, by: request.author.user, summary: "resolved the comment on \(ChangeWords.label(comment.parameter))")
        return HTTPResponse.answer(CommentAnswer(comment))
            .announcing("comment", [("action", .string("resolved")), ("preset", .string(preset)), ("comment", comment.json)])
    }

    /// Comments are on saved presets: the name must be valid and the preset must exist.
    private func commentedPreset(_ request: RequestContext) throws(HTTPError) -> String {
        let name: String
        name = try request.presetNameInPath()
        guard app.presets.get(name) != nil else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "name") }
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
        case .history(let refusal): storeError(refusal, name: "")
        }
    }
}


extension ParameterComment {
    var json: JSONValue { JSONValueEncoder.encode(CommentAnswer(self)) }
}
