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
    /// A new id each time the server starts: a page that sees another one after its connection
    /// came back knows the server restarted (the event stream's hello and `GET /api/session`).
    package let startID = Sodium.randomHex(bytes: 8)
    /// Each preset's live document: its saved revision and the team's unsaved changes.
    package let drafts: DraftStore
    package let comments: CommentStore
    package let rounds: RoundStore
    /// Who may write: every write is by a person with a secret.
    package let people: PeopleStore
    /// Which event streams are whose, for notices to one person.
    let notices: Notices
    /// What revoking a person does to their open pages and sockets.
    let access: PersonAccess
    /// Explore rounds, kept in the workbench database.
    package let explore: ExploreStore
    /// The markets a chart can be viewed on: built in and saved CSVs (the presets folder's `scenarios/`).
    package let scenarios: ScenarioLibrary
    /// The OpenAPI document, derived from the routes once they are all added.
    let apiDocument = APIDocument()
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

    /// `page`: the page's files, built in or from a folder (`serve --public-folder`).
    /// `share` and `servedAddresses` under `serve --share`: the join tokens and the addresses served.
    package init(data: DataStore, presets: PresetStore, page: StaticFiles, host: String, port: Int, liveInterval: Double,
         share: ShareAccess? = nil, servedAddresses: [String]? = nil, uploadLimitMB: Int = 512, uploadSpaceMB: Int = 1024,
         people: PeopleStore) {
        csvBodyLimit = uploadLimitMB << 20
        spoolLimit = max(uploadSpaceMB, 1) << 20
        spoolFolder = (NSTemporaryDirectory() as NSString).appendingPathComponent("workbench-uploads")
        self.data = data
        self.presets = presets
        comments = CommentStore(records: SQLiteCommentRecords(database: presets.database))
        // Rounds are kept in the workbench database; when it cannot hold them, rounds are refused
        // (with the reason) rather than kept where a restart would lose them.
        do { rounds = try RoundStore(database: presets.database) } catch {
            Output.error("blind rounds cannot be kept in the workbench database (\(error)); starting a round will be refused")
            rounds = RoundStore(unavailable: "\(error)")
        }
        scenarios = ScenarioLibrary(presetsFolder: presets.folder)
        explore = ExploreStore(records: SQLiteExploreRecords(database: presets.database))
        let events = EventHub()
        self.events = events
        self.people = people
        notices = Notices(events: events)
        access = PersonAccess(notices: notices, presence: presence)
        access.watch(people)
        drafts = DraftStore(clock: Preset.now) { snapshot, change in events.publish("draft", DraftRoutes.draftEvent(snapshot, change)) }
        self.live = LiveFeed(data: data, events: events, interval: liveInterval)
        self.staticFiles = page
        self.hostOriginGuard = HostOriginGuard(boundHost: host, port: port, servedAddresses: servedAddresses)
        self.share = share
        shareBaseURL = servedAddresses.map { "http://\(NetworkAddresses.lanAddress(in: $0)):\(port)" }
        router = routes()
        apiDocument.set(OpenAPIDocument.json(for: router))
        // Outermost first: every answer gets the security headers; nothing is read for a request
        // with a foreign host or origin, without a join token, or of the wrong media type.
        let shareGuard: [any Middleware] = share.map { [ShareGuard(access: $0)] } ?? []
        let middlewares: [any Middleware] = [SecurityHeaders(), FramingGuard(), hostOriginGuard] + shareGuard
            + [SameOriginReads(origins: hostOriginGuard), ContentTypeGuard(), Authorship(people: self.people), JSONBody()]
        chain = MiddlewareChain(middlewares: middlewares) { [unowned self] context in endpoint(context) }
    }

    /// The API, a group of routes per concern, each holding only the stores it needs.
    private func routes() -> Router {
        let decisions = DecisionRecorder(log: presets.log, events: events)
        let heavyWork = HeavyWorkLimit()
        var r = Router()
        r.add(ChartRoutes(data: data, scenarios: scenarios, presets: presets, rounds: rounds, sockets: sockets, hostOriginGuard: hostOriginGuard, heavyWork: heavyWork,
                          access: access, live: live))
        r.add(APIDocumentRoutes(document: apiDocument))
        r.add(AboutRoutes(staticFiles: staticFiles))
        r.add(ReadabilityRoutes(presets: presets, scenarios: scenarios, data: data))
        r.add(PresetRoutes(presets: presets, drafts: drafts, comments: comments, decisions: decisions, events: events))
        r.add(HistoryRoutes(presets: presets, drafts: drafts, decisions: decisions, events: events, people: people, notices: notices, scenarios: scenarios))
        r.add(LogRoutes(presets: presets))
        r.add(ReviewInboxRoutes(presets: presets))
        r.add(ExportRoutes(presets: presets, data: data, decisions: decisions, heavyWork: heavyWork))
        r.add(FigmaRoutes(presets: presets, drafts: drafts, decisions: decisions, events: events))
        r.add(DataRoutes(data: data, live: live, decisions: decisions, heavyWork: heavyWork, events: events))
        r.add(DraftRoutes(drafts: drafts, presets: presets, events: events))
        r.add(SessionRoutes(events: events, presence: presence, drafts: drafts, share: share, shareBaseURL: shareBaseURL, hostOriginGuard: hostOriginGuard,
                            notices: notices, startID: startID))
        r.add(PeopleRoutes(people: people, access: access, decisions: decisions))
        r.add(CommentRoutes(comments: comments, presets: presets, decisions: decisions, events: events))
        r.add(RoundRoutes(rounds: rounds, presets: presets, drafts: drafts, data: data, scenarios: scenarios, decisions: decisions, events: events, heavyWork: heavyWork))
        r.add(ScenarioRoutes(scenarios: scenarios, decisions: decisions))
        r.add(ExploreRoutes(explore: explore, presets: presets, data: data, decisions: decisions, events: events))
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
        access.stop()
        events.finishAll()
        let deadline = Date().addingTimeInterval(2)
        while events.subscriberCount > 0 && Date() < deadline { usleep(10_000) }
    }
}
