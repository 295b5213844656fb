import WorkbenchSupport
import HTTPServer
import WorkbenchStores
import WorkbenchExports
import PriceData
import ChartEngine

/// Blind pairwise rounds: start one over presets or generated variations, hand each person
/// the next pair (opaque tokens, no names, sides shuffled), take votes, and rank by
/// Bradley–Terry. Names appear only in the result (`GET /api/rounds/{id}`).
extension WorkbenchApp {
    package static let variationRange = 1...7

    /// Body: `{"candidates": [names]}` (2–8 presets) or `{"variationsOf": name, "count": n}`
    /// (the preset and n generated variations, 1–7).
    package func startRound(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let body = JSONValue.object(try request.jsonObject())
        var candidates: [(name: String, style: ChartStyle)] = []
        let subject: String
        if let list = body["candidates"] {
            guard body["variationsOf"] == nil else { throw .badRequest("give either candidates or variationsOf, not both", field: "variationsOf") }
            guard case .array(let items) = list else { throw .badRequest("must be a list of preset names", field: "candidates") }
            guard PairwiseRound.candidateRange.contains(items.count) else {
                throw .badRequest("must name \(PairwiseRound.candidateRange.lowerBound) to \(PairwiseRound.candidateRange.upperBound) presets, got \(items.count)", field: "candidates")
            }
            for (index, item) in items.enumerated() {
                let style = try roundPreset(item, field: "candidates[\(index)]")
                guard !candidates.contains(where: { $0.name == style.name }) else { throw .badRequest("names \"\(style.name)\" twice", field: "candidates[\(index)]") }
                candidates.append(style)
            }
            subject = "\(items.count) presets"
        } else if let base = body["variationsOf"] {
            let original = try roundPreset(base, field: "variationsOf")
            guard let count = body["count"]?.numberValue, count.rounded() == count, Double(Self.variationRange.lowerBound) <= count,
                  count <= Double(Self.variationRange.upperBound) else {
                throw .badRequest("must be a whole number from \(Self.variationRange.lowerBound) to \(Self.variationRange.upperBound)", field: "count")
            }
            var random = SystemRandomNumberGenerator()
            candidates = [(original.name + " (original)", original.style)]
            for (index, style) in Variations.around(original.style, count: Int(count), using: &random).enumerated() {
                candidates.append(("\(original.name) · variation \(index + 1)", style))
            }
            subject = "\(Int(count)) variations of a preset"
        } else {
            throw .badRequest("is required: a list of 2 to 8 preset names (or give variationsOf and count)", field: "candidates")
        }
        let round: PairwiseRound
        do { round = try rounds.create(subject: subject, candidates: candidates, by: request.author.user) } catch {
            throw HTTPError(409, "too_many_rounds", "\(RoundStore.maxRounds) rounds are open; close one first")
        }
        recordDecision("round-started", preset: nil, by: request.author.user, summary: "started a blind round over \(subject)")
        return HTTPResponse.json(round.summaryJSON, status: 201)
            .announcing("round", [("action", .string("started")), ("round", round.summaryJSON)])
    }

    package func listRounds() -> HTTPResponse { .json(.array(rounds.list().map(\.summaryJSON))) }

    /// `{"pair", "left", "right", "remaining", "total"}`; `pair` null once this person has judged every pair.
    package func nextPair(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let answer: (round: PairwiseRound, pair: (token: String, issued: PairwiseRound.Issued)?)?
        do { answer = try rounds.next(id, voter: Self.voter(request)) } catch { throw Self.roundError(error) }
        guard let answer else { throw Self.noRound(id) }
        let remaining = answer.round.remainingPairs(for: Self.voter(request)).count
        var fields: [(String, JSONValue)] = [("round", .string(id)), ("remaining", .number(Double(remaining))), ("total", .number(Double(answer.round.pairCount)))]
        if let (token, issued) = answer.pair {
            let side = { (index: Int) -> JSONValue in
                let candidate = answer.round.candidates[index]
                return .object([("candidate", .string(candidate.token)),
                                ("parameters", .object(candidate.style.values.map { ($0.key, $0.value.json) }))])
            }
            fields += [("pair", .string(token)), ("left", side(issued.left)), ("right", side(issued.right))]
        } else {
            fields += [("pair", .null), ("left", .null), ("right", .null)]
        }
        return .json(.object(fields))
    }

    /// Body: `{"pair", "choice": "left"|"right"|"none"}`.
    package func castVote(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let body = JSONValue.object(try request.jsonObject())
        guard let pair = body["pair"]?.stringValue else { throw .badRequest("is required: the pair's token from /next", field: "pair") }
        guard let choice = body["choice"]?.stringValue.flatMap(PairwiseRound.Choice.init(rawValue:)) else {
            throw .badRequest("must be left, right or none", field: "choice")
        }
        let voter = Self.voter(request)
        let round: PairwiseRound?
        do { round = try rounds.vote(id, pair: pair, choice: choice, voter: voter) } catch { throw Self.roundError(error) }
        guard let round else { throw Self.noRound(id) }
        let progress: [(String, JSONValue)] = [("round", .string(id)), ("votes", .number(Double(round.votes.count))),
                                               ("voters", .number(Double(round.voters.count)))]
        return HTTPResponse.json(.object(progress + [("remaining", .number(Double(round.remainingPairs(for: voter).count)))]), status: 201)
            .announcing("round", [("action", .string("voted"))] + progress)
    }

