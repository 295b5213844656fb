import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Blind pairwise rounds: start, the next pair, votes, the result. Until a round is closed its
/// candidates are opaque per-round tokens whose charts the server draws: no name, no parameter.
struct RoundRoutes: PresetReading {
    let app: AppServices

    var middlewares: [any Middleware] { [EventPublisher(events: app.events), app.heavyWork] }

    func addRoutes(to r: inout Router) {
        r.post("/api/rounds", "Start a blind pairwise round ({\"candidates\": [2–8 names]} or {\"variationsOf\": name, \"count\": 1–7})",
               schema: RoundRequest.schema, answers: [.json("the round, without candidate names", RoundSummaryAnswer.self, status: 201)], errors: [404, 409]) { try startRound($0) }
        r.get("/api/rounds", "Rounds, newest first, without candidate names (state: open or closed, every round by default; limit 1–1000, 100 by default; before: a round id, to page back; at most 1 MB a page; X-Total-Count, X-Next-Before and Link when more are left)",
              query: Paging.query(limitUpTo: 1_000, before: OpenAPIDocument.string)
                  + [.init("state", OpenAPIDocument.enumeration(["open", "closed"]), "only the rounds still open, or only the closed ones")],
              answers: [.json("rounds", [RoundSummaryAnswer].self)]) {
            try listRounds($0)
        }
        r.get("/api/rounds/{id}/next", "Your next pair: {pair, left, right}, each side an opaque candidate token and the address of its chart (no name, no parameters), sides shuffled; pair null when you have judged all",
              answers: [.json("the pair", PairAnswer.self)], errors: [404, 409]) { try nextPair($0) }
        r.get("/api/rounds/{id}/candidates/{token}/render", "A candidate's chart as SVG, drawn by the server (width, height, period, state, progress, selection)",
              query: OpenAPIDocument.query(ViewRequest.self), answers: [.svg("the chart")], errors: [404], heavy: true) { try renderCandidate($0) }
        r.post("/api/rounds/{id}/votes", "Vote on a pair ({\"pair\", \"choice\": \"left\"|\"right\"|\"none\"}); voting again on a pair replaces your ballot",
               schema: RequestSchema.of(VoteRequest.self).body(), answers: [.json("recorded", VoteAnswer.self, status: 201)], errors: [403, 404, 409]) { try castVote($0) }
        r.get("/api/rounds/{id}", "The round: while open, how many ballots from whom; once closed, the Bradley–Terry ranking with names, tokens and parameters, and each person's ballots",
              answers: [.json("the result", RoundResultAnswer.self)], errors: [404]) {
            try roundResult($0)
        }
        r.post("/api/rounds/{id}/candidates/{token}/save", "Save a closed round's candidate as a new preset ({\"name\"}), by who started the round or voted in it; its first revision names the round",
               schema: RequestSchema.of(NewPresetNameRequest.self).body(), answers: [.json("the new preset", status: 201)], errors: [403, 404, 409, 500, 507]) { try saveCandidate($0) }
        r.post("/api/rounds/{id}/close", "End voting (who started the round or voted in it) and record the result in the decision log", body: nil, answers: [.json("the result", RoundResultAnswer.self)], errors: [403, 404]) {
            try closeRound($0)
        }
    }
    package static let variationRange = 1...7

