import WorkbenchSupport
import ChartEngine
import Foundation

/// One thing the team did, as the decision log keeps it.
/// Its JSON form is the entry as `GET /api/log` and the `log` event carry it, the details as JSON.
package struct DecisionLogEntry: Sendable, Encodable {
    package let id: Int64
    package let kind: DecisionLog.Kind
    package let preset: String?
    package let revision: Int?
    package let author: String
    /// UTC, ISO 8601 with milliseconds.
    package let time: String
    package let summary: String
    /// Kind-specific facts (a review's comment, a round's ranking, an export's format…), as the
    /// JSON text the log keeps: the log stores them, the reader knows their shape.
    @WrittenAs<AsParsedJSON> package var detailsText: String

    private enum CodingKeys: String, CodingKey { case id, kind, preset, revision, author, time, summary, detailsText = "details" }
}

/// Details of an entry that has none to give: `{}`.
package struct NoDetails: Encodable, Sendable {
    package init() {}
    package func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: AnyCodingKey.self) }
}

/// The decision log: an append-only table in the workbench database that every store writes
/// to — saves, renames, deletes, restores, review requests, reviews, approvals, exports, data
/// changes, comments, rounds. Entries are never changed or removed.
package final class DecisionLog: Sendable {
    /// What happened. Open: other stores add their own kinds.
    package struct Kind: RawRepresentable, Sendable, Hashable, Encodable {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(_ rawValue: String) { self.rawValue = rawValue }

        package static let save = Kind("save")
        package static let rename = Kind("rename")
        package static let delete = Kind("delete")
        package static let restore = Kind("restore")
        package static let importFile = Kind("import")
        package static let reviewRequest = Kind("review-request")
        package static let review = Kind("review")
        package static let approval = Kind("approval")
        package static let export = Kind("export")
        package static let data = Kind("data")
    }

    package enum Limits {
        package static let kindBytes = 64
        package static let summaryCharacters = 1_000
        package static let detailsBytes = 64 * 1024
        package static let pageSize = 100, maxPageSize = 1_000
    }

    package let database: SQLiteDatabase

    package init(database: SQLiteDatabase) throws {
        self.database = database
        try database.withConnection { try Self.createTables($0) }
    }

    package static func createTables(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS decision_log (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                preset TEXT,
                revision INTEGER,
                author TEXT NOT NULL,
                time TEXT NOT NULL,
                summary TEXT NOT NULL,
                details TEXT NOT NULL
            );
            CREATE INDEX IF NOT EXISTS decision_log_by_preset ON decision_log(preset, id);
            """)
    }

    /// Appends an entry in its own transaction.
    @discardableResult
    package func append(_ kind: Kind, preset: String? = nil, revision: Int? = nil, author: String, summary: String,
                details: some Encodable = NoDetails()) throws -> DecisionLogEntry {
        try database.withConnection { connection in
            try Self.append(kind, preset: preset, revision: revision, author: author, summary: summary, details: details, on: connection)
        }
    }

    /// Appends an entry on a connection the caller holds, inside the caller's transaction when one
    /// is open, so a save and its log entry commit together or not at all.
    @discardableResult
    package static func append(_ kind: Kind, preset: String?, revision: Int?, author: String, summary: String,
                       details: some Encodable = NoDetails(), on connection: SQLiteConnection) throws -> DecisionLogEntry {
        guard !kind.rawValue.isEmpty, kind.rawValue.utf8.count <= Limits.kindBytes else {
            throw SQLiteError(code: 1, message: "a log entry's kind has 1 to \(Limits.kindBytes) bytes")
        }
        let detailsText = JSONText.encode(details)
        guard detailsText.utf8.count <= Limits.detailsBytes else {
            throw SQLiteError(code: 1, message: "a log entry's details hold at most \(Limits.detailsBytes) bytes")
        }
        let shortSummary = String(summary.prefix(Limits.summaryCharacters))
        let time = Self.timestamp()
        let id = try connection.transaction {
            try connection.query("INSERT INTO decision_log(kind, preset, revision, author, time, summary, details) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", [
                .text(kind.rawValue), preset.map(SQLiteValue.text) ?? .null, revision.map { .integer(Int64($0)) } ?? .null,
                .text(author), .text(time), .text(shortSummary), .text(detailsText),
            ])
            let id = connection.lastInsertedRowID
            try HistoryChain.record(.log, key: [.integer(id)], on: connection)
            return id
        }
        return DecisionLogEntry(id: id, kind: kind, preset: preset, revision: revision, author: author,
                                time: time, summary: shortSummary, detailsText: detailsText)
    }

    /// Newest first: at most `limit` entries older than entry `before` (all when nil), optionally
    /// only one preset's, and how many entries match in all.
    package func entries(limit: Int = Limits.pageSize, before: Int64? = nil, preset: String? = nil) throws -> (entries: [DecisionLogEntry], total: Int) {
        let limit = max(1, min(limit, Limits.maxPageSize))
        return try database.withConnection { connection in
            let filter = preset.map(SQLiteValue.text) ?? .null
            let rows = try connection.query("""
                SELECT id, kind, preset, revision, author, time, summary, details FROM decision_log
                WHERE (?1 IS NULL OR id < ?1) AND (?2 IS NULL OR preset = ?2) ORDER BY id DESC LIMIT ?3
                """, [before.map(SQLiteValue.integer) ?? .null, filter, .integer(Int64(limit))])
            let total = try connection.query("SELECT count(*) FROM decision_log WHERE (?1 IS NULL OR preset = ?1)", [filter]).first?.int(0) ?? 0
            return (rows.map(Self.entry), total)
        }
    }

    private static func entry(_ row: SQLiteRow) -> DecisionLogEntry {
        DecisionLogEntry(id: row.integer(0) ?? 0, kind: Kind(row.text(1) ?? ""), preset: row.text(2), revision: row.int(3),
                         author: row.text(4) ?? "", time: row.text(5) ?? "", summary: row.text(6) ?? "", detailsText: row.text(7) ?? "{}")
    }

    /// The entries as a Markdown table for a team wiki; every cell's text escaped so a name
    /// cannot break the table or inject markup.
    package static func markdown(_ entries: [DecisionLogEntry]) -> String {
        var out = "# Decision log\n\n| When (UTC) | Who | What | Preset | Revision | Summary |\n|---|---|---|---|---|---|\n"
        for entry in entries {
            let cells = [entry.time, entry.author.isEmpty ? "(anonymous)" : entry.author, entry.kind.rawValue, entry.preset ?? "",
                         entry.revision.map(String.init) ?? "", entry.summary]
            out += "| " + cells.map(markdownCell).joined(separator: " | ") + " |\n"
        }
        return out
    }

    package static func markdownCell(_ text: String) -> String {
        var out = ""
        for character in text {
            // A line or paragraph break of any kind ends no row; an invisible or bidi character
            // that could make a cell read as something else is shown by its code (InvisibleText).
            if character.unicodeScalars.contains(where: InvisibleText.isInvisible) {
                for scalar in character.unicodeScalars {
                    if ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) { out += " " }
                    else if scalar == "\t" { out += " " }
                    else if InvisibleText.isInvisible(scalar) { out += "\\[" + InvisibleText.codePoint(scalar) + "\\]" }
                    else { out += markdownCell(String(scalar)) }
                }
                continue
            }
            switch character {
            case "\n", "\r", "\r\n": out += " "
            case "|", "\\", "`", "*", "_", "[", "]", "<", ">", "#", "!", "~", "&":
                out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// Now, as `2026-11-23T22:50:01.123Z`.
    package static func timestamp(_ date: Date = Date()) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms = milliseconds % 1000
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(msText)Z"
    }
}
