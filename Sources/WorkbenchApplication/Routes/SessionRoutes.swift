import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// The shared session: the event stream with presence, who is here, join links and their QR codes.
struct SessionRoutes: PublishingEvents {
    let app: AppServices

    func addRoutes(to r: inout Router) {
        r.get("/api/session", "Your role (editor|viewer), who is here, the preset an editor last opened or edited, the join links you may hand on, and this run's serverStart id (new at each start)",
              answers: [.json("role, people, current, links", SessionAnswer.self)]) { sessionInfo($0) }
        r.get("/api/session/qr", "A join link as a QR code; with invite, the link carries that personal invitation (POST /api/invitations)",
              query: [.init("link", OpenAPIDocument.enumeration(app.share == nil ? ["device"] : ["editor", "viewer", "device"])),
                      .init("invite", OpenAPIDocument.text(16...256, pattern: "^[0-9a-f]+$"), "an invitation's code")],
              answers: [.svg("the QR code")], errors: [500]) { try joinLinkQR($0) }
        r.post("/api/session/presence", "What this page is doing ({\"preset\", \"pressing\", \"selection\", \"user\", \"view\"} or {\"leaving\": true}); needs X-Workbench-Client",
               schema: RequestSchema.of(PresenceRequest.self).body(open: true), answers: [.json("people", PeopleAnswer.self)]) { try updatePresence($0) }
        r.requireHeaders([.init("X-Workbench-Client", SchemaObject(type: "string", minLength: 1).json, "the page's id")])
        r.post("/api/session/play", "Play a chart motion on every page of the session, phones included: the `play` event ({\"motion\": press, period, live or reveal})",
               schema: RequestSchema.of(PlayRequest.self).body(), answers: [.json("{motion}", PlayAnswer.self)]) { try playMotion($0) }
        r.get("/api/events", "Server-Sent Events: draft, preset, data, live, presence, session, comment, round, explore, review, log, play",
              query: [.init("client", OpenAPIDocument.string, "the page's id, listed in presence"), .init("user", OpenAPIDocument.string, "the person's name"),
                      .init("preset", OpenAPIDocument.string, "the preset the page has open")],
              answers: [.eventStream(["hello", "draft", "preset", "data", "live", "presence", "session", "comment", "round", "review", "log", "play"])], errors: [503]) { try eventStream($0) }
    }

    /// The motions a Play button plays: the engine's (the press, a period change, a live price, the reveal).
    static let motions = ["press", "period", "live", "reveal"]

    /// `POST /api/session/play`: the motion inspector's Play, told to every page (the phones on
    /// /device play it on their own chart); who asked and from which page go with it.
    package func playMotion(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let motion = try request.decodeBody(PlayRequest.self).motion
        let who = request.author
        app.events.publish("play", JSONValueEncoder.encode(Joined(PlayAnswer(motion: motion), CausedBy(user: who.user, client: Presence.alias(who.client)))))
        return .answer(PlayAnswer(motion: motion))
    }

    /// `GET /api/events?client=…&user=…`: the event stream; the page is listed as present
    /// while it stays open.
    package func eventStream(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let headers = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no")]
        // A HEAD learns the headers; it neither opens a stream nor joins the session.
        if request.request.method == "HEAD" { return HTTPResponse(status: 200, headers: headers, body: .bytes([])) }
        let client = String((request.query["client"] ?? "").prefix(64))
        // The name is the person's whose secret the stream carries (`?secret=`); `user` decides nothing.
        let user = request.author.user
        let key = Presence.newKey()
        let notices = app.notices
        guard let (id, stream) = app.events.subscribe(client: request.request.client, hello: [("serverStart", .string(app.startID))] + (client.isEmpty ? [] : [("presenceKey", .string(key)), ("page", .string(Presence.alias(client)))]), onClose: { id in
            notices.closed(stream: id)
            guard app.presence.leave(stream: id) else { return }
            publishPresence()
        }) else {
            throw HTTPError(503, "too_many_streams", "\(app.events.maxStreams) event streams are open; close a page and retry")
        }
        if let person = request.author.personID { notices.opened(stream: id, by: person) }
        if !client.isEmpty {
            app.presence.join(stream: id, Presence.Person(client: client, key: key, user: user, role: request.role,
                                                      preset: request.query["preset"].map { String($0.prefix(64)) }))
        }
        publishPresence()
        return HTTPResponse(status: 200, headers: headers, body: .stream(stream))
    }

