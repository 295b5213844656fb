import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Schema, rendering and transition frames: the engine's answers for the page's chart.
struct ChartRoutes: PresetReading {
    let data: DataStore
    let scenarios: ScenarioLibrary
    let presets: PresetStore
    /// A blind round's candidate is drawn by its token (`round`, `candidate`): the page never holds its parameters.
    let rounds: RoundStore
    let sockets: ClientBudget
    let hostOriginGuard: HostOriginGuard
    let heavyWork: HeavyWorkLimit
    /// Whose render sockets are open, so revoking a person closes theirs.
    let access: PersonAccess
    /// The live prices: stale past the preset's `outageStaleAfter`, the socket's frames show the outage.
    let live: LiveFeed

    var middlewares: [any Middleware] { [heavyWork] }

    func addRoutes(to r: inout Router) {
        r.get("/api/schema", "The parameter definitions", answers: [.json("parameters, groups, periods, sizes")]) { schema($0) }
        r.get("/api/render", "Render the chart as SVG", query: OpenAPIDocument.renderQuery, answers: [.svg("the chart")], errors: [404]) {
            try render(InputValue.fromQuery($0.query))
        }
        r.post("/api/render", "Render the chart as SVG from a JSON body of the same fields", schema: OpenAPIDocument.renderRequest, answers: [.svg("the chart")], errors: [404]) {
            try render($0.jsonValues())
        }
        r.get("/api/scene", "The chart's scene (chart-workbench.scene v1, docs/scene.md) for the same fields as /api/render",
              query: OpenAPIDocument.renderQuery, answers: [.json("the scene")], errors: [404]) {
            try scene(InputValue.fromQuery($0.query))
        }
        r.post("/api/scene", "The chart's scene from a JSON body of the same fields as POST /api/render", schema: OpenAPIDocument.renderRequest, answers: [.json("the scene")], errors: [404]) {
            try scene($0.jsonValues())
        }
        r.get("/api/render/socket", "WebSocket for the live preview: send a render request's JSON plus requestId (and motion=press|release|follow with time in seconds to drive the transition; motion=period with from plays the period change to period; motion=live with since plays a new live price, motion=reveal the first load), receive {\"requestId\", progress…} + newline + SVG",
              answers: [.switchingProtocols], errors: [403, 426, 503]) { try renderSocket($0) }
        r.get("/api/frames", "Every frame of the transition (direction=in|out, fps)", query: OpenAPIDocument.framesQuery,
              answers: [.json("frames", FramesAnswer.self)], errors: [403, 404], sameOriginOnly: true, heavy: true) { try frames(InputValue.fromQuery($0.query)) }
        r.post("/api/frames", "Every frame of the transition, from a JSON body", schema: OpenAPIDocument.framesRequest, answers: [.json("frames", FramesAnswer.self)], errors: [404], heavy: true) {
            try frames($0.jsonValues())
        }
        r.get("/api/easing", "Eased progress over the transition's duration (samples=N) for the parameters",
              query: OpenAPIDocument.parameterQuery + [.init("samples", OpenAPIDocument.range(Self.samplesRange, integer: true))], answers: [.json("samples", EasingAnswer.self)], errors: [404]) {
            try easingSamples(InputValue.fromQuery($0.query))
        }
    }
    /// A render socket's base style: a round candidate's (`round` and `candidate` tokens), else `preset`'s, else the defaults.
    package func socketBase(_ values: [String: InputValue]) throws(HTTPError) -> ChartStyle {
        guard let roundID = try values["round"]?.text(field: "round") else { return try baseStyle(values) }
        let token = try values["candidate"]?.text(field: "candidate") ?? ""
        guard let candidate = rounds.round(roundID)?.candidate(token: token)?.candidate else {
            throw HTTPError(404, "not_found", "no such round candidate", field: "candidate")
        }
        return candidate.style
    }

    package func schema(_ context: RequestContext) -> HTTPResponse {
        .json(SchemaDocument.json)
    }

    package func render(_ values: [String: InputValue]) throws(HTTPError) -> HTTPResponse {
        let request = try RenderRequest(values, base: try baseStyle(values))
        return .svg(request.svg(data: try scenarios.data(request, else: data)))
    }

