import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Schema, rendering and transition frames: the engine's answers for the page's chart.
struct ChartRoutes: PresetReading {
    let app: AppServices

    var middlewares: [any Middleware] { [app.heavyWork] }

    func addRoutes(to r: inout Router) {
        r.get("/api/schema", "The parameter definitions", answers: [.json("parameters, groups, periods, sizes")]) { schema($0) }
        r.get("/api/render", "Render the chart as SVG", query: OpenAPIDocument.query(ChartRequest.self), answers: [.svg("the chart")], errors: [404]) {
            try render($0.decodeQuery(ChartRequest.self))
        }
        r.post("/api/render", "Render the chart as SVG from a JSON body of the same fields", schema: RequestSchema.of(ChartRequest.self).body(), answers: [.svg("the chart")], errors: [404]) {
            try render($0.decodeBody(ChartRequest.self))
        }
        r.get("/api/scene", "The chart's scene (chart-workbench.scene v1, docs/scene.md) for the same fields as /api/render",
              query: OpenAPIDocument.query(ChartRequest.self), answers: [.json("the scene")], errors: [404]) {
            try scene($0.decodeQuery(ChartRequest.self))
        }
        r.post("/api/scene", "The chart's scene from a JSON body of the same fields as POST /api/render", schema: RequestSchema.of(ChartRequest.self).body(), answers: [.json("the scene")], errors: [404]) {
            try scene($0.decodeBody(ChartRequest.self))
        }
        r.get("/api/render/socket", "WebSocket for the live preview: send a render request's JSON plus requestId (and motion=press|release|follow with time in seconds to drive the transition; motion=period with from plays the period change to period; motion=live with since plays a new live price, motion=reveal the first load), receive {\"requestId\", progress…} + newline + SVG",
              answers: [.switchingProtocols], errors: [403, 426, 503]) { try renderSocket($0) }
        r.get("/api/frames", "Every frame of the transition (direction=in|out, fps)", query: OpenAPIDocument.query(FramesRequest.self),
              answers: [.json("frames", FramesAnswer.self)], errors: [403, 404], sameOriginOnly: true, heavy: true) { try frames($0.decodeQuery(FramesRequest.self)) }
        r.post("/api/frames", "Every frame of the transition, from a JSON body", schema: RequestSchema.of(FramesRequest.self).body(), answers: [.json("frames", FramesAnswer.self)], errors: [404], heavy: true) {
            try frames($0.decodeBody(FramesRequest.self))
        }
        r.get("/api/easing", "Eased progress over the transition's duration (samples=N) for the parameters",
              query: OpenAPIDocument.query(EasingRequest.self), answers: [.json("samples", EasingAnswer.self)], errors: [404]) {
            try easingSamples($0.decodeQuery(EasingRequest.self))
        }
    }
    package func schema(_ context: RequestContext) -> HTTPResponse {
        .json(SchemaDocument.json)
    }

    package func render(_ request: ChartRequest) throws(HTTPError) -> HTTPResponse {
        let drawing = try drawing(request)
        return .svg(drawing.svg(data: try app.scenarios.data(named: drawing.scenario, else: app.data)))
    }

    package func scene(_ request: ChartRequest) throws(HTTPError) -> HTTPResponse {
        let drawing = try drawing(request)
        let document = drawing.document(data: try app.scenarios.data(named: drawing.scenario, else: app.data))
        return HTTPResponse(contentType: "application/json; charset=utf-8", text: SceneJSON.text(document.scene(state: drawing.state)))
    }

    /// Every frame of the transition into (`direction=in`) or out of the active state, eased by
    /// the engine, so the page only has to show them at their times.
    /// Width × height × frames of one answer at most: a 1440 × 900 chart at 60 frames. A
    /// frame's SVG grows with its width (points are kept up to two a pixel column), so the
    /// width × frames is bounded too; 390 px at 60 fps over the longest 2 s uses 55 %.
    package static let maxPixelFrames = 1440.0 * 900 * 60
    package static let maxColumnFrames = 1440.0 * 60
    package static let fpsRange = 1.0...120
    /// Samples of the easing curve `/api/easing` draws.
    package static let samplesRange = 2.0...1000

