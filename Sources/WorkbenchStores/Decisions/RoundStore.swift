import WorkbenchSupport
import ChartEngine
import Synchronization

/// The pairwise rounds of this server: created, voted on and closed by people in the session.
/// Knows nothing of HTTP; the API turns its answers into JSON.
package final class RoundStore: Sendable {
    package init() {}

    /// Rounds kept at once; the oldest closed round makes room for a new one.
    package static let maxRounds = 200

    private let rounds = Mutex<[String: PairwiseRound]>([:])

    package enum CreateError: Error, Equatable { case tooMany }

    package func create(subject: String, candidates: [(name: String, style: ChartStyle)], by author: String) throws(CreateError) -> PairwiseRound {
        let id = Self.token(bytes: 8)
        let round = PairwiseRound(id: id, createdBy: author, createdAt: Preset.now(), subject: subject,
                                  candidates: candidates.map { .init(name: $0.name, style: $0.style, token: Self.token(bytes: 6)) })
        let stored: Bool = rounds.withLock { all in
            if all.count >= Self.maxRounds {
                guard let oldest = all.values.filter({ $0.closedAt != nil }).min(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) else { return false }
                all.removeValue(forKey: oldest.id)
            }
            all[id] = round
            return true
        }
        guard stored else { throw .tooMany }
        return round
    }

    package func round(_ id: String) -> PairwiseRound? { rounds.withLock { $0[id] } }

    /// Newest first.
    package func list() -> [PairwiseRound] {
        rounds.withLock { Array($0.values) }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    /// Nil round: no such round. Nil pair: this person has judged every pair.
    package func next(_ id: String, voter: String) throws(RoundError) -> (round: PairwiseRound, pair: (token: String, issued: PairwiseRound.Issued)?)? {
        try rounds.withLock { (all: inout [String: PairwiseRound]) throws(RoundError) in
            guard var round = all[id] else { return nil }
            var random = SystemRandomNumberGenerator()
            let pair = try round.next(for: voter, token: { Self.token(bytes: 8) }, using: &random)
            all[id] = round
            return (round, pair)
        }
    }

    package func vote(_ id: String, pair: String, choice: PairwiseRound.Choice, voter: String) throws(RoundError) -> PairwiseRound? {
        try rounds.withLock { (all: inout [String: PairwiseRound]) throws(RoundError) in
            guard var round = all[id] else { return nil }
            _ = try round.vote(pair: pair, choice: choice, voter: voter, at: Preset.now())
            all[id] = round
            return round
        }
    }

    /// Ends voting; returns the round and whether this call closed it.
    package func close(_ id: String) -> (round: PairwiseRound, closedNow: Bool)? {
        rounds.withLock { all in
            guard var round = all[id] else { return nil }
            let wasOpen = round.closedAt == nil
            round.close(at: Preset.now())
            all[id] = round
            return (round, wasOpen)
        }
    }

    /// Random lowercase hex: round ids, pair and candidate tokens.
    package static func token(bytes: Int) -> String {
        Sodium.randomHex(bytes: bytes)
    }
}
