import ChartEngine
import Foundation

/// The workbench behind the HTTP server: guards first, then the API table, then the page.
// Unchecked: `router` is assigned once, in init, before any request can arrive.
final class WorkbenchApp: HTTPHandler, @unchecked Sendable {
    let data: DataStore
    let presets: PresetStore
    let events: EventHub
    let live: LiveFeed
    let staticFiles: StaticFiles
    let requestGuard: RequestGuard
    let presence = Presence()
    let session = SessionState()
    /// The join tokens under `serve --share`, nil when serving loopback only.
    let share: ShareAccess?
    /// `http://LAN-ADDRESS:PORT` of the join links under `--share`.
    let shareBaseURL: String?
    private(set) var router = Router()

    static let jsonBodyLimit = 1 << 20        // 1 MB
    static let csvBodyLimit = 64 << 20        // 64 MB; larger files load with --data FILE

    init(data: DataStore, presets: PresetStore, publicFolder: String, host: String, port: Int, liveInterval: Double,
         share: ShareAccess? = nil, servedAddresses: [String]? = nil) {
        self.data = data
        self.presets = presets
        self.events = EventHub()
        self.live = LiveFeed(data: data, events: events, interval: liveInterval)
        self.staticFiles = StaticFiles(folder: publicFolder)
        self.requestGuard = RequestGuard(boundHost: host, port: port, servedAddresses: servedAddresses)
        self.share = share
        shareBaseURL = servedAddresses.map { "http://\(NetworkAddresses.lanAddress(in: $0)):\(port)" }
        router = routes()
    }

    /// The API, one line a route.
    private func routes() -> Router {
        var r = Router()
        r.get("/api/schema") { [unowned self] in schema($0) }
        r.get("/api/openapi.json") { _ in .json(OpenAPIDocument.json) }
        r.get("/api/render") { [unowned self] in try render(InputValue.fromQuery($0.query)) }
        r.post("/api/render") { [unowned self] in try render(InputValue.fromJSON($0.body)) }
        r.get("/api/render/socket") { [unowned self] in try renderSocket($0) }
        r.get("/api/frames") { [unowned self] in try frames(InputValue.fromQuery($0.query)) }
        r.post("/api/frames") { [unowned self] in try frames(InputValue.fromJSON($0.body)) }
        r.get("/api/easing") { [unowned self] in try easingSamples(InputValue.fromQuery($0.query)) }
        r.get("/api/presets") { [unowned self] in listPresets($0) }
        r.get("/api/presets/:name") { [unowned self] in try getPreset($0) }
        r.put("/api/presets/:name") { [unowned self] in try putPreset($0) }
        r.delete("/api/presets/:name") { [unowned self] in try deletePreset($0) }
        r.post("/api/presets/:name/rename") { [unowned self] in try renamePreset($0) }
        r.get("/api/presets/:name/export") { [unowned self] in try exportPreset($0) }
        r.post("/api/export") { [unowned self] in try exportCurrent($0) }
        r.post("/api/data") { [unowned self] in try loadData($0) }
        r.get("/api/data") { [unowned self] in try visibleData($0) }
        r.get("/api/live") { [unowned self] _ in .json(.object([("enabled", .bool(live.isRunning))])) }
        r.post("/api/live") { [unowned self] in try setLive($0) }
        r.post("/api/session/parameters") { [unowned self] in try shareParameters($0) }
        r.post("/api/data/builtin") { [unowned self] in loadBuiltInData($0) }
        r.get("/api/session") { [unowned self] in sessionInfo($0) }
        r.get("/api/session/qr") { [unowned self] in try joinLinkQR($0) }
        r.post("/api/session/presence") { [unowned self] in try updatePresence($0) }
        r.get("/api/events") { [unowned self] in eventStream($0) }
        return r
    }

    // MARK: HTTPHandler

    func bodyLimit(for head: RequestHead) -> Int {
        // Under --share, nothing of a stranger's request is buffered.
        if let share, share.role(cookieHeader: head.header("cookie")) == nil { return 0 }
        return head.method == "POST" && head.rawPath == "/api/data" ? Self.csvBodyLimit : Self.jsonBodyLimit
    }

    func preflight(_ head: RequestHead) -> HTTPResponse? {
        requestGuard.refusal(for: head) ?? shareRefusal(for: head)
    }

    func respond(to incoming: HTTPRequest) -> HTTPResponse {
        var request = incoming
        switch shareAdmission(incoming) {
        case .success(let role): request.role = role
        case .failure(let refusal): return refusal.response.adding("Cache-Control", "no-store")
        }
        if request.rawPath == "/device" && (request.method == "GET" || request.method == "HEAD") {
            request = HTTPRequest(method: request.method, rawPath: "/device.html", query: request.query, headers: request.headers,
                                  body: request.body, role: request.role)
        }
        if let response = router.response(to: request) {
            return response.adding("Cache-Control", "no-store")
        }
        if request.rawPath.hasPrefix("/api/") { return .notFound("no API route \(request.rawPath)") }
        if let file = staticFiles.response(to: request) { return file }
        if request.method != "GET" && request.method != "HEAD" {
            return HTTPError(405, "method_not_allowed", "\(request.method) is not allowed here; use GET").response.adding("Allow", "GET, HEAD")
        }
        return .notFound()
    }

    // MARK: Who did it

    /// The person's display name and page id, sent by the page with every write.
    func author(of request: HTTPRequest) -> (user: String, client: String) {
        // The page percent-encodes the name: header values cannot carry every Unicode letter.
        func clean(_ s: String?) -> String { String((s.flatMap { PercentDecoding.decode(Substring($0)) } ?? "").prefix(64)) }
        return (clean(request.header("x-workbench-user")), clean(request.header("x-workbench-client")))
    }

    /// Ends live updates and event streams, giving streams a moment to send their last chunk.
    func shutdown() {
        live.stop()
        events.finishAll()
        let deadline = Date().addingTimeInterval(2)
        while events.subscriberCount > 0 && Date() < deadline { usleep(10_000) }
    }
}