    package func frames(_ asked: FramesRequest) throws(HTTPError) -> HTTPResponse {
        let request = try drawing(asked.chart)
        let direction = asked.direction
        let document = request.document(data: try app.scenarios.data(named: request.scenario, else: app.data))
        let duration = request.style.transitionDuration
        let easing = request.style.easingFunction
        // More frames than one answer holds are drawn at a lower rate that fits, and the answer says so.
        let wanted = duration > 0 ? Int((duration * asked.fps).rounded(.up)) : 0
        let fitting = Int(min(Self.maxPixelFrames / (request.width * request.height), Self.maxColumnFrames / request.width).rounded(.down)) - 1
        let count = wanted == 0 ? 0 : max(1, min(wanted, fitting))
        var frames: [FramesAnswer.Frame] = []
        for i in 0...count {
            let fraction = count == 0 ? 1 : Double(i) / Double(count)
            let eased = easing(fraction)
            let progress = direction == "in" ? eased : 1 - eased
            let svg = document.svg(state: ChartState(progress: progress, selection: request.selection))
            frames.append(.init(time: fraction * duration, progress: progress, svg: svg))
        }
        return .answer(FramesAnswer(duration: duration, direction: direction, fps: duration > 0 ? Double(count) / duration : asked.fps,
                                    reduced: count < wanted, frames: frames))
    }

    /// `GET /api/render/socket`: a WebSocket for the page's live preview. Each text message is a
    /// render request (the JSON body of `POST /api/render` plus a `requestId`); each answer is a
    /// line `{"requestId": …}` (or with an `"error"`) followed by the SVG. A browser's fetch costs
    /// several milliseconds of its own per request; a message on an open socket about one.
    package func renderSocket(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        guard request.header("upgrade")?.lowercased() == "websocket",
              request.header("connection")?.lowercased().contains("upgrade") == true else {
            throw HTTPError(426, "upgrade_required", "this endpoint speaks WebSocket")
        }
        guard request.header("sec-websocket-version") == "13" else {
            throw HTTPError(426, "upgrade_required", "WebSocket version 13 is required", field: "Sec-WebSocket-Version")
        }
        guard let key = request.header("sec-websocket-key"), Data(base64Encoded: key)?.count == 16 else {
            throw .badRequest("a 16-byte base64 key is required", field: "Sec-WebSocket-Key")
        }
        // Browsers always send Origin on a WebSocket handshake: a foreign one is a cross-site socket.
        if let origin = request.header("origin"), !app.hostOriginGuard.isAllowed(origin: origin) {
            throw HTTPError(403, "cross_site", "sockets are accepted only from the workbench's own page", field: "Origin")
        }
        // Counted before it is checked, at the handshake: handshakes at the same moment cannot
        // pass the cap together. The ticket goes back when the session ends, or when the
        // upgrade never happens (the answer, holding it, is dropped).
        // Past the total, the socket of the client holding the most (or this client's own) that
        // has been quiet longest is closed (1013, try again later) to make room.
        let slot = Evictable<WebSocket> { $0.close(code: 1013) }
        let person = request.author.personID, access = app.access
        guard let ticket = app.sockets.ticket(request.request.client, evict: { slot.evict() }) else { throw Self.tooManySockets(app.sockets) }
        return HTTPResponse(status: 101, headers: [("Upgrade", "websocket"),
                                                   ("Sec-WebSocket-Accept", WebSocket.acceptValue(for: key))],
                            body: .webSocket { socket in
                                socket.onReceive = { ticket.touch() }
                                slot.attach(socket)
                                // A revoked person's sockets are closed at once (`PersonAccess.revoked`).
                                if let person { access.opened(socket: socket, by: person) }
                                defer { access.closed(socket: socket) }
                                withExtendedLifetime(ticket) { renderSession(socket) }
                                ticket.release()
                            })
    }

