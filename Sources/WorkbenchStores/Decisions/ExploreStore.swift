import ChartEngine
import Foundation
import PreferenceLearning
import Synchronization
import WorkbenchSupport

/// One Explore round (SPEC §12): a preference model over the parameters people chose to move,
/// starting from a preset. Candidates are new points of the space, not presets; people pick
/// among two (or four) at a time and the model proposes the next after each answer. Codable:
/// the whole round, the model's answers, proposals and generator included, is one row of the
/// workbench database.
package struct Exploration: Codable, Sendable {
    /// Whether a ticket's candidates are built on the team's best as it is now: a line starts
    /// there, a gallery is centred there, a pair or four has it.
    package func isBuiltOnBest(_ ticket: Ticket) -> Bool {
        guard let best = model.best else { return false }
        let space = model.space, target = space.encode(best.point)
        let built: ArraySlice<[Double]> = switch ticket.answerKind {
        case .line: ticket.points.prefix(1)
        case .gallery: ticket.points.count == 9 ? ticket.points[4...4] : []
        case .pair, .edit: ticket.points[...]
        }
        return built.contains { zip(space.encode($0), target).allSatisfy { abs($0 - $1) < 1e-9 } }
    }

    /// Candidates handed to one person, to be answered once.
    package struct Ticket: Codable, Sendable {
        package let token: String
        package let person: String
        /// The model's proposals the candidates come from (one per pair).
        package let proposals: [Int]
        /// Points of the model's space, in order: a, b (, c, d); a line's stops; a gallery's nine.
        package let points: [[Double]]
        package let issuedAt: String
        /// What is asked: nil for a pair (or four), else a line or a gallery.
        package var kind: ExploreRound.AnswerKind?
        /// The model's answers when it was handed out (nil: a ticket stored before this was kept).
        package var answersWhenIssued: Int?

        package var answerKind: ExploreRound.AnswerKind { kind ?? .pair }
    }

    /// An answer as people gave it (the model keeps the pairwise comparisons it implies).
    package struct AnswerEntry: Codable, Sendable {
        package let person: String
        package let at: String
        /// "a"…"d" or "none" (a pair or four), "a"…"i" (a gallery), the stop "0"…"20" (a line),
        /// "edit" (values set by hand and kept).
        package let choice: String
        package let candidates: Int
        /// The model's answers after this one.
        package let total: Int
        /// nil for a pair (and every answer stored before there were other kinds).
        package var kind: ExploreRound.AnswerKind?
        /// What an edit changed, in words ("Inactive line width 4 → 3 px").
        package var edited: String?

        package init(person: String, at: String, choice: String, candidates: Int, total: Int, kind: ExploreRound.AnswerKind? = nil, edited: String? = nil) {
            self.person = person; self.at = at; self.choice = choice; self.candidates = candidates; self.total = total
            self.kind = kind; self.edited = edited
        }

        package var answerKind: ExploreRound.AnswerKind { kind ?? .pair }
    }

    /// The candidates' ids of a pair (or four) and of a gallery.
    package static let candidateIDs = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]

    /// The ids of a ticket's candidates: letters, or a line's stops "0"…"20".
    package static func candidateIDs(of ticket: Ticket) -> [String] {
        ticket.answerKind == .line ? ticket.points.indices.map(String.init) : Array(candidateIDs.prefix(ticket.points.count))
    }


    package let id: String
    package let createdBy: String
    package let createdAt: String
    /// The starting preset's name and its parameters (JSON text of an object, as in its file).
    package let preset: String
    package let baseParameters: String
    /// The parameters that move, in order, and the narrower ranges asked for.
    package let keys: [String]
    package let ranges: [String: [Double]]
    /// Who may answer; empty: anyone.
    package let voters: [String]
    /// End by itself once the best has settled for `stableAfter` answers.
    package let endWhenStable: Bool
    /// Propose (and report as best) only charts that pass the honesty check; nil in rounds made
    /// before it existed. The check itself is the caller's (`ExploreStore.Admissible`).
    package var honesty: Bool?
    package var model: ExploreRound
    package var tickets: [Ticket] = []
    package var history: [AnswerEntry] = []
    package var endedAt: String?
    package var endedBy: String?
    /// "ended" (by a person) or "stable" (the best stopped moving).
    package var endReason: String?
    /// Presets saved from the best: name and revision.
    package var saved: [String] = []
    /// Who agreed with each save, in words, in the order of `saved` (nil in rounds saved before).
    package var savedAgreement: [String]?

    package var isOpen: Bool { endedAt == nil }

    package var stableAfter: Int { model.settings.stableAfter }

    /// The adapter between the model's points and parameter values.
    package var adapter: ChartParameterSpace {
        // The keys and ranges were checked when the round was made.
        try! ChartParameterSpace(keys: keys, ranges: ranges.compactMapValues { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil })
    }

    /// The starting preset's style.
    package var baseStyle: ChartStyle {
        if let style = Self.decodedBases.withLock({ $0[baseParameters] }) { return style }
        let style = (try? JSONText.decode(KeptStyle.self, from: baseParameters))?.style ?? ChartStyle()
        Self.decodedBases.withLock { bases in
            if bases.count >= Self.decodedBasesKept { bases.removeAll() }
            bases[baseParameters] = style
        }
        return style
    }

    /// Base styles decoded, by their text: a round reads its base for every chart it shows,
    /// checks and explains, and decoding it each time took a fifth of an answer's time at 200
    /// answers (`make bench-explore`'s HTTP latency).
    private static let decodedBases = Mutex<[String: ChartStyle]>([:])
    private static let decodedBasesKept = 64

    /// The base style with a point's values.
    package func style(at point: [Double]) -> ChartStyle {
        var style = baseStyle
        let values = adapter.values(at: point)
        for key in keys { if let v = values[key] { try? style.set(key, v) } }
        return style
    }

    /// The starting preset's point in the space.
    package var startPoint: [Double] {
        let base = baseStyle
        return adapter.point(from: Dictionary(uniqueKeysWithValues: keys.compactMap { key in
            ParameterDefinition.named(key).map { (key, $0.value(in: base)) }
        }))
    }
}

