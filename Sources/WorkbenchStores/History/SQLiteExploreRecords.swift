import Foundation
import WorkbenchSupport

/// Explore rounds in the workbench database: a row per round holding its state (JSON), and a
/// row per proposal and per answer with the candidates' parameters and who.
package struct SQLiteExploreRecords: ExploreRecords {
    package let database: SQLiteDatabase

    package init(database: SQLiteDatabase) { self.database = database }

    /// The model writes NaN for "not computed" (a random pair's expected best): kept as text.
    static let floats = (encoding: JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"),
                         decoding: JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"))

    package func loadAll() throws -> [Exploration] {
        try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS explore_rounds (
                    id TEXT PRIMARY KEY,
                    preset TEXT NOT NULL,
                    created_by TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    ended_at TEXT,
                    state TEXT NOT NULL
                );
                CREATE TABLE IF NOT EXISTS explore_proposals (
                    id INTEGER PRIMARY KEY,
                    round TEXT NOT NULL,
                    person TEXT NOT NULL,
                    time TEXT NOT NULL,
                    candidates TEXT NOT NULL
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
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = Self.floats.decoding
            return try connection.query("SELECT state FROM explore_rounds ORDER BY created_at").compactMap { row -> Exploration? in
                guard let text = row.text(0) else { return nil }
                return try? decoder.decode(Exploration.self, from: Data(text.utf8))
            }
        }
    }

    package func write(_ round: Exploration, proposals: [(person: String, at: String, parameters: JSONValue)],
                       answer: (entry: Exploration.AnswerEntry, parameters: JSONValue)?) throws {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = Self.floats.encoding
        let state = String(decoding: try encoder.encode(round), as: UTF8.self)
        try database.withConnection { connection in
            try connection.transaction {
                try connection.query("""
                    INSERT INTO explore_rounds(id, preset, created_by, created_at, ended_at, state) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                    ON CONFLICT(id) DO UPDATE SET ended_at = excluded.ended_at, state = excluded.state
                    """, [.text(round.id), .text(round.preset), .text(round.createdBy), .text(round.createdAt),
                          round.endedAt.map(SQLiteValue.text) ?? .null, .text(state)])
                for p in proposals {
                    try connection.query("INSERT INTO explore_proposals(round, person, time, candidates) VALUES (?1, ?2, ?3, ?4)",
                                         [.text(round.id), .text(p.person), .text(p.at), .text(p.parameters.serialized())])
                }
                if let answer {
                    try connection.query("INSERT INTO explore_answers(round, person, time, choice, candidates) VALUES (?1, ?2, ?3, ?4, ?5)",
                                         [.text(round.id), .text(answer.entry.person), .text(answer.entry.at), .text(answer.entry.choice),
                                          .text(answer.parameters.serialized())])
                }
            }
        }
    }
}
