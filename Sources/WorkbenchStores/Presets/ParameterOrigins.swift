import WorkbenchSupport

/// Who brought each set of canonical parameters into the workbench, anywhere in it: the author
/// of the first revision of any preset that carried them (a save, a duplicate, a save over
/// another preset, an Explore best or a blind round's candidate saved as a preset), and everyone
/// whose shared-draft edits a save carried (`contributed`), and the authors of the values a later
/// save kept unchanged from a revision not yet approved (`kept`). None of them may approve a
/// revision carrying those parameters (`PresetStore.approvalRule`). Kept in the history database by hash.
///
/// Who set each value is kept too (`value_authors`, by the hash of the chart's known parameters
/// and the key): a save that changes one value keeps the others' authors, so an edit does not
/// stop being its author's work because someone saved another change over it. Once a revision is
/// approved its values are reviewed, and a save from it starts afresh. Keyed by the known
/// parameters (`Preset.styleSHA256`), so a round's start, which drops keys this version does not
/// know, finds the authors of the revision it started from.
enum ParameterOrigins {
    /// What a save is measured against: a revision it was made from (its values, key → canonical
    /// JSON) and who set each of them (none when that revision is approved). A save from nothing
    /// is measured against the default chart, whose values nobody set.
    struct Base: Sendable {
        let values: [String: String]
        let authors: [String: Set<String>]
    }

    static let valueSchema = """
        CREATE TABLE IF NOT EXISTS value_authors (
            style_sha256 TEXT NOT NULL,
            key TEXT NOT NULL,
            author TEXT NOT NULL,
            PRIMARY KEY (style_sha256, key, author)
        ) WITHOUT ROWID;
        """

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
        try connection.execute(valueSchema)
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
    /// author is their first bringer unless someone brought them in before. With `values` (a
    /// save's, key → canonical JSON), the hash of its known parameters and its `bases` (what it
    /// was made from: the preset's revision before, the preset it was copied from), who set each
    /// value is recorded: a value one of the bases holds by whoever set it there (none when that
    /// base is approved), any other by the author (unless someone brought the set in before) and
    /// whoever's edit carried it; and each of those is an origin of the set.
    static func record(_ parametersSHA256: String, author: String, contributors: [PresetStore.Contribution],
                       values: (styleSHA256: String, values: [String: String])? = nil, bases: [Base] = [], on connection: SQLiteConnection) throws {
        guard !parametersSHA256.isEmpty else { return }
        let time = DecisionLog.timestamp()
        let broughtBefore = try !connection.query("SELECT 1 FROM parameter_origins WHERE parameters_sha256 = ?1 AND how = 'brought'", [.text(parametersSHA256)]).isEmpty
        if !broughtBefore {
            try connection.query("INSERT OR REPLACE INTO parameter_origins VALUES (?1, ?2, 'brought', ?3)", [.text(parametersSHA256), .text(author), .text(time)])
            try HistoryChain.record(.parameterOrigin, key: [.text(parametersSHA256), .text(author)], on: connection)
        }
        for contributor in contributors.map(\.person) where contributor != author && !contributor.isEmpty {
            try add(parametersSHA256, contributor, how: "contributed", at: time, on: connection)
        }
        guard let (styleSHA256, values) = values else { return }
        let bases = bases.isEmpty ? [Base(values: defaultValues, authors: [:])] : bases
        // A set someone brought in before is theirs: saving a copy of it sets no value.
        let saver = broughtBefore ? [] : [author]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            let kept = bases.indices.filter { bases[$0].values[key] == value }
            let authors = kept.isEmpty ? Set(saver + contributors.filter { $0.keys?.contains(key) ?? true }.map(\.person))
                : kept.reduce(into: Set<String>()) { $0.formUnion(bases[$1].authors[key] ?? []) }
            for person in authors.sorted() where !person.isEmpty {
                if try connection.query("SELECT 1 FROM value_authors WHERE style_sha256 = ?1 AND key = ?2 AND author = ?3",
                                        [.text(styleSHA256), .text(key), .text(person)]).isEmpty {
                    try connection.query("INSERT INTO value_authors VALUES (?1, ?2, ?3)", [.text(styleSHA256), .text(key), .text(person)])
                    try HistoryChain.record(.valueAuthor, key: [.text(styleSHA256), .text(key), .text(person)], on: connection)
                }
                try add(parametersSHA256, person, how: "kept", at: time, on: connection)
            }
        }
    }

    /// `person` is one of the set's origins, an entry of the history's chain once (a later save of the same set changes nothing).
    private static func add(_ parametersSHA256: String, _ person: String, how: String, at time: String, on connection: SQLiteConnection) throws {
        guard try connection.query("SELECT 1 FROM parameter_origins WHERE parameters_sha256 = ?1 AND author = ?2", [.text(parametersSHA256), .text(person)]).isEmpty else { return }
        try connection.query("INSERT INTO parameter_origins VALUES (?1, ?2, ?3, ?4)", [.text(parametersSHA256), .text(person), .text(how), .text(time)])
        try HistoryChain.record(.parameterOrigin, key: [.text(parametersSHA256), .text(person)], on: connection)
    }

    /// A preset file's values as who set each is kept: under the hash of its known parameters
    /// (`Preset.styleSHA256`), key → the value's canonical JSON.
    static func values(of fileText: String) -> (styleSHA256: String, values: [String: String]) {
        (Preset.styleSHA256(fileText: fileText), Preset.parameterValues(fileText: fileText))
    }

    /// Who set each value of a chart's known parameters (key → names); empty for one saved before this was kept.
    static func valueAuthors(of styleSHA256: String, on connection: SQLiteConnection) throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for row in try connection.query("SELECT key, author FROM value_authors WHERE style_sha256 = ?1", [.text(styleSHA256)]) {
            if let key = row.text(0), let author = row.text(1) { out[key, default: []].insert(author) }
        }
        return out
    }

    /// The default chart's values: what nobody set.
    static let defaultValues = Preset.parameterValues(fileText: Preset(name: "Default").fileText)

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
