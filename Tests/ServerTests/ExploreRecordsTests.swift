import ChartEngine
import Foundation
import PreferenceLearning
import Testing
import WorkbenchSupport
@testable import WorkbenchStores

/// Explore rounds in SQLite: the state row and the appended entries read back as the round was,
/// and a round stored whole (before entries) reads back and moves to entries when written.
@Suite struct ExploreRecordsTests {
    static func database() throws -> (SQLiteDatabase, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try SQLiteDatabase(path: folder.appendingPathComponent("w.sqlite").path), folder)
    }

    static func none(_: Exploration, _: [[Double]]) -> ExploreStore.CandidateValues { [] }

    /// Plays `answers` answers by two people on a round of `store`.
    static func play(_ store: ExploreStore, _ id: String, answers: Int) throws {
        for n in 0..<answers {
            let person = n % 2 == 0 ? "Ada" : "Ben"
            let (_, ticket) = try store.next(id, person: person, count: 2, parameters: none)
            _ = try store.answer(id, ticket: ticket.token, choice: n % 3 == 0 ? "b" : "a", person: person, parameters: none)
        }
    }

    static func create(_ store: ExploreStore) throws -> Exploration {
        try store.create(preset: "Default", base: ChartStyle(), keys: ["inactiveLineWidth", "fillTopOpacity", "inactiveCurve"], ranges: [:],
                         voters: [], stableAfter: 8, endWhenStable: false, seed: 3, by: "Ada")
    }

    static func same(_ a: Exploration, _ b: Exploration, tickets: Bool = true) {
        #expect(a.model.answers == b.model.answers && a.model.proposals == b.model.proposals)
        #expect(a.model.bestHistory == b.model.bestHistory && a.model.best == b.model.best && a.model.hyperparameters == b.model.hyperparameters)
        #expect(a.history.map(\.choice) == b.history.map(\.choice) && a.history.map(\.total) == b.history.map(\.total))
        if tickets { #expect(a.tickets.map(\.token) == b.tickets.map(\.token)) }
    }

    @Test func entriesAndStateReadBackAsTheRoundWas() throws {
        let (database, folder) = try Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ExploreStore(records: SQLiteExploreRecords(database: database))
        let id = try Self.create(store).id
        try Self.play(store, id, answers: 14)
        _ = try store.next(id, person: "Ada", count: 2, parameters: Self.none)   // a ticket waiting
        let before = try store.round(id)

        let again = ExploreStore(records: SQLiteExploreRecords(database: database))
        let read = try again.round(id)
        Self.same(before, read)
        // The state row does not hold the entries.
        let state = try database.withConnection { try $0.query("SELECT state FROM explore_rounds").first?.text(0) ?? "" }
        #expect(!state.contains("\"first\""))
        // And both go on alike: the same next candidates after one more answer each.
        try Self.play(store, id, answers: 2)
        try Self.play(again, id, answers: 2)
        let (_, t1) = try store.next(id, person: "Ben", count: 2, parameters: Self.none)
        let (_, t2) = try again.next(id, person: "Ben", count: 2, parameters: Self.none)
        #expect(t1.points == t2.points)
        Self.same(try store.round(id), try again.round(id), tickets: false)   // (tokens are random)
    }

    @Test func aRoundStoredWholeReadsBackAndMovesToEntries() throws {
        let (database, folder) = try Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Play in memory, then store it as the first version did: the whole round in its state.
        let memory = ExploreStore()
        let id = try Self.create(memory).id
        try Self.play(memory, id, answers: 6)
        let whole = try memory.round(id)
        _ = try SQLiteExploreRecords(database: database).loadAll()   // the tables
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = SQLiteExploreRecords.floats.encoding
        let text = String(decoding: try encoder.encode(whole), as: UTF8.self)
        try database.withConnection { connection in
            _ = try connection.query("INSERT INTO explore_rounds(id, preset, created_by, created_at, ended_at, state) VALUES (?1, 'Default', 'Ada', ?2, NULL, ?3)",
                                     [.text(id), .text(whole.createdAt), .text(text)])
        }
        let store = ExploreStore(records: SQLiteExploreRecords(database: database))
        Self.same(whole, try store.round(id))
        try Self.play(store, id, answers: 1)   // written again: now as entries
        try Self.play(memory, id, answers: 1)
        let entries = try database.withConnection { try $0.query("SELECT count(*) FROM explore_round_entries WHERE kind = 'answer'").first?.int(0) ?? 0 }
        #expect(entries == 7)
        Self.same(try memory.round(id), try ExploreStore(records: SQLiteExploreRecords(database: database)).round(id))
    }
}
