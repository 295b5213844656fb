import Foundation
import PreferenceLearning
import Synchronization
import WorkbenchSupport

/// Explore rounds in the workbench database: a row per round holding its state (JSON), and a
/// row per proposal and per answer with the candidates' parameters and who.
///
/// What grows with every answer (the model's answers, proposals and bests, the round's history)
/// is appended as rows of `explore_round_entries`, one entry each, and left out of the round's
/// state: an answer writes a few small rows and a state of bounded size instead of rewriting
/// the whole round (at 200 answers, encoding it twice per answer and proposal was a third of the
/// server's time). A state written before (with everything in it) reads as before, and its
/// entries move to rows the next time the round is written.
package struct SQLiteExploreRecords: ExploreRecords {
    package let database: SQLiteDatabase
    /// Entries of each kind already in the database, by round (known once read or written).
    private let written = Written()

    private final class Written: Sendable {
        let counts = Mutex<[String: Counts]>([:])
        func withLock<T>(_ body: (inout [String: Counts]) -> T) -> T { counts.withLock { body(&$0) } }
    }

    struct Counts: Equatable, Sendable {
        var answers = 0, proposals = 0, bests = 0, history = 0
    }

    package init(database: SQLiteDatabase) { self.database = database }

    /// The model writes NaN for "not computed" (a random pair's expected best): kept as text.
    static let floats = (encoding: JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"),
                         decoding: JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"))

    enum Kind: String {
        case answer, proposal, best, history
    }

    package func loadAll() throws -> [Exploration] {
        let loaded = try database.withConnection { connection -> [(Exploration, Counts)] in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS explore_rounds (
                    id TEXT PRIMARY KEY,
                    preset TEXT NOT NULL,
                    created_by TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    ended_at TEXT,
                    state TEXT NOT NULL
                );
                CREATE TABLE IF NOT EXISTS explore_round_entries (
                    round TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    entry TEXT NOT NULL,
                    PRIMARY KEY (round, kind, seq)
                ) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS explore_proposals (
                    id INTEGER PRIMARY KEY,
                    round TEXT NOT NULL,
                    person TEXT NOT NULL,
                    time TEXT NOT NULL,
                    candidates TEXT NOT NULL,
                    ticket TEXT
                );
                CREATE TABLE IF NOT EXISTS explore_answers (
                    id INTEGER PRIMARY KEY,
                    round TEXT NOT NULL,
                    person TEXT NOT NULL,
                    time TEXT NOT NULL,
                    choice TEXT NOT NULL,
                    candidates TEXT NOT NULL
                );
                CREATE INDEX IF NOT EXISTS explore_proposals_by_round ON explore_proposals(round, id);
                CREATE INDEX IF NOT EXISTS explore_answers_by_round ON explore_answers(round, id);
                """)
            // A database from before tickets were stored once: the column that lets an unanswered ticket's row go.
            if !(try connection.query("PRAGMA table_info(explore_proposals)").contains { $0.text(1) == "ticket" }) {
                try connection.execute("ALTER TABLE explore_proposals ADD COLUMN ticket TEXT")
            }
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = Self.floats.decoding
            var entries: [String: [Kind: [String]]] = [:]
            for row in try connection.query("SELECT round, kind, entry FROM explore_round_entries ORDER BY round, kind, seq") {
                guard let round = row.text(0), let kind = row.text(1).flatMap(Kind.init), let text = row.text(2) else { continue }
                entries[round, default: [:]][kind, default: []].append(text)
            }
            return try connection.query("SELECT state FROM explore_rounds ORDER BY created_at").compactMap { row -> (Exploration, Counts)? in
                guard let text = row.text(0), var round = try? decoder.decode(Exploration.self, from: Data(text.utf8)) else { return nil }
                guard let stored = entries[round.id] else { return (round, Counts()) }   // all in the state (written before entries)
                func decode<T: Decodable>(_ kind: Kind, as type: T.Type) throws -> [T] {
                    try (stored[kind] ?? []).map { try decoder.decode(T.self, from: Data($0.utf8)) }
                }
                guard let answers = try? decode(.answer, as: ExploreRound.Answer.self), let proposals = try? decode(.proposal, as: ExploreRound.Proposal.self),
                      let bests = try? decode(.best, as: [Double].self), let history = try? decode(.history, as: Exploration.AnswerEntry.self) else { return nil }
                var journal = ExploreRound.Journal()
                journal.answers = answers
                journal.proposals = proposals
                journal.bestHistory = bests
                round.model.append(journal)
                round.history += history
                return (round, Counts(answers: answers.count, proposals: proposals.count, bests: bests.count, history: history.count))
            }
        }
        written.withLock { counts in for (round, n) in loaded { counts[round.id] = n } }
        return loaded.map(\.0)
    }

    package func write(_ round: Exploration, change: ExploreStore.Change) throws {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = Self.floats.encoding
        let (model, journal) = round.model.splitJournal()
        var rest = round
        rest.model = model
        rest.history = []
        let state = String(decoding: try encoder.encode(rest), as: UTF8.self)
        let now = Counts(answers: journal.answers.count, proposals: journal.proposals.count, bests: journal.bestHistory.count, history: round.history.count)
        var before = written.withLock { $0[round.id] } ?? Counts()
        // Entries only grow; if they did not (never expected), all of them are written again.
        let rewrite = now.answers < before.answers || now.proposals < before.proposals || now.bests < before.bests || now.history < before.history
        if rewrite { before = Counts() }
        var rows: [(Kind, Int, String)] = []
        func add<T: Encodable>(_ kind: Kind, _ items: ArraySlice<T>) throws {
            for (i, item) in zip(items.indices, items) { rows.append((kind, i, String(decoding: try encoder.encode(item), as: UTF8.self))) }
        }
        try add(.answer, journal.answers[before.answers...])
        try add(.proposal, journal.proposals[before.proposals...])
        try add(.best, journal.bestHistory[before.bests...])
        try add(.history, round.history[before.history...])
        try database.withConnection { connection in
            try connection.transaction {
                // Every row written (the round's state, its entries, an answer) is an entry of the history's chain.
                if rewrite {
                    let gone = try connection.query("SELECT round, kind, seq FROM explore_round_entries WHERE round = ?1", [.text(round.id)]).map(\.values)
                    _ = try connection.query("DELETE FROM explore_round_entries WHERE round = ?1", [.text(round.id)])
                    for key in gone { try HistoryChain.record(.exploreEntry, key: key, on: connection) }
                }
                for (kind, seq, entry) in rows {
                    let key: [SQLiteValue] = [.text(round.id), .text(kind.rawValue), .integer(Int64(seq))]
                    try connection.query("INSERT OR REPLACE INTO explore_round_entries(round, kind, seq, entry) VALUES (?1, ?2, ?3, ?4)", key + [.text(entry)])
                    try HistoryChain.record(.exploreEntry, key: key, on: connection)
                }
                try connection.query("""
                    INSERT INTO explore_rounds(id, preset, created_by, created_at, ended_at, state) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                    ON CONFLICT(id) DO UPDATE SET ended_at = excluded.ended_at, state = excluded.state
                    """, [.text(round.id), .text(round.preset), .text(round.createdBy), .text(round.createdAt),
                          round.endedAt.map(SQLiteValue.text) ?? .null, .text(state)])
                try HistoryChain.record(.exploreRound, key: [.text(round.id)], on: connection)
                // Proposals are kept while they may be answered and once answered: an unanswered one goes when its ticket does.
                for token in change.dropped {
                    try connection.query("DELETE FROM explore_proposals WHERE round = ?1 AND ticket = ?2", [.text(round.id), .text(token)])
                }
                if let (ticket, parameters) = change.issued {
                    try connection.query("INSERT INTO explore_proposals(round, person, time, candidates, ticket) VALUES (?1, ?2, ?3, ?4, ?5)",
                                         [.text(round.id), .text(ticket.person), .text(ticket.issuedAt), .text(JSONText.encode(parameters)), .text(ticket.token)])
                }
                if let answer = change.answer {
                    try connection.query("INSERT INTO explore_answers(round, person, time, choice, candidates) VALUES (?1, ?2, ?3, ?4, ?5)",
                                         [.text(round.id), .text(answer.entry.person), .text(answer.entry.at), .text(answer.entry.choice),
                                          .text(JSONText.encode(answer.parameters))])
                    try HistoryChain.record(.exploreAnswer, key: [.integer(connection.lastInsertedRowID)], on: connection)
                }
            }
        }
        written.withLock { $0[round.id] = now }
    }
}
