import Synchronization

/// A count of things held at once (render sockets, event streams, heavy answers), bounded in
/// total and per client, so one client cannot take the whole pool from everyone else. Taking
/// and giving back happen under one lock: the cap cannot be passed by requests that checked
/// it at the same moment.
final class ClientBudget: Sendable {
    let total: Int
    let perClient: Int

    private struct Counts {
        var all = 0
        var byClient: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())

    init(total: Int, perClient: Int) {
        self.total = total
        self.perClient = min(perClient, total)
    }

    /// Takes one for `client`; false (nothing taken) when the pool or the client's share is spent.
    func acquire(_ client: String) -> Bool {
        counts.withLock { counts in
            let mine = counts.byClient[client, default: 0]
            guard counts.all < total, mine < perClient else { return false }
            counts.all += 1
            counts.byClient[client] = mine + 1
            return true
        }
    }

    func release(_ client: String) {
        counts.withLock { counts in
            guard let mine = counts.byClient[client] else { return }
            counts.all -= 1
            counts.byClient[client] = mine > 1 ? mine - 1 : nil
        }
    }

    /// One taken for `client`, given back when the ticket goes (however its holder ends), or
    /// nil when the pool or the client's share is spent.
    func ticket(_ client: String) -> Ticket? {
        acquire(client) ? Ticket(budget: self, client: client) : nil
    }

    final class Ticket: Sendable {
        let budget: ClientBudget
        let client: String
        fileprivate init(budget: ClientBudget, client: String) { self.budget = budget; self.client = client }
        deinit { budget.release(client) }
    }

    var inUse: Int { counts.withLock { $0.all } }
}

/// Bytes held at once by bodies still arriving (in memory, or spooled to disk), bounded in total
/// and per client: a body that would pass either is refused instead of growing the server.
final class ByteBudget: Sendable {
    let limit: Int
    let perClient: Int

    private struct Used {
        var all = 0
        var byClient: [String: Int] = [:]
    }

    private let used = Mutex(Used())

    init(limit: Int, perClient: Int) {
        self.limit = limit
        self.perClient = min(perClient, limit)
    }

    /// Reserves `bytes` for `client`; false (nothing reserved) when that would pass a limit.
    /// A `small` reservation is held to the total only, not to the client's share.
    func reserve(_ bytes: Int, for client: String, small: Bool = false) -> Bool {
        used.withLock { used in
            let mine = used.byClient[client, default: 0]
            guard bytes >= 0, bytes <= limit - used.all, small || bytes <= perClient - mine else { return false }
            used.all += bytes
            used.byClient[client] = mine + bytes
            return true
        }
    }

    func give(back bytes: Int, for client: String) {
        used.withLock { used in
            let mine = used.byClient[client, default: 0] - bytes
            used.byClient[client] = mine > 0 ? mine : nil
            used.all = max(0, used.all - bytes)
        }
    }

    var inUse: Int { used.withLock { $0.all } }
}
