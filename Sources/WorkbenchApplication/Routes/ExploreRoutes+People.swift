import ChartEngine
import Foundation
import PreferenceLearning
import WorkbenchStores
import WorkbenchSupport

/// Each person and the team (issue #38): each person's predicted liking of the team's best over
/// the chart the round started from (a stated compromise), and where people agree and disagree, parameter by parameter, in the words
/// of the parameter definitions.
extension ExploreRoutes {
    static func people(_ round: Exploration) -> (people: [ExplorePersonAnswer], agreement: [ExploreAgreementAnswer], summary: String) {
        let model = round.model
        guard let best = model.best else { return ([], [], "") }
        let agreements = round.adapter.agreement(of: model)
        var counts: [String: Int] = [:]
        for entry in round.history { counts[entry.person, default: 0] += 1 }
        let people = model.people.map { person -> ExplorePersonAnswer in
            let liking = overStart(model.preference(of: best.point, over: round.startPoint, by: person), start: round.preset)
            let answers = counts[person] ?? 0
            return .init(person: person, answers: answers, liking: liking.liking, sd: liking.sd,
                         text: "\(person) (\(answers == 1 ? "1 answer" : "\(answers) answers")): \(liking.text)")
        }
        let answers = agreements.compactMap { agreement -> ExploreAgreementAnswer? in
            guard let definition = ParameterDefinition.named(agreement.key) else { return nil }
            func valueAndWords(at point: [Double]) -> (value: ParameterValue, words: String) {
                let value = definition.value(in: clean(round.style(at: point)))
                return (value, ChangeWords.withUnit(value, definition))
            }
            func liked(_ entry: ParameterAgreement.Liked) -> ExploreAgreementAnswer.Liked {
                let (value, words) = valueAndWords(at: entry.point)
                return .init(person: entry.person, value: value.json, position: entry.position.map(rounded), sure: entry.sure.map(rounded), text: words)
            }
            let team = liked(agreement.team), own = agreement.people.map(liked)
            return .init(parameter: agreement.key, label: definition.standaloneLabel, agree: agreement.agree, team: team, people: own,
                         text: agreementWords(agree: agreement.agree, team: team, people: own),
                         ends: agreement.ends.map { valueAndWords(at: $0).words })
        }
        let bestIsStart = values(round, best.point) == values(round, round.startPoint)
        return (people, answers, agreementSummary(answers, tellsPeopleApart: model.tellsPeopleApart, people: people, start: round.preset,
                                                  bestIsStart: bestIsStart))
    }

    /// One parameter's agreement in words: "everyone Monotone", or "Dana 1 px (81 % sure); Priya
    /// and the team 6 px; not yet sure: Pat 9.5 px (64 %)". People whose value is the team's are
    /// named with it, not each beside the same value. A value the model is not sure enough of
    /// counts as the team's and is said apart, after it: "they agree" beside a different value of
    /// someone's would read as a contradiction. The share is said rounded down, so that 69.7 % is
    /// not said to be 70 % and not counted.
    static func agreementWords(agree: Bool, team: ExploreAgreementAnswer.Liked, people own: [ExploreAgreementAnswer.Liked]) -> String {
        // "Everyone" only at the team's own value: two unsure people at 1 beside a best of 0.95 read "everyone 1".
        if agree && own.allSatisfy({ $0.text == team.text }) { return "everyone \(team.text)" }
        func percent(_ sure: Double) -> Int { Int((100 * sure).rounded(.down)) }
        let counted = own.filter(\.counts), unsure = own.filter { !$0.counts }
        let withTeam = counted.filter { $0.text == team.text }.map(\.person)
        let words = counted.filter { $0.text != team.text }.map { liked in "\(liked.person) \(liked.text)" + (liked.sure.map { " (\(percent($0)) % sure)" } ?? "") }
        let notYet = unsure.map { "\($0.person) \($0.text) (\(percent($0.sure ?? 0)) %)" }
        let teams = withTeam.isEmpty ? "the team \(team.text)" : listed(withTeam + ["the team"], "and") + " \(team.text)"
        return (words.isEmpty ? "" : words.joined(separator: ", ") + "; ") + teams
            + (notYet.isEmpty ? "" : "; not yet sure: " + listed(notYet, "and"))
    }

    /// A predicted liking over the chart the round started from (`start`), as a person's and the
    /// team's are said: "+0.62 ± 0.20 over Default".
    static func overStart(_ liking: (mean: Double, sd: Double), start: String) -> ExploreLikingAnswer {
        .init(liking: rounded(liking.mean), sd: rounded(liking.sd), text: String(format: "%+.2f ± %.2f over %@", liking.mean, liking.sd, start))
    }

