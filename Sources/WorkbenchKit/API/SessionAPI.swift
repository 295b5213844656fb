import ChartEngine

/// The shared session: the event stream with presence, who is here, join links and their QR
/// codes, and going back to the built-in data.
extension WorkbenchApp {
    /// `GET /api/events?client=…&user=…`: the event stream; the page is listed as present
    /// while it stays open.
    func eventStream(_ request: HTTPRequest) -> HTTPResponse {
        let client = String((request.query["client"] ?? "").prefix(64))
        let user = String((request.query["user"] ?? "").prefix(64))
        let (id, stream) = events.subscribe { [weak self] id in
            guard let self, presence.leave(stream: id) else { return }
            publishPresence()
        }
        if !client.isEmpty {
            presence.join(stream: id, Presence.Person(client: client, user: user, role: request.role,
                                                      preset: request.query["preset"].map { String($0.prefix(64)) }))
        }
        publishPresence()
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                                   ("X-Accel-Buffering", "no")], body: .stream(stream))
    }

    func publishPresence() {
        events.publish("presence", .object([("people", presence.json)]))
    }

    /// `POST /api/session/presence {"preset", "pressing", "user"}`: what this page is doing;
    /// `{"leaving": true}` when it closes.
    func updatePresence(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let body: JSONValue
        do { body = try JSONValue.parse(request.body) } catch { throw .badRequest(error.description) }
        guard body.objectPairs != nil else { throw .badRequest("must be a JSON object") }
        var preset: String?? = nil
        if let value = body["preset"] {
            switch value {
            case .null: preset = .some(nil)
            case .string(let name): preset = .some(String(name.prefix(64)))
            default: throw .badRequest("must be a preset name or null", field: "preset")
            }
        }
        var pressing: Bool?
        if let value = body["pressing"] {
            guard case .bool(let b) = value else { throw .badRequest("must be true or false", field: "pressing") }
            pressing = b
        }
        var user: String?
        if let value = body["user"] {
            guard case .string(let name) = value else { throw .badRequest("must be a string", field: "user") }
            user = String(name.prefix(64))
        }
        let who = author(of: request)
        guard !who.client.isEmpty else { throw .badRequest("is required", field: "X-Workbench-Client") }
        if case .bool(true)? = body["leaving"] {
            if presence.remove(client: who.client) { publishPresence() }
            return .json(.object([("people", presence.json)]))
        }
        if presence.update(client: who.client, user: user, preset: preset, pressing: pressing) { publishPresence() }
        return .json(.object([("people", presence.json)]))
    }

    /// `GET /api/session`: your role, who is here, and the links you may hand on.
    func sessionInfo(_ request: HTTPRequest) -> HTTPResponse {
        let links = joinLinks(for: request)
        return .json(.object([("shared", .bool(share != nil)), ("role", .string(request.role.rawValue)),
                              ("people", presence.json), ("current", session.json),
                              ("links", .object(links.map { ($0.0, .string($0.1)) }))]))
    }

    /// `GET /api/session/qr?link=editor|viewer|device`: the link as a QR code (SVG).
    func joinLinkQR(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let kind = request.query["link"] ?? "device"
        let links = joinLinks(for: request)
        guard let link = links.first(where: { $0.0 == kind })?.1 else {
            throw .badRequest("must be one of \(links.map(\.0).joined(separator: ", "))", field: "link")
        }
        guard let svg = QRCode.svg(link, title: "QR code of the \(kind) link") else {
            throw HTTPError(500, "qr_failed", "the link does not fit in a QR code")
        }
        return .svg(svg)
    }

    /// Editors get every link; viewers only the ones that grant viewing. Without `--share`
    /// the device link points at the address the page itself used.
    private func joinLinks(for request: HTTPRequest) -> [(String, String)] {
        guard let share, let base = shareBaseURL else {
            let host = request.header("host") ?? "127.0.0.1:\(requestGuard.port)"
            return [("device", "http://\(host)/device")]
        }
        var links = [("viewer", "\(base)/?token=\(share.viewerToken)"), ("device", "\(base)/device?token=\(share.viewerToken)")]
        if request.role == .editor { links.insert(("editor", "\(base)/?token=\(share.editorToken)"), at: 0) }
        return links
    }

    /// `POST /api/data/builtin`: back to the built-in series, announced to everyone.
    func loadBuiltInData(_ request: HTTPRequest) -> HTTPResponse {
        data.replace(with: BuiltInData.series(), source: BuiltInData.source)
        let snapshot = data.snapshot
        let who = author(of: request)
        events.publish("data", .object([("action", .string("builtin")), ("summary", snapshot.summary),
                                        ("user", .string(who.user)), ("client", .string(who.client))]))
        return .json(.object([("summary", snapshot.summary)]))
    }

    // MARK: Join tokens

    /// In share mode: the token check for a request whose head alone decides (everything but
    /// a GET that may carry a join link's `?token=`).
    func shareRefusal(for head: RequestHead) -> HTTPResponse? {
        guard let share else { return nil }
        guard let role = share.role(cookieHeader: head.header("cookie")) else {
            return head.method == "GET" || head.method == "HEAD" ? nil : Self.unauthorized
        }
        if role == .viewer && !ShareAccess.viewerMay(method: head.method, path: head.rawPath) { return Self.viewersCannotWrite }
        return nil
    }

    /// In share mode: a join link sets the cookie and redirects to the plain URL; anything
    /// else needs the cookie. Returns the response to send instead, or the role.
    func shareAdmission(_ request: HTTPRequest) -> Result<ShareAccess.Role, ShareRefusal> {
        guard let share else { return .success(.editor) }
        if let token = request.query["token"] {
            guard token.utf8.count <= 256, share.role(forToken: token) != nil else { return .failure(ShareRefusal(response: Self.unauthorized)) }
            var rest = request.query
            rest.removeValue(forKey: "token")
            let query = rest.sorted { $0.key < $1.key }.map { PercentDecoding.encode($0.key) + "=" + PercentDecoding.encode($0.value) }
            // One leading slash: "//host" or "/\\host" would send the browser to another site.
            let path = "/" + request.rawPath.drop { $0 == "/" || $0 == "\\" }
            let location = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            return .failure(ShareRefusal(response: HTTPResponse(status: 303, headers: [("Location", location), ("Set-Cookie", share.setCookie(token))],
                                                                body: .bytes([]))))
        }
        guard let role = share.role(cookieHeader: request.header("cookie")) else {
            // A person who opens the plain address gets a page that says what to do; no data either way.
            let wantsPage = request.method == "GET" && !request.rawPath.hasPrefix("/api/") && request.header("accept")?.contains("text/html") == true
            return .failure(ShareRefusal(response: wantsPage ? Self.joinLinkNeeded : Self.unauthorized))
        }
        if role == .viewer && !ShareAccess.viewerMay(method: request.method, path: request.rawPath) {
            return .failure(ShareRefusal(response: Self.viewersCannotWrite))
        }
        return .success(role)
    }

    struct ShareRefusal: Error { let response: HTTPResponse }

    static let unauthorized = HTTPResponse.error(401, "unauthorized", "this workbench is shared by invitation: open the join link you were given", field: "token")
    static let joinLinkNeeded = HTTPResponse(status: 401, contentType: "text/html; charset=utf-8", text: """
        <!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>Chart Workbench: join link needed</title><body style="font: 16px system-ui, sans-serif; margin: 15vh auto; max-width: 32em; padding: 0 1em">\
        <h1 style="font-size: 22px">This workbench is shared by invitation</h1><p>Open the join link (or scan the QR code) \
        you were given. It signs this browser in; the address then works by itself.</p></body></html>
        """)
    static let viewersCannotWrite = HTTPResponse.error(403, "viewer", "you joined as a viewer: you can watch, press and render, but not change anything")
}
