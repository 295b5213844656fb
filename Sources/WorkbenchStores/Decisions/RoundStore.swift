import WorkbenchSupport
import ChartEngine
import Synchronization

/// The pairwise rounds of this server: created, voted on and closed by people in the session.
/// Each round is kept in the workbench database (`pairwise_rounds`, one document a round, written
/// with every change), so an open round survives a restart. Knows nothing of HTTP.
package final class RoundStore: Sendable {
    /// Rounds kept at once; the oldest closed round makes room for a new one.
    package static let maxRounds = 200

    private let rounds = Mutex<[String: PairwiseRound]>([:])
    private let database: SQLiteDatabase?
    /// Why the database cannot keep rounds, when it cannot: then every change is refused (a round
    /// kept only in memory would vanish with a restart, and the decision with it).
    private let unavailable: String?

    package enum CreateError: Error, Equatable { case tooMany, storage(String), history(HistoryError) }

    /// No rounds can be kept (`reason` says why): reads answer empty, writes are refused.
    package init(unavailable reason: String) {
        database = nil
        unavailable = reason
    }

    /// Rounds kept in `database`, read back from it now.
    package init(database: SQLiteDatabase) throws {
        self.database = database
        unavailable = nil
        let loaded: [PairwiseRound] = try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS pairwise_rounds (
                    id TEXT PRIMARY KEY,
                    created_at TEXT NOT NULL,
                    document TEXT NOT NULL
                );
                """)
            return try connection.query("SELECT document FROM pairwise_rounds ORDER BY created_at DESC LIMIT ?1", [.integer(Int64(Self.maxRounds))])
                .compactMap { row in row.text(0).flatMap(PairwiseRound.init(document:)) }
        }
        rounds.withLock { all in for round in loaded { all[round.id] = round } }
    }

    /// Writes the round's document; the caller keeps the change only when this succeeds.
    private func keep(_ round: PairwiseRound) throws(RoundError) {
        guard let database else { throw .storage("blind rounds cannot be kept in the workbench database: \(unavailable ?? "it is not open")") }
        do {
            try database.withConnection { connection in
                try connection.transaction {
                    _ = try connection.query("INSERT OR REPLACE INTO pairwise_rounds(id, created_at, document) VALUES (?1, ?2, ?3)",
                                             [.text(round.id), .text(round.createdAt), .text(round.document)])
                    try HistoryChain.record(.round, key: [.text(round.id)], on: connection)
                }
            }
        } catch {
            if let refusal = HistoryError.of(error) { throw .history(refusal) }
            throw .storage("the round could not be kept in the workbench database: \(error)")
        }
    }

    private func forget(_ id: String) {
        guard let database else { return }
        _ = try? database.withConnection { connection in
            try connection.transaction {
                _ = try connection.query("DELETE FROM pairwise_rounds WHERE id = ?1", [.text(id)])
                try HistoryChain.record(.round, key: [.text(id)], on: connection)
            }
        }
    }

    package func create(subject: String, candidates: [(name: String, style: ChartStyle)], by author: String) throws(CreateError) -> PairwiseRound {
        let id = Self.token(bytes: 8)
        let round = PairwiseRound(id: id, createdBy: author, createdAt: Preset.now(), subject: subject,
                                  candidates: candidates.map { .init(name: $0.name, style: $0.style, token: Self.token(bytes: 6)) })
        return try rounds.withLock { (all: inout [String: PairwiseRound]) throws(CreateError) -> PairwiseRound in
            var dropped: String?
            if all.count >= Self.maxRounds {
                guard let oldest = all.values.filter({ $0.closedAt != nil }).min(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) else { throw .tooMany }
                dropped = oldest.id
            }
            do throws(RoundError) { try keep(round) } catch {
                switch error {
                case .storage(let words): throw .storage(words)
                case .history(let refusal): throw .history(refusal)
                default: throw .storage("\(error)")
                }
            }
            if let dropped { all.removeValue(forKey: dropped); forget(dropped) }
            all[id] = round
            return round
        }
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
            let before = round
            let pair = try round.next(for: voter, token: { Self.token(bytes: 8) }, using: &random)
            if let pair, before.pendingToken(for: voter) != pair.token { try keep(round) }
            all[id] = round
            return (round, pair)
        }
    }

    package func vote(_ id: String, pair: String, choice: PairwiseRound.Choice, voter: String) throws(RoundError) -> PairwiseRound? {
        try rounds.withLock { (all: inout [String: PairwiseRound]) throws(RoundError) in
            guard var round = all[id] else { return nil }
            _ = try round.vote(pair: pair, choice: choice, voter: voter, at: Preset.now())
            try keep(round)
            all[id] = round
            return round
        }
    }

    /// Ends voting; returns the round and whether this call closed it. Only who started the
    /// round or voted in it may close it.
    package func close(_ id: String, by person: String) throws(RoundError) -> (round: PairwiseRound, closedNow: Bool)? {
        try rounds.withLock { (all: inout [String: PairwiseRound]) throws(RoundError) in
            guard var round = all[id] else { return nil }
            guard round.isDecided(by: person) else { throw .notAVoter }
            let wasOpen = round.closedAt == nil
            round.close(at: Preset.now())
            if wasOpen { try keep(round) }
            all[id] = round
            return (round, wasOpen)
        }
    }

    /// Random lowercase hex: round ids, pair and candidate tokens.
    package static func token(bytes: Int) -> String {
        Sodium.randomHex(bytes: bytes)
    }
}
