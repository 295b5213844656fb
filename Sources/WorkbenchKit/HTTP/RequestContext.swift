/// What a handler gets: the request plus what the middleware chain learned about it (who sent
/// it, its JSON body), so handlers never re-derive either.
struct RequestContext: Sendable {
    var request: HTTPRequest
    /// The person's display name and page id (set by `Authorship`).
    var author = Author()
    /// The parsed body of a JSON request (set by `JSONBody`); nil without a body.
    var json: JSONValue?
    /// Under `serve --share`, what the request's token allows (set by `ShareGuard`); otherwise every page edits.
    var role: ShareAccess.Role = .editor
    /// Path parameters the router matched (`{name}`), decoded.
    var pathParameters: [String: String] = [:]

    struct Author: Sendable, Equatable {
        var user = ""
        var client = ""
    }

    init(request: HTTPRequest) { self.request = request }

    func header(_ name: String) -> String? { request.header(name) }
    var query: [String: String] { request.query }

    /// The JSON body's members; a request without a body reads as an empty object.
    func jsonObject() throws(HTTPError) -> [(String, JSONValue)] {
        guard let json else { return [] }
        guard let pairs = json.objectPairs else { throw .badRequest("the body must be a JSON object") }
        return pairs
    }

    /// The JSON body's members as input values (render requests, shared parameters).
    func jsonValues() throws(HTTPError) -> [String: InputValue] {
        var result: [String: InputValue] = [:]
        for (key, value) in try jsonObject() { result[key] = .json(value) }
        return result
    }
}
