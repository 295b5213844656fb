import WorkbenchSupport
import Synchronization

/// The arithmetic of fair shares: when a total is reached, each active client (an address) is
/// owed `total ÷ active clients`. A client below that share takes from the client holding the
/// most, and only from a client holding more than its own share; a client at or above its share
/// takes nothing from anyone else. So no number of addresses can hold a client below its fair
/// share or take what a client holds within it (a page's established stream), and a lone
/// client may still use the whole total.
package enum FairShare {
    /// Each client's share of `total` when `active` clients hold or ask for some (at least 1).
    package static func share(total: Int, active: Int) -> Int { max(1, total / max(1, active)) }

    /// Whom `newcomer`, asking for `amount` more of a full `total`, may take from: the other
    /// clients holding more than their fair share (and than the newcomer), the one holding the
    /// most first; empty when the newcomer would pass its fair share (then only its own items
    /// may give way). A client within its share is never a donor: with many addresses each
    /// holding one, a newcomer waits rather than end someone's only stream.
    package static func donors(for newcomer: String, amount: Int = 1, holdings: [String: Int], total: Int) -> [String] {
        let mine = holdings[newcomer, default: 0]
        let active = holdings.filter { $0.value > 0 }.count + (mine > 0 ? 0 : 1)
        let fair = share(total: total, active: active)
        guard mine + amount <= fair else { return [] }
        return holdings.filter { $0.key != newcomer && $0.value > mine && $0.value > fair }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map(\.key)
    }
}

/// A pool of a total (render sockets, event streams, bytes of bodies in flight) shared out
/// fairly between clients. Each item is held by one client and can be taken back: when the
/// total is reached, a client below its fair share takes from the client holding the most (its
/// least recently active item is evicted: its `evict` runs, outside the lock, and its amount is
/// given to the newcomer at once); with `ownGivesWay`, a client at or above its share gets the
/// slot from its own least recently active item (a page always gets the stream and socket it
/// needs). All of it under one lock: simultaneous requests cannot pass the total together.
package final class FairPool: Sendable {
    package let total: Int
    package let ownGivesWay: Bool

    private struct Item {
        let client: String
        var amount: Int
        var lastActive: ContinuousClock.Instant
        let evict: @Sendable () -> Void
    }

    private struct State {
        var items: [Int: Item] = [:]
        var holdings: [String: Int] = [:]
        var used = 0
        var nextID = 0
    }

    private let state = Mutex(State())

    package init(total: Int, ownGivesWay: Bool) {
        self.total = max(1, total)
        self.ownGivesWay = ownGivesWay
    }

    /// A new item of `amount` for `client`, or nil when it cannot have it (nothing taken).
    package func take(_ client: String, amount: Int = 1, evict: @escaping @Sendable () -> Void = {}) -> Int? {
        var evicted: [@Sendable () -> Void] = []
        defer { for e in evicted { e() } }
        return state.withLock { state -> Int? in
            guard Self.makeRoom(for: client, amount: amount, exceptItem: nil, in: &state, total: total,
                                ownGivesWay: ownGivesWay, evicted: &evicted) else { return nil }
            state.nextID += 1
            let id = state.nextID
            state.items[id] = Item(client: client, amount: amount, lastActive: .now, evict: evict)
            state.holdings[client, default: 0] += amount
            state.used += amount
            return id
        }
    }

    /// Grows an item by `amount` (more of a body arrived); false when it cannot (the item is kept
    /// as it was), or when the item has been evicted.
    package func grow(_ id: Int, by amount: Int) -> Bool {
        var evicted: [@Sendable () -> Void] = []
        defer { for e in evicted { e() } }
        return state.withLock { state -> Bool in
            guard let item = state.items[id] else { return false }
            guard amount > 0 else { return true }
            guard Self.makeRoom(for: item.client, amount: amount, exceptItem: id, in: &state, total: total,
                                ownGivesWay: false, evicted: &evicted), state.items[id] != nil else { return false }
            state.items[id]!.amount += amount
            state.items[id]!.lastActive = .now
            state.holdings[item.client, default: 0] += amount
            state.used += amount
            return true
        }
    }

    /// The item was used: it is now the last of its client's to be evicted.
    package func touch(_ id: Int) {
        state.withLock { state in state.items[id]?.lastActive = .now }
    }

    /// Gives the item back (a no-op when it was evicted).
    package func release(_ id: Int) {
        state.withLock { state in
            guard let item = state.items.removeValue(forKey: id) else { return }
            Self.remove(item, from: &state)
        }
    }

    package var inUse: Int { state.withLock { $0.used } }
    package func holding(_ client: String) -> Int { state.withLock { $0.holdings[client, default: 0] } }
    package var activeClients: Int { state.withLock { $0.holdings.count } }

    private static func remove(_ item: Item, from state: inout State) {
        state.used -= item.amount
        let left = state.holdings[item.client, default: 0] - item.amount
        state.holdings[item.client] = left > 0 ? left : nil
    }

    /// Evicts items until `amount` more fits in `total`; false when it cannot.
    private static func makeRoom(for client: String, amount: Int, exceptItem: Int?, in state: inout State, total: Int,
                                 ownGivesWay: Bool, evicted: inout [@Sendable () -> Void]) -> Bool {
        guard amount <= total else { return false }
        while state.used + amount > total {
            let donors = FairShare.donors(for: client, amount: amount, holdings: state.holdings, total: total)
            var victim: Int?
            for donor in donors + (ownGivesWay ? [client] : []) {
                victim = state.items.filter { $0.value.client == donor && $0.key != exceptItem }
                    .min { $0.value.lastActive < $1.value.lastActive }?.key
                if victim != nil { break }
            }
            guard let victim, let item = state.items.removeValue(forKey: victim) else { return false }
            remove(item, from: &state)
            evicted.append(item.evict)
        }
        return true
    }
}
