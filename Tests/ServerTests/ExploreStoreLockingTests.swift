import Dispatch
import ChartEngine
import Foundation
import PreferenceLearning
import Synchronization
import Testing
import WorkbenchSupport
@testable import WorkbenchStores

/// Reads never write twice, each round has its own lock, and a round's voters alone decide it.
@Suite struct ExploreStoreLockingTests {
    /// Records that hold the writer of one round inside its write until released.
    final class HeldRecords: ExploreRecords {
        let held = Mutex<String?>(nil)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writes = Mutex<[(round: String, issued: String?, dropped: [String])]>([])

        func loadAll() throws -> [Exploration] { [] }

        func write(_ round: Exploration, change: ExploreStore.Change) throws {
            writes.withLock { $0.append((round.id, change.issued?.ticket.token, change.dropped)) }
            guard held.withLock({ $0 == round.id }) else { return }
            held.withLock { $0 = nil }
            entered.signal()
            release.wait()
        }
    }

    static func none(_: Exploration, _: [[Double]]) -> ExploreStore.CandidateValues { [] }

    static func create(_ store: ExploreStore, voters: [String] = []) throws -> String {
        try store.create(preset: "Default", base: ChartStyle(), keys: ["inactiveLineWidth", "fillTopOpacity"], ranges: [:],
                         voters: voters, stableAfter: 8, endWhenStable: false, seed: 7, by: "Ada").id
    }

