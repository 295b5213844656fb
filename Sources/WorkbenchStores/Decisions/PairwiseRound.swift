import WorkbenchSupport
import ChartEngine

/// One blind pairwise round: 2–8 candidates, every person judging each pair once, sides
/// shuffled and names hidden behind opaque tokens until the result is asked for.
package struct PairwiseRound: Sendable {
    package struct Candidate: Sendable {
        package let name: String
        package let style: ChartStyle
        /// Shown instead of the name while voting: random, the same for every pair of this round.
        package let token: String
    }

    package enum Choice: String, Sendable, CaseIterable { case left, right, none }

    package struct Vote: Sendable {
        package let voter: String
        package let left: Int
        package let right: Int
        package let choice: Choice
        package let at: String

        package var winner: Int? {
            switch choice {
            case .left: left
            case .right: right
            case .none: nil
            }
        }
    }

    /// A pair handed to one person: which candidates, on which side.
    package struct Issued: Sendable {
        package let voter: String
        package let left: Int
        package let right: Int
    }

    package static let candidateRange = 2...8
    /// People who may vote in one round: keeps the issued pairs bounded (voters × 28 pairs).
    package static let maxVoters = 64

    package let id: String
    package let createdBy: String
    package let createdAt: String
    /// What the round compares, as a person reads it ("presets" or "variations of Default").
    package let subject: String
    package let candidates: [Candidate]
    package private(set) var votes: [Vote] = []
    private(set) var issued: [String: Issued] = [:]
    package private(set) var closedAt: String?

    package init(id: String, createdBy: String, createdAt: String, subject: String, candidates: [Candidate]) {
        self.id = id
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.subject = subject
        self.candidates = candidates
    }

    package var pairCount: Int { candidates.count * (candidates.count - 1) / 2 }
    package var voters: [String] { votes.reduce(into: [String]()) { if !$0.contains($1.voter) { $0.append($1.voter) } } }

    /// Unordered pairs this person has not judged yet.
    package func remainingPairs(for voter: String) -> [(Int, Int)] {
        let judged = Set(votes.filter { $0.voter == voter }.map { PairKey($0.left, $0.right) })
        var pairs: [(Int, Int)] = []
        for i in 0..<candidates.count { for j in (i + 1)..<candidates.count where !judged.contains(PairKey(i, j)) { pairs.append((i, j)) } }
        return pairs
    }

    /// The pair this person should judge next: the one already handed to them if any (a reload
    /// shows the same pair), else a random unjudged pair on random sides. Nil when all are judged.
    package mutating func next<R: RandomNumberGenerator>(for voter: String, token: () -> String, using random: inout R) throws(RoundError) -> (token: String, issued: Issued)? {
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

    package mutating func vote(pair token: String, choice: Choice, voter: String, at time: String) throws(RoundError) -> Vote {
        guard closedAt == nil else { throw .closed }
        guard let pair = issued[token] else { throw .unknownPair }
        guard pair.voter == voter else { throw .notYourPair }
        issued.removeValue(forKey: token)
        let vote = Vote(voter: voter, left: pair.left, right: pair.right, choice: choice, at: time)
        votes.append(vote)
        return vote
    }

    package mutating func close(at time: String) { if closedAt == nil { closedAt = time } }

    package var fit: BradleyTerry.Fit {
        BradleyTerry.fit(count: candidates.count, outcomes: votes.map { .init(first: $0.left, second: $0.right, winner: $0.winner) })
    }

    private struct PairKey: Hashable {
        package let low: Int, high: Int
        package init(_ a: Int, _ b: Int) { low = min(a, b); high = max(a, b) }
    }
}

package enum RoundError: Error, Equatable {
    case closed, unknownPair, notYourPair, tooManyVoters
}
