import WorkbenchSupport
import Foundation
import Synchronization

/// At most `limit` heavy answers (routes marked `heavy`: every frame of a transition, exports,
/// the data's points) are built at once. Each may hold tens of megabytes while it is built, so
/// without a bound a few dozen concurrent requests reach gigabytes. The limit is twice the
/// machine's cores (at least 4): more at once would not finish sooner. When all are busy a
/// request waits in a fair queue: a freed slot goes to the next client (address) in turn, so a
/// request waits for at most one answer of each other client, never for everything a client
/// that sends many has queued. A wait is bounded (`maxWait`, then 503), and so is what one
/// client may have waiting.
package final class HeavyWorkLimit: Middleware {
    package let queue: FairQueue
    package var limit: Int { queue.limit }

    package init(limit: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount), maxWait: Duration = .seconds(20)) {
        queue = FairQueue(limit: limit, maxWait: maxWait)
    }

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        guard context.route.route?.heavy == true else { return try next(context) }
        let client = context.request.client
        guard queue.acquire(client) else {
            return HTTPError(503, "busy", "\(limit) heavy answers (exports, frame sets, data) are being built and this one waited its turn too long; try again in a moment").response
                .adding("Retry-After", "1")
        }
        defer { queue.release() }
        return try next(context)
    }
}

/// `limit` slots handed out round robin across clients: whoever waits is served in turn,
/// one request per client per round.
package final class FairQueue: @unchecked Sendable {
    package let limit: Int
    package let maxWait: Duration
    /// Requests one client may have waiting; one more is refused at once.
    package let maxWaitingPerClient: Int

    private let condition = NSCondition()
    private var running = 0
    private var nextTicket = 0
    /// Waiting tickets of each client, oldest first, and the clients in turn order.
    private var waiting: [String: [Int]] = [:]
    private var turn: [String] = []
    private var granted: Set<Int> = []

    package init(limit: Int, maxWait: Duration, maxWaitingPerClient: Int = 64) {
        self.limit = max(1, limit)
        self.maxWait = maxWait
        self.maxWaitingPerClient = maxWaitingPerClient
    }

    /// Waits for a slot; false when the wait passed `maxWait` (or the client has too many waiting).
    package func acquire(_ client: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if running < limit && turn.isEmpty {
            running += 1
            return true
        }
        guard waiting[client, default: []].count < maxWaitingPerClient else { return false }
        nextTicket += 1
        let ticket = nextTicket
        if waiting[client] == nil { turn.append(client) }
        waiting[client, default: []].append(ticket)
        let seconds = Double(maxWait.components.seconds) + Double(maxWait.components.attoseconds) / 1e18
        let deadline = Date().addingTimeInterval(seconds)
        while !granted.contains(ticket) {
            if !condition.wait(until: deadline) && !granted.contains(ticket) {
                // Gave up: leave the queue.
                waiting[client]?.removeAll { $0 == ticket }
                if waiting[client]?.isEmpty == true { waiting[client] = nil; turn.removeAll { $0 == client } }
                return false
            }
        }
        granted.remove(ticket)
        return true
    }

    package func release() {
        condition.lock()
        defer { condition.unlock() }
        running -= 1
        grantNext()
    }

    /// The next client in turn gets its oldest waiting request in; it goes to the end of the turn.
    private func grantNext() {
        while running < limit, let client = turn.first {
            turn.removeFirst()
            guard var tickets = waiting[client], !tickets.isEmpty else { waiting[client] = nil; continue }
            let ticket = tickets.removeFirst()
            if tickets.isEmpty { waiting[client] = nil } else { waiting[client] = tickets; turn.append(client) }
            granted.insert(ticket)
            running += 1
            condition.broadcast()
        }
    }

    package var inUse: Int { condition.lock(); defer { condition.unlock() }; return running }
    package var waitingCount: Int { condition.lock(); defer { condition.unlock() }; return waiting.values.reduce(0) { $0 + $1.count } }
}
