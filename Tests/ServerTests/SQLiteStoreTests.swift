import Foundation
import Testing
@testable import WorkbenchStores
import WorkbenchSupport

@Suite struct SQLiteStoreTests {
    private func temporaryDatabase() throws -> SQLiteDatabase {
        let folder = NSTemporaryDirectory() + "sqlite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try SQLiteDatabase(path: folder + "/test.sqlite")
    }

    /// The WAL index's checkpoint mark, read through SQLite's own mapping: there once a
    /// connection has written, unchanged by commits alone, moved by another connection's checkpoint.
    @Test func checkpointMarkMovesWithAnotherConnectionsCheckpoint() throws {
        let database = try temporaryDatabase()
        let before = try database.withConnection { connection in
            try connection.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
            return connection.checkpointMark
        }
        #expect(before != nil && before?.count == 12)
        let afterCommit = try database.withConnection { connection in
            try connection.execute("INSERT INTO t VALUES (2)")
            return connection.checkpointMark
        }
        #expect(afterCommit == before)
        let other = try SQLiteConnection(path: database.path)
        _ = try other.query("PRAGMA wal_checkpoint(PASSIVE)")
        let afterCheckpoint = try database.withConnection { $0.checkpointMark }
        #expect(afterCheckpoint != nil && afterCheckpoint != before)
    }

    @Test func opensInWALModeWithFullSync() throws {
        let database = try temporaryDatabase()
        let (mode, sync) = try database.withConnection { connection in
            (try connection.query("PRAGMA journal_mode").first?.text(0), try connection.query("PRAGMA synchronous").first?.int(0))
        }
        #expect(mode == "wal")
        #expect(sync == 2)  // FULL
        #expect(try database.integrityCheck() == "ok")
    }

    @Test func bindsAndReadsEveryTypeIncludingHostileText() throws {
        let database = try temporaryDatabase()
        let hostile = "'); DROP TABLE t; --\u{0}after NUL é 🎉"
        let row = try database.withConnection { connection in
            try connection.execute("CREATE TABLE t(a, b, c, d, e)")
            try connection.query("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", [.integer(Int64.max), .real(0.5), .text(hostile), .blob([0, 1, 255]), .null])
            return try connection.query("SELECT a, b, c, d, e FROM t").first
        }
        #expect(row?.integer(0) == Int64.max)
        #expect(row?.real(1) == 0.5)
        #expect(row?.text(2) == hostile)
        #expect(row?[3] == .blob([0, 1, 255]))
        #expect(row?[4] == .null)
        #expect(row?.text(4) == nil)
        #expect(row?[99] == .null)  // out of range reads as null, never a trap
        #expect(row?.int(2) == nil)
    }

    @Test func aFailedTransactionLeavesNothing() throws {
        let database = try temporaryDatabase()
        struct Abort: Error {}
        try database.withConnection { try $0.execute("CREATE TABLE t(a INTEGER)") }
        #expect(throws: Abort.self) {
            try database.withConnection { connection in
                try connection.transaction {
                    try connection.query("INSERT INTO t VALUES (1)")
                    throw Abort()
                }
            }
        }
        let count = try database.withConnection { try $0.query("SELECT count(*) FROM t").first?.int(0) }
        #expect(count == 0)
    }

    @Test func badSQLIsAnErrorNotATrap() throws {
        let database = try temporaryDatabase()
        #expect(throws: SQLiteError.self) { try database.withConnection { try $0.query("SELECT * FROM missing") } }
    }

    @Test func decisionLogAppendsAndPagesNewestFirst() throws {
        let database = try temporaryDatabase()
        let log = try DecisionLog(database: database)
        for i in 1...5 {
            try log.append(.save, preset: i % 2 == 0 ? "Even" : "Odd", revision: i, author: "Ann", summary: "save \(i)",
                           details: JSONValue.object([("i", .number(Double(i)))]))
        }
        let first = try log.entries(limit: 2)
        #expect(first.total == 5)
        #expect(first.entries.map(\.summary) == ["save 5", "save 4"])
        let next = try log.entries(limit: 2, before: first.entries.last?.id)
        #expect(next.entries.map(\.summary) == ["save 3", "save 2"])
        #expect(try log.entries(preset: "Even").entries.map(\.revision) == [4, 2])
        #expect(try JSONValue.parse(first.entries[0].detailsText)["i"]?.numberValue == 5)
        #expect(first.entries[0].time.hasSuffix("Z"))
    }

    @Test func markdownEscapesCells() {
        let entry = DecisionLogEntry(id: 1, kind: .review, preset: "a|b", revision: 2, author: "<script>", time: "t",
                                     summary: "line\nbreak *bold*", detailsText: "{}")
        let text = DecisionLog.markdown([entry])
        #expect(text.contains("a\\|b"))
        #expect(text.contains("\\<script\\>"))
        #expect(text.contains("line break \\*bold\\*"))
    }
}
