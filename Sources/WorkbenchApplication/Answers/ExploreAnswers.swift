import WorkbenchStores
import WorkbenchSupport

/// A parameter an Explore round moves, and within what.
struct ExploreParameterAnswer: Encodable {
    let key: String
    let label: String
    let unit: String?
    /// Numbers and whole numbers: the range; other kinds null.
    let min: Double?
    let max: Double?
    /// Numbers and whole numbers: the parameter's step (the round's values lie on its slider's
    /// grid, as `GET /api/schema` gives it); other kinds null.
    let step: Double?
    /// Choices: the options; other kinds null.
    let options: [String]?
}

/// One parameter of the best that is not what the starting preset has, in words.
struct ExploreChangeAnswer: Encodable {
    let key: String
    let label: String
    let from: JSONValue
    let to: JSONValue
    /// "Line width 4 → 3 px".
    let text: String
}

/// The team's current best: the model's best point with its uncertainty and how it differs
/// from the starting preset.
struct ExploreBestAnswer: Encodable, Sendable {
    let round: String
    let answers: Int
    /// Posterior mean and standard deviation of the team's utility there (0 is the average
    /// point, the prior's standard deviation is 1).
    let mean: Double
    let sd: Double
    /// How much more the team is predicted to like the best than the chart the round started
    /// from, as each person's `liking` is said (answers tell differences, not levels), and once
    /// people are told apart the average of theirs: `{liking, sd, text}`, "+1.20 ± 0.30 over Default".
    let overStart: ExploreLikingAnswer
    /// Answers in a row the best has settled (the same choices, numbers within a tenth of their
    /// ranges); the round can end by itself at `stableAfter` (K).
    let stableFor: Int
    let stableAfter: Int
    let isStable: Bool
    /// The moving parameters' values at the best.
    let values: JSONValue
    /// Every parameter of the style the best stands for (the starting preset's, the moving ones changed).
    let parameters: JSONValue
    let changes: [ExploreChangeAnswer]
    /// The changes in one line ("Line width 4 → 3 px, Curve natural → monotone"), or "the starting preset".
    let summary: String
    /// What matters to the model at the best, most first.
    let importance: [ExploreImportanceAnswer]
    /// The importance in one sentence ("Line width matters most (±0.8 …), then Curve; Fill barely matters.").
    let why: String
    /// Each person who answered: their predicted liking of this best, the team's compromise.
    let people: [ExplorePersonAnswer]
    /// Each moving parameter: what each person likes most beside the team; disagreements first.
    let agreement: [ExploreAgreementAnswer]
    /// Where people agree and disagree, in one sentence (or that the answers do not tell them apart yet).
    let agreementSummary: String
    /// Whether the best passes the honesty check a review of it applies (a walk saved a best
    /// that failed six checks, and heard of it only at review).
    let honesty: ExploreHonestyAnswer
}

/// A predicted liking of one chart over another: mean and standard deviation of the difference.
/// The honesty check on `HonestyMarkets.eventScenarios` at the best: `pass`, each failure in
/// words, and one sentence.
struct ExploreHonestyAnswer: Encodable, Sendable {
    let pass: Bool
    let failures: [String]
    let text: String
}

struct ExploreLikingAnswer: Encodable {
    let liking: Double
    let sd: Double
    /// "+1.20 ± 0.30 over Default".
    let text: String
}

/// An answer as a person gave it: the round's record of it (not the model's count after it), then
/// the answer in the decision log's words ("stopped the line at stop 7 of 0–20").
struct ExploreHistoryAnswer: Encodable {
    let answer: Exploration.AnswerEntry
    let text: String

    private enum CodingKeys: String, CodingKey { case person, at, choice, candidates, kind, edited, text }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(answer.person, forKey: .person)
        try c.encode(answer.at, forKey: .at)
        try c.encode(answer.choice, forKey: .choice)
        try c.encode(answer.candidates, forKey: .candidates)
        // "pair" (two or four side by side), "line", "gallery" or "edit".
        try c.encode(answer.answerKind.rawValue, forKey: .kind)
        // What an edit changed, in words; null for the other kinds.
        try c.encode(answer.edited, forKey: .edited)
        try c.encode(text, forKey: .text)
    }
}

/// The point a round starts from: the preset's moving values and every parameter of its style.
struct ExploreStartingPoint: Encodable {
    let values: JSONValue
    let parameters: JSONValue
}