    /// Body: `{"candidates": [names]}` (2–8 presets) or `{"variationsOf": name, "count": n}`
    /// (the preset and n generated variations, 1–7).
    package func startRound(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        var candidates: [(name: String, style: ChartStyle)] = []
        let subject: String
        switch try request.decodeBody(RoundRequest.self) {
        case .candidates(let names):
            for (index, name) in names.enumerated() { candidates.append((name, try roundPreset(name, field: "candidates[\(index)]"))) }
            subject = "\(names.count) presets"
        case .variations(let name, let count):
            let original = try roundPreset(name, field: "variationsOf")
            var random = SystemRandomNumberGenerator()
            candidates = [(name + " (original)", original)]
            for (index, style) in Variations.around(original, count: count, using: &random).enumerated() {
                candidates.append(("\(name) · variation \(index + 1)", style))
            }
            subject = "\(count) variations of a preset"
        }
        let round: PairwiseRound
        do { round = try app.rounds.create(subject: subject, candidates: candidates, by: request.author.user) } catch {
            if case .storage(let words) = error { throw HTTPError(500, "write_failed", words) }
            if case .history(let refusal) = error { throw PresetRoutes.storeError(refusal, name: "") }
            throw HTTPError(409, "too_many_rounds", "\(RoundStore.maxRounds) rounds are open; close one first")
        }
        app.decisions.record("round-started", preset: nil, by: request.author.user, summary: "started a blind round over \(subject)")
        return HTTPResponse.answer(round.summary, status: 201)
            .announcing("round", [("action", .string("started")), ("round", JSONValueEncoder.encode(round.summary))])
    }

    package func listRounds(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let limit = try Self.integerQuery(request, "limit", 1...1_000) ?? 100
        var all = app.rounds.list()
        switch request.query["state"] {
        case nil, "": break
        case "open": all = all.filter { $0.closedAt == nil }
        case "closed": all = all.filter { $0.closedAt != nil }
        default: throw .badRequest("must be open or closed", field: "state")
        }
        var older = all[...]
        // A round that is not (or no longer) there has nothing listed after it.
        if let before = request.query["before"], !before.isEmpty {
            older = all.firstIndex(where: { $0.id == before }).map { all[($0 + 1)...] } ?? []
        }
        let page = Paging.page(Array(older), limit: limit, id: \.id, encode: { JSONValueEncoder.encode($0.summary) })
        return Paging.response(page.entries, total: all.count, next: page.next, request: request, limit: limit)
    }

    /// `{"pair", "left", "right", "remaining", "total"}`; `pair` null once this person has judged every pair.
    package func nextPair(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let answer: (round: PairwiseRound, pair: (token: String, issued: PairwiseRound.Issued)?)?
        do { answer = try app.rounds.next(id, voter: Self.voter(request)) } catch { throw Self.roundError(error) }
        guard let answer else { throw Self.noRound(id) }
        let remaining = answer.round.remainingPairs(for: Self.voter(request)).count
        let side = { (index: Int) -> PairAnswer.Side in
            let token = answer.round.candidates[index].token
            return .init(candidate: token, render: "/api/rounds/\(id)/candidates/\(token)/render")
        }
        return .answer(PairAnswer(round: id, remaining: remaining, total: answer.round.pairCount, pair: answer.pair?.token,
                                  left: answer.pair.map { side($0.issued.left) }, right: answer.pair.map { side($0.issued.right) }))
    }

    /// Body: `{"pair", "choice": "left"|"right"|"none"}`.
    package func castVote(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let asked = try request.decodeBody(VoteRequest.self)
        let pair = asked.pair, choice = asked.choice
        let voter = Self.voter(request)
        let before = app.rounds.round(id)?.votes.count ?? 0
        let round: PairwiseRound?
        do { round = try app.rounds.vote(id, pair: pair, choice: choice, voter: voter) } catch { throw Self.roundError(error) }
        guard let round else { throw Self.noRound(id) }
        let replaced = round.votes.count == before
        let progress: [(String, JSONValue)] = [("round", .string(id)), ("votes", .number(Double(round.votes.count))),
                                               ("voters", .number(Double(round.voters.count)))]
        return HTTPResponse.answer(VoteAnswer(round: id, votes: round.votes.count, voters: round.voters.count,
                                              remaining: round.remainingPairs(for: voter).count, replaced: replaced), status: 201)
            .announcing("round", [("action", .string("voted"))] + progress)
    }

    /// The result: names, Bradley–Terry scores and each person's picks.
    package func roundResult(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        guard let round = app.rounds.round(id) else { throw Self.noRound(id) }
        return .answer(round.result)
    }