    /// Everyone's liking of the best, most first, while the ranking is unclear (a walk read only
    /// the first and the last of three): "Priya +4.43, Dana +1.39, Pat +1.33, each ± 2.26 or
    /// more." Past five people, the first four, the last and how many between.
    static func unclear(_ ranked: [ExplorePersonAnswer]) -> String {
        var words = ranked.map { String(format: "%@ %+.2f", $0.person, $0.liking) }
        if words.count > 5 { words.replaceSubrange(4..<(words.count - 1), with: ["\(words.count - 5) more"]) }
        return words.joined(separator: ", ") + String(format: ", each ± %.2f or more.", ranked.map(\.sd).min() ?? 0)
    }

    /// "People differ on inactive line width: Ada 2 px (81 % sure), Ben 6 px; the team 4 px. They
    /// agree on inactive curve (Monotone). No one differs surely yet on fill top opacity (the team
    /// 0.3). Against Default, Ada likes the team's best most (+0.80) and Ben least (−0.42)."
    /// (`start`: the preset the round started from; `bestIsStart`: the best holds its values,
    /// so everyone likes it over itself by exactly 0, and the sentence says so instead.)
    static func agreementSummary(_ answers: [ExploreAgreementAnswer], tellsPeopleApart: Bool, people: [ExplorePersonAnswer], start: String,
                                 bestIsStart: Bool = false) -> String {
        guard people.count >= 2 else { return people.count == 1 ? "One person has answered: the team's taste is theirs." : "" }
        guard tellsPeopleApart else { return "The answers so far do not tell people's tastes apart: the model keeps one taste for the team." }
        let differ = answers.filter { !$0.agree }
        // Agreed: no one surely differs and at least half of them like the team's value. Not told
        // apart: most people's own values differ, but the model is not yet sure enough of any to
        // count (a walk read "they agree on" a width everyone was "not yet sure" of).
        // Close: someone surely likes another value, less than a fifth of the range away (said
        // with its words, not as agreement nor as "no one differs surely").
        let holdsTeams = { (answer: ExploreAgreementAnswer) in 2 * answer.people.filter { $0.sure == nil }.count >= answer.people.count }
        let surelyOther = { (answer: ExploreAgreementAnswer) in answer.people.contains(where: \.differsSurely) }
        let close = answers.filter { $0.agree && surelyOther($0) }
        let agree = answers.filter { $0.agree && !surelyOther($0) && holdsTeams($0) }
        let notApart = answers.filter { $0.agree && !surelyOther($0) && !holdsTeams($0) }
        func some(_ answers: [ExploreAgreementAnswer], valued: String = "") -> String {
            listed(answers.prefix(2).map { "\(ParameterDefinition.inSentence($0.label)) (\(valued)\($0.team.text))" } + (answers.count > 2 ? ["\(answers.count - 2) more"] : []), "and")
        }
        // The compromise, stated: who likes the team's best most and who least, once the gap
        // outgrows their uncertainties (a walk read a ranking of +4.43 over +1.33, each ± 2.3).
        let ranked = people.sorted { $0.liking > $1.liking }
        let (most, least) = (ranked.first!, ranked.last!)
        let compromise = bestIsStart ? "The team's best is \(start) itself, the chart the round started from."
            : most.liking - least.liking > (most.sd * most.sd + least.sd * least.sd).squareRoot()
            ? String(format: "Against %@, %@ likes the team's best most (%+.2f) and %@ least (%+.2f).", start, most.person, most.liking, least.person, least.liking)
            : "Against \(start), who likes the team's best most is not yet clear: " + unclear(ranked)
        // A sentence a parameter that people differ on: each one's words hold brackets and semicolons of their own.
        var sentences = differ.prefix(2).enumerated().map { i, answer in
            (i == 0 ? "People differ on " : "They also differ on ") + "\(ParameterDefinition.inSentence(answer.label)): \(answer.text)."
        }
        if differ.count > 2 { sentences.append("And on \(differ.count - 2) more.") }
        sentences += close.prefix(2).map { "They differ little on \(ParameterDefinition.inSentence($0.label)): \($0.text)." }
        if close.count > 2 { sentences.append("And little on \(close.count - 2) more.") }
        if !agree.isEmpty { sentences.append((differ.isEmpty ? "Everyone likes the same values: " : "They agree on ") + some(agree) + ".") }
        if !notApart.isEmpty { sentences.append("No one differs surely yet on " + some(notApart, valued: "the team ") + ".") }
        return (sentences + [compromise]).joined(separator: " ")
    }
}

extension ExploreAgreementAnswer.Liked {
    /// Whether the value counts: the team's own, or one the model is at least
    /// `ParameterAgreement.sure` sure the person likes more; below that it counts as the team's.
    var counts: Bool { (sure ?? 1) >= ParameterAgreement.sure }
    /// A person's own value, not the team's, that counts.
    var differsSurely: Bool { sure != nil && counts }
}