/// Answers counted by kind: people's answers, not the model's comparisons (a gallery's pick is
/// one answer, eight comparisons).
struct ExploreKindCounts: Encodable {
    /// Picks between two charts.
    let pair: Int
    /// Picks among four charts (asked as pairs are, with `count=4`).
    let four: Int
    let line: Int
    let gallery: Int
    let edit: Int
    /// "3 pairs, 1 line, 1 gallery pick and 1 edit".
    let text: String
}

/// Whose answers a count is.
struct ExplorePersonName: Encodable {
    let person: String
}

/// Each person who answered, in the order of their first answer.
struct ExplorePeopleCounts: Encodable {
    let people: [Joined<ExplorePersonName, ExploreKindCounts>]
}

/// The round's answers by kind, then each person's: `{pair, line, gallery, edit, text, people:
/// [{person, pair, line, gallery, edit, text}]}`.
typealias ExploreAnswersByKind = Joined<ExploreKindCounts, ExplorePeopleCounts>

/// An Explore round: what moves, who answers, where it stands.
struct ExploreRoundAnswer: Encodable {
    let id: String
    let preset: String
    let createdBy: String
    let createdAt: String
    let state: String
    let endedAt: String?
    let endedBy: String?
    /// "ended" (someone ended it), "stable" (the best settled for K answers), or null.
    let endReason: String?
    let parameters: [ExploreParameterAnswer]
    /// Who may answer; empty: anyone.
    let voters: [String]
    let endWhenStable: Bool
    let stableAfter: Int
    /// Only charts that pass the honesty check are proposed and shown as the best.
    let honesty: Bool
    let answers: Int
    let people: [String]
    let answersByKind: ExploreAnswersByKind
    /// The starting preset's moving values and whole style: what an edit before any answer starts from.
    let start: ExploreStartingPoint
    let best: ExploreBestAnswer?
    let history: [ExploreHistoryAnswer]
    /// Presets saved from the best.
    let saved: [String]
    /// Each save with who agreed, in words ("" for a save made before this was kept).
    let saves: [ExploreSaveAnswer]
}

/// A preset saved from a round's best, and who agreed with it.
struct ExploreSaveAnswer: Encodable {
    let name: String
    let whoAgreed: String
}

/// `GET /api/explore/{id}/next`: candidates without names; their parameters are the answer.
struct ExploreNextAnswer: Encodable {
    struct Candidate: Encodable {
        struct Drawings: Encodable {
            let rest: String
            let pressed: String
        }

        /// "a", "b" (, "c", "d"), a gallery's "a"…"i", a line's stops "0"…"20": what `choice` names.
        let id: String
        /// The moving parameters' values.
        let values: JSONValue
        /// Every parameter of the candidate's style.
        let parameters: JSONValue
        /// The engine's SVG at rest and pressed (with `svg=true`), else null.
        let svg: Drawings?
    }

    let round: String
    let ticket: String
    /// "pair" (two or four), "line" (21 stops from the team's best to a challenger) or
    /// "gallery" (nine, row by row, the team's best in the middle).
    let kind: String
    let answers: Int
    let candidates: [Candidate]
    /// Whether the candidates are built on the team's best as it is now: a line's first stop, a
    /// gallery's middle chart, one of a pair's (or four's). False before any answer, and in the
    /// round's first far-apart questions, which start from points spread over the space.
    let fromBest: Bool
    /// What these candidates test.
    let testing: ExploreTestingAnswer
}

/// `POST /api/explore/{id}/answers`.
struct ExploreRecordedAnswer: Encodable {
    let round: String
    /// The kind of the answer recorded.
    let kind: String
    let answers: Int
    let state: String
    let endReason: String?
    let best: ExploreBestAnswer?
}

/// `POST /api/explore/{id}/save`.
struct ExploreSavedAnswer: Encodable {
    let round: String
    let name: String
    let revision: String
    let message: String
    let answersByKind: ExploreAnswersByKind
    /// People who agreed with the saved best: it costs them under 0.3 of their predicted liking
    /// (prior sd 1) against what they would choose alone, beyond what it costs the team; and
    /// those it costs more (everyone agrees while the model keeps one taste for everyone).
    let agreed: [String]
    let disagreed: [String]
    /// "Agreed, by their answers: Dana, Priya; Pat would choose otherwise alone."
    let whoAgreed: String
}