    /// Ends voting and keeps the ranking as a decision record.
    package func closeRound(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let closing: (round: PairwiseRound, closedNow: Bool)?
        do { closing = try app.rounds.close(id, by: request.author.user) } catch { throw Self.roundError(error) }
        guard let (round, closedNow) = closing else { throw Self.noRound(id) }
        if closedNow {
            let top = round.ranking.first.map { "\($0.name) first" } ?? "no votes"
            app.decisions.record("round-closed", preset: nil, by: request.author.user,
                           summary: "closed the blind round over \(round.subject): \(top), \(counted(round.votes.count, "vote", "votes")) from \(counted(round.voters.count, "person", "people"))",
                           details: JSONValueEncoder.encode(round.result))
        }
        return HTTPResponse.answer(round.result)
            .announcing("round", [("action", .string("closed")), ("round", JSONValueEncoder.encode(round.summary))])
    }

    /// A candidate's chart, drawn here from the parameters the round keeps: the page never
    /// learns them while the round is open.
    package func renderCandidate(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let (_, candidate) = try candidate(request)
        let drawing: ChartDrawing
        let asked = try request.decodeQuery(ViewRequest.self).chart
        do throws(ChartRequestError) { drawing = try asked.drawing(over: candidate.style) } catch { throw HTTPError(error) }
        return .svg(drawing.svg(data: try app.scenarios.data(named: drawing.scenario, else: app.data)))
    }

    /// Body `{"name"}`: a closed round's candidate as a new preset by this person; its first
    /// revision's message names the round it came from.
    package func saveCandidate(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let (round, candidate) = try candidate(request)
        guard round.closedAt != nil else {
            throw HTTPError(409, "round_open", "the round is still open: close it before saving a candidate", field: "id")
        }
        guard round.isDecided(by: request.author.user) else { throw Self.roundError(.notAVoter) }
        let raw = try request.decodeBody(NewPresetNameRequest.self).name
        let name: String
        do { name = try Preset.validName(raw) } catch { throw .badRequest(error.message, field: "name") }
        let rank = (round.ranking.firstIndex { $0.name == candidate.name } ?? 0) + 1
        let message = "from the blind round over \(round.subject) started by \(round.createdBy.isEmpty ? "someone" : round.createdBy) "
            + "(round \(round.id)): “\(candidate.name)”, ranked \(rank) of \(round.candidates.count)"
        let preset = Preset(name: name, author: request.author.user, updatedAt: Preset.now(), style: candidate.style)
        let saved: (entry: PresetStore.Entry, created: Bool, logged: DecisionLogEntry?)
        do {
            // A generated variation was brought in by the round's starter: like the saver, they cannot approve it.
            let generated = round.subject.hasSuffix("variations of a preset") && candidate.name.contains(" · variation ")
            // Who set each value is measured against the original a variation was made from, else the candidate itself.
            let base = generated ? round.candidates.first?.style ?? candidate.style : candidate.style
            saved = try app.presets.save(preset, ifMatch: nil, mustBeNew: true, author: request.author.user, message: message, basedOn: .style(base),
                                     contributors: generated ? [PresetStore.Contribution(round.createdBy)] : [])
        } catch PresetStore.SaveError.conflict {
            throw HTTPError(409, "conflict", "a preset named \"\(name)\" already exists", field: "name")
        } catch {
            throw Self.storeError(error, name: name)
        }
        app.decisions.announce(saved.logged)
        app.drafts.saved(name, seed: DraftStore.Seed(revision: saved.entry.revision, parameters: saved.entry.preset.parameters))
        var response = try presetResponse(saved.entry)
        response.status = 201
        return response.announcing("preset", [("action", .string("saved")), ("name", .string(name)), ("revision", Self.revisionJSON(saved.entry.revision))])
    }

    private func candidate(_ request: RequestContext) throws(HTTPError) -> (PairwiseRound, PairwiseRound.Candidate) {
        let id = request.pathParameters["id"] ?? ""
        guard let round = app.rounds.round(id) else { throw Self.noRound(id) }
        let token = request.pathParameters["token"] ?? ""
        guard let (_, candidate) = round.candidate(token: token) else {
            throw HTTPError(404, "not_found", "this round has no candidate \"\(String(token.prefix(32)))\"", field: "token")
        }
        return (round, candidate)
    }

