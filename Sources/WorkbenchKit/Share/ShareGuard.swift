/// `serve --share`: every request needs a join token. A join link (`?token=`) sets the cookie
/// and redirects to the plain URL; anything else needs the cookie (401), and a viewer's writes
/// answer 403. A request whose head alone decides is refused before its body is read.
struct ShareGuard: Middleware {
    let access: ShareAccess

    func refusal(for head: RequestHead) -> HTTPResponse? {
        guard let role = access.role(cookieHeader: head.header("cookie")) else {
            // A GET may carry a join link's token in its query, read once the request is whole.
            return head.method == "GET" || head.method == "HEAD" ? nil : Self.unauthorized
        }
        if role == .viewer && !ShareAccess.viewerMay(method: head.method, path: head.rawPath) { return Self.viewersCannotWrite }
        return nil
    }

    func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        let request = context.request
        if let token = request.query["token"] {
            guard token.utf8.count <= 256, access.role(forToken: token) != nil else { return Self.unauthorized }
            var rest = request.query
            rest.removeValue(forKey: "token")
            let query = rest.sorted { $0.key < $1.key }.map { PercentDecoding.encode($0.key) + "=" + PercentDecoding.encode($0.value) }
            let location = request.rawPath + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            return HTTPResponse(status: 303, headers: [("Location", location), ("Set-Cookie", access.setCookie(token)), ("Cache-Control", "no-store")],
                                body: .bytes([]))
        }
        guard let role = access.role(cookieHeader: request.header("cookie")) else { return Self.unauthorized }
        if role == .viewer && !ShareAccess.viewerMay(method: request.method, path: request.rawPath) { return Self.viewersCannotWrite }
        var context = context
        context.role = role
        return try next(context)
    }

    static let unauthorized = HTTPResponse.error(401, "unauthorized", "this workbench is shared by invitation: open the join link you were given", field: "token")
        .adding("Cache-Control", "no-store")
    static let viewersCannotWrite = HTTPResponse.error(403, "viewer", "you joined as a viewer: you can watch, press and render, but not change anything")
        .adding("Cache-Control", "no-store")
}
