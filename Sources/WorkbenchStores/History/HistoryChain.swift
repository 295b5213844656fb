import WorkbenchSupport
import Foundation

/// The history's append-only hash chain (`history_chain`): every write of a chained row (a
/// revision, a review, a person joining or changed, a comment, a round, a log entry) appends an
/// entry holding the SHA-256 of the row's whole content as it is now (every column, so any edited
/// field shows) and of the previous entry. The workbench signs the head and keeps it in its state
/// folder (`ChainHead`), outside the database: a chain that does not re-derive, a row edited,
/// inserted or deleted behind the workbench's back, or a database rolled back to an older copy is
/// found by comparing the two.
///
/// **Adding a kind of entry** is one `Kind` in `kinds` (its table and key columns) and one call
/// `try HistoryChain.record(.yourKind, key: [...], on: connection)` in the transaction that writes
/// the row (a removal is recorded the same way, after the DELETE).
package enum HistoryChain {
    package struct Kind: Sendable, Hashable {
        package let name: String
        package let table: String
        package let keyColumns: [String]

        package init(_ name: String, table: String, key: [String]) { self.name = name; self.table = table; keyColumns = key }

        package static let revision = Kind("revision", table: "revisions", key: ["preset_id", "number"])
        package static let review = Kind("review", table: "reviews", key: ["id"])
        package static let person = Kind("person", table: "people", key: ["id"])
        package static let comment = Kind("comment", table: "comments", key: ["id"])
        package static let round = Kind("round", table: "pairwise_rounds", key: ["id"])
        package static let log = Kind("log", table: "decision_log", key: ["id"])
        // Chained since a later version (`later`): what else decides who may do what, and Explore's results.
        package static let personName = Kind("person name", table: "person_names", key: ["name_key"])
        package static let invitation = Kind("invitation", table: "invitations", key: ["id"])
        package static let joinLink = Kind("join link", table: "join_links", key: ["id"])
        package static let peopleFact = Kind("people fact", table: "people_facts", key: ["key"])
        package static let inviteRight = Kind("invite right", table: "invite_rights", key: ["person_id"])
        package static let parameterOrigin = Kind("parameter origin", table: "parameter_origins", key: ["parameters_sha256", "author"])
        package static let valueAuthor = Kind("value author", table: "value_authors", key: ["style_sha256", "key", "author"])
        package static let exploreRound = Kind("explore round", table: "explore_rounds", key: ["id"])
        package static let exploreEntry = Kind("explore entry", table: "explore_round_entries", key: ["round", "kind", "seq"])
        package static let exploreAnswer = Kind("explore answer", table: "explore_answers", key: ["id"])
    }

    /// The kinds chained from the start, in the order an adopted history's rows are taken in.
    static let original: [Kind] = [.person, .revision, .review, .comment, .round, .log]
    /// Kinds chained since a later version: a history kept before has their rows taken in once
    /// (`adoptLater`), marked by an `adopted` entry each; until then (a read-only history) they
    /// are not checked.
    static let later: [Kind] = [.personName, .invitation, .joinLink, .peopleFact, .inviteRight, .parameterOrigin,
                                .exploreRound, .exploreEntry, .exploreAnswer, .valueAuthor]
    /// Every kind.
    package static let kinds: [Kind] = original + later
    /// The entry kind that marks a later kind as taken in (its key: the kind's name).
    static let adoptedKind = "adopted"
    /// The kinds of people's tables, diffed and chained by `PeopleStore.change` after every person change.
    package static let peopleKinds: [Kind] = [.person, .personName, .invitation, .joinLink, .peopleFact, .inviteRight]

    /// The newest entry: how many there are and the last one's hash.
    package struct Head: Sendable, Equatable {
        package var count: Int64
        package var hash: String
    }

    static let table = "history_chain"

    package static func createTable(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS history_chain (
                seq INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                row_key TEXT NOT NULL,
                content_sha256 TEXT NOT NULL,
                hash TEXT NOT NULL
            );
            """)
    }

    /// The hash an empty chain starts from: bound to the history's id, so a chain copied from
    /// another history does not verify under this one.
    static func genesis(_ historyID: String) -> String { SHA256.hex("chart-workbench history chain\n" + historyID) }

    static func entryHash(previous: String, seq: Int64, kind: String, key: String, content: String) -> String {
        SHA256.hex(previous + "\n" + String(seq) + "\n" + kind + "\n" + key + "\n" + content)
    }

    // MARK: Canonical rows

    /// One value in an unambiguous text: a type letter, and text and blobs length-prefixed.
    static func append(_ value: SQLiteValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(UInt8(ascii: "n"))
        case .integer(let v): out.append(UInt8(ascii: "i")); out += Array(String(v).utf8)
        case .real(let v): out.append(UInt8(ascii: "r")); out += Array("\(v)".utf8)
        case .text(let s):
            let bytes = Array(s.utf8)
            out.append(UInt8(ascii: "t")); out += Array(String(bytes.count).utf8); out.append(UInt8(ascii: ":")); out += bytes
        case .blob(let b): out.append(UInt8(ascii: "b")); out += Array(Sodium.hex(b).utf8)
        }
        out.append(UInt8(ascii: ";"))
    }

    static func keyText(_ values: [SQLiteValue]) -> String {
        var out: [UInt8] = []
        for value in values { append(value, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// SHA-256 of the row's columns in table order; of "absent" for a row that is not there.
    static func contentHash(_ row: SQLiteRow?) -> String {
        guard let row else { return SHA256.hex("absent") }
        var out: [UInt8] = []
        out.reserveCapacity(256)
        for value in row.values { append(value, to: &out) }
        return SHA256.hex(out)
    }

    static func tableExists(_ table: String, on connection: SQLiteConnection) throws(SQLiteError) -> Bool {
        try !connection.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", [.text(table)]).isEmpty
    }

    // MARK: Writing

    /// Appends the entry of `kind`'s row with these key values, as the row is now. Call on the
    /// connection of the transaction that wrote the row.
    package static func record(_ kind: Kind, key: [SQLiteValue], on connection: SQLiteConnection) throws(SQLiteError) {
        let condition = kind.keyColumns.enumerated().map { "\($0.element) = ?\($0.offset + 1)" }.joined(separator: " AND ")
        let row = try connection.query("SELECT * FROM \(kind.table) WHERE \(condition)", key).first
        try appendEntry(kind: kind.name, key: keyText(key), content: contentHash(row), on: connection)
    }

    static func appendEntry(kind: String, key: String, content: String, on connection: SQLiteConnection) throws(SQLiteError) {
        // A database that is no presets' history (no id: the in-memory people of a read-only
        // history, a store's tests) keeps no chain.
        guard try tableExists("workbench_meta", on: connection), let head = try head(on: connection) else { return }
        let seq = head.count + 1
        try connection.query("INSERT INTO history_chain(seq, kind, row_key, content_sha256, hash) VALUES (?1, ?2, ?3, ?4, ?5)", [
            .integer(seq), .text(kind), .text(key), .text(content),
            .text(entryHash(previous: head.hash, seq: seq, kind: kind, key: key, content: content)),
        ])
    }

    /// The newest entry (count 0 and the genesis hash for an empty chain); nil without a chain
    /// or an id.
    package static func head(on connection: SQLiteConnection) throws(SQLiteError) -> Head? {
        guard let id = try connection.query("SELECT value FROM workbench_meta WHERE key = 'history_id'").first?.text(0) else { return nil }
        guard let last = try connection.query("SELECT seq, hash FROM history_chain ORDER BY seq DESC LIMIT 1").first else {
            return Head(count: 0, hash: genesis(id))
        }
        return Head(count: last.integer(0) ?? 0, hash: last.text(1) ?? "")
    }

    /// The hash of entry `seq` (the genesis for 0); nil when there is no such entry.
    package static func hash(at seq: Int64, historyID: String, on connection: SQLiteConnection) throws(SQLiteError) -> String? {
        if seq == 0 { return genesis(historyID) }
        return try connection.query("SELECT hash FROM history_chain WHERE seq = ?1", [.integer(seq)]).first?.text(0)
    }

    /// Builds the chain over a history kept before there was one: an entry for every row there
    /// is, kind by kind. Returns how many entries were made.
    package static func adopt(on connection: SQLiteConnection) throws -> Int {
        try connection.transaction {
            var made = 0
            for kind in original where try tableExists(kind.table, on: connection) {
                let keyList = kind.keyColumns.joined(separator: ", ")
                for row in try connection.query("SELECT \(keyList) FROM \(kind.table) ORDER BY \(keyList)") {
                    try record(kind, key: row.values, on: connection)
                    made += 1
                }
            }
            return made
        }
    }

    /// Whether the history holds any chained row at all.
    static func hasRows(on connection: SQLiteConnection) throws(SQLiteError) -> Bool {
        for kind in original where try tableExists(kind.table, on: connection) {
            if try !connection.query("SELECT 1 FROM \(kind.table) LIMIT 1").isEmpty { return true }
        }
        return false
    }

    /// Takes in the rows of every later kind not taken in yet (see `later`), each kind in one
    /// go with its `adopted` mark. Returns how many rows were taken in.
    package static func adoptLater(on connection: SQLiteConnection) throws -> Int {
        let adopted = Set(try connection.query("SELECT row_key FROM history_chain WHERE kind = ?1", [.text(adoptedKind)]).compactMap { $0.text(0) })
        var made = 0
        for kind in later where !adopted.contains(keyText([.text(kind.name)])) {
            try connection.transaction {
                if try tableExists(kind.table, on: connection) {
                    let keyList = kind.keyColumns.joined(separator: ", ")
                    for row in try connection.query("SELECT \(keyList) FROM \(kind.table) ORDER BY \(keyList)") {
                        try record(kind, key: row.values, on: connection)
                        made += 1
                    }
                }
                try appendEntry(kind: adoptedKind, key: keyText([.text(kind.name)]), content: SHA256.hex(adoptedKind), on: connection)
            }
        }
        return made
    }

    /// The canonical key of each row of `kinds`' tables with its content hash: what a change is
    /// diffed against (`PeopleStore.change`).
    package static func rowHashes(_ kinds: [Kind], on connection: SQLiteConnection) throws(SQLiteError) -> [Kind: [String: (key: [SQLiteValue], hash: String)]] {
        var out: [Kind: [String: (key: [SQLiteValue], hash: String)]] = [:]
        for kind in kinds where try tableExists(kind.table, on: connection) {
            let width = kind.keyColumns.count
            var rows: [String: (key: [SQLiteValue], hash: String)] = [:]
            for row in try connection.query("SELECT \(kind.keyColumns.joined(separator: ", ")), * FROM \(kind.table)") {
                let key = Array(row.values.prefix(width))
                rows[keyText(key)] = (key, contentHash(SQLiteRow(values: Array(row.values.dropFirst(width)))))
            }
            out[kind] = rows
        }
        return out
    }

    /// Records every row of `before`'s kinds that was added, changed or removed since.
    package static func recordChanges(since before: [Kind: [String: (key: [SQLiteValue], hash: String)]], on connection: SQLiteConnection) throws(SQLiteError) {
        let after = try rowHashes(Array(before.keys).sorted { $0.name < $1.name }, on: connection)
        for (kind, now) in after.sorted(by: { $0.key.name < $1.key.name }) {
            let then = before[kind] ?? [:]
            for (text, row) in now.sorted(by: { $0.key < $1.key }) where then[text]?.hash != row.hash {
                try record(kind, key: row.key, on: connection)
            }
            for (text, row) in then.sorted(by: { $0.key < $1.key }) where now[text] == nil {
                try record(kind, key: row.key, on: connection)
            }
        }
    }
}
