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
            // One leading slash: "//host" or "/\\host" would send the browser to another site.
            let path = "/" + request.rawPath.drop { $0 == "/" || $0 == "\\" }
            let location = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            return HTTPResponse(status: 303, headers: [("Location", location), ("Set-Cookie", access.setCookie(token)), ("Cache-Control", "no-store")],
                                body: .bytes([]))
        }
        guard let role = access.role(cookieHeader: request.header("cookie")) else {
            // A person who opens the plain address gets a page that says what to do; no data either way.
            let wantsPage = request.method == "GET" && !request.rawPath.hasPrefix("/api/") && request.header("accept")?.contains("text/html") == true
            return wantsPage ? Self.joinLinkNeeded : Self.unauthorized
        }
        if role == .viewer && !ShareAccess.viewerMay(method: request.method, path: request.rawPath) { return Self.viewersCannotWrite }
        var context = context
        context.role = role
        return try next(context)
    }

    static let unauthorized = HTTPResponse.error(401, "unauthorized", "this workbench is shared by invitation: open the join link you were given", field: "token")
        .adding("Cache-Control", "no-store")
    static let joinLinkNeeded = HTTPResponse(status: 401, contentType: "text/html; charset=utf-8", text: """
        <!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>Chart Workbench: join link needed</title><body style="font: 16px system-ui, sans-serif; margin: 15vh auto; max-width: 32em; padding: 0 1em">\
        <h1 style="font-size: 22px">This workbench is shared by invitation</h1><p>Open the join link (or scan the QR code) \
        you were given. It signs this browser in; the address then works by itself.</p></body></html>
        """).adding("Cache-Control", "no-store")
    static let viewersCannotWrite = HTTPResponse.error(403, "viewer", "you joined as a viewer: you can watch, press and render, but not change anything")
        .adding("Cache-Control", "no-store")
}
