import WorkbenchSupport
import ChartEngine

/// One blind pairwise round: 2–8 candidates, one ballot per person per pair (voting again on a
/// pair replaces that person's ballot), sides shuffled, and names and parameters hidden behind
/// opaque per-round tokens until the round is closed.
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
    /// Pairs handed out and not voted on yet, by pair token.
    private(set) var issued: [String: Issued] = [:]
    /// Pairs voted on, by pair token: the same token may vote again and replaces the ballot.
    private(set) var decided: [String: Issued] = [:]
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

    /// Records this person's ballot on the pair; a second vote on the same pair (by its token,
    /// or on the same two candidates) replaces the first, so each person counts once per pair.
    package mutating func vote(pair token: String, choice: Choice, voter: String, at time: String) throws(RoundError) -> Vote {
        guard closedAt == nil else { throw .closed }
        guard let pair = issued[token] ?? decided[token] else { throw .unknownPair }
        guard pair.voter == voter else { throw .notYourPair }
        issued.removeValue(forKey: token)
        decided[token] = pair
        let vote = Vote(voter: voter, left: pair.left, right: pair.right, choice: choice, at: time)
        let key = PairKey(pair.left, pair.right)
        if let index = votes.firstIndex(where: { $0.voter == voter && PairKey($0.left, $0.right) == key }) {
            votes[index] = vote
        } else {
            votes.append(vote)
        }
        return vote
    }

    /// The token of the pair handed to this person and not voted on yet, if any.
    package func pendingToken(for voter: String) -> String? { issued.first { $0.value.voter == voter }?.key }

    package func candidate(token: String) -> (index: Int, candidate: Candidate)? {
        candidates.firstIndex { $0.token == token }.map { ($0, candidates[$0]) }
    }

    /// Who decides the round: the person who started it and the people who voted in it.
    package func isDecided(by person: String) -> Bool { !person.isEmpty && (person == createdBy || voters.contains(person)) }

    package mutating func close(at time: String) { if closedAt == nil { closedAt = time } }

    package var outcomes: [BradleyTerry.Outcome] { votes.map { .init(first: $0.left, second: $0.right, winner: $0.winner) } }

    package var fit: BradleyTerry.Fit { BradleyTerry.fit(count: candidates.count, outcomes: outcomes) }

    private struct PairKey: Hashable {
        package let low: Int, high: Int
        package init(_ a: Int, _ b: Int) { low = min(a, b); high = max(a, b) }
    }

    /// The round as it is kept in the workbench database: everything, names and parameters too.
    package var document: String { JSONText.encode(Document(self)) }

    /// A round read back from its `document`; nil when the text is not one (a candidate's
    /// parameter this version no longer knows keeps its default; a ballot or pair that does not
    /// fit the round is passed over).
    package init?(document text: String) {
        guard let kept = try? JSONText.decode(Document.self, from: text), Self.candidateRange.contains(kept.candidates.count) else { return nil }
        self.init(id: kept.id, createdBy: kept.createdBy, createdAt: kept.createdAt, subject: kept.subject,
                  candidates: kept.candidates.map { Candidate(name: $0.name, style: $0.parameters.style, token: $0.token) })
        closedAt = kept.closedAt
        let range = 0..<candidates.count
        func fits(_ left: Int, _ right: Int) -> Bool { range.contains(left) && range.contains(right) && left != right }
        votes = kept.votes.compactMap { kept in
            guard let vote = kept.vote, fits(vote.left, vote.right) else { return nil }
            return vote
        }
        func pairs(_ list: [Document.IssuedPair]) -> [String: Issued] {
            var out: [String: Issued] = [:]
            for item in list { if let (token, pair) = item.pair, fits(pair.left, pair.right) { out[token] = pair } }
            return out
        }
        issued = pairs(kept.issued)
        decided = pairs(kept.decided)
    }

    /// The kept document: members in this order; pairs sorted by token.
    private struct Document: Codable {
        let id: String
        let createdBy: String
        let createdAt: String
        let subject: String
        let closedAt: String?
        let candidates: [KeptCandidate]
        let votes: [KeptVote]
        let issued: [IssuedPair]
        let decided: [IssuedPair]

        init(_ round: PairwiseRound) {
            id = round.id; createdBy = round.createdBy; createdAt = round.createdAt; subject = round.subject; closedAt = round.closedAt
            candidates = round.candidates.map(KeptCandidate.init)
            votes = round.votes.map(KeptVote.init)
            issued = round.issued.sorted { $0.key < $1.key }.map(IssuedPair.init)
            decided = round.decided.sorted { $0.key < $1.key }.map(IssuedPair.init)
        }

        private enum CodingKeys: String, CodingKey { case id, createdBy, createdAt, subject, closedAt, candidates, votes, issued, decided }

        /// Who made it and its candidates are required; the rest is taken as far as it reads.
        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            id = try members.decode(String.self, forKey: .id)
            createdBy = try members.decode(String.self, forKey: .createdBy)
            createdAt = try members.decode(String.self, forKey: .createdAt)
            subject = try members.decode(String.self, forKey: .subject)
            candidates = try members.decode([KeptCandidate].self, forKey: .candidates)
            closedAt = try? members.decode(String.self, forKey: .closedAt)
            votes = (try? members.decode([KeptVote].self, forKey: .votes)) ?? []
            issued = (try? members.decode([IssuedPair].self, forKey: .issued)) ?? []
            decided = (try? members.decode([IssuedPair].self, forKey: .decided)) ?? []
        }

        struct KeptCandidate: Codable {
            let token: String
            let name: String
            let parameters: KeptStyle

            init(_ candidate: Candidate) { token = candidate.token; name = candidate.name; parameters = KeptStyle(candidate.style) }

            private enum CodingKeys: String, CodingKey { case token, name, parameters }

            init(from decoder: any Decoder) throws {
                let members = try decoder.container(keyedBy: CodingKeys.self)
                token = try members.decode(String.self, forKey: .token)
                name = try members.decode(String.self, forKey: .name)
                parameters = (try? members.decode(KeptStyle.self, forKey: .parameters)) ?? KeptStyle(ChartStyle())
            }
        }

        /// A ballot; `vote` is nil when the item is not one.
        struct KeptVote: Codable {
            let vote: Vote?

            init(_ vote: Vote) { self.vote = vote }

            private enum CodingKeys: String, CodingKey { case voter, left, right, choice, at }

            init(from decoder: any Decoder) {
                guard let members = try? decoder.container(keyedBy: CodingKeys.self),
                      let voter = try? members.decode(String.self, forKey: .voter),
                      let left = try? members.decode(Int.self, forKey: .left), let right = try? members.decode(Int.self, forKey: .right),
                      let choice = (try? members.decode(String.self, forKey: .choice)).flatMap(Choice.init(rawValue:)) else { vote = nil; return }
                vote = Vote(voter: voter, left: left, right: right, choice: choice, at: (try? members.decode(String.self, forKey: .at)) ?? "")
            }

            func encode(to encoder: any Encoder) throws {
                guard let vote else { return }
                var members = encoder.container(keyedBy: CodingKeys.self)
                try members.encode(vote.voter, forKey: .voter)
                try members.encode(vote.left, forKey: .left)
                try members.encode(vote.right, forKey: .right)
                try members.encode(vote.choice.rawValue, forKey: .choice)
                try members.encode(vote.at, forKey: .at)
            }
        }

        /// A pair handed out, by its token; `pair` is nil when the item is not one.
        struct IssuedPair: Codable {
            let pair: (token: String, issued: Issued)?

            init(_ entry: (key: String, value: Issued)) { pair = (entry.key, entry.value) }

            private enum CodingKeys: String, CodingKey { case token, voter, left, right }

            init(from decoder: any Decoder) {
                guard let members = try? decoder.container(keyedBy: CodingKeys.self),
                      let token = try? members.decode(String.self, forKey: .token), let voter = try? members.decode(String.self, forKey: .voter),
                      let left = try? members.decode(Int.self, forKey: .left), let right = try? members.decode(Int.self, forKey: .right) else { pair = nil; return }
                pair = (token, Issued(voter: voter, left: left, right: right))
            }

            func encode(to encoder: any Encoder) throws {
                guard let (token, issued) = pair else { return }
                var members = encoder.container(keyedBy: CodingKeys.self)
                try members.encode(token, forKey: .token)
                try members.encode(issued.voter, forKey: .voter)
                try members.encode(issued.left, forKey: .left)
                try members.encode(issued.right, forKey: .right)
            }
        }
    }
}

package enum RoundError: Error, Equatable {
    case closed, unknownPair, notYourPair, tooManyVoters
    /// Neither who started the round nor one of its voters: they may not close it or save from it.
    case notAVoter
    /// The round could not be kept in the database.
    case storage(String)
    /// The history refuses writes (changed behind the server's back, read-only, damaged).
    case history(HistoryError)
}
