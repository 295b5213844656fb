import WorkbenchStores
import WorkbenchSupport

/// A comment anchored to a parameter (and optionally a progress of the transition): what was
/// said, then whether it was resolved, by whom and when.
typealias CommentAnswer = Joined<ParameterComment, ParameterComment.Resolution>

/// What every round answer starts with: which round, what it compares, who started it and when.
struct RoundHeading: Encodable {
    let id: String
    let subject: String
    let createdBy: String
    let createdAt: String
}

/// What anyone may see of a round while voting: its heading, then its progress; no candidate's name.
typealias RoundSummaryAnswer = Joined<RoundHeading, RoundProgress>

struct RoundProgress: Encodable {
    let candidates: Int
    let pairs: Int
    let state: String
    let votes: Int
    let voters: [String]
}

/// A round's result, after its heading: while open only its progress; once closed the
/// Bradley–Terry ranking (names, tokens, parameters) and every ballot.
typealias RoundResultAnswer = Joined<RoundHeading, RoundOutcome>

struct RoundOutcome: Encodable {
    /// A candidate's place in the Bradley–Terry ranking: its name, token and parameters, its
    /// score, wins (a tie counts half) and comparisons. The closing summary, a saved
    /// candidate's rank and the leader read it too.
    struct Ranked: Encodable {
        /// The candidate's index in the round, for the leader's separation; not answered.
        let index: Int
        let name: String
        let candidate: String
        let parameters: JSONValue
        let score: Double
        let wins: Double
        let comparisons: Int

        private enum CodingKeys: String, CodingKey { case name, candidate, parameters, score, wins, comparisons }
    }

    struct Vote: Encodable {
        let voter: String
        let left: String
        let right: String
        let choice: String
        let winner: String?
        let at: String
    }

    let state: String
    let closedAt: String?
    let model: String
    let regularised: Bool
    let candidates: Int
    let ballots: Int
    let voters: [String]
    let ranking: [Ranked]
    /// Once closed: how sure the ranking is of its first place over the second: their names,
    /// then the Bradley–Terry separation of the two (its normal approximation; "too close to
    /// call" below 90 %).
    typealias Leader = Joined<Contenders, BradleyTerry.Separation>

    struct Contenders: Encodable {
        let name: String
        let runnerUp: String
    }
    let leader: Leader?
    let votes: [Vote]
}

/// `GET /api/rounds/{id}/next`: this person's next pair, sides shuffled; `pair` null once done.
struct PairAnswer: Encodable {
    /// A candidate as a voter meets it: an opaque token and where the server draws its chart.
    struct Side: Encodable {
        let candidate: String
        let render: String
    }

    let round: String
    let remaining: Int
    let total: Int
    let pair: String?
    let left: Side?
    let right: Side?
}

/// `POST /api/rounds/{id}/votes`.
struct VoteAnswer: Encodable {
    let round: String
    let votes: Int
    let voters: Int
    let remaining: Int
    /// Whether this ballot replaced the person's earlier one on the same pair.
    let replaced: Bool
}

extension ParameterComment: DocumentedAnswer {}

extension ParameterComment.Resolution: DocumentedAnswer {
    static var example: ParameterComment.Resolution { ParameterComment.example.resolution }
}

extension CommentAnswer {
    init(_ comment: ParameterComment) { self.init(comment, comment.resolution) }
}

extension RoundHeading: DocumentedAnswer {
    static var example: RoundHeading { RoundHeading(id: "r", subject: "…", createdBy: "Ada", createdAt: "t") }
}

extension RoundProgress: DocumentedAnswer {
    static var example: RoundProgress { RoundProgress(candidates: 2, pairs: 1, state: "open", votes: 0, voters: ["Ada"]) }
}

extension RoundOutcome: DocumentedAnswer {
    static var example: RoundOutcome {
        RoundOutcome(state: "closed", closedAt: nil, model: "bradley-terry", regularised: false, candidates: 2, ballots: 1, voters: ["Ada"],
                     ranking: [.init(index: 0, name: "A", candidate: "c", parameters: .object([]), score: 0.5, wins: 1, comparisons: 1)],
                     leader: Joined(.init(name: "A", runnerUp: "B"), .init(probabilityBetter: 0.71, headToHead: 0.6, low: 0.35, high: 0.8)),
                     votes: [.init(voter: "Ada", left: "A", right: "B", choice: "left", winner: nil, at: "t")])
    }
}

extension PairAnswer: DocumentedAnswer {
    static var example: PairAnswer { PairAnswer(round: "r", remaining: 1, total: 1, pair: nil, left: nil, right: nil) }
}

extension VoteAnswer: DocumentedAnswer {
    static var example: VoteAnswer { VoteAnswer(round: "r", votes: 1, voters: 1, remaining: 0, replaced: false) }
}