/// Where Explore rounds are kept for good: the round's state, and every proposal and answer
/// with its parameters, in tables of the workbench database.
package protocol ExploreRecords: Sendable {
    func loadAll() throws -> [Exploration]
    /// Writes the round's state and, in the same transaction, the ticket handed out now, the
    /// answer made now, and forgets the proposals of tickets dropped unanswered.
    func write(_ round: Exploration, change: ExploreStore.Change) throws
}

/// The Explore rounds of this workbench. Knows no HTTP; throws `ExploreStore.Failure`.
///
/// Each round has its own lock: the model's work for one round (a proposal, a fit after an
/// answer) never waits for another round's.
package final class ExploreStore: Sendable {
    package static let maxOpenRounds = 50
    package static let maxAnswers = 400
    /// Outstanding tickets per round (the oldest is dropped).
    package static let maxTickets = 64
    /// Tickets of one person and kind asked afresh that can still be answered: a second tab's.
    package static let replacedKept = 2
    /// Proposals the model may make in a round: a ticket of four takes two, and a person who
    /// switches between two and four is handed new ones, so this bounds what a round stores.
    package static let maxProposals = 2 * maxAnswers + 2 * maxTickets
    package static let parameterRange = 1...12
    package static let voterLimit = 32
    package static let stableRange = 3...50
    /// K: answers the best stays put (after the 8 far-apart first pairs) before a round ends by
    /// itself, so at least 32 answers unless people end it. Three simulated people answering
    /// pairs on six parameters (`make bench-explore`, "the end rule", 48 rounds): at K = 12 rounds
    /// ended at a median 30.5 answers, 14 with a best 0.05 or more worse than at 50 answers; at
    /// 24, 3. On two parameters K = 24 ends at a median 34 answers (12: 21), regret 0.025 (0.043).
    package static let defaultStableAfter = 24

    package enum Failure: Error, Equatable {
        case notFound, closed, tooMany, notAVoter, unknownTicket, notYourTicket, badChoice, full, storage(String)
        /// The history refuses writes (changed behind the server's back, read-only, damaged): said as every store says it.
        case history(HistoryError)
        /// An edit that leaves the team's best as it is.
        case nothingChanged
        /// No candidate within the bounded tries passes the round's constraint.
        case noAdmissibleCandidate
    }

    /// The constraint a round's candidates must meet, given the round (nil: none for it): the
    /// caller's, since the store knows no chart checks. Set on the model for one proposal or one
    /// answer, never stored.
    package typealias Admissible = (Exploration) -> (@Sendable ([Double]) -> Bool)?

    /// The moving parameters' values of each candidate a ticket shows, for the round's records.
    package typealias CandidateValues = [OrderedMembers<ParameterValue>]

    /// What one write of a round adds or removes besides its state.
    package struct Change: Sendable {
        /// A ticket handed out now, with its candidates' parameters.
        package var issued: (ticket: Exploration.Ticket, parameters: CandidateValues)?
        /// An answer made now, with its candidates' parameters.
        package var answer: (entry: Exploration.AnswerEntry, parameters: CandidateValues)?
        /// Tickets dropped unanswered (replaced, pruned, or the round ended).
        package var dropped: [String] = []

        package init(issued: (ticket: Exploration.Ticket, parameters: CandidateValues)? = nil,
                     answer: (entry: Exploration.AnswerEntry, parameters: CandidateValues)? = nil, dropped: [String] = []) {
            self.issued = issued
            self.answer = answer
            self.dropped = dropped
        }
    }

    /// One round behind its own lock.
    private final class Slot: Sendable {
        let round: Mutex<Exploration>
        init(_ round: Exploration) { self.round = Mutex(round) }
    }

    /// The rounds by id and which are open (kept here so that counting them locks no round).
    private struct Index {
        var slots: [String: Slot] = [:]
        var open: Set<String> = []
    }

    private let index = Mutex<Index?>(nil)
    private let records: (any ExploreRecords)?

    package init(records: (any ExploreRecords)? = nil) { self.records = records }

    /// The index, read from the records the first time.
    private func withIndex<T>(_ body: (inout Index) throws(Failure) -> T) throws(Failure) -> T {
        try index.withLock { (current: inout Index?) throws(Failure) -> T in
            if current == nil {
                let loaded: [Exploration]
                do { loaded = try records?.loadAll() ?? [] } catch { throw Self.failure(error) }
                var fresh = Index()
                for round in loaded {
                    fresh.slots[round.id] = Slot(round)
                    if round.isOpen { fresh.open.insert(round.id) }
                }
                current = fresh
            }
            var value = current ?? Index()
            defer { current = value }
            return try body(&value)
        }
    }

    /// Runs `body` on one round under that round's lock only.
    func withRound<T>(_ id: String, _ body: (inout Exploration) throws(Failure) -> T) throws(Failure) -> T {
        guard let slot = try withIndex({ $0.slots[id] }) else { throw .notFound }
        let (result, isOpen) = try slot.round.withLock { (round: inout Exploration) throws(Failure) -> (T, Bool) in
            var copy = round
            let result = try body(&copy)
            round = copy
            return (result, copy.isOpen)
        }
        if !isOpen { _ = try withIndex { $0.open.remove(id) } }
        return result
    }

    func save(_ round: Exploration, _ change: Change = Change()) throws(Failure) {
        do { try records?.write(round, change: change) } catch { throw Self.failure(error) }
    }

    /// The history's own refusal when it is one, else the records' words.
    static func failure(_ error: any Error) -> Failure {
        HistoryError.of(error).map(Failure.history) ?? .storage("\(error)")
    }

    /// A new round from the preset's style. `adapter` was made from `keys` and `ranges` by the caller (who reports their errors).
    package func create(preset: String, base: ChartStyle, keys: [String], ranges: [String: ClosedRange<Double>], voters: [String],
                        stableAfter: Int, endWhenStable: Bool, honesty: Bool = false, seed: UInt64?, by author: String) throws(Failure) -> Exploration {
        let space: ChartParameterSpace
        do { space = try ChartParameterSpace(keys: keys, ranges: ranges) } catch { throw .badChoice }
        var settings = ExploreRound.Settings()
        settings.stableAfter = stableAfter
        var random = SystemRandomNumberGenerator()
        let round = Exploration(id: Sodium.randomHex(bytes: 8), createdBy: author, createdAt: Preset.now(), preset: preset,
                                baseParameters: JSONText.encode(KeptStyle(base)), keys: keys,
                                ranges: ranges.mapValues { [$0.lowerBound, $0.upperBound] }, voters: voters, endWhenStable: endWhenStable,
                                honesty: honesty ? true : nil, model: ExploreRound(space: space.space, seed: seed ?? random.next(), settings: settings))
        return try withIndex { (index: inout Index) throws(Failure) in
            guard index.open.count < Self.maxOpenRounds else { throw .tooMany }
            try save(round)
            index.slots[round.id] = Slot(round)
            index.open.insert(round.id)
            return round
        }
    }

    /// The round, its model fitted (once, for a round read back) so that explaining its best reads it.
    package func round(_ id: String) throws(Failure) -> Exploration {
        try withRound(id) { round in
            round.model.fitModel()
            return round
        }
    }

    /// Newest first. Each round is read under its own lock, one after the other (its model
    /// fitted, as `round` does).
    package func list() throws(Failure) -> [Exploration] {
        try withIndex { Array($0.slots.values) }.map { slot in
            slot.round.withLock { round in
                round.model.fitModel()
                return round
            }
        }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    func mayAnswer(_ round: Exploration, _ person: String) throws(Failure) {
        guard round.isOpen else { throw .closed }
        try mayDecide(round, person)
    }

    /// A round that names its voters is answered, ended and saved by them alone.
    private func mayDecide(_ round: Exploration, _ person: String) throws(Failure) {
        guard round.voters.isEmpty || round.voters.contains(person) else { throw .notAVoter }
    }

    /// Ends answering; returns the round and whether this call ended it. A round that names
    /// its voters is ended by them alone.
    package func end(_ id: String, by person: String) throws(Failure) -> (round: Exploration, endedNow: Bool) {
        try withRound(id) { (round: inout Exploration) throws(Failure) in
            try mayDecide(round, person)
            guard round.isOpen else { return (round, false) }
            round.endedAt = Preset.now()
            round.endedBy = person
            round.endReason = "ended"
            let dropped = round.tickets.map(\.token)
            round.tickets = []
            try save(round, Change(dropped: dropped))
            return (round, true)
        }
    }

    /// Whether `person` may save the round's best: anyone for an open round, its voters when it names them.
    package func maySave(_ round: Exploration, by person: String) throws(Failure) {
        try mayDecide(round, person)
    }

    /// Notes a preset saved from the round's best, and who agreed with it, in words.
    package func saved(_ id: String, as name: String, whoAgreed: String) throws(Failure) {
        try withRound(id) { (round: inout Exploration) throws(Failure) in
            // Rounds saved before this was kept: their saves say nothing of who agreed.
            var words = round.savedAgreement ?? Array(repeating: "", count: round.saved.count)
            round.saved.append(name)
            words.append(whoAgreed)
            round.savedAgreement = words
            try save(round)
        }
    }
}
