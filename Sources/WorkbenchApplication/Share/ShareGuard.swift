import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
/// `serve --share` (see `ShareAccess`): API calls need the join token itself, in the
/// `X-Workbench-Token` header, or as `?token=` on a GET (the event stream, the render socket and
/// downloads cannot set headers); the page's own files need the page cookie a join link sets. A
/// join link (`?token=` on a page address) redirects to the plain URL with the token in the
/// fragment. A viewer link's writes answer 403, unless they carry a person's secret: then the
/// person's role decides (`Authorship`), so the owner can make a phone that came through the
/// viewer link an editor. A request whose head alone decides is refused before
/// its body is read.
package struct ShareGuard: Middleware {
    package let access: ShareAccess

    package static func isAPI(_ path: String) -> Bool { path.hasPrefix("/api/") }

    package func refusal(for head: RequestHead) -> HTTPResponse? {
        let role: ShareAccess.Role?
        if Self.isAPI(head.rawPath) {
            role = head.header("x-workbench-token").flatMap { access.role(forToken: $0) }
        } else {
            role = access.pageRole(cookieHeader: head.header("cookie"))
        }
        guard let role else {
            // A GET may carry the token (or a join link's) in its query, read once the request is whole.
            return head.method == "GET" || head.method == "HEAD" ? nil : Self.unauthorized
        }
        // A person's role decides for the person (Authorship): a viewer link alone cannot write.
        if role == .viewer && head.header("x-workbench-secret") == nil && !ShareAccess.viewerMay(method: head.method, path: head.rawPath) {
            return Self.viewersCannotWrite
        }
        return nil
    }

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        let request = context.request
        let api = Self.isAPI(request.rawPath)
        let queryToken = request.query["token"].flatMap { $0.utf8.count <= 256 ? $0 : nil }
        if !api, let token = request.query["token"] {
            guard let queryToken, let role = access.role(forToken: queryToken) else { return Self.unauthorized }
            var rest = request.query
            rest.removeValue(forKey: "token")
            let query = rest.sorted { $0.key < $1.key }.map { PercentDecoding.encode($0.key) + "=" + PercentDecoding.encode($0.value) }
            // One leading slash: "//host" or "/\\host" would send the browser to another site.
            let path = "/" + request.rawPath.drop { $0 == "/" || $0 == "\\" }
            let location = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")) + "#token=" + PercentDecoding.encode(token)
            return HTTPResponse(status: 303, headers: [("Location", location), ("Set-Cookie", access.setCookie(for: role)), ("Cache-Control", "no-store")],
                                body: .bytes([]))
        }
        let role: ShareAccess.Role?
        var context = context
        if api {
            if let header = request.header("x-workbench-token") {
                role = access.role(forToken: header)
            } else if request.method == "GET" || request.method == "HEAD", let queryToken {
                role = access.role(forToken: queryToken)
                context.request.query.removeValue(forKey: "token")
            } else {
                role = nil
            }
        } else {
            role = access.pageRole(cookieHeader: request.header("cookie"))
        }
        guard let role else {
            // A person who opens the plain address gets a page that says what to do; no data either way.
            let wantsPage = request.method == "GET" && !api && request.header("accept")?.contains("text/html") == true
            return wantsPage ? Self.joinLinkNeeded : Self.unauthorized
        }
        if role == .viewer && request.header("x-workbench-secret") == nil && !ShareAccess.viewerMay(method: request.method, path: request.rawPath) {
            return Self.viewersCannotWrite
        }
        context.role = role
        return try next(context)
    }

    package static let unauthorized = HTTPResponse.error(401, "unauthorized", "this workbench is shared by invitation: open the join link you were given", field: "token")
        .adding("Cache-Control", "no-store")
    package static let joinLinkNeeded = HTTPResponse(status: 401, contentType: "text/html; charset=utf-8", text: """
        <!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>Chart Workbench: join link needed</title><body style="font: 16px system-ui, sans-serif; margin: 15vh auto; max-width: 32em; padding: 0 1em">\
        <h1 style="font-size: 22px">This workbench is shared by invitation</h1><p>Open the join link (or scan the QR code) \
        you were given. It signs this page in; a page that lost it (a new browser, cleared storage) needs the link again.</p></body></html>
        """).adding("Cache-Control", "no-store")
    package static let viewersCannotWrite = HTTPResponse.error(403, "viewer", "you joined as a viewer: you can watch, press and render, but not change anything")
        .adding("Cache-Control", "no-store")
}
