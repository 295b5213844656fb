import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PreferenceLearning
import WorkbenchStores
import WorkbenchSupport

/// Answers of every kind (issue 38): a pair or four, a stop on a line, a pick in a gallery, an
/// edit by hand. One model takes them all; the round, its log and a saved best say them by kind.
extension ExploreRoutes {
    /// The kinds `/next` hands out (an edit is made, not asked for).
    static let askedKinds: [ExploreRound.AnswerKind] = [.pair, .line, .gallery]

    static func askedKind(_ text: String?) throws(HTTPError) -> ExploreRound.AnswerKind {
        guard let text else { return .pair }
        guard let kind = ExploreRound.AnswerKind(rawValue: text), askedKinds.contains(kind) else {
            throw .badRequest("must be pair, line or gallery", field: "kind")
        }
        return kind
    }

    package func edit(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let asked = try request.decodeBody(ExploreEditRequest.self)
        let person = Self.voter(request)
        let round: Exploration
        do { round = try app.explore.round(id) } catch { throw Self.exploreError(error, id: id) }
        for (key, _) in asked.values where !round.keys.contains(key) {
            throw .badRequest("does not move in this round (it moves \(round.keys.joined(separator: ", ")))", field: "values.\(key)")
        }
        // The kept values over the team's best (the starting preset before any answer).
        let from = round.model.best?.point ?? round.startPoint
        let adapter = round.adapter
        var values = adapter.values(at: from)
        for (key, value) in asked.values { values[key] = value }
        let kept = adapter.point(from: values)
        let style = Self.clean(round.style(at: kept)), before = Self.clean(round.style(at: from))
        // A number off the round's grid is refused, not moved to the nearest step in silence (an
        // attack pass's 9.2 was kept, and logged, as 9).
        for (key, value) in asked.values {
            guard case .number(let sent) = value, case .number(let snapped)? = ParameterDefinition.named(key)?.value(in: style),
                  abs(sent - snapped) > 1e-6 else { continue }
            throw .badRequest("is not on this round's grid (its range and steps); the nearest value on it is \(NumberText.shortest(snapped))", field: "values.\(key)")
        }
        let words = ChangeWords.changes(from: before, to: style).filter { round.keys.contains($0.key) }.map(\.words).joined(separator: ", ")
        let result: (round: Exploration, endedNow: Bool)
        do { result = try app.explore.edit(id, kept: kept, edited: words, person: person, parameters: Self.candidateValues, admissible: Self.honest) } catch {
            throw Self.exploreError(error, id: id)
        }
        return recorded(result, by: person)
    }

    /// An answer of any kind recorded: the decision log says it in words, the event tells the others.
    func recorded(_ result: (round: Exploration, endedNow: Bool), by person: String) -> HTTPResponse {
        let round = result.round, id = round.id
        let best = bestAnswer(round)
        let entry = round.history.last
        let kind = entry?.answerKind ?? .pair
        let picked = Self.pickedWords(round).map { ": \($0)" } ?? ""
        app.decisions.record("explore-answer", preset: round.preset, by: person,
                             summary: "\(entry.map(Self.answerWords) ?? "answered") in Explore round \(id) from “\(round.preset)” (\(Self.answersSaid(round)))\(picked)",
                             details: ExploreAnsweredDetails(round: id, answer: entry))
        if result.endedNow { recordEnd(round, best: best, by: person) }
        return HTTPResponse.answer(ExploreRecordedAnswer(round: id, kind: kind.rawValue, answers: round.model.answers.count, state: round.isOpen ? "open" : "ended",
                                                         endReason: round.endReason, best: best), status: 201)
            .announcing("explore", [("action", .string(result.endedNow ? "ended" : "answered")), ("round", .string(id)),
                                    ("answers", .number(Double(round.model.answers.count))), ("person", .string(person)), ("kind", .string(kind.rawValue))])
    }

