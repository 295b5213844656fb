import WorkbenchSupport
import Foundation

/// What a backup must pass before it is put in place of the history: only the workbench's own
/// schema objects (a trigger, a view or an unknown table would run or hide things behind its
/// back), a chain that verifies, and — unless the person accepts losing them — every entry the
/// workbench kept.
extension HistoryFile {
    /// The schema the workbench makes, as `sqlite_master` holds it (type and name → SQL): every
    /// store's tables made in an empty database.
    static func knownSchema() throws -> [String: String] {
        let database = try SQLiteDatabase.inMemory()
        _ = try identify(database)
        try database.withConnection { try HistoryChain.createTable($0) }
        _ = try PresetHistory(database: database)
        _ = try PresetReviews(database: database)
        _ = try DecisionLog(database: database)
        _ = try PeopleStore(database: database)
        _ = try SQLiteCommentRecords(database: database).loadAll()
        _ = try RoundStore(database: database)
        _ = try SQLiteExploreRecords(database: database).loadAll()
        try database.withConnection { try $0.execute(ParameterOrigins.schema); try $0.execute(ParameterOrigins.valueSchema) }
        return try database.withConnection { try schema(of: $0) }
    }

    static func schema(of connection: SQLiteConnection) throws(SQLiteError) -> [String: String] {
        var objects: [String: String] = [:]
        for row in try connection.query("SELECT type, name, sql FROM sqlite_master") {
            let sql = (row.text(2) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            objects[(row.text(0) ?? "") + " " + (row.text(1) ?? "")] = sql
        }
        return objects
    }

    /// Refuses a backup with schema objects the workbench does not make, or whose chain does not
    /// verify, or that holds fewer entries than the workbench kept (unless `acceptOlder`, and
    /// then says what is lost). Returns the head the restored history will have (nil: a backup
    /// from before the chain, built at the next start) and a note for the person.
    static func checkBackup(_ backup: SQLiteConnection, source: String, folder: String, state: StateFolder,
                            acceptOlder: Bool) throws -> (head: ChainHead?, note: String?) {
        let known = try knownSchema()
        var unknown: [String] = []
        for (object, sql) in try schema(of: backup).sorted(by: { $0.key < $1.key }) where known[object] != sql {
            unknown.append(known[object] == nil ? object : object + " (altered)")
        }
        guard unknown.isEmpty else {
            throw HistoryError(.unreadable, "\(source) holds schema objects the workbench does not make (\(unknown.prefix(5).joined(separator: ", "))): "
                               + "it was altered outside the workbench and is not restored; choose another backup")
        }
        guard let id = try backup.query("SELECT value FROM workbench_meta WHERE key = 'history_id'").first?.text(0) else {
            throw HistoryError(.unreadable, "\(source) has no history id; it is not a backup of a presets' history")
        }
        let kept = try keptHead(in: state)
        var head: ChainHead?
        if try HistoryChain.tableExists(HistoryChain.table, on: backup) {
            let verdict = try HistoryChain.verify(historyID: id, on: backup)
            guard verdict.problems.isEmpty else {
                throw HistoryError(.unreadable, "\(source) does not verify: \(verdict.problems.prefix(3).joined(separator: "; ")); choose another backup")
            }
            head = ChainHead(historyID: id, head: verdict.head)
        }
        guard let kept else { return (head, nil) }
        var why: String?
        if kept.historyID != id {
            why = "it is a backup of another history (\(id)) than the one this workbench kept (\(kept.historyID))"
        } else if let head, rollbackWords(known: kept, now: head.head, connection: backup, historyID: id) == nil {
            return (head, nil)
        } else {
            let count = head?.head.count ?? 0
            why = "it is older than the history the workbench kept: \(count) chain entries against \(kept.head.count)"
                + lostWords(folder: folder, after: count, keptCount: kept.head.count)
        }
        guard acceptOlder, let why else {
            throw HistoryError(.refusedAtStart, "\(source) is not restored: \(why ?? ""). Give --accept-older to restore it anyway and lose them, "
                               + "or choose a newer backup (a rescued-… one holds everything a server kept)")
        }
        return (head, "accepted an older history: \(why)")
    }

    /// What the current database holds beyond entry `count`, by kind: what a restore would lose.
    static func lostWords(folder: String, after count: Int64, keptCount: Int64) -> String {
        guard let current = try? SQLiteConnection(path: folder + "/" + databaseFileName, readOnly: true, create: false),
              let rows = try? current.query("SELECT kind, count(*) FROM history_chain WHERE seq > ?1 GROUP BY kind ORDER BY kind", [.integer(count)]),
              !rows.isEmpty else {
            return "; the newest \(keptCount - count) entries would be lost"
        }
        return "; these would be lost: " + rows.map { "\($0.integer(1) ?? 0) \($0.text(0) ?? "")" }.joined(separator: ", ") + " entries"
    }
}
