import WorkbenchSupport
import Synchronization

/// A count of things held at once (render sockets, event streams, heavy answers), bounded in
/// total and per client, so one client cannot take the whole pool from everyone else. Taking
/// and giving back happen under one lock: the cap cannot be passed by requests that checked
/// it at the same moment.
package final class ClientBudget: Sendable {
    package let total: Int
    package let perClient: Int

    private struct Counts {
        package var all = 0
        package var byClient: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())

    package init(total: Int, perClient: Int) {
        self.total = total
        self.perClient = min(perClient, total)
    }

    /// Takes one for `client`; false (nothing taken) when the pool or the client's share is spent.
    package func acquire(_ client: String) -> Bool {
        counts.withLock { counts in
            let mine = counts.byClient[client, default: 0]
            guard counts.all < total, mine < perClient else { return false }
            counts.all += 1
            counts.byClient[client] = mine + 1
            return true
        }
    }

    package func release(_ client: String) {
        counts.withLock { counts in
            guard let mine = counts.byClient[client] else { return }
            counts.all -= 1
            counts.byClient[client] = mine > 1 ? mine - 1 : nil
        }
    }

    /// One taken for `client`, given back when the ticket goes (however its holder ends), or
    /// nil when the pool or the client's share is spent.
    package func ticket(_ client: String) -> Ticket? {
        acquire(client) ? Ticket(budget: self, client: client) : nil
    }

    package final class Ticket: Sendable {
        package let budget: ClientBudget
        package let client: String
        fileprivate init(budget: ClientBudget, client: String) { self.budget = budget; self.client = client }
        deinit { budget.release(client) }
    }

    package var inUse: Int { counts.withLock { $0.all } }
}

/// Bytes held at once by bodies still arriving (in memory, or spooled to disk), bounded in total
/// and per client: a body that would pass either is refused instead of growing the server.
package final class ByteBudget: Sendable {
    package let limit: Int
    package let perClient: Int

    private struct Used {
        package var all = 0
        package var byClient: [String: Int] = [:]
    }

    private let used = Mutex(Used())

    package init(limit: Int, perClient: Int) {
        self.limit = limit
        self.perClient = min(perClient, limit)
    }

    /// Reserves `bytes` for `client`; false (nothing reserved) when that would pass a limit.
    /// A `small` reservation is held to the total only, not to the client's share.
    package func reserve(_ bytes: Int, for client: String, small: Bool = false) -> Bool {
        used.withLock { used in
            let mine = used.byClient[client, default: 0]
            guard bytes >= 0, bytes <= limit - used.all, small || bytes <= perClient - mine else { return false }
            used.all += bytes
            used.byClient[client] = mine + bytes
            return true
        }
    }

    package func give(back bytes: Int, for client: String) {
        used.withLock { used in
            let mine = used.byClient[client, default: 0] - bytes
            used.byClient[client] = mine > 0 ? mine : nil
            used.all = max(0, used.all - bytes)
        }
    }

    package var inUse: Int { used.withLock { $0.all } }
}
