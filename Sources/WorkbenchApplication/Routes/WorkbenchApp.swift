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
    /// The stores and services the route groups are built from.
    package let services: AppServices
    private(set) var router = Router()
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
        services = AppServices(data: data, presets: presets, page: page, host: host, port: port, liveInterval: liveInterval,
                          share: share, servedAddresses: servedAddresses, people: people)
        router = routes()
        services.apiDocument.set(OpenAPIDocument.json(for: router))
        // Outermost first: every answer gets the security headers; nothing is read for a request
        // with a foreign host or origin, without a join token, or of the wrong media type.
        let shareGuard: [any Middleware] = services.share.map { [ShareGuard(access: $0)] } ?? []
        let middlewares: [any Middleware] = [SecurityHeaders(), FramingGuard(alsoOnce: Self.identityHeaders), services.hostOriginGuard] + shareGuard
            + [SameOriginReads(origins: services.hostOriginGuard), ContentTypeGuard(), Authorship(people: services.people, historyChanged: { [file = services.presets.historyFile] in file.changedBehindItsBack }), JSONBody()]
        chain = MiddlewareChain(middlewares: middlewares) { [unowned self] context in endpoint(context) }
    }

    /// Who is asking (the person's secret, the join link's token, the page): each at most once,
    /// as a second copy could be read by one layer and its first by another.
    static let identityHeaders = ["X-Workbench-Secret", "X-Workbench-Token", "X-Workbench-Client"]

    /// The API, a group of routes per concern, each built from the application's services.
    private func routes() -> Router {
        var r = Router()
        r.add(ChartRoutes(app: services))
        r.add(APIDocumentRoutes(app: services))
        r.add(AboutRoutes(app: services))
        r.add(ReadabilityRoutes(app: services))
        r.add(PresetRoutes(app: services))
        r.add(HistoryRoutes(app: services))
        r.add(LogRoutes(app: services))
        r.add(ReviewInboxRoutes(app: services))
        r.add(ExportRoutes(app: services))
        r.add(FigmaRoutes(app: services))
        r.add(DataRoutes(app: services))
        r.add(DraftRoutes(app: services))
        r.add(SessionRoutes(app: services))
        r.add(PeopleRoutes(app: services))
        r.add(CommentRoutes(app: services))
        r.add(RoundRoutes(app: services))
        r.add(ScenarioRoutes(app: services))
        r.add(ExploreRoutes(app: services))
        // Path parameters narrower than any text: names as the document can say them, revisions as digits.
        r.narrowPathParameters(["name": OpenAPIDocument.presetName, "revision": OpenAPIDocument.revisionText])
        return r
    }

    // MARK: HTTPHandler

    package func bodyLimit(for head: RequestHead) -> Int {
        // Under --share, nothing of a stranger's request is buffered.
        if let share = services.share, head.header("x-workbench-token").flatMap({ share.role(forToken: $0) }) == nil { return 0 }
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
        if let file = services.staticFiles.response(to: request) { return file }
        if request.method != "GET" && request.method != "HEAD" {
            return HTTPError(405, "method_not_allowed", "\(request.method) is not allowed here; use GET").response.adding("Allow", "GET, HEAD")
        }
        return .notFound()
    }

    /// Ends live updates and event streams, giving streams a moment to send their last chunk.
    package func shutdown() {
        services.live.stop()
        services.access.stop()
        services.events.finishAll()
        let deadline = Date().addingTimeInterval(2)
        while services.events.subscriberCount > 0 && Date() < deadline { usleep(10_000) }
    }
}
