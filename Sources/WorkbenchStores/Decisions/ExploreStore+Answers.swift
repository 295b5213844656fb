import Foundation
import PreferenceLearning
import WorkbenchSupport

/// Handing candidates out and taking answers: a pair (or four), a line, a gallery, or an edit.
extension ExploreStore {
    /// This person's candidates: the ticket of this kind (and count) they have not answered yet,
    /// else new ones from the model, chosen for them (by how noisy their answers have been): a
    /// pair (`count` 2) or four, a line's stops, or a gallery's nine. A ticket is stored once,
    /// when it is handed out; asking again returns it unchanged, unless it is a line or a gallery
    /// and answers given since have moved the best off its start. A person holds one ticket of
    /// each kind, so switching kinds back and forth hands out nothing new (each new ticket adds
    /// the model's proposals, which a round keeps for good); a round holds at most `maxTickets`
    /// (the oldest unanswered is dropped).
    /// `parameters` describes a ticket's candidates for the records.
    /// `admissible`: the constraint of a round that asks for one (no candidate fails it; none
    /// found within the model's bounded tries throws `noAdmissibleCandidate`).
    package func next(_ id: String, person: String, count: Int, kind: ExploreRound.AnswerKind = .pair,
                      parameters: (Exploration, [[Double]]) -> CandidateValues,
                      admissible: Admissible = { _ in nil }) throws(Failure) -> (Exploration, Exploration.Ticket) {
        try withRound(id) { (round: inout Exploration) throws(Failure) in
            try mayAnswer(round, person)
            let sameQuestion = { (t: Exploration.Ticket) in t.person == person && t.answerKind == kind && (kind != .pair || t.points.count == count) }
            // Asked again, the same ticket; but one that answers given since have left behind (none
            // of its charts, or not a line's start or a gallery's centre, is the team's best now) is
            // asked afresh: a four taken up again after 14 answers showed a best of long ago.
            if let waiting = round.tickets.last(where: sameQuestion),
               round.isBuiltOnBest(waiting) || round.model.answers.count <= waiting.answersWhenIssued ?? .max {
                return (round, waiting)
            }
            let proposalsNeeded = kind == .line ? 1 : kind == .gallery ? 2 : count / 2
            guard round.model.answers.count < Self.maxAnswers, round.model.proposals.count + proposalsNeeded <= Self.maxProposals else { throw .full }
            let constraint = admissible(round)
            round.model.admissible = constraint
            defer { round.model.admissible = nil }
            var proposals: [Int] = [], points: [[Double]] = []
            switch kind {
            case .pair, .edit:
                for _ in 0..<(count / 2) {
                    let p = round.model.propose(for: person, apartFrom: points)
                    proposals.append(p.id)
                    points += [p.first, p.second]
                }
            case .line:
                let line = round.model.proposeLine(for: person)
                proposals = [line.id]
                points = try Self.admissible(constraint) { round.model.linePoints(line, reach: $0) }
            case .gallery:
                let gallery = round.model.proposeGallery(for: person)
                proposals = gallery.map(\.id)
                points = try Self.admissible(constraint) { round.model.galleryPoints(gallery, reach: $0) }
            }
            if let constraint, !points.allSatisfy(constraint) { throw .noAdmissibleCandidate }
            let ticket = Exploration.Ticket(token: Sodium.randomHex(bytes: 8), person: person, proposals: proposals, points: points, issuedAt: Preset.now(),
                                            kind: kind == .pair || kind == .edit ? nil : kind, answersWhenIssued: round.model.answers.count)
            // A ticket asked afresh stays answerable a while: another tab of the same person (or a
            // page that asked again) may still show it, and its answer is a real comparison.
            let replaced = round.tickets.filter(sameQuestion).map(\.token)
            var dropped = Array(replaced.dropLast(Self.replacedKept))
            round.tickets.removeAll { dropped.contains($0.token) }
            round.tickets.append(ticket)
            if round.tickets.count > Self.maxTickets {
                let excess = round.tickets.count - Self.maxTickets
                dropped += round.tickets.prefix(excess).map(\.token)
                round.tickets.removeFirst(excess)
            }
            try save(round, Change(issued: (ticket, parameters(round, points)), dropped: dropped))
            return (round, ticket)
        }
    }

