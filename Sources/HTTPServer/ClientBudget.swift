import WorkbenchSupport
import Synchronization

/// A count of things held at once (render sockets, event streams), shared out fairly between
/// clients (addresses): when the total is reached, a client below its fair share (total ÷
/// active clients) takes the slot of the client holding the most, whose least recently used
/// one is closed; a client at or above its share gets the slot from its own oldest (a page
/// always gets the stream and socket it needs). No number of addresses can hold anyone out.
package final class ClientBudget: Sendable {
    package let pool: FairPool
    package var total: Int { pool.total }

    package init(total: Int) {
        pool = FairPool(total: total, ownGivesWay: true)
    }

    /// One taken for `client`, given back when the ticket goes (however its holder ends); nil
    /// only when nothing can give way. `evict` closes the holder when another takes its slot.
    package func ticket(_ client: String, evict: @escaping @Sendable () -> Void = {}) -> Ticket? {
        pool.take(client, evict: evict).map { Ticket(pool: pool, id: $0) }
    }

    package final class Ticket: Sendable {
        package let pool: FairPool
        package let id: Int
        fileprivate init(pool: FairPool, id: Int) { self.pool = pool; self.id = id }
        /// Used now: the last of its client's to give way.
        package func touch() { pool.touch(id) }
        /// Gives the slot back now (again when the ticket goes: a no-op).
        package func release() { pool.release(id) }
        deinit { pool.release(id) }
    }

    package var inUse: Int { pool.inUse }
    package func holding(_ client: String) -> Int { pool.holding(client) }
}

/// Something closed from another thread, possibly before it exists: an eviction that comes
/// before the socket is handed over closes it as soon as it is. Held weakly: the pool that can
/// evict it does not keep it alive.
package final class Evictable<Target: AnyObject & Sendable>: Sendable {
    private struct Held { weak var target: Target?; var evicted = false }
    private let state = Mutex(Held())
    private let close: @Sendable (Target) -> Void

    package init(close: @escaping @Sendable (Target) -> Void) { self.close = close }

    package func attach(_ target: Target) {
        let evicted = state.withLock { state -> Bool in state.target = target; return state.evicted }
        if evicted { close(target) }
    }

    package func evict() {
        let target = state.withLock { state -> Target? in state.evicted = true; return state.target }
        if let target { close(target) }
    }

    package var isEvicted: Bool { state.withLock { $0.evicted } }
}
