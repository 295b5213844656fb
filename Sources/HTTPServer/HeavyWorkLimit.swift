import WorkbenchSupport
import Foundation
import Synchronization

/// At most `limit` heavy answers (routes marked `heavy`: every frame of a transition, exports,
/// the data's points) are built at once, and one client (an address) at most half of them; one
/// more gets 503 at once instead of waiting. Each may hold tens of megabytes while it is built,
/// so without a bound a few dozen concurrent requests reach gigabytes. The limit is twice the
/// machine's cores (at least 4): more at once would not finish sooner.
package final class HeavyWorkLimit: Middleware {
    package let running: ClientBudget
    package var limit: Int { running.total }

    package init(limit: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)) {
        running = ClientBudget(total: limit, perClient: max(1, limit / 2))
    }

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        let request = context.request
        guard context.route.route?.heavy == true else { return try next(context) }
        let client = request.client
        guard running.acquire(client) else {
            return HTTPError(503, "busy", "\(running.perClient) heavy answers (exports, frame sets, data) for one client, or \(limit) in all, are being built; try again in a moment").response
                .adding("Retry-After", "1")
        }
        defer { running.release(client) }
        return try next(context)
    }
}
