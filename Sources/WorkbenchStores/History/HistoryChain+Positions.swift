import WorkbenchSupport
import Foundation

/// Where a row sits in the chain, for what an export signs: the newest entry of a row (its
/// index and hash), and the checks that an entry is still in the chain and the row still what
/// it chained, so an export's signed position can be compared with the history on its own,
/// without the full check at open.
extension HistoryChain {
    /// An entry of the chain: its index (`seq`) and hash.
    package struct Position: Sendable, Equatable {
        package var index: Int64
        package var entryHash: String

        package init(index: Int64, entryHash: String) { self.index = index; self.entryHash = entryHash }
    }

    /// The newest entry of `kind` for each of `keys` (their canonical key text), read in one pass
    /// over that kind's entries.
    static func newestEntries(_ kind: Kind, keys: Set<String>, on connection: SQLiteConnection) throws(SQLiteError)
        -> [String: (position: Position, content: String)] {
        var newest: [String: (position: Position, content: String)] = [:]
        for entry in try connection.query("SELECT seq, row_key, content_sha256, hash FROM history_chain WHERE kind = ?1 ORDER BY seq", [.text(kind.name)]) {
            guard let key = entry.text(1), keys.contains(key) else { continue }
            newest[key] = (Position(index: entry.integer(0) ?? 0, entryHash: entry.text(3) ?? ""), entry.text(2) ?? "")
        }
        return newest
    }

    /// Whether the database keeps a chain at all (an old read-only history may not).
    package static func isKept(on connection: SQLiteConnection) throws(SQLiteError) -> Bool {
        guard try tableExists(table, on: connection) else { return false }
        return try tableExists("workbench_meta", on: connection)
    }

    /// The rows of `kind` with these keys, each compared with its newest entry: the words of the
    /// first that differs (edited, added or deleted behind the workbench's back), nil when all agree.
    /// Returns the newest positions too.
    package static func compareRows(_ kind: Kind, keys: [[SQLiteValue]], on connection: SQLiteConnection) throws(SQLiteError)
        -> (positions: [String: Position], problem: String?) {
        let texts = keys.map(keyText)
        let newest = try newestEntries(kind, keys: Set(texts), on: connection)
        let condition = kind.keyColumns.enumerated().map { "\($0.element) = ?\($0.offset + 1)" }.joined(separator: " AND ")
        var problem: String?
        for (key, text) in zip(keys, texts) where problem == nil {
            let row = try connection.query("SELECT * FROM \(kind.table) WHERE \(condition)", key).first
            guard let entry = newest[text] else {
                if row != nil { problem = "its \(kind.name) (\(readable(text))) is in the database but not in the chain: it was added behind the workbench's back" }
                continue
            }
            if entry.content != contentHash(row) {
                problem = row == nil ? "its \(kind.name) (\(readable(text))) was deleted behind the workbench's back"
                    : "its \(kind.name) (\(readable(text))) was changed behind the workbench's back (it no longer matches chain entry \(entry.position.index))"
            }
        }
        return (newest.mapValues(\.position), problem)
    }

    /// Why `position`, signed as the entry of `kind`'s row `key`, is not that entry of this
    /// history's chain (missing, of another row, or with another hash: the chain was rebuilt or
    /// replaced); nil when it is.
    package static func positionProblem(_ position: Position, kind: Kind, key: [SQLiteValue], historyID: String,
                                        on connection: SQLiteConnection) throws(SQLiteError) -> String? {
        guard let entry = try connection.query("SELECT seq, kind, row_key, content_sha256, hash FROM history_chain WHERE seq = ?1",
                                               [.integer(position.index)]).first else {
            return "the history's chain has no entry \(position.index) (it was rolled back, rebuilt or replaced)"
        }
        guard entry.text(1) == kind.name, entry.text(2) == keyText(key) else {
            return "entry \(position.index) of the history's chain is not this \(kind.name) (the chain was rebuilt or replaced)"
        }
        guard let previous = try hash(at: position.index - 1, historyID: historyID, on: connection),
              entryHash(previous: previous, seq: position.index, kind: kind.name, key: keyText(key), content: entry.text(3) ?? "") == entry.text(4),
              entry.text(4) == position.entryHash else {
            return "entry \(position.index) of the history's chain is not the one signed (the chain was rebuilt or the row edited)"
        }
        return nil
    }

    /// The hash of entry `index` derived again from the genesis through every entry before it
    /// (what the stored hashes claim is not trusted); nil when an entry is missing.
    package static func derivedHash(at index: Int64, historyID: String, on connection: SQLiteConnection) throws(SQLiteError) -> String? {
        var previous = genesis(historyID)
        var expected: Int64 = 1
        for entry in try connection.query("SELECT seq, kind, row_key, content_sha256 FROM history_chain WHERE seq <= ?1 ORDER BY seq", [.integer(index)]) {
            guard entry.integer(0) == expected else { return nil }
            previous = entryHash(previous: previous, seq: expected, kind: entry.text(1) ?? "", key: entry.text(2) ?? "", content: entry.text(3) ?? "")
            expected += 1
        }
        return expected == index + 1 ? previous : nil
    }
}
