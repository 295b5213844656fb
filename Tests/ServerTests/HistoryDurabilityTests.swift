import Foundation
import Synchronization
import Testing
@testable import WorkbenchSupport
@testable import HTTPServer
@testable import WorkbenchStores
@testable import WorkbenchApplication

/// The history cannot vanish silently: the start rule, the check before every write, damaged
/// pages read as "unreadable", backups, the size limit and the write rate (issue 26, item 5).
@Suite struct HistoryDurabilityTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "history-durability-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private var db: String { folder + "/" + HistoryFile.databaseFileName }

    private func save(_ store: PresetStore, _ name: String, notes: String = "", author: String = "") throws -> Int {
        var preset = Preset(name: name)
        preset.notes = notes
        return try store.save(preset, ifMatch: nil, author: author).entry.revision
    }

    private func kind(_ body: () throws -> Void) -> HistoryError.Kind? {
        do { try body() } catch let error as HistoryError { return error.kind } catch { return nil }
        return nil
    }

    @Test func aFolderThatNeverHadAHistoryStartsOneAndTakesItsFilesIn() throws {
        try Data(#"{"format":"chart-workbench.preset","version":1,"name":"Shipped","parameters":{}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/shipped.json"))
        let store = try PresetStore(folder: folder)
        #expect(store.get("Shipped")?.revision == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/" + HistoryFile.markerFileName))
        #expect(!store.historyFile.historyID.isEmpty)
    }

    @Test func reopeningLeavesAnUpToDateMarkerAloneAndRewritesAStaleOne() throws {
        let marker = folder + "/" + HistoryFile.markerFileName
        let id: String
        do { id = try PresetStore(folder: folder).historyFile.historyID }
        var first = stat(), second = stat()
        #expect(stat(marker, &first) == 0)
        do { _ = try PresetStore(folder: folder) }
        #expect(stat(marker, &second) == 0)
        #expect(second.st_ino == first.st_ino, "a marker that already names the history is not written again")
        try Data("another-history\n".utf8).write(to: URL(fileURLWithPath: marker))
        do { _ = try PresetStore(folder: folder) }
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == id + "\n")
    }

    @Test func aMissingOrEmptyHistoryBesideASignOfOneIsRefusedUnlessNewHistory() throws {
        do { _ = try save(try PresetStore(folder: folder), "Calm") }
        unlink(db); unlink(db + "-wal"); unlink(db + "-shm")
        #expect(kind { _ = try PresetStore(folder: folder) } == .refusedAtStart)
        #expect(!FileManager.default.fileExists(atPath: db), "a refusal creates nothing")
        try Data().write(to: URL(fileURLWithPath: db))
        #expect(kind { _ = try PresetStore(folder: folder) } == .refusedAtStart)
        let fresh = try PresetStore(folder: folder, options: .init(newHistory: true))
        #expect(fresh.get("Calm")?.revision == 1)
        #expect(fresh.warnings.contains { $0.contains("began a new history") })
    }

    @Test func aDatabaseOfGarbageIsRefusedWithWordsSayingHowToRestore() throws {
        do { _ = try save(try PresetStore(folder: folder), "Calm") }
        let handle = try #require(FileHandle(forWritingAtPath: db))
        try handle.write(contentsOf: Data("definitely not a database".utf8))
        try handle.close()
        do {
            _ = try PresetStore(folder: folder)
            Issue.record("opened a garbage database")
        } catch let error as HistoryError {
            #expect(error.kind == .refusedAtStart)
            #expect(error.message.contains("workbench history restore") && error.message.contains("--new-history"))
        }
    }

    @Test func aDatabaseRemovedWhileOpenRefusesTheNextWriteAndRescuesWhatItHeld() throws {
        let store = try PresetStore(folder: folder)
        #expect(try save(store, "Calm") == 1)
        #expect(try save(store, "Calm", notes: "two") == 2)
        unlink(db)
        #expect(kind { _ = try save(store, "Calm", notes: "three") } == .removedOrReplaced)
        #expect(store.get("Calm")?.preset.notes == "two", "the file was not written")
        #expect(try store.revisions(of: "Calm")?.count == 2, "reads go on")
        let rescued = try #require(store.historyFile.backups.list().first { $0.hasPrefix("rescued-") })
        let copy = try SQLiteConnection(path: store.historyFile.backups.folder + "/" + rescued, readOnly: true, create: false)
        #expect(try copy.query("SELECT count(*) FROM revisions").first?.integer(0) == 2)
    }

    @Test func damagedPagesReadAsUnreadableNotAsAFailedSave() throws {
        do {
            let store = try PresetStore(folder: folder, options: .init(backupEvery: 0))
            for i in 0..<200 { _ = try save(store, "Big", notes: "\(i) " + String(repeating: "n", count: 9_000)) }
            _ = try store.database.withConnection { try $0.query("PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        let handle = try #require(FileHandle(forWritingAtPath: db))
        try handle.seek(toOffset: 3 * 4096)
        try handle.write(contentsOf: Data((0..<(400 * 4096)).map { _ in UInt8.random(in: 0...255) }))
        try handle.close()
        let database = try SQLiteDatabase(path: db, create: false)
        var unreadable = 0
        for n in 1...200 {
            do { _ = try database.withConnection { try PresetHistory.revision(of: 1, number: n, on: $0) } } catch let error as HistoryError {
                #expect(error.kind == .unreadable && !error.message.contains("could not be saved"))
                unreadable += 1
            }
        }
        #expect(unreadable > 0)
        let answer = PresetRoutes.storeError(HistoryError(.unreadable, "the presets' history cannot be read"), name: "Big")
        #expect(answer.status == 500 && answer.code == "history_unreadable")
    }

    @Test func theSizeLimitRefusesWritesAsFull() throws {
        let store = try PresetStore(folder: folder, options: .init(limitBytes: 256 << 10, backupEvery: 0))
        var refused: HistoryError.Kind?
        for i in 0..<200 {
            refused = kind { _ = try save(store, "Big", notes: "\(i) " + String(repeating: "n", count: 9_000)) }
            if refused != nil { break }
        }
        #expect(refused == .full)
        #expect(PresetRoutes.storeError(HistoryError(.full, "full"), name: "Big").status == 507)
    }

    @Test func backupsAreTakenEveryFewWritesAndTheNewestKept() throws {
        let store = try PresetStore(folder: folder, options: .init(backupEvery: 5, backupsKept: 2))
        for i in 0..<12 {
            _ = try save(store, "Calm", notes: "\(i)")
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let backups = store.historyFile.backups.list().filter { $0.hasPrefix("history-") }
        #expect(backups.count == 2)
        let manual = try store.historyFile.backup(kind: "manual")
        let copy = try SQLiteConnection(path: store.historyFile.backups.folder + "/" + manual, readOnly: true, create: false)
        #expect(try copy.query("PRAGMA integrity_check").first?.text(0) == "ok")
        #expect(try copy.query("SELECT max(number) FROM revisions").first?.integer(0) == 12)
    }

    @Test func aRestorePutsTheBackupInPlaceAndKeepsTheHistoryItReplaced() throws {
        let store = try PresetStore(folder: folder, options: .init(backupEvery: 0))
        _ = try save(store, "Calm")
        let backup = store.historyFile.backups.folder + "/" + (try store.historyFile.backup(kind: "manual"))
        _ = try save(store, "Calm", notes: "later")
        // An older backup than the chain kept: restored only when the person accepts losing the newer save (#34.3).
        let words = try HistoryFile.restore(backup: backup, folder: folder, state: store.historyFile.state, acceptOlder: true)
        #expect(words.contains("1 revisions") || words.contains("revisions"))
        #expect(store.historyFile.backups.list().contains { $0.hasPrefix("replaced-") })
        #expect(kind { _ = try save(store, "Calm", notes: "again") } == .removedOrReplaced, "the open store notices the restore")
    }

    @Test func theWriteRateIsABucketPerAuthor() {
        let now = Mutex(0.0)
        let limit = WriteRateLimit(perSecond: 2, burst: 3, clock: { now.withLock { $0 } })
        #expect((0..<3).map { _ in limit.take("ana") } == [nil, nil, nil])
        #expect(limit.take("ana") == 1)
        #expect(limit.take("ben") == nil, "another author has a bucket of their own")
        now.withLock { $0 = 0.5 }
        #expect(limit.take("ana") == nil)
        let answer = PresetRoutes.storeError(HistoryError(.tooFast, "slow down", retryAfter: 2), name: "Calm")
        #expect(answer.status == 429 && answer.headers.contains { $0.0 == "Retry-After" && $0.1 == "2" })
    }
}