    /// "picked B of a pair", "picked C among four", "had no preference between the two", "stopped
    /// the line at stop 7 of 0–20", "picked C in a gallery of 9", "edited by hand: Inactive line
    /// width 4 → 3 px": each says its kind (a walk read "answered candidate b of 2").
    static func answerWords(_ entry: Exploration.AnswerEntry) -> String {
        switch entry.answerKind {
        case .pair: entry.choice == "none" ? "had no preference \(entry.candidates == 2 ? "between the two" : "among the \(entry.candidates)")"
            : "picked \(entry.choice.uppercased()) \(entry.candidates == 2 ? "of a pair" : entry.candidates == 4 ? "among four" : "among \(entry.candidates)")"
        case .line: "stopped the line at stop \(entry.choice) of 0–\(entry.candidates - 1)"
        case .gallery: "picked \(entry.choice.uppercased()) in a gallery of \(entry.candidates)"
        case .edit: "edited by hand: \(entry.edited ?? "values kept")"
        }
    }

    /// The values the answer just recorded chose, in the log's words. A line's stop or a gallery's
    /// pick: every moving value of the point that beat the others ("Inactive line width 6 px,
    /// Inactive curve Monotone"). A pair or a four: the values that differed, the chosen one's over
    /// the others' ("Inactive line width 4 px over 6 px, Inactive curve Monotone over Step"), or,
    /// with no preference, each value that differed and its alternatives ("Inactive line width
    /// 4 px or 6 px"). Nil for an edit (its answer's words say it), and for an answer that recorded
    /// no comparison (every point the same once snapped).
    static func pickedWords(_ round: Exploration) -> String? {
        guard let entry = round.history.last, entry.answerKind != .edit else { return nil }
        let before = round.history.dropLast().last?.total ?? 0
        let recorded = round.model.answers.suffix(max(0, min(entry.total, round.model.answers.count) - before))
        guard let last = recorded.last else { return nil }
        let definitions = round.keys.compactMap(ParameterDefinition.named)
        func said(_ point: [Double]) -> [String] {
            let style = clean(round.style(at: point))
            return definitions.map { ChangeWords.withUnit($0.value(in: style), $0) }
        }
        guard entry.answerKind == .pair else {
            return zip(definitions, said(last.first)).map { "\($0.standaloneLabel) \($1)" }.joined(separator: ", ")
        }
        let words: [String]
        if recorded.allSatisfy({ $0.outcome == .noPreference }) {
            let shown = recorded.flatMap { [said($0.first), said($0.second)] }
            words = definitions.indices.compactMap { d in
                let values = shown.map { $0[d] }.firstOccurrences
                return values.count > 1 ? "\(definitions[d].standaloneLabel) \(listed(values, "or"))" : nil
            }
        } else {
            let chosen = said(last.outcome == .second ? last.second : last.first)
            let others = recorded.map { said($0.outcome == .second ? $0.first : $0.second) }
            words = definitions.indices.compactMap { d in
                let over = others.map { $0[d] }.filter { $0 != chosen[d] }.firstOccurrences
                return over.isEmpty ? nil : "\(definitions[d].standaloneLabel) \(chosen[d]) over \(listed(over, "and"))"
            }
        }
        return words.isEmpty ? nil : words.joined(separator: ", ")
    }

    /// "24 answers, 57 comparisons": people's answers, and the model's comparisons when they differ.
    static func answersSaid(_ round: Exploration) -> String {
        let given = round.history.count, compared = round.model.answers.count
        return counted(given, "answer", "answers") + (compared == given ? "" : ", \(counted(compared, "comparison", "comparisons"))")
    }

    /// People's answers of each kind, counted and said, for the round and for each person.
    static func answersByKind(_ round: Exploration) -> ExploreAnswersByKind {
        let people = countsByPerson(round).map { Joined(ExplorePersonName(person: $0.person), $0.counts.answer) }
        return Joined(KindCounts(round.history).answer, ExplorePeopleCounts(people: people))
    }

    /// "Ada (3 pairs and 1 line) and Ben (2 gallery picks)": each person's answers by kind, in the
    /// order they first answered.
    static func answersByPersonText(_ round: Exploration) -> String {
        listed(countsByPerson(round).map { "\($0.person) (\($0.counts.text))" }, "and")
    }

    /// Each person who answered, in the order of their first answer, with their answers counted by kind.
    private static func countsByPerson(_ round: Exploration) -> [(person: String, counts: KindCounts)] {
        round.history.map(\.person).firstOccurrences.map { person in (person, KindCounts(round.history.filter { $0.person == person })) }
    }