    /// The result: names, Bradley–Terry scores and each person's picks.
    package func roundResult(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        guard let round = rounds.round(id) else { throw Self.noRound(id) }
        return .json(round.resultJSON)
    }

    /// Ends voting and keeps the ranking as a decision record.
    package func closeRound(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        guard let (round, closedNow) = rounds.close(id) else { throw Self.noRound(id) }
        if closedNow {
            let top = round.ranking.first.map { "\($0.name) first" } ?? "no votes"
            recordDecision("round-closed", preset: nil, by: request.author.user,
                           summary: "closed the blind round over \(round.subject): \(top), \(round.votes.count) votes from \(round.voters.count) people",
                           details: round.resultJSON)
        }
        return HTTPResponse.json(round.resultJSON)
            .announcing("round", [("action", .string("closed")), ("round", round.summaryJSON)])
    }

    /// A person is their name; a page without one is told apart by its id.
    package static func voter(_ request: RequestContext) -> String {
        request.author.user.isEmpty ? "anonymous " + String(request.author.client.prefix(8)) : request.author.user
    }

    private func roundPreset(_ value: JSONValue, field: String) throws(HTTPError) -> (name: String, style: ChartStyle) {
        guard let raw = value.stringValue else { throw .badRequest("must be a preset name", field: field) }
        let name: String
        do { name = try Preset.validName(raw) } catch { throw .badRequest(error.message, field: field) }
        guard let entry = presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: field) }
        return (name, entry.preset.style)
    }

    private static func noRound(_ id: String) -> HTTPError { HTTPError(404, "not_found", "no round \"\(String(id.prefix(32)))\"", field: "id") }

    private static func roundError(_ error: RoundError) -> HTTPError {
        switch error {
        case .closed: HTTPError(409, "round_closed", "this round is closed; see its result")
        case .unknownPair: HTTPError(409, "unknown_pair", "this pair was not handed out or has been voted on already; ask for the next pair", field: "pair")
        case .notYourPair: HTTPError(403, "not_your_pair", "this pair was handed to someone else", field: "pair")
        case .tooManyVoters: HTTPError(409, "too_many_voters", "\(PairwiseRound.maxVoters) people have voted in this round already")
        }
    }
}

extension PairwiseRound {
    package struct Ranked {
        package let name: String
        package let score: Double
        package let wins: Double
        package let comparisons: Int
    }

    package var ranking: [Ranked] {
        let scores = fit.scores
        return candidates.indices.map { i in
            let mine = votes.filter { $0.left == i || $0.right == i }
            let wins = mine.reduce(0.0) { $0 + ($1.winner == i ? 1 : $1.winner == nil ? 0.5 : 0) }
            return Ranked(name: candidates[i].name, score: scores[i], wins: wins, comparisons: mine.count)
        }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }

    /// What anyone may see while voting: no candidate's name.
    package var summaryJSON: JSONValue {
        .object([("id", .string(id)), ("subject", .string(subject)), ("createdBy", .string(createdBy)), ("createdAt", .string(createdAt)),
                 ("candidates", .number(Double(candidates.count))), ("pairs", .number(Double(pairCount))),
                 ("state", .string(closedAt == nil ? "open" : "closed")), ("votes", .number(Double(votes.count))),
                 ("voters", .array(voters.map(JSONValue.string)))])
    }

    package var resultJSON: JSONValue {
        let fit = fit
        return .object([
            ("id", .string(id)), ("subject", .string(subject)), ("createdBy", .string(createdBy)), ("createdAt", .string(createdAt)),
            ("state", .string(closedAt == nil ? "open" : "closed")), ("closedAt", closedAt.map(JSONValue.string) ?? .null),
            ("model", .string("bradley-terry")), ("regularised", .bool(fit.regularised)),
            ("ranking", .array(ranking.map { .object([("name", .string($0.name)), ("score", .number($0.score)),
                                                      ("wins", .number($0.wins)), ("comparisons", .number(Double($0.comparisons)))]) })),
            ("votes", .array(votes.map { vote in
                .object([("voter", .string(vote.voter)), ("left", .string(candidates[vote.left].name)), ("right", .string(candidates[vote.right].name)),
                         ("choice", .string(vote.choice.rawValue)), ("winner", vote.winner.map { .string(candidates[$0].name) } ?? .null),
                         ("at", .string(vote.at))])
            })),
        ])
    }
}