    /// The style of a preset a round is started over.
    private func roundPreset(_ name: String, field: String) throws(HTTPError) -> ChartStyle {
        guard let entry = app.presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: field) }
        return entry.preset.style
    }

    private static func noRound(_ id: String) -> HTTPError { HTTPError(404, "not_found", "no round \"\(String(id.prefix(32)))\"", field: "id") }

    private static func roundError(_ error: RoundError) -> HTTPError {
        switch error {
        case .closed: HTTPError(409, "round_closed", "this round is closed; see its result")
        case .unknownPair: HTTPError(409, "unknown_pair", "this pair was not handed out or has been voted on already; ask for the next pair", field: "pair")
        case .notYourPair: HTTPError(403, "not_your_pair", "this pair was handed to someone else", field: "pair")
        case .tooManyVoters: HTTPError(409, "too_many_voters", "\(PairwiseRound.maxVoters) people have voted in this round already")
        case .notAVoter: HTTPError(403, "not_a_voter", "this round is closed and saved by who started it or voted in it")
        case .storage(let words): HTTPError(words.contains("full") ? 507 : 500, words.contains("full") ? "insufficient_storage" : "write_failed", words)
        case .history(let refusal): PresetRoutes.storeError(refusal, name: "")
        }
    }
}


extension PairwiseRound {
    var ranking: [RoundOutcome.Ranked] {
        let scores = fit.scores
        return candidates.indices.map { i in
            let mine = votes.filter { $0.left == i || $0.right == i }
            let wins = mine.reduce(0.0) { $0 + ($1.winner == i ? 1 : $1.winner == nil ? 0.5 : 0) }
            let candidate = candidates[i]
            return RoundOutcome.Ranked(index: i, name: candidate.name, candidate: candidate.token,
                                       parameters: .object(candidate.style.values.map { ($0.key, $0.value.json) }),
                                       score: scores[i], wins: wins, comparisons: mine.count)
        }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }

    /// How sure the closed round is that its leader beats the runner-up; nil with fewer than two ranked or no comparison between them.
    func leader(_ ranked: [RoundOutcome.Ranked], fit: BradleyTerry.Fit) -> RoundOutcome.Leader? {
        guard ranked.count > 1, let separation = BradleyTerry.separation(ranked[0].index, ranked[1].index, count: candidates.count, outcomes: outcomes, fit: fit)
        else { return nil }
        return Joined(RoundOutcome.Contenders(name: ranked[0].name, runnerUp: ranked[1].name), separation)
    }

    /// What anyone may see while voting: no candidate's name.
    var summary: RoundSummaryAnswer {
        Joined(heading, RoundProgress(candidates: candidates.count, pairs: pairCount, state: closedAt == nil ? "open" : "closed", votes: votes.count, voters: voters))
    }

    var heading: RoundHeading { RoundHeading(id: id, subject: subject, createdBy: createdBy, createdAt: createdAt) }

    /// While the round is open: how many ballots from whom, nothing about the candidates. Once
    /// closed: the ranking with names, tokens and parameters, and every ballot by name.
    var result: RoundResultAnswer {
        let open = closedAt == nil
        let fit = fit
        let ranking = ranking
        return Joined(heading, RoundOutcome(
            state: open ? "open" : "closed", closedAt: closedAt,
            model: "bradley-terry", regularised: open ? false : fit.regularised, candidates: candidates.count, ballots: votes.count, voters: voters,
            ranking: open ? [] : ranking,
            leader: open ? nil : leader(ranking, fit: fit),
            votes: open ? [] : votes.map { vote in
                .init(voter: vote.voter, left: candidates[vote.left].name, right: candidates[vote.right].name, choice: vote.choice.rawValue,
                      winner: vote.winner.map { candidates[$0].name }, at: vote.at)
            }))
    }
}
