import WorkbenchSupport
import Foundation

/// Every saved revision of every preset, kept for good in the workbench database: who saved it,
/// when, why, and the file it wrote. A preset is an identity (`presets.id`) whose name may change;
/// its revisions are numbered 1, 2, 3… and a delete or a rename is a revision too. The preset
/// files stay the current state; this is what they were. Knows nothing of HTTP.
package final class PresetHistory: Sendable {
    package let database: SQLiteDatabase

    /// One revision as stored. Its JSON form is a revision list's entry: the number (as text),
    /// author, savedAt, message, deleted and name; never the file.
    package struct Revision: Sendable, Equatable, Encodable {
        package let presetID: Int64
        @WrittenAs<AsText> package var number: Int
        package let name: String
        package let fileName: String
        package let author: String
        /// UTC, ISO 8601 with milliseconds.
        package let savedAt: String
        package let message: String
        package let deleted: Bool
        /// The file this revision wrote (a delete keeps the text the preset had).
        package let fileText: String
        /// FNV-1a of `fileText`'s bytes, to recognise the file on disk.
        package let fileHash: String
        /// SHA-256 of the canonical parameters (`Preset.canonicalParameters`): the provenance hash.
        package let parametersSHA256: String

        private enum CodingKeys: String, CodingKey { case number = "revision", author, savedAt, message, deleted, name }

        /// A sample, for documentation (the API's schema of a revision list is derived from it).
        package static var example: Revision {
            Revision(presetID: 1, number: 1, name: "Default", fileName: "Default.json", author: "Ada", savedAt: "t", message: "", deleted: false,
                     fileText: "", fileHash: "", parametersSHA256: "")
        }
    }

    /// What a new revision says; the number and time are the history's.
    package struct NewRevision: Sendable {
        package var name: String
        package var fileName: String
        package var author: String
        package var message: String
        package var deleted: Bool
        package var fileText: String

        package init(name: String, fileName: String, author: String, message: String, deleted: Bool = false, fileText: String) {
            self.name = name; self.fileName = fileName; self.author = author; self.message = message
            self.deleted = deleted; self.fileText = fileText
        }
    }

    /// A preset's identity and where it stands now.
    package struct Record: Sendable, Equatable {
        package let id: Int64
        package let name: String
        package let fileName: String
        package let latest: Int
        package let deleted: Bool
        package let fileHash: String
    }

    package enum Limits {
        package static let messageCharacters = 500, messageBytes = 2_000
        package static let pageSize = 200, maxPageSize = 10_000
    }

    package init(database: SQLiteDatabase) throws {
        self.database = database
        try database.withConnection { connection in
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS presets (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    file_name TEXT NOT NULL,
                    latest INTEGER NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    file_hash TEXT NOT NULL
                );
                CREATE INDEX IF NOT EXISTS presets_by_name ON presets(name);
                CREATE TABLE IF NOT EXISTS revisions (
                    preset_id INTEGER NOT NULL REFERENCES presets(id),
                    number INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    file_name TEXT NOT NULL,
                    author TEXT NOT NULL,
                    saved_at TEXT NOT NULL,
                    message TEXT NOT NULL,
                    deleted INTEGER NOT NULL,
                    file_text TEXT NOT NULL,
                    file_hash TEXT NOT NULL,
                    parameters_sha256 TEXT NOT NULL,
                    PRIMARY KEY (preset_id, number)
                ) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS revisions_by_name ON revisions(name, preset_id, number);
                """)
        }
    }

    // MARK: Reading

    /// The preset that answers to `name`: the live one, else the one most recently deleted under it.
    package func record(named name: String) throws -> Record? {
        try database.withConnection { try Self.record(named: name, on: $0) }
    }

    package static func record(named name: String, on connection: SQLiteConnection) throws(SQLiteError) -> Record? {
        try connection.query("SELECT id, name, file_name, latest, deleted, file_hash FROM presets WHERE name = ?1 ORDER BY deleted ASC, id DESC LIMIT 1",
                             [.text(name)]).first.map(record)
    }

    package static func record(id: Int64, on connection: SQLiteConnection) throws(SQLiteError) -> Record? {
        try connection.query("SELECT id, name, file_name, latest, deleted, file_hash FROM presets WHERE id = ?1", [.integer(id)]).first.map(record)
    }

    /// Every preset the history knows, deleted ones included.
    package func records() throws -> [Record] {
        try database.withConnection { try $0.query("SELECT id, name, file_name, latest, deleted, file_hash FROM presets ORDER BY id").map(Self.record) }
    }

    private static func record(_ row: SQLiteRow) -> Record {
        Record(id: row.integer(0) ?? 0, name: row.text(1) ?? "", fileName: row.text(2) ?? "", latest: row.int(3) ?? 0,
               deleted: row.integer(4) == 1, fileHash: row.text(5) ?? "")
    }

    /// Newest first, without the files: at most `limit` revisions older than `before` (all when nil).
    package func revisions(of id: Int64, limit: Int = Limits.maxPageSize, before: Int? = nil) throws -> [Revision] {
        let limit = max(1, min(limit, Limits.maxPageSize))
        // Always a bound (the largest number for none) rather than "?2 IS NULL OR number < ?2":
        // SQLite then seeks the primary key instead of walking down from the newest revision.
        return try database.withConnection { connection in
            try connection.query("""
                SELECT preset_id, number, name, file_name, author, saved_at, message, deleted, '', file_hash, parameters_sha256 FROM revisions
                WHERE preset_id = ?1 AND number < ?2 ORDER BY number DESC LIMIT ?3
                """, [.integer(id), .integer(Int64(before ?? Int.max)), .integer(Int64(limit))]).map(Self.revision)
        }
    }

    package func revision(of id: Int64, number: Int) throws -> Revision? {
        try database.withConnection { try Self.revision(of: id, number: number, on: $0) }
    }

    package static func revision(of id: Int64, number: Int, on connection: SQLiteConnection) throws(SQLiteError) -> Revision? {
        try connection.query("""
            SELECT preset_id, number, name, file_name, author, saved_at, message, deleted, file_text, file_hash, parameters_sha256 FROM revisions
            WHERE preset_id = ?1 AND number = ?2
            """, [.integer(id), .integer(Int64(number))]).first.map(revision)
    }

    /// The revisions that named a preset `name` at the time (a renamed preset answers to its old
    /// names here), newest first: how provenance finds an export's revision after a rename.
    package func revisions(named name: String, number: Int) throws -> [Revision] {
        try database.withConnection { connection in
            try connection.query("""
                SELECT preset_id, number, name, file_name, author, saved_at, message, deleted, file_text, file_hash, parameters_sha256 FROM revisions
                WHERE name = ?1 AND number = ?2 ORDER BY preset_id DESC
                """, [.text(name), .integer(Int64(number))]).map(Self.revision)
        }
    }

    private static func revision(_ row: SQLiteRow) -> Revision {
        Revision(presetID: row.integer(0) ?? 0, number: row.int(1) ?? 0, name: row.text(2) ?? "", fileName: row.text(3) ?? "",
                 author: row.text(4) ?? "", savedAt: row.text(5) ?? "", message: row.text(6) ?? "", deleted: row.integer(7) == 1,
                 fileText: row.text(8) ?? "", fileHash: row.text(9) ?? "", parametersSHA256: row.text(10) ?? "")
    }

    // MARK: Writing

    /// Appends a revision on a connection the caller holds (inside its transaction, so the file
    /// write that follows and the log entry commit with it): to preset `id`, or to a new preset
    /// when nil. Returns the stored revision.
    package static func append(_ new: NewRevision, to id: Int64?, on connection: SQLiteConnection) throws -> Revision {
        let fileHash = PresetStore.fingerprint(of: Array(new.fileText.utf8))
        let parametersHash = Preset.parametersSHA256(fileText: new.fileText)
        let presetID: Int64, number: Int
        if let id, let existing = try record(id: id, on: connection) {
            presetID = id
            let (next, overflow) = existing.latest.addingReportingOverflow(1)
            guard !overflow else { throw SQLiteError(code: 1, message: "the preset has too many revisions") }
            number = next
            try connection.query("UPDATE presets SET name = ?2, file_name = ?3, latest = ?4, deleted = ?5, file_hash = ?6 WHERE id = ?1", [
                .integer(presetID), .text(new.name), .text(new.fileName), .integer(Int64(number)), .integer(new.deleted ? 1 : 0),
                .text(new.deleted ? "" : fileHash),
            ])
        } else {
            number = 1
            try connection.query("INSERT INTO presets(name, file_name, latest, deleted, file_hash) VALUES (?1, ?2, 1, ?3, ?4)", [
                .text(new.name), .text(new.fileName), .integer(new.deleted ? 1 : 0), .text(new.deleted ? "" : fileHash),
            ])
            presetID = connection.lastInsertedRowID
        }
        let revision = Revision(presetID: presetID, number: number, name: new.name, fileName: new.fileName, author: new.author,
                                savedAt: DecisionLog.timestamp(), message: new.message, deleted: new.deleted, fileText: new.fileText,
                                fileHash: fileHash, parametersSHA256: parametersHash)
        try connection.query("""
            INSERT INTO revisions(preset_id, number, name, file_name, author, saved_at, message, deleted, file_text, file_hash, parameters_sha256)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """, [.integer(presetID), .integer(Int64(number)), .text(revision.name), .text(revision.fileName), .text(revision.author),
                  .text(revision.savedAt), .text(revision.message), .integer(revision.deleted ? 1 : 0), .text(revision.fileText),
                  .text(fileHash), .text(parametersHash)])
        try HistoryChain.record(.revision, key: [.integer(presetID), .integer(Int64(number))], on: connection)
        return revision
    }

    /// Removes a revision whose file could not be written and puts the preset back as it was.
    package static func takeBack(_ revision: Revision, restoring before: Record?, on connection: SQLiteConnection) throws(SQLiteError) {
        try connection.query("DELETE FROM revisions WHERE preset_id = ?1 AND number = ?2", [.integer(revision.presetID), .integer(Int64(revision.number))])
        try HistoryChain.record(.revision, key: [.integer(revision.presetID), .integer(Int64(revision.number))], on: connection)
        if let before {
            try connection.query("UPDATE presets SET name = ?2, file_name = ?3, latest = ?4, deleted = ?5, file_hash = ?6 WHERE id = ?1", [
                .integer(before.id), .text(before.name), .text(before.fileName), .integer(Int64(before.latest)), .integer(before.deleted ? 1 : 0),
                .text(before.fileHash),
            ])
        } else {
            try connection.query("DELETE FROM presets WHERE id = ?1", [.integer(revision.presetID)])
        }
    }
}

extension Preset {
    /// The parameters as one canonical text: every key of the file's `parameters` (defaults
    /// included, unknown keys kept), sorted by their UTF-8 bytes, values in the JSON writer's
    /// shortest round-trip form, no spaces. Two presets draw the same chart exactly when these agree.
    static func canonicalParameters<Value: Encodable & Sendable>(_ parameters: [(String, Value)]) -> String {
        JSONText.encode(OrderedMembers(parameters.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }))
    }

    var canonicalParameters: String { Self.canonicalParameters(parameters) }

    /// SHA-256 of `canonicalParameters`, as lower-case hex.
    package var parametersSHA256: String { SHA256.hex(canonicalParameters) }

    /// The hash of a preset file's parameters ("" when the text is no JSON object with an object of parameters).
    static func parametersSHA256(fileText: String) -> String {
        parameterPairs(fileText: fileText).map { SHA256.hex(canonicalParameters($0)) } ?? ""
    }

    /// The hash of a file's known parameters: of the chart it draws, what a round starting from it
    /// keeps (`parametersSHA256` also covers keys this version does not know); the whole hash when
    /// the file is no preset this version reads.
    static func styleSHA256(fileText: String) -> String {
        guard let preset = try? Preset(fileText: fileText) else { return parametersSHA256(fileText: fileText) }
        return Preset(name: "", style: preset.style).parametersSHA256
    }

    /// A file's parameters, key → the value's canonical JSON (as in `canonicalParameters`); empty when the text holds none.
    static func parameterValues(fileText: String) -> [String: String] {
        guard let pairs = parameterPairs(fileText: fileText) else { return [:] }
        return Dictionary(pairs.map { ($0.0, JSONText.encode($0.1)) }, uniquingKeysWith: { _, last in last })
    }

    /// A file's parameters in its order, whatever they hold; nil when the text is no JSON object with an object of parameters.
    private static func parameterPairs(fileText: String) -> [(String, OpaqueJSON)]? {
        (try? JSONText.decode(ParametersOnly.self, from: fileText))?.parameters?.members
    }

    /// A file's parameters, whatever they hold.
    private struct ParametersOnly: Decodable {
        let parameters: OrderedMembers<OpaqueJSON>?
    }
}
