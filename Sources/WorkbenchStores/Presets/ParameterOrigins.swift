import WorkbenchSupport

/// Who brought each set of canonical parameters into the workbench, anywhere in it: the author
/// of the first revision of any preset that carried them (a save, a duplicate, a save over
/// another preset, an Explore best or a blind round's candidate saved as a preset), and everyone
/// whose shared-draft edits a save carried (`contributed`). None of them may approve a revision
/// carrying those parameters (`PresetStore.approvalRule`). Kept in the history database by hash.
enum ParameterOrigins {
    static let schema = """
        CREATE TABLE IF NOT EXISTS parameter_origins (
            parameters_sha256 TEXT NOT NULL,
            author TEXT NOT NULL,
            how TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (parameters_sha256, author)
        ) WITHOUT ROWID;
        """

    /// Creates the table; a history that had none learns the first author of every set from its revisions.
    static func prepare(on connection: SQLiteConnection) throws {
        try connection.execute(schema)
        guard try connection.query("SELECT 1 FROM parameter_origins LIMIT 1").isEmpty else { return }
        try connection.transaction {
            var seen = Set<String>()
            for row in try connection.query("SELECT parameters_sha256, author, saved_at FROM revisions WHERE deleted = 0 AND parameters_sha256 != '' ORDER BY saved_at, preset_id, number") {
                guard let hash = row.text(0), seen.insert(hash).inserted else { continue }
                try connection.query("INSERT OR IGNORE INTO parameter_origins VALUES (?1, ?2, 'brought', ?3)", [.text(hash), .text(row.text(1) ?? ""), .text(row.text(2) ?? "")])
                try HistoryChain.record(.parameterOrigin, key: [.text(hash), .text(row.text(1) ?? "")], on: connection)
            }
        }
    }

    /// A revision's parameters were saved by `author`, carrying edits by `contributors`: the
    /// author is their first bringer unless someone brought them in before.
    static func record(_ parametersSHA256: String, author: String, contributors: [String], on connection: SQLiteConnection) throws {
        guard !parametersSHA256.isEmpty else { return }
        let time = DecisionLog.timestamp()
        if try connection.query("SELECT 1 FROM parameter_origins WHERE parameters_sha256 = ?1 AND how = 'brought'", [.text(parametersSHA256)]).isEmpty {
            try connection.query("INSERT OR REPLACE INTO parameter_origins VALUES (?1, ?2, 'brought', ?3)", [.text(parametersSHA256), .text(author), .text(time)])
            try HistoryChain.record(.parameterOrigin, key: [.text(parametersSHA256), .text(author)], on: connection)
        }
        for contributor in contributors where contributor != author && !contributor.isEmpty {
            // Each who is an entry of the history's chain once (a later save of the same set changes nothing).
            guard try connection.query("SELECT 1 FROM parameter_origins WHERE parameters_sha256 = ?1 AND author = ?2", [.text(parametersSHA256), .text(contributor)]).isEmpty else { continue }
            try connection.query("INSERT INTO parameter_origins VALUES (?1, ?2, 'contributed', ?3)", [.text(parametersSHA256), .text(contributor), .text(time)])
            try HistoryChain.record(.parameterOrigin, key: [.text(parametersSHA256), .text(contributor)], on: connection)
        }
    }

    /// The names behind each set of parameters a preset's revisions carry (every preset's when nil).
    static func authors(of presetID: Int64?, on connection: SQLiteConnection) -> [String: [String]] {
        let rows = try? presetID.map { id in
            try connection.query("""
                SELECT parameters_sha256, author FROM parameter_origins
                WHERE parameters_sha256 IN (SELECT parameters_sha256 FROM revisions WHERE preset_id = ?1)
                """, [.integer(id)])
        } ?? connection.query("SELECT parameters_sha256, author FROM parameter_origins")
        var out: [String: [String]] = [:]
        for row in rows ?? [] { if let hash = row.text(0), let author = row.text(1) { out[hash, default: []].append(author) } }
        return out
    }
}