    /// The socket's messages, each a `PreviewMessage` (a chart request, and `again`, `motion`,
    /// `time`, `base`…: docs/api.md); each chart on the page (its `id`) has its own
    /// `PreviewSession`, so its press, its motion and the frame it shows go on from message to
    /// message. An answer is a head line, then the SVG or a patch from the frame the page shows.
    private func renderSession(_ socket: WebSocket) {
        var charts = PreviewSessions()
        let sources = SocketSources(routes: self)
        while let message = socket.receive() {
            var requestId = JSONValue.null
            do throws(HTTPError) {
                var members: [(String, JSONValue)] = []
                if !message.isEmpty {
                    let value: JSONValue
                    do { value = try JSONValue.parse(Array(message.utf8)) } catch { throw .badRequest(error.description) }
                    guard let pairs = value.objectPairs else { throw .badRequest("the body must be a JSON object") }
                    members = pairs
                }
                if let id = members.first(where: { $0.0 == "requestId" })?.1 { requestId = id }
                let (head, body) = try HTTPError.decoding { try charts.answer(members, sources: sources) }
                socket.send(JSONValue.object([("requestId", requestId)] + head).serialized() + "\n" + body)
            } catch {
                socket.send(JSONValueEncoder.encode(SocketRefusal(requestId: requestId, error: error)).serialized() + "\n")
            }
        }
    }

    /// What a render socket's frames are drawn from: a round candidate's style (`round` and
    /// `candidate` tokens), else `preset`'s, else the defaults; the loaded series or a scenario's;
    /// the live feed's age.
    struct SocketSources: PreviewSources {
        let routes: ChartRoutes

        func base(of request: ChartRequest) throws -> ChartStyle {
            guard let roundID = request.round else { return try routes.baseStyle(request) }
            guard let candidate = routes.app.rounds.round(roundID)?.candidate(token: request.candidate ?? "")?.candidate else {
                throw HTTPError(404, "not_found", "no such round candidate", field: "candidate")
            }
            return candidate.style
        }

        func series(scenario: String?) throws -> IndexedSeries { try routes.app.scenarios.data(named: scenario, else: routes.app.data) }

        var secondsSinceLastPrice: Double? { routes.app.live.secondsSinceLastPrice }
    }

    /// `GET /api/easing?<parameters>&samples=N`: the eased progress over the transition's
    /// duration, N evenly spaced samples from the engine, for the page's easing graph.
    package func easingSamples(_ asked: EasingRequest) throws(HTTPError) -> HTTPResponse {
        let style = try style(asked.chart)
        let easing = style.easingFunction
        let samples = (0..<asked.samples).map { i in easing(Double(i) / Double(asked.samples - 1)) }
        return .answer(EasingAnswer(easing: style.easing.rawValue, duration: style.motionDuration, samples: samples))
    }

    package static func tooManySockets(_ budget: ClientBudget) -> HTTPError {
        HTTPError(503, "too_many_sockets", "\(budget.total) render sockets are open; close a page and retry")
    }
}

/// `/api/frames`: a chart request, the direction (`in` or `out` of the active state) and the frame rate.
struct FramesRequest: Decodable {
    var chart: ChartRequest
    var direction = "in"
    var fps = 60.0

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        direction = try members.choice("direction", ["in", "out"]) ?? "in"
        fps = try members.number("fps", in: ChartRoutes.fpsRange, "frames a second") ?? 60
        chart = try ChartRequest(from: decoder, ignoring: ["direction", "fps"])
    }
}

/// `/api/easing`: the parameters (over `preset`) whose easing is sampled, and how many samples.
/// A view's members are taken and change nothing.
struct EasingRequest: Decodable {
    var chart: ChartRequest
    var samples = 121

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        samples = Int(try members.number("samples", in: ChartRoutes.samplesRange, integer: true) ?? 121)
        chart = try ChartRequest(from: decoder, ignoring: ["samples"])
    }
}