    @Test func aBusyRoundDoesNotHoldAnother() throws {
        let records = HeldRecords()
        let store = ExploreStore(records: records)
        let busy = try Self.create(store), other = try Self.create(store)
        // Round A is stopped inside its own lock (in the middle of storing a ticket).
        records.held.withLock { $0 = busy }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? store.next(busy, person: "Ada", count: 2, parameters: Self.none)
            finished.signal()
        }
        records.entered.wait()
        // Round B answers while A is held: proposals, answers, reading it, a new round. (On
        // another thread, so that a shared lock fails the test instead of hanging it.)
        let otherDone = DispatchSemaphore(value: 0)
        let answers = Mutex<Int?>(nil)
        DispatchQueue.global().async {
            if let (_, ticket) = try? store.next(other, person: "Ben", count: 2, parameters: Self.none),
               let answered = try? store.answer(other, ticket: ticket.token, choice: "a", person: "Ben", parameters: Self.none),
               (try? store.round(other)) != nil, (try? Self.create(store)) != nil {
                answers.withLock { $0 = answered.round.model.answers.count }
            }
            otherDone.signal()
        }
        let answeredInTime = otherDone.wait(timeout: .now() + 60) == .success
        #expect(answeredInTime, "round B waited for round A")
        #expect(answers.withLock { $0 } == 1)
        // A itself still waits for its writer.
        #expect(finished.wait(timeout: .now()) == .timedOut)
        records.release.signal()
        finished.wait()
        if !answeredInTime { otherDone.wait() }
        #expect(try store.round(busy).tickets.count == 1)
    }

    @Test func nextIsTheSameTicketStoredOnceUntilAnswered() throws {
        let records = HeldRecords()
        let store = ExploreStore(records: records)
        let id = try Self.create(store)
        let (_, first) = try store.next(id, person: "Ada", count: 2, parameters: Self.none)
        let writesAfterFirst = records.writes.withLock { $0.count }
        for _ in 0..<20 {
            let (_, again) = try store.next(id, person: "Ada", count: 2, parameters: Self.none)
            #expect(again.token == first.token && again.points == first.points)
        }
        #expect(records.writes.withLock { $0.count } == writesAfterFirst, "asking again writes nothing")
        #expect(try store.round(id).model.proposals.count == 1)
        // Four beside two is a question of its own: both are kept, and asking for two again hands
        // back the first (switching back and forth hands out nothing new).
        let (_, four) = try store.next(id, person: "Ada", count: 4, parameters: Self.none)
        #expect(four.token != first.token)
        #expect(records.writes.withLock { $0.last?.dropped } == [])
        #expect(try store.round(id).tickets.map(\.token) == [first.token, four.token])
        #expect(try store.next(id, person: "Ada", count: 2, parameters: Self.none).1.token == first.token)
        _ = try store.answer(id, ticket: four.token, choice: "c", person: "Ada", parameters: Self.none)
        #expect(try store.round(id).tickets.map(\.token) == [first.token])
        let (_, fresh) = try store.next(id, person: "Ada", count: 4, parameters: Self.none)
        #expect(fresh.token != four.token, "answered: new candidates")
    }

    /// Ada's pair is asked afresh each time Ben's answers move the best off it; the two pairs it
    /// last replaced can still be answered (another tab of hers may show one), older ones not.
    @Test func aReplacedTicketStaysAnswerableUntilTwoNewerOnes() throws {
        let store = ExploreStore()
        let id = try Self.create(store)
        var handed: [Exploration.Ticket] = [try store.next(id, person: "Ada", count: 2, parameters: Self.none).1]
        for n in 0..<300 where handed.count < 4 {
            let (_, pair) = try store.next(id, person: "Ben", count: 2, parameters: Self.none)
            _ = try store.answer(id, ticket: pair.token, choice: n % 3 == 0 ? "a" : "b", person: "Ben", parameters: Self.none)
            let (_, mine) = try store.next(id, person: "Ada", count: 2, parameters: Self.none)
            if mine.token != handed.last?.token { handed.append(mine) }
        }
        try #require(handed.count == 4, "Ben's answers did not move the best off Ada's pair three times")
        let adas = try store.round(id).tickets.filter { $0.person == "Ada" }.map(\.token)
        #expect(adas == handed.dropFirst().map(\.token))
        #expect(throws: ExploreStore.Failure.unknownTicket) {
            try store.answer(id, ticket: handed[0].token, choice: "a", person: "Ada", parameters: Self.none)
        }
        #expect(try store.next(id, person: "Ada", count: 2, parameters: Self.none).1.token == handed[3].token, "the newest is handed out again")
        let answers = try store.round(id).model.answers.count
        let (round, _) = try store.answer(id, ticket: handed[1].token, choice: "b", person: "Ada", parameters: Self.none)
        #expect(round.model.answers.count == answers + 1)
        #expect(round.tickets.filter { $0.person == "Ada" }.map(\.token) == [handed[2].token, handed[3].token])
    }

    @Test func aRoundHoldsOneTicketPerPersonAndAtMostItsBound() throws {
        let store = ExploreStore()
        let id = try Self.create(store)
        for n in 0..<(ExploreStore.maxTickets + 10) { _ = try store.next(id, person: "P\(n)", count: 2, parameters: Self.none) }
        let round = try store.round(id)
        #expect(round.tickets.count == ExploreStore.maxTickets)
        #expect(Set(round.tickets.map(\.person)).count == round.tickets.count)
        #expect(round.tickets.first?.person == "P10", "the oldest unanswered go first")
        // Switching between kinds and counts hands out nothing new: the round's proposals stay
        // put, and it never fills up for everyone else.
        let before = try store.round(id).model.proposals.count
        for n in 0..<(ExploreStore.maxProposals + 2) {
            let kind: ExploreRound.AnswerKind = [.pair, .pair, .line, .gallery][n % 4]
            _ = try store.next(id, person: "Ada", count: n % 4 == 0 ? 4 : 2, kind: kind, parameters: Self.none)
        }
        let proposals = try store.round(id).model.proposals.count
        #expect(proposals == before + 2 + 1 + 1 + 2)
        #expect(try store.round(id).tickets.filter { $0.person == "Ada" }.count == 4)
    }

    @Test func onlyTheVotersEndARoundThatNamesThem() throws {
        let store = ExploreStore()
        let id = try Self.create(store, voters: ["Ada", "Ben"])
        #expect(throws: ExploreStore.Failure.notAVoter) { try store.end(id, by: "Eve") }
        #expect(throws: ExploreStore.Failure.notAVoter) { try store.maySave(try store.round(id), by: "Eve") }
        #expect(try store.round(id).isOpen)
        #expect(try store.end(id, by: "Ben").endedNow)
        let open = try Self.create(store)
        #expect(try store.end(open, by: "Eve").endedNow, "a round open to all is ended by anyone")
    }
}
