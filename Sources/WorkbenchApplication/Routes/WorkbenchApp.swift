import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine
import Foundation
import Synchronization

/// The workbench behind the HTTP server: the middleware chain, then the API table, then the page.
// Unchecked: `router` and `chain` are assigned once, in init, before any request can arrive.
package final class WorkbenchApp: HTTPHandler, @unchecked Sendable {
    package let data: DataStore
    package let presets: PresetStore
    package let events: EventHub
    package let live: LiveFeed
    package let staticFiles: StaticFiles
    package let hostOriginGuard: HostOriginGuard
    package let presence = Presence()
    /// Each preset's live document: its saved revision and the team's unsaved changes.
    package let drafts: DraftStore
    package let comments: CommentStore
    package let rounds = RoundStore()
    /// The join tokens under `serve --share`, nil when serving loopback only.
    package let share: ShareAccess?
    /// `http://LAN-ADDRESS:PORT` of the join links under `--share`.
    package let shareBaseURL: String?
    private(set) var router = Router()
    /// Render sockets open now: each holds a connection and its thread; shared out fairly
    /// between clients (addresses).
    package let sockets = ClientBudget(total: 64)
    private var chain: MiddlewareChain!

    package static let jsonBodyLimit = 1 << 20        // 1 MB
    /// Largest CSV upload, spooled to a file as it arrives (`serve --upload-limit`, 512 MB by default).
    package let csvBodyLimit: Int
    /// Bytes all uploads in progress may hold in the spool at once (`serve --upload-space`).
    package let spoolLimit: Int
    /// Where uploads are spooled: the system's temporary folder, never the presets folder.
    package let spoolFolder: String

    /// `share` and `servedAddresses` under `serve --share`: the join tokens and the addresses served.
    package init(data: DataStore, presets: PresetStore, publicFolder: String, host: String, port: Int, liveInterval: Double,
         share: ShareAccess? = nil, servedAddresses: [String]? = nil, uploadLimitMB: Int = 512, uploadSpaceMB: Int = 1024) {
        csvBodyLimit = uploadLimitMB << 20
        spoolLimit = max(uploadSpaceMB, 1) << 20
        spoolFolder = (NSTemporaryDirectory() as NSString).appendingPathComponent("workbench-uploads")
        self.data = data
        self.presets = presets
        comments = CommentStore(records: SQLiteCommentRecords(database: presets.database))
        let events = EventHub()
        self.events = events
        drafts = DraftStore(clock: Preset.now) { snapshot, change in events.publish("draft", Self.draftEvent(snapshot, change)) }
        self.live = LiveFeed(data: data, events: events, interval: liveInterval)
        self.staticFiles = StaticFiles(folder: publicFolder)
        self.hostOriginGuard = HostOriginGuard(boundHost: host, port: port, servedAddresses: servedAddresses)
        self.share = share
        shareBaseURL = servedAddresses.map { "http://\(NetworkAddresses.lanAddress(in: $0)):\(port)" }
        router = routes()
        // Outermost first: every answer gets the security headers; nothing is read for a request
        // with a foreign host or origin, without a join token, or of the wrong media type.
        let shareGuard: [any Middleware] = share.map { [ShareGuard(access: $0)] } ?? []
        let middlewares: [any Middleware] = [SecurityHeaders(), FramingGuard(), hostOriginGuard] + shareGuard
            + [SameOriginReads(origins: hostOriginGuard), HeavyWorkLimit(), ContentTypeGuard(), Authorship(), JSONBody(), EventPublisher(events: events)]
        chain = MiddlewareChain(middlewares: middlewares) { [unowned self] context in endpoint(context) }
    }

    /// The API, one line a route: what it does, what it reads, what it answers.
    private func routes() -> Router {
        let object = JSONValue.object([("type", .string("object"))])
        var r = Router()
        r.get("/api/schema", "The parameter definitions", answers: [.json("parameters, groups, periods, sizes")]) { [unowned self] in schema($0) }
        r.get("/api/openapi.json", "This document", answers: [.json("OpenAPI 3")]) { [unowned self] _ in .json(OpenAPIDocument.json(for: router)) }
        r.get("/api/render", "Render the chart as SVG", query: OpenAPIDocument.renderQuery, answers: [.svg("the chart")], errors: [404]) {
            [unowned self] in try render(InputValue.fromQuery($0.query))
        }
        r.post("/api/render", "Render the chart as SVG from a JSON body of the same fields", schema: OpenAPIDocument.renderRequest, answers: [.svg("the chart")], errors: [404]) {
            [unowned self] in try render($0.jsonValues())
        }
        r.get("/api/scene", "The chart's scene (chart-workbench.scene v1, docs/scene.md) for the same fields as /api/render",
              query: OpenAPIDocument.renderQuery, answers: [.json("the scene")], errors: [404]) {
            [unowned self] in try scene(InputValue.fromQuery($0.query))
        }
        r.post("/api/scene", "The chart's scene from a JSON body of the same fields as POST /api/render", schema: OpenAPIDocument.renderRequest, answers: [.json("the scene")], errors: [404]) {
            [unowned self] in try scene($0.jsonValues())
        }
        r.get("/api/render/socket", "WebSocket for the live preview: send a render request's JSON plus requestId (and motion=press|release|follow with time in seconds to drive the transition), receive {\"requestId\", progress…} + newline + SVG",
              answers: [.switchingProtocols], errors: [403, 426, 503]) { [unowned self] in try renderSocket($0) }
        r.get("/api/frames", "Every frame of the transition (direction=in|out, fps)", query: OpenAPIDocument.framesQuery,
              answers: [.json("frames")], errors: [403, 404], sameOriginOnly: true, heavy: true) { [unowned self] in try frames(InputValue.fromQuery($0.query)) }
        r.post("/api/frames", "Every frame of the transition, from a JSON body", schema: OpenAPIDocument.framesRequest, answers: [.json("frames")], errors: [404], heavy: true) {
            [unowned self] in try frames($0.jsonValues())
        }
        r.get("/api/easing", "Eased progress over the transition's duration (samples=N) for the parameters",
              query: OpenAPIDocument.parameterQuery + [.init("samples", OpenAPIDocument.range(Self.samplesRange, integer: true))], answers: [.json("samples")], errors: [404]) {
            [unowned self] in try easingSamples(InputValue.fromQuery($0.query))
        }
        r.get("/api/presets", "List presets: summaries without notes, sorted by name, a page at a time (limit 1–1000, 200 by default, from offset; next is the next page's offset)",
              query: [.init("limit", OpenAPIDocument.range(1...Double(PresetStore.Limits.presets), integer: true)), .init("offset", OpenAPIDocument.range(0...Double(Int32.max), integer: true))],
              answers: [.json("presets, total, next and problems")]) { [unowned self] in try listPresets($0) }
        r.get("/api/presets/{name}", "Read a preset, with its revision number and status (draft, in-review or approved: approvedRevision, approvers, approvedAt)", answers: [.json("the preset with its revision")], errors: [404]) {
            [unowned self] in try getPreset($0)
        }
        r.put("/api/presets/{name}", "Save a preset (If-Match: revision; If-None-Match: * to only create)",
              schema: OpenAPIDocument.savePreset, answers: [.json("saved", object), .json("created", object, status: 201)], errors: [409, 500, 507]) { [unowned self] in try putPreset($0) }
        r.delete("/api/presets/{name}", "Delete a preset (If-Match: revision)", answers: [.json("deleted")], errors: [404, 409, 500]) {
            [unowned self] in try deletePreset($0)
        }
        r.post("/api/presets/{name}/rename", "Rename a preset ({\"newName\"})", schema: OpenAPIDocument.rename, answers: [.json("the renamed preset")], errors: [404, 409, 500]) {
            [unowned self] in try renamePreset($0)
        }
        r.get("/api/presets/{name}/revisions", "The preset's revisions, newest first, 200 at a time: revision, author, savedAt, message, deleted (limit up to 10,000; before: page back; X-Total-Count)",
              query: [.init("limit", OpenAPIDocument.range(1...Double(PresetHistory.Limits.maxPageSize), integer: true)), .init("before", OpenAPIDocument.range(1...Double(Int32.max), integer: true))],
              answers: [.json("revisions", .object([("type", .string("array"))]))], errors: [404]) { [unowned self] in try listRevisions($0) }
        r.get("/api/presets/{name}/revisions/{revision}", "One revision's preset file", answers: [.json("the preset file of that revision")], errors: [404]) {
            [unowned self] in try getRevision($0)
        }
        r.post("/api/presets/{name}/restore", "Restore a revision as the preset's newest ({\"revision\"}); a deleted preset comes back",
               schema: OpenAPIDocument.restore, answers: [.json("the preset at its new revision", object, status: 201)], errors: [404, 409, 500, 507]) { [unowned self] in try restorePreset($0) }
        r.get("/api/presets/{name}/reviews", "The preset's reviews and review requests, oldest first", answers: [.json("reviews", .object([("type", .string("array"))]))], errors: [404]) {
            [unowned self] in try listReviews($0)
        }
        r.post("/api/presets/{name}/reviews", "Review a revision ({\"revision\", \"decision\": \"approve\"|\"request-changes\", \"comment\"}) or ask for a review ({\"revision\", \"decision\": \"request-review\", \"reviewers\": [names]})",
               schema: OpenAPIDocument.review, answers: [.json("the review and the preset's status", object, status: 201)], errors: [404]) { [unowned self] in try postReview($0) }
        r.get("/api/log", "The decision log, newest first (limit, before, preset; format=markdown for a wiki)",
              query: [.init("limit", OpenAPIDocument.range(1...Double(DecisionLog.Limits.maxPageSize), integer: true)), .init("before", OpenAPIDocument.range(1...Double(Int32.max), integer: true)),
                      .init("preset", OpenAPIDocument.string, "one preset's entries"), .init("format", OpenAPIDocument.enumeration(["json", "markdown"]))],
              answers: [Router.Answer(status: 200, types: [.json, .markdown], schema: nil, description: "the entries")]) { [unowned self] in try getLog($0) }
        r.get("/api/presets/{name}/export", "Export a preset", query: OpenAPIDocument.exportQuery,
              answers: [Router.Answer(status: 200, types: [.json, .swift, .kotlin, .svg, .zip], schema: nil, description: "the export (ios/android: a .zip bundle)")], errors: [404], heavy: true) {
            [unowned self] in try exportPreset($0)
        }
        r.post("/api/export", "Export what is on screen, saved or not: parameters (over an optional preset), view (width, height, period, background light|dark), name, author, notes, updatedAt (the saved preset's time, else now) and format",
               schema: OpenAPIDocument.exportRequest, answers: [Router.Answer(status: 200, types: [.json, .swift, .kotlin, .svg, .zip], schema: nil, description: "the export (ios/android: a .zip bundle)")], errors: [404], heavy: true) {
            [unowned self] in try exportCurrent($0)
        }
        r.post("/api/data", "Load a CSV price series", query: [.init("name", OpenAPIDocument.string, "shown as the source")], body: .csv, schema: OpenAPIDocument.csvRows,
               answers: [.json("summary of the series")]) { [unowned self] in try loadData($0) }
        r.get("/api/data", "The visible points", query: OpenAPIDocument.dataQuery, answers: [.json("points")], heavy: true) { [unowned self] in try visibleData($0) }
        r.get("/api/live", "Whether live updates run", answers: [.json("{enabled}")]) { [unowned self] _ in
            .json(.object([("enabled", .bool(live.isRunning))]))
        }
        r.post("/api/live", "Start or stop live updates ({\"enabled\"})", schema: OpenAPIDocument.live, answers: [.json("{enabled}")]) { [unowned self] in try setLive($0) }
        r.get("/api/drafts/{name}", "A preset's live document: its saved revision (saved, baseRevision) and the team's unsaved changes (parameters, version, changes with author and keys)",
              answers: [.json("the draft")], errors: [404]) { [unowned self] in try getDraft($0) }
        r.post("/api/drafts/{name}/changes", "Change the preset's draft ({\"parameters\", \"step\"}) or undo your own step on it ({\"undoOf\": step, \"step\"}); keys others changed since are left alone",
               schema: OpenAPIDocument.draftChange, answers: [.json("the draft after the change")], errors: [404, 409]) { [unowned self] in try postDraftChange($0) }
        r.post("/api/data/builtin", "Go back to the built-in series, announced to every page", body: nil, answers: [.json("summary of the series")]) {
            [unowned self] in loadBuiltInData($0)
        }
        r.get("/api/session", "Your role (editor|viewer), who is here, the preset an editor last opened or edited, and the join links you may hand on",
              answers: [.json("role, people, current, links")]) { [unowned self] in sessionInfo($0) }
        r.get("/api/session/qr", "A join link as a QR code", query: [.init("link", OpenAPIDocument.enumeration(share == nil ? ["device"] : ["editor", "viewer", "device"]))],
              answers: [.svg("the QR code")], errors: [500]) { [unowned self] in try joinLinkQR($0) }
        r.post("/api/session/presence", "What this page is doing ({\"preset\", \"pressing\", \"selection\", \"user\", \"view\"} or {\"leaving\": true}); needs X-Workbench-Client",
               schema: OpenAPIDocument.presence, answers: [.json("people")]) { [unowned self] in try updatePresence($0) }
        r.requireHeaders([.init("X-Workbench-Client", .object([("type", .string("string")), ("minLength", .number(1))]), "the page's id")])
        r.get("/api/presets/{name}/comments", "Comments on the preset's parameters, oldest first", answers: [.json("comments", .object([("type", .string("array"))]))], errors: [404]) {
            [unowned self] in try listComments($0)
        }
        r.post("/api/presets/{name}/comments", "Comment on a parameter ({\"parameter\", \"text\", \"progress\"?})",
               schema: OpenAPIDocument.comment, answers: [.json("the comment", object, status: 201)], errors: [404, 409, 500]) { [unowned self] in try addComment($0) }
        r.post("/api/presets/{name}/comments/{id}/resolve", "Mark a comment resolved", body: nil, answers: [.json("the comment")], errors: [404, 500]) {
            [unowned self] in try resolveComment($0)
        }
        r.post("/api/rounds", "Start a blind pairwise round ({\"candidates\": [2–8 names]} or {\"variationsOf\": name, \"count\": 1–7})",
               schema: OpenAPIDocument.round, answers: [.json("the round, without candidate names", object, status: 201)], errors: [404, 409]) { [unowned self] in try startRound($0) }
        r.get("/api/rounds", "Rounds, newest first, without candidate names", answers: [.json("rounds", .object([("type", .string("array"))]))]) {
            [unowned self] _ in listRounds()
        }
        r.get("/api/rounds/{id}/next", "Your next pair: {pair, left, right} with opaque candidate tokens and parameters, sides shuffled; pair null when you have judged all",
              answers: [.json("the pair")], errors: [404, 409]) { [unowned self] in try nextPair($0) }
        r.post("/api/rounds/{id}/votes", "Vote on a pair ({\"pair\", \"choice\": \"left\"|\"right\"|\"none\"})",
               schema: OpenAPIDocument.vote, answers: [.json("recorded", object, status: 201)], errors: [403, 404, 409]) { [unowned self] in try castVote($0) }
        r.get("/api/rounds/{id}", "The result: ranking by Bradley–Terry with names and scores, and each person's votes", answers: [.json("the result")], errors: [404]) {
            [unowned self] in try roundResult($0)
        }
        r.post("/api/rounds/{id}/close", "End voting and record the result in the decision log", body: nil, answers: [.json("the result")], errors: [404]) {
            [unowned self] in try closeRound($0)
        }
        r.get("/api/events", "Server-Sent Events: draft, preset, data, live, presence, session, comment, round, review, log",
              query: [.init("client", OpenAPIDocument.string, "the page's id, listed in presence"), .init("user", OpenAPIDocument.string, "the person's name"),
                      .init("preset", OpenAPIDocument.string, "the preset the page has open")],
              answers: [.eventStream(["hello", "draft", "preset", "data", "live", "presence", "session", "comment", "round", "review", "log"])], errors: [503]) { [unowned self] in try eventStream($0) }
        // Path parameters narrower than any text: names as the document can say them, revisions as digits.
        r.narrowPathParameters(["name": OpenAPIDocument.presetName, "revision": OpenAPIDocument.revisionText])
        return r
    }

    // MARK: HTTPHandler

    package func bodyLimit(for head: RequestHead) -> Int {
        // Under --share, nothing of a stranger's request is buffered.
        if let share, head.header("x-workbench-token").flatMap({ share.role(forToken: $0) }) == nil { return 0 }
        return head.route.route?.body == .csv ? csvBodyLimit : Self.jsonBodyLimit
    }

    /// The one place a request's route is resolved: when its head is read.
    package func route(_ head: RequestHead) -> RouteMatch { router.route(method: head.method, rawPath: head.rawPath) }

    package func preflight(_ head: RequestHead) -> HTTPResponse? { chain.refusal(for: head) }

    package func respond(to request: HTTPRequest) -> HTTPResponse { chain.respond(to: RequestContext(request: request)) }

    /// After the middleware: the API, then the page's files.
    private func endpoint(_ context: RequestContext) -> HTTPResponse {
        var context = context
        if context.request.rawPath == "/device" && (context.request.method == "GET" || context.request.method == "HEAD") {
            context.request.rawPath = "/device.html"
        }
        let request = context.request
        if let response = router.response(to: context) { return response }
        if request.rawPath.hasPrefix("/api/") { return .notFound("no API route \(request.rawPath)") }
        if let file = staticFiles.response(to: request) { return file }
        if request.method != "GET" && request.method != "HEAD" {
            return HTTPError(405, "method_not_allowed", "\(request.method) is not allowed here; use GET").response.adding("Allow", "GET, HEAD")
        }
        return .notFound()
    }

    /// Ends live updates and event streams, giving streams a moment to send their last chunk.
    package func shutdown() {
        live.stop()
        events.finishAll()
        let deadline = Date().addingTimeInterval(2)
        while events.subscriberCount > 0 && Date() < deadline { usleep(10_000) }
    }
}
