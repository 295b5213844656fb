import ChartEngine

/// One blind pairwise round: 2–8 candidates, every person judging each pair once, sides
/// shuffled and names hidden behind opaque tokens until the result is asked for.
struct PairwiseRound: Sendable {
    struct Candidate: Sendable {
        let name: String
        let style: ChartStyle
        /// Shown instead of the name while voting: random, the same for every pair of this round.
        let token: String
    }

    enum Choice: String, Sendable, CaseIterable { case left, right, none }

    struct Vote: Sendable {
        let voter: String
        let left: Int
        let right: Int
        let choice: Choice
        let at: String

        var winner: Int? {
            switch choice {
            case .left: left
            case .right: right
            case .none: nil
            }
        }
    }

    /// A pair handed to one person: which candidates, on which side.
    struct Issued: Sendable {
        let voter: String
        let left: Int
        let right: Int
    }

    static let candidateRange = 2...8
    /// People who may vote in one round: keeps the issued pairs bounded (voters × 28 pairs).
    static let maxVoters = 64

    let id: String
    let createdBy: String
    let createdAt: String
    /// What the round compares, as a person reads it ("presets" or "variations of Default").
    let subject: String
    let candidates: [Candidate]
    private(set) var votes: [Vote] = []
    private(set) var issued: [String: Issued] = [:]
    private(set) var closedAt: String?

    init(id: String, createdBy: String, createdAt: String, subject: String, candidates: [Candidate]) {
        self.id = id
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.subject = subject
        self.candidates = candidates
    }

    var pairCount: Int { candidates.count * (candidates.count - 1) / 2 }
    var voters: [String] { votes.reduce(into: [String]()) { if !$0.contains($1.voter) { $0.append($1.voter) } } }

    /// Unordered pairs this person has not judged yet.
    func remainingPairs(for voter: String) -> [(Int, Int)] {
        let judged = Set(votes.filter { $0.voter == voter }.map { PairKey($0.left, $0.right) })
        var pairs: [(Int, Int)] = []
        for i in 0..<candidates.count { for j in (i + 1)..<candidates.count where !judged.contains(PairKey(i, j)) { pairs.append((i, j)) } }
        return pairs
    }

    /// The pair this person should judge next: the one already handed to them if any (a reload
    /// shows the same pair), else a random unjudged pair on random sides. Nil when all are judged.
    mutating func next<R: RandomNumberGenerator>(for voter: String, token: () -> String, using random: inout R) throws(RoundError) -> (token: String, issued: Issued)? {
        guard closedAt == nil else { throw .closed }
        if let (key, pending) = issued.first(where: { $0.value.voter == voter }) { return (key, pending) }
        guard let (a, b) = remainingPairs(for: voter).randomElement(using: &random) else { return nil }
        let knownVoters = Set(issued.values.map(\.voter)).union(voters)
        guard knownVoters.contains(voter) || knownVoters.count < Self.maxVoters else { throw .tooManyVoters }
        let leftFirst = Bool.random(using: &random)
        let pair = Issued(voter: voter, left: leftFirst ? a : b, right: leftFirst ? b : a)
        let key = token()
        issued[key] = pair
        return (key, pair)
    }

    mutating func vote(pair token: String, choice: Choice, voter: String, at time: String) throws(RoundError) -> Vote {
        guard closedAt == nil else { throw .closed }
        guard let pair = issued[token] else { throw .unknownPair }
        guard pair.voter == voter else { throw .notYourPair }
        issued.removeValue(forKey: token)
        let vote = Vote(voter: voter, left: pair.left, right: pair.right, choice: choice, at: time)
        votes.append(vote)
        return vote
    }

    mutating func close(at time: String) { if closedAt == nil { closedAt = time } }

    var fit: BradleyTerry.Fit {
        BradleyTerry.fit(count: candidates.count, outcomes: votes.map { .init(first: $0.left, second: $0.right, winner: $0.winner) })
    }

    private struct PairKey: Hashable {
        let low: Int, high: Int
        init(_ a: Int, _ b: Int) { low = min(a, b); high = max(a, b) }
    }
}

enum RoundError: Error, Equatable {
    case closed, unknownPair, notYourPair, tooManyVoters
}