extension ExploreBestAnswer: DocumentedAnswer {
    static var example: ExploreBestAnswer {
        ExploreBestAnswer(round: "r", answers: 12, mean: 0.8, sd: 0.3, overStart: .init(liking: 1.2, sd: 0.3, text: "+1.20 ± 0.30 over Default"),
                          stableFor: 3, stableAfter: 24, isStable: false,
                          values: .object([("inactiveLineWidth", .number(3))]), parameters: .object([("inactiveLineWidth", .number(3))]),
                          changes: [.init(key: "inactiveLineWidth", label: "Inactive line width", from: .number(4), to: .number(3), text: "Inactive line width 4 → 3 px")],
                          summary: "Inactive line width 4 → 3 px",
                          importance: [.init(parameter: "inactiveLineWidth", label: "Inactive line width", spread: 1.6, lengthscale: 0.4, likedMost: .number(3),
                                             text: "Inactive line width ±0.80, liked most at 3 px")],
                          why: "Inactive line width matters (±0.80 of the team's liking across its range).",
                          people: [.init(person: "Ada", answers: 12, liking: 0.6, sd: 0.2, text: "Ada (12 answers): +0.60 ± 0.20 over Default")],
                          agreement: [.init(parameter: "inactiveLineWidth", label: "Inactive line width", agree: false,
                                            team: .init(person: "", value: .number(3), position: 0.5, sure: nil, text: "3 px"),
                                            people: [.init(person: "Ada", value: .number(2), position: 0.25, sure: 0.81, text: "2 px")],
                                            text: "Ada 2 px (81 % sure), Ben 4 px (74 % sure); the team 3 px", ends: ["0.5 px", "24 px"])],
                          agreementSummary: "People differ on inactive line width (Ada 2 px (81 % sure), Ben 4 px (74 % sure); the team 3 px).",
                          honesty: .init(pass: true, failures: [], text: "It passes the honesty check on flash-crash, spike and outage."))
    }
}

extension ExploreRoundAnswer: DocumentedAnswer {
    static var example: ExploreRoundAnswer {
        ExploreRoundAnswer(id: "r", preset: "Default", createdBy: "Ada", createdAt: "t", state: "open", endedAt: nil, endedBy: nil, endReason: nil,
                           parameters: [.init(key: "inactiveLineWidth", label: "Inactive line width", unit: nil, min: nil, max: nil, step: nil, options: nil)],
                           voters: ["Ada"], endWhenStable: true, stableAfter: 24, honesty: false, answers: 1, people: ["Ada"],
                           answersByKind: ExploreKindCounts.example,
                           start: .init(values: .object([("inactiveLineWidth", .number(4))]), parameters: .object([("inactiveLineWidth", .number(4))])), best: nil,
                           history: [.init(answer: .init(person: "Ada", at: "t", choice: "a", candidates: 2, total: 1), text: "picked A of a pair")],
                           saved: ["Explored"], saves: [.init(name: "Explored", whoAgreed: "Agreed, by their answers: everyone who answered (Ada).")])
    }
}

extension ExploreNextAnswer: DocumentedAnswer {
    static var example: ExploreNextAnswer {
        ExploreNextAnswer(round: "r", ticket: "t", kind: "pair", answers: 0,
                          candidates: [.init(id: "a", values: .object([]), parameters: .object([]), svg: nil)], fromBest: false,
                          testing: .init(parameters: [.init(parameter: "inactiveLineWidth", label: "Inactive line width", difference: 0.5, seen: "rest",
                                                            text: "inactive line width (2 px vs 8 px)")],
                                         text: "This pair tests inactive line width (2 px vs 8 px)."))
    }
}

extension ExploreRecordedAnswer: DocumentedAnswer {
    static var example: ExploreRecordedAnswer { ExploreRecordedAnswer(round: "r", kind: "pair", answers: 1, state: "open", endReason: nil, best: nil) }
}

extension ExploreSavedAnswer: DocumentedAnswer {
    static var example: ExploreSavedAnswer { ExploreSavedAnswer(round: "r", name: "Explored", revision: "1", message: "…",
                                                            answersByKind: ExploreKindCounts.example, agreed: ["Ada"], disagreed: [],
                                                            whoAgreed: "Agreed, by their answers: everyone who answered (Ada).") }
}

extension ExploreKindCounts {
    /// The answers by kind of the documents' examples: Ada's one pair.
    static var example: ExploreAnswersByKind {
        let one = ExploreKindCounts(pair: 1, four: 0, line: 0, gallery: 0, edit: 0, text: "1 pair")
        return Joined(one, ExplorePeopleCounts(people: [Joined(ExplorePersonName(person: "Ada"), one)]))
    }
}