    package func scene(_ values: [String: InputValue]) throws(HTTPError) -> HTTPResponse {
        let request = try RenderRequest(values, base: try baseStyle(values))
        let document = request.document(data: try scenarios.data(request, else: data))
        return HTTPResponse(contentType: "application/json; charset=utf-8",
                            text: SceneJSON.text(document.scene(state: ChartState(progress: request.progress, selection: request.selection))))
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

    package func frames(_ values: [String: InputValue]) throws(HTTPError) -> HTTPResponse {
        var rest = values
        let direction = try rest.removeValue(forKey: "direction")?.text(field: "direction") ?? "in"
        guard direction == "in" || direction == "out" else { throw .badRequest("must be in or out", field: "direction") }
        let fps = try rest.removeValue(forKey: "fps")?.number(field: "fps", in: Self.fpsRange) ?? 60
        let request = try RenderRequest(rest, base: try baseStyle(rest))
        let document = request.document(data: try scenarios.data(request, else: data))
        let duration = request.style.transitionDuration
        let easing = request.style.easingFunction
        // More frames than one answer holds are drawn at a lower rate that fits, and the answer says so.
        let wanted = duration > 0 ? Int((duration * fps).rounded(.up)) : 0
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
        return .answer(FramesAnswer(duration: duration, direction: direction, fps: duration > 0 ? Double(count) / duration : fps,
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
        if let origin = request.header("origin"), !hostOriginGuard.isAllowed(origin: origin) {
            throw HTTPError(403, "cross_site", "sockets are accepted only from the workbench's own page", field: "Origin")
        }
        // Counted before it is checked, at the handshake: handshakes at the same moment cannot
        // pass the cap together. The ticket goes back when the session ends, or when the
        // upgrade never happens (the answer, holding it, is dropped).
        // Past the total, the socket of the client holding the most (or this client's own) that
        // has been quiet longest is closed (1013, try again later) to make room.
        let slot = Evictable<WebSocket> { $0.close(code: 1013) }
        let person = request.author.personID, access = access
        guard let ticket = sockets.ticket(request.request.client, evict: { slot.evict() }) else { throw Self.tooManySockets(sockets) }
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

    /// Besides still frames, the socket drives the press transition one display frame at a
    /// time: a message with `motion` ("press", "release" or "follow") and `time` (seconds on the
    /// page's clock, already scaled by its playback speed) draws the frame at the progress the
    /// engine's `TransitionMotion` has then, for the selection the message carries. Press and
    /// release retarget from the current progress and velocity, so an interrupted transition
    /// continues without a jump. Each chart on the page (its `id`) has its own motion.
    ///
    /// A message may carry `again: true` to repeat its chart's previous request with only the
    /// fields it sends changed (null removes one), and `base`: the number of the frame its chart shows now (answers carry
    /// `frame`). When the server drew that frame for that chart last, the answer is a patch from
    /// it (`FramePatch`: the head has `"patch": true` and the body is JSON) instead of the whole SVG.
    private func renderSession(_ socket: WebSocket) {
        var motions: [String: TransitionMotion] = [:]
        // Period changes, live prices and reveals playing, by chart.
        var playing: [String: MotionPlayback] = [:]
        var drawn: [String: DrawnFrame] = [:]
        var frameNumber = 0
        var lastRequest = KeptRequests()
        while let message = socket.receive() {
            var requestId = JSONValue.null
            do throws(HTTPError) {
                var values = try InputValue.fromJSON(Array(message.utf8))
                if case .json(let value)? = values.removeValue(forKey: "requestId") { requestId = value }
                // `"again": true` repeats the chart's previous request, with this message's fields on top
                // (a transition's frames differ only in time and finger).
                let chart = try values["id"]?.text(field: "id") ?? "cw"
                if try values.removeValue(forKey: "again")?.boolean(field: "again") == true {
                    guard let previous = lastRequest[chart] else { throw .badRequest("no earlier request of this chart to repeat", field: "again") }
                    values = previous.merging(values) { $1 }.filter { if case .json(.null) = $0.value { false } else { true } }
                }
                let motion = try values.removeValue(forKey: "motion")?.text(field: "motion")
                let time = try values.removeValue(forKey: "time")?.number(field: "time", in: 0...1e9)
                let base = try values.removeValue(forKey: "base")?.number(field: "base", in: 0...Double(Int32.max))
                let from = try values.removeValue(forKey: "from")?.text(field: "from")
                let since = try values.removeValue(forKey: "since")?.number(field: "since", in: -1e15...1e15)
                // `at`: a motion's frame held at this eased progress (the inspector's scrubber), not played.
                let at = try values.removeValue(forKey: "at")?.number(field: "at", in: RenderRequest.progressRange)
                var request = try RenderRequest(values, base: try socketBase(values))
                // Kept only once it is valid, and only its parameters, within the socket's bytes.
                lastRequest.keep(values.filter { !["motion", "time", "base"].contains($0.key) }, for: chart)
                var head: [(String, JSONValue)] = [("requestId", requestId)]
                let key = request.idPrefix
                var shown: (document: ChartDocument, scene: ChartScene)?
                if let motion, let at, MotionPlayback.names.contains(motion) {
                    let playback = try startMotion(motion, request, fields: (from, since), at: time ?? 0, previous: nil)
                    head += [("motion", .string(playback.name)), ("progress", .number(at)), ("finished", .bool(true))]
                    shown = (playback.document, playback.frame(atProgress: at))
                } else if let motion, MotionPlayback.names.contains(motion) || (motion == "follow" && playing[key] != nil) {
                    guard let time else { throw .badRequest("a motion needs the time in seconds", field: "time") }
                    let playback = if let running = playing[key], motion == "follow" { running }
                        else { try startMotion(motion, request, fields: (from, since), at: time, previous: playing[key]) }
                    let frame = playback.frame(at: time)
                    if playing[key] == nil && playing.count >= 64 { playing.removeAll() }
                    playing[key] = frame.finished ? nil : playback
                    head += [("motion", .string(playback.name)), ("progress", .number(frame.state.progress)), ("velocity", .number(frame.state.velocity)),
                             ("target", .number(1)), ("finished", .bool(frame.finished))]
                    // A finger down during a live price: where its time now is, for the press's later frames.
                    if case .live(let live) = playback, let carried = live.step.toState.selection { head.append(("selection", .number(carried))) }
                    shown = (playback.document, frame.scene)
                } else if let motion {
                    guard let time else { throw .badRequest("a motion needs the time in seconds", field: "time") }
                    // A press ends a period change, a live price or a reveal: its later frames are the press's.
                    if motion != "follow" { playing[key] = nil }
                    var current = motions[key] ?? .resting(at: request.progress)
                    switch motion {
                    case "press": current = current.retargeted(to: 1, at: time, style: request.style.motionStyle(reducedMotion: request.reducedMotion))
                    case "release": current = current.retargeted(to: 0, at: time, style: request.style.motionStyle(reducedMotion: request.reducedMotion))
                    case "follow": break
                    default: throw .badRequest("must be press, release, follow, period, live or reveal", field: "motion")
                    }
                    if motions[key] == nil && motions.count >= 64 { motions.removeAll() }
                    motions[key] = current
                    let state = current.state(at: time)
                    request.progress = state.progress
                    head += [("progress", .number(state.progress)), ("velocity", .number(state.velocity)),
                             ("target", .number(current.target)), ("finished", .bool(state.finished))]
                }
                let document = if let shown { shown.document } else { request.document(data: try scenarios.data(request, else: data)) }
                let scene = shown?.scene ?? document.scene(state: ChartState(progress: request.progress, selection: request.selection))
                let (svg, elements) = document.recordedSVG(outage(scene, request, head: &head))
                frameNumber = frameNumber < Int(Int32.max) ? frameNumber + 1 : 1
                let frame = DrawnFrame(number: frameNumber, elements: elements)
                let previous = drawn[request.idPrefix]
                if previous == nil && drawn.count >= 64 { drawn.removeAll() }
                drawn[request.idPrefix] = frame
                head.append(("frame", .number(Double(frameNumber))))
                if let base, let previous, Double(previous.number) == base, let patch = previous.patch(to: frame) {
                    head.append(("patch", .bool(true)))
                    socket.send(JSONValue.object(head).serialized() + "\n" + patch)
                } else {
                    socket.send(JSONValue.object(head).serialized() + "\n" + svg)
                }
            } catch {
                let failure = JSONValue.object([("code", .string(error.code)), ("message", .string(error.message)),
                                                ("field", error.field.map(JSONValue.string) ?? .null)])
                socket.send(JSONValue.object([("requestId", requestId), ("error", failure)]).serialized() + "\n")
            }
        }
    }

    /// `GET /api/easing?<parameters>&samples=N`: the eased progress over the transition's
    /// duration, N evenly spaced samples from the engine, for the page's easing graph.
    package func easingSamples(_ values: [String: InputValue]) throws(HTTPError) -> HTTPResponse {
        var rest = values
        let count = Int(try rest.removeValue(forKey: "samples")?.number(field: "samples", in: Self.samplesRange) ?? 121)
        rest.removeValue(forKey: "preset")
        let style = try applyParameters(rest, to: try baseStyle(values), ignoring: RenderRequest.viewKeys)
        let easing = style.easingFunction
        let samples = (0..<count).map { i in easing(Double(i) / Double(count - 1)) }
        return .answer(EasingAnswer(easing: style.easing.rawValue, duration: style.motionDuration, samples: samples))
    }


    package static func tooManySockets(_ budget: ClientBudget) -> HTTPError {
        HTTPError(503, "too_many_sockets", "\(budget.total) render sockets are open; close a page and retry")
    }
}