    package func publishPresence() {
        app.events.publish("presence", JSONValueEncoder.encode(PeopleAnswer(people: app.presence.list)))
    }

    /// `POST /api/session/presence {"key", "preset", "pressing", "selection", "user", "view"}`: what this page is
    /// doing (`selection`: where the finger is now, 0…1 of the width; `view`: the period, size and theme it
    /// shows; both for those who follow it); `{"leaving": true}` when it closes.
    package func updatePresence(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let asked = try request.decodeBody(PresenceRequest.self)
        let key = asked.key, preset = asked.preset, pressing = asked.pressing, selection = asked.selection, view = asked.view
        let who = request.author
        guard !who.client.isEmpty else { throw .badRequest("is required", field: "X-Workbench-Client") }
        // The page proves it is the one whose stream got this key: a viewer (or anyone) who sends
        // another page's id cannot rename it, press for it, or remove it.
        if asked.leaving {
            if app.presence.remove(client: who.client, key: key) { publishPresence() }
            return .answer(PeopleAnswer(people: app.presence.list))
        }
        let change = app.presence.update(client: who.client, key: key, user: who.user, preset: preset, pressing: pressing, selection: selection, view: view)
        if change.refused { throw HTTPError(403, "not_your_page", "this page id belongs to another page's event stream", field: "key") }
        if change.found { publishPresence() }
        // An editor opening another preset moves the session's latest activity there (the phone follows).
        if change.openedAnother, request.role == .editor, let opened = preset, app.drafts.focus(opened) {
            app.events.publish("session", JSONValueEncoder.encode(Joined(SessionAnswer.Current(preset: opened), CausedBy(user: who.user, client: Presence.alias(who.client)))))
        }
        return .answer(PeopleAnswer(people: app.presence.list))
    }

    /// `GET /api/session`: your role, who is here, and the links you may hand on.
    package func sessionInfo(_ request: RequestContext) -> HTTPResponse {
        let links = joinLinks(for: request)
        return .answer(SessionAnswer(shared: app.share != nil, role: request.role.rawValue, people: app.presence.list,
                                     current: .init(preset: app.drafts.latest), links: .object(links.map { ($0.0, .string($0.1)) }),
                                     serverStart: app.startID))
    }

    /// `GET /api/session/qr?link=editor|viewer|device`: the link as a QR code (SVG).
    package func joinLinkQR(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let kind = request.query["link"] ?? "device"
        let links = joinLinks(for: request)
        guard var link = links.first(where: { $0.0 == kind })?.1 else {
            throw .badRequest("must be one of \(links.map(\.0).joined(separator: ", "))", field: "link")
        }
        if let invite = request.query["invite"] {
            guard (16...256).contains(invite.utf8.count), invite.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw .badRequest("must be an invitation's code", field: "invite")
            }
            link += (link.contains("?") ? "&" : "?") + "invite=" + invite
        }
        guard let svg = QRCode.svg(link, title: "QR code of the \(kind) link") else {
            throw HTTPError(500, "qr_failed", "the link does not fit in a QR code")
        }
        return .svg(svg)
    }

    /// Editors get every link; viewers only the ones that grant viewing. Without `--share`
    /// the device link points at the address the page itself used.
    private func joinLinks(for request: RequestContext) -> [(String, String)] {
        guard let share = app.share, let base = app.shareBaseURL else {
            let host = request.header("host") ?? "127.0.0.1:\(app.hostOriginGuard.port)"
            return [("device", "http://\(host)/device")]
        }
        var links = [("viewer", "\(base)/?token=\(share.viewerToken)"), ("device", "\(base)/device?token=\(share.viewerToken)")]
        if request.role == .editor { links.insert(("editor", "\(base)/?token=\(share.editorToken)"), at: 0) }
        return links
    }
}
