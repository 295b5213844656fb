import WorkbenchSupport
import Foundation
import Synchronization

/// At most `limit` heavy answers (routes marked `heavy`: every frame of a transition, exports,
/// the data's points) are built at once. Each may hold tens of megabytes while it is built, so
/// without a bound a few dozen concurrent requests reach gigabytes. The limit is twice the
/// machine's cores (at least 4): more at once would not finish sooner. When all are busy a
/// request waits in a fair queue (`FairQueue`): a freed slot goes to the waiting client that has
/// had the least heavy work lately, so a client that sends many waits behind one that sends few.
/// A wait is bounded (`maxWait`, then 503), and so is what one client may have waiting.
package final class HeavyWorkLimit: Middleware {
    package let queue: FairQueue
    package var limit: Int { queue.limit }

    package init(limit: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount), maxWait: Duration = .seconds(20)) {
        queue = FairQueue(limit: limit, maxWait: maxWait)
    }

    package func respond(to context: RequestContext, next: Responder) throws -> HTTPResponse {
        guard context.route.route?.heavy == true else { return try next(context) }
        guard let slot = queue.acquire(context.request.client) else {
            return HTTPError(503, "busy", "\(limit) heavy answers (exports, frame sets, data) are being built and this one waited its turn too long; try again in a moment").response
                .adding("Retry-After", "1")
        }
        defer { queue.release(slot) }
        return try next(context)
    }
}

/// `limit` slots; when they are all taken, a freed one goes to the waiting client with the least
/// service lately (seconds of heavy work, halved every `halfLife`), its oldest request first.
/// This is least-attained-service scheduling: a client that has just arrived goes ahead of every
/// client that has been keeping the slots busy, whatever their number or addresses, so it waits
/// only for a slot to free; clients that all keep sending share the slots in turn (the one served
/// least goes next), each request waiting at most for one of each other client.
package final class FairQueue: @unchecked Sendable {
    package let limit: Int
    package let maxWait: Duration
    /// Requests one client may have waiting; one more is refused at once.
    package let maxWaitingPerClient: Int
    package let halfLife: Double

    /// A granted slot: whose, and since when (its length is the client's service).
    package struct Slot {
        fileprivate let client: String
        fileprivate let start: ContinuousClock.Instant
    }

    private let clock = ContinuousClock()
    private let condition = NSCondition()
    private var running = 0
    private var nextTicket = 0
    /// Waiting tickets of each client, oldest first.
    private var waiting: [String: [Int]] = [:]
    private var granted: Set<Int> = []
    /// Each client's recent service: seconds of heavy work, decayed to `at`. Clients whose service
    /// has decayed to nothing are forgotten, so the table stays as small as the active clients.
    private var service: [String: (seconds: Double, at: ContinuousClock.Instant)] = [:]

    package init(limit: Int, maxWait: Duration, maxWaitingPerClient: Int = 64, halfLife: Double = 10) {
        self.limit = max(1, limit)
        self.maxWait = maxWait
        self.maxWaitingPerClient = maxWaitingPerClient
        self.halfLife = halfLife
    }

    /// Waits for a slot; nil when the wait passed `maxWait` (or the client has too many waiting).
    package func acquire(_ client: String) -> Slot? {
        condition.lock()
        defer { condition.unlock() }
        if running < limit && waiting.isEmpty {
            running += 1
            return Slot(client: client, start: clock.now)
        }
        guard waiting[client, default: []].count < maxWaitingPerClient else { return nil }
        nextTicket += 1
        let ticket = nextTicket
        waiting[client, default: []].append(ticket)
        let deadline = Date().addingTimeInterval(Self.seconds(maxWait))
        while !granted.contains(ticket) {
            if !condition.wait(until: deadline) && !granted.contains(ticket) {
                // Gave up: leave the queue.
                waiting[client]?.removeAll { $0 == ticket }
                if waiting[client]?.isEmpty == true { waiting[client] = nil }
                return nil
            }
        }
        granted.remove(ticket)
        return Slot(client: client, start: clock.now)
    }

    package func release(_ slot: Slot) {
        condition.lock()
        defer { condition.unlock() }
        let now = clock.now
        service[slot.client] = (serviceOf(slot.client, at: now) + Self.seconds(now - slot.start), now)
        running -= 1
        grantNext(at: now)
    }

    /// The waiting client served least lately gets its oldest request in (ties: the older ticket).
    private func grantNext(at now: ContinuousClock.Instant) {
        while running < limit, !waiting.isEmpty {
            guard let client = waiting.min(by: { a, b in
                let (sa, sb) = (serviceOf(a.key, at: now), serviceOf(b.key, at: now))
                return sa != sb ? sa < sb : a.value[0] < b.value[0]
            })?.key, var tickets = waiting[client] else { return }
            let ticket = tickets.removeFirst()
            waiting[client] = tickets.isEmpty ? nil : tickets
            granted.insert(ticket)
            running += 1
            condition.broadcast()
        }
        forgetIdleClients(at: now)
    }

    private func serviceOf(_ client: String, at now: ContinuousClock.Instant) -> Double {
        guard let (seconds, at) = service[client] else { return 0 }
        return seconds * Self.decay(Self.seconds(now - at), halfLife: halfLife)
    }

    private func forgetIdleClients(at now: ContinuousClock.Instant) {
        guard service.count > 256 else { return }
        service = service.filter { serviceOf($0.key, at: now) > 1e-3 || waiting[$0.key] != nil }
    }

    private static func decay(_ elapsed: Double, halfLife: Double) -> Double { pow(0.5, max(0, elapsed) / halfLife) }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    package var inUse: Int { condition.lock(); defer { condition.unlock() }; return running }
    package var waitingCount: Int { condition.lock(); defer { condition.unlock() }; return waiting.values.reduce(0) { $0 + $1.count } }
}