    /// Answers counted by kind, and said: "3 pairs, 1 pick among four, 1 line, 1 gallery pick and
    /// 1 edit". A pick among four is asked as a pair is (`kind=pair&count=4`) but is not a pair:
    /// it is counted apart, and `self[.pair]` counts picks between two charts.
    private struct KindCounts {
        let counts: [ExploreRound.AnswerKind: Int]
        let picksAmongFour: Int

        init(_ entries: [Exploration.AnswerEntry]) {
            var counts: [ExploreRound.AnswerKind: Int] = [:], fours = 0
            for entry in entries {
                if entry.answerKind == .pair && entry.candidates > 2 { fours += 1 } else { counts[entry.answerKind, default: 0] += 1 }
            }
            self.counts = counts
            picksAmongFour = fours
        }

        subscript(kind: ExploreRound.AnswerKind) -> Int { counts[kind] ?? 0 }

        var answer: ExploreKindCounts {
            ExploreKindCounts(pair: self[.pair], four: picksAmongFour, line: self[.line], gallery: self[.gallery], edit: self[.edit], text: text)
        }

        var text: String {
            let parts = [counted(self[.pair], "pair", "pairs"), counted(picksAmongFour, "pick among four", "picks among four"),
                         counted(self[.line], "line", "lines"), counted(self[.gallery], "gallery pick", "gallery picks"),
                         counted(self[.edit], "edit", "edits")].filter { !$0.hasPrefix("0 ") }
            return parts.isEmpty ? "no answers" : listed(parts, "and")
        }
    }

    /// Who answered and agrees with the team's best, as the agreement panel reads their answers
    /// (`people(_:)`): a person agrees when none of their own values counts there (each is the
    /// team's, or the model is under `ParameterAgreement.sure` sure they like theirs more, said
    /// as the panel rounds it); the others would choose otherwise alone, each with the values the
    /// panel counts as theirs ("Inactive line width 4 → 0.5 px", three and how many more). A walk
    /// read "they agree on top opacity" beside a save whose words had someone change it: those
    /// came from a climb of the person's liking that moved every parameter.
    static func agreement(_ round: Exploration) -> (agreed: [String], disagreed: [String], choices: [String]) {
        guard let best = round.model.best else { return ([], [], []) }
        let from = clean(round.style(at: best.point))
        let panel = round.adapter.agreement(of: round.model)
        var agreed: [String] = [], disagreed: [String] = [], choices: [String] = []
        for person in round.model.people {
            let theirs = panel.flatMap { agreement -> [String] in
                guard let liked = agreement.people.first(where: { $0.person == person }),
                      rounded(liked.sure ?? 0) >= ParameterAgreement.sure else { return [] }
                return ChangeWords.changes(from: from, to: clean(round.style(at: liked.point))).filter { $0.key == agreement.key }.map(\.words)
            }
            if theirs.isEmpty {
                agreed.append(person)
            } else {
                disagreed.append(person)
                choices.append(theirs.prefix(3).joined(separator: ", ") + (theirs.count > 3 ? " and \(theirs.count - 3) more" : ""))
            }
        }
        return (agreed, disagreed, choices)
    }

    /// "Agreed, by their answers: Ada, Ben; Cy (Inactive line width 4 → 0.5 px) would choose otherwise
    /// alone." / "Agreed, by their answers: everyone who answered (Ada, Ben)." The agreement is the
    /// model's reading of each person's answers (`agreement`), not a vote, and the words say so. `choices`: what each who disagrees would change.
    static func agreementWords(_ agreed: [String], _ disagreed: [String], _ choices: [String]) -> String {
        if agreed.isEmpty && disagreed.isEmpty { return "No one has answered." }
        if disagreed.isEmpty { return "Agreed, by their answers: everyone who answered (\(agreed.joined(separator: ", ")))." }
        let otherwise = zip(disagreed, choices).map { $1.isEmpty ? $0 : "\($0) (\($1))" }
        if agreed.isEmpty { return "By their answers, no one agreed: each would choose otherwise alone: \(listed(otherwise, "and"))." }
        return "Agreed, by their answers: \(agreed.joined(separator: ", ")); \(listed(otherwise, "and")) would choose otherwise alone."
    }
}