    /// A line's or a gallery's points under a round's constraint: the whole reach from the anchor,
    /// else half of it, else a quarter (closer to the anchor, which passed), the first whose
    /// points all pass; none: `noAdmissibleCandidate`.
    private static func admissible(_ constraint: (@Sendable ([Double]) -> Bool)?, _ points: (Double) -> [[Double]]) throws(Failure) -> [[Double]] {
        guard let constraint else { return points(1) }
        for reach in [1.0, 0.5, 0.25] {
            let candidates = points(reach)
            if candidates.allSatisfy(constraint) { return candidates }
        }
        throw .noAdmissibleCandidate
    }

    /// Records `choice` on a ticket: for a pair or four a candidate ("a"…"d": it beats every
    /// other) or "none" (each pair shown ties); for a gallery a candidate ("a"…"i": it beats the
    /// eight others); for a line the stop where the person stopped ("0"…"20"). Ends the round
    /// when its best is stable (if asked to). `admissible`: the round's constraint, which its best
    /// must meet too.
    package func answer(_ id: String, ticket token: String, choice: String, person: String,
                        parameters: (Exploration, [[Double]]) -> CandidateValues, admissible: Admissible = { _ in nil }) throws(Failure) -> (round: Exploration, endedNow: Bool) {
        try withRound(id) { (round: inout Exploration) throws(Failure) in
            try mayAnswer(round, person)
            round.model.admissible = admissible(round)
            defer { round.model.admissible = nil }
            guard let index = round.tickets.firstIndex(where: { $0.token == token }) else { throw .unknownTicket }
            let ticket = round.tickets[index]
            guard ticket.person == person else { throw .notYourTicket }
            let ids = Exploration.candidateIDs(of: ticket)
            let pick = ids.firstIndex(of: choice)
            do {
                if ticket.answerKind == .pair {
                    // No preference ("none") is a pair's or four's only.
                    guard pick != nil || choice == "none" else { throw Failure.badChoice }
                    try round.model.record(pick: pick, amongPairs: ticket.proposals, person: person)
                } else {
                    guard let pick else { throw Failure.badChoice }
                    try round.model.record(pick: pick, among: ticket.points, kind: ticket.answerKind, person: person, proposalID: ticket.proposals.first)
                }
            } catch { throw .badChoice }
            round.tickets.remove(at: index)
            let entry = Exploration.AnswerEntry(person: person, at: Preset.now(), choice: choice, candidates: ticket.points.count,
                                                total: round.model.answers.count, kind: ticket.kind)
            return try finish(&round, entry, candidates: parameters(round, ticket.points))
        }
    }

    /// Records values `person` set by hand and keeps (`kept`, a point of the round's space) as an
    /// answer: they beat the team's current best (the starting preset before any answer).
    /// `edited` says the change in words, for the round's history.
    package func edit(_ id: String, kept: [Double], edited: String, person: String,
                      parameters: (Exploration, [[Double]]) -> CandidateValues, admissible: Admissible = { _ in nil }) throws(Failure) -> (round: Exploration, endedNow: Bool) {
        try withRound(id) { (round: inout Exploration) throws(Failure) in
            try mayAnswer(round, person)
            round.model.admissible = admissible(round)
            defer { round.model.admissible = nil }
            guard round.model.answers.count < Self.maxAnswers else { throw .full }
            let before = round.model.best?.point ?? round.startPoint
            let recorded: Bool
            do { recorded = try round.model.recordEdit(kept: kept, over: before, person: person) } catch { throw .badChoice }
            guard recorded else { throw .nothingChanged }
            var entry = Exploration.AnswerEntry(person: person, at: Preset.now(), choice: "edit", candidates: 2, total: round.model.answers.count, kind: .edit)
            entry.edited = edited
            return try finish(&round, entry, candidates: parameters(round, [kept, before]))
        }
    }

    /// After an answer of any kind: its entry in the round's history, the end of a round whose
    /// best is stable (if it asks), and the write.
    private func finish(_ round: inout Exploration, _ entry: Exploration.AnswerEntry, candidates: CandidateValues) throws(Failure) -> (round: Exploration, endedNow: Bool) {
        round.history.append(entry)
        // The people's view and the team's reading, fitted once here for the answer's reply and every read after it.
        round.model.fitModel()
        var endedNow = false
        var dropped: [String] = []
        if round.endWhenStable, let best = round.model.best, best.isStable {
            round.endedAt = entry.at
            round.endReason = "stable"
            dropped = round.tickets.map(\.token)
            round.tickets = []
            endedNow = true
        }
        try save(round, Change(answer: (entry, candidates), dropped: dropped))
        return (round, endedNow)
    }
}
