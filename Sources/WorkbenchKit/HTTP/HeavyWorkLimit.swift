import Foundation
import Synchronization

/// At most `limit` heavy answers (routes marked `heavy`: every frame of a transition, exports)
/// are built at once; one more gets 503 at once instead of waiting. Each may hold tens of
/// megabytes while it is built, so without a bound a few dozen concurrent requests reach
/// gigabytes. The limit is the machine's cores: more at once would not finish sooner.
final class HeavyWorkLimit: Middleware {
    let router: Router
    let limit: Int
    private let running = Mutex(0)

    init(router: Router, limit: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.router = router
        self.limit = limit
    }

    func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        let request = context.request
        guard router.route(method: request.method, rawPath: request.rawPath)?.heavy == true else { return try next(context) }
        let admitted = running.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return HTTPError(503, "busy", "\(limit) exports or frame sets are being built; try again in a moment").response
                .adding("Retry-After", "1")
        }
        defer { running.withLock { $0 -= 1 } }
        return try next(context)
    }
}
