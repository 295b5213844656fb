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
    package var json: JSONValue {
        func issuedJSON(_ pairs: [String: Issued]) -> JSONValue {
            .array(pairs.sorted { $0.key < $1.key }.map { token, pair in
                .object([("token", .string(token)), ("voter", .string(pair.voter)),
                         ("left", .number(Double(pair.left))), ("right", .number(Double(pair.right)))])
            })
        }
        return .object([
            ("id", .string(id)), ("createdBy", .string(createdBy)), ("createdAt", .string(createdAt)), ("subject", .string(subject)),
            ("closedAt", closedAt.map(JSONValue.string) ?? .null),
            ("candidates", .array(candidates.map { candidate in
                .object([("token", .string(candidate.token)), ("name", .string(candidate.name)),
                         ("parameters", .object(candidate.style.values.map { ($0.key, $0.value.json) }))])
            })),
            ("votes", .array(votes.map { vote in
                .object([("voter", .string(vote.voter)), ("left", .number(Double(vote.left))), ("right", .number(Double(vote.right))),
                         ("choice", .string(vote.choice.rawValue)), ("at", .string(vote.at))])
            })),
            ("issued", issuedJSON(issued)), ("decided", issuedJSON(decided)),
        ])
    }

    /// A round read back from `json`; nil when the document is not one (a candidate's parameter
    /// this version no longer knows keeps its default).
    package init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, let createdBy = json["createdBy"]?.stringValue, let createdAt = json["createdAt"]?.stringValue,
              let subject = json["subject"]?.stringValue, case .array(let candidateList)? = json["candidates"] else { return nil }
        var candidates: [Candidate] = []
        for item in candidateList {
            guard let token = item["token"]?.stringValue, let name = item["name"]?.stringValue else { return nil }
            var style = ChartStyle()
            for (key, value) in item["parameters"]?.objectPairs ?? [] {
                guard let definition = ParameterDefinition.named(key), let parsed = try? ParameterValue.reading(value, as: definition) else { continue }
                try? style.set(key, parsed)
            }
            candidates.append(Candidate(name: name, style: style, token: token))
        }
        guard Self.candidateRange.contains(candidates.count) else { return nil }
        self.init(id: id, createdBy: createdBy, createdAt: createdAt, subject: subject, candidates: candidates)
        closedAt = json["closedAt"]?.stringValue
        let range = 0..<candidates.count
        func index(_ value: JSONValue?) -> Int? { value?.numberValue.flatMap { Int(exactly: $0) }.flatMap { range.contains($0) ? $0 : nil } }
        if case .array(let list)? = json["votes"] {
            for item in list {
                guard let voter = item["voter"]?.stringValue, let left = index(item["left"]), let right = index(item["right"]), left != right,
                      let choice = item["choice"]?.stringValue.flatMap(Choice.init(rawValue:)) else { continue }
                votes.append(Vote(voter: voter, left: left, right: right, choice: choice, at: item["at"]?.stringValue ?? ""))
            }
        }
        func pairs(_ value: JSONValue?) -> [String: Issued] {
            guard case .array(let list)? = value else { return [:] }
            var out: [String: Issued] = [:]
            for item in list {
                guard let token = item["token"]?.stringValue, let voter = item["voter"]?.stringValue,
                      let left = index(item["left"]), let right = index(item["right"]), left != right else { continue }
                out[token] = Issued(voter: voter, left: left, right: right)
            }
            return out
        }
        issued = pairs(json["issued"])
        decided = pairs(json["decided"])
    }
}

package enum RoundError: Error, Equatable {
    case closed, unknownPair, notYourPair, tooManyVoters
    /// Neither who started the round nor one of its voters: they may not close it or save from it.
    case notAVoter
    /// The round could not be kept in the database.
    case storage(String)
}
