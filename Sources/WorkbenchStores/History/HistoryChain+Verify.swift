import WorkbenchSupport
import Foundation

extension HistoryChain {
    /// What is wrong with a chain, in words; `Verdict.problems` is empty when it is sound.
    package struct Verdict: Sendable {
        package var head: Head
        package var problems: [String]
        package var rows: Int
    }

    /// The full check: every entry's hash re-derived from the one before, and every chained row
    /// compared with the newest entry of its key (an edited, inserted or deleted row shows). Reads
    /// every chained row once; at most the first few problems of each kind are named.
    package static func verify(historyID: String, on connection: SQLiteConnection) throws(SQLiteError) -> Verdict {
        var problems: [String] = []
        func note(_ problem: String) { if problems.count < 20 { problems.append(problem) } }
        var previous = genesis(historyID)
        var expected: Int64 = 1
        var latest: [String: String] = [:]
        for entry in try connection.query("SELECT seq, kind, row_key, content_sha256, hash FROM history_chain ORDER BY seq") {
            let seq = entry.integer(0) ?? -1, kind = entry.text(1) ?? "", key = entry.text(2) ?? "", content = entry.text(3) ?? ""
            if seq != expected { note("entry \(expected) is missing (the next is \(seq))") }
            let hash = entryHash(previous: previous, seq: seq, kind: kind, key: key, content: content)
            if entry.text(4) != hash { note("entry \(seq) (\(kind)) does not follow from the one before: it was edited") }
            previous = entry.text(4) ?? ""
            latest[kind + "\u{1}" + key] = content
            expected = seq + 1
        }
        // A later kind is checked once the history took its rows in (its `adopted` entry).
        let adopted = Set(latest.keys.filter { $0.hasPrefix(adoptedKind + "\u{1}") }.map { String($0.dropFirst(adoptedKind.count + 1)) })
        let checked = original + later.filter { adopted.contains(keyText([.text($0.name)])) }
        let checkedNames = Set(checked.map(\.name))
        var rows = 0
        for kind in checked where try tableExists(kind.table, on: connection) {
            let columns = try connection.query("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [.text(kind.table)]).compactMap { $0.text(0) }
            let keyIndexes = kind.keyColumns.compactMap { columns.firstIndex(of: $0) }
            for row in try connection.query("SELECT * FROM \(kind.table)") {
                rows += 1
                let key = keyText(keyIndexes.map { row[$0] })
                let name = kind.name + "\u{1}" + key
                guard let content = latest.removeValue(forKey: name) else {
                    note("\(article(kind.name)) (\(readable(key))) is in the database but not in the chain: it was added behind the workbench's back")
                    continue
                }
                if content != contentHash(row) { note("\(article(kind.name)) (\(readable(key))) was changed behind the workbench's back") }
            }
        }
        // The `presets` rows (name, newest revision, deleted) are not chained themselves: each
        // must say what its chained revisions say, or a renamed row would give a preset's
        // approved revision, and its signed exports, another name.
        if try tableExists("presets", on: connection), try tableExists("revisions", on: connection) {
            for row in try connection.query("""
                SELECT p.name, p.latest, p.deleted, r.name, r.deleted, (SELECT max(number) FROM revisions WHERE preset_id = p.id)
                FROM presets p LEFT JOIN revisions r ON r.preset_id = p.id AND r.number = p.latest
                """) {
                guard let newest = row.integer(5) else { continue }
                let name = row.text(0) ?? ""
                if row.integer(1) != newest {
                    note("the preset “\(name)” says its newest revision is \(row.integer(1) ?? 0), its chained revisions \(newest): it was changed behind the workbench's back")
                } else if row.text(3) != name || row.integer(4) != row.integer(2) {
                    note("the preset “\(name)” does not say what its newest revision says (“\(row.text(3) ?? "")”\(row.integer(4) == 1 ? ", deleted" : "")): it was changed behind the workbench's back")
                }
            }
        }
        let absent = contentHash(nil)
        for (name, content) in latest where content != absent {
            let parts = name.split(separator: "\u{1}", maxSplits: 1).map(String.init)
            guard let kind = parts.first, checkedNames.contains(kind) else { continue }
            note("\(article(kind)) (\(readable(parts.last ?? ""))) in the chain is gone from the database: it was deleted behind the workbench's back")
        }
        return Verdict(head: Head(count: expected - 1, hash: previous), problems: problems.sorted(), rows: rows)
    }

    /// "a revision", "an explore answer".
    static func article(_ name: String) -> String {
        (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// A key's canonical text as a person reads it: `preset_id 3, number 2` becomes `3, 2`.
    static func readable(_ key: String) -> String {
        key.split(separator: ";").map { part in
            var text = String(part.dropFirst())
            if part.first == "t", let colon = text.firstIndex(of: ":") { text = String(text[text.index(after: colon)...]) }
            return text
        }.joined(separator: ", ")
    }
}
