import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PreferenceLearning
import PriceData
import WorkbenchStores
import WorkbenchSupport

/// Explore rounds (SPEC §12): a preference model over the parameters people chose proposes
/// candidates (new points, not presets) after each answer, keeps the team's best with its
/// uncertainty, and saves it as a preset. A round ends when someone ends it, or by itself once
/// the best has settled for K answers after the model's first 8 far-apart exploration pairs
/// (`stableAfter`, default 24: at least 32 answers).
struct ExploreRoutes: PresetReading {
    let app: AppServices

    /// What "settled" means for the end rule (the round's `stabilityTolerance`): a best that moves
    /// a little still counts as settled, and the words say so rather than "did not move".
    static var settledMeans: String {
        let share = Int((ExploreRound.Settings().stabilityTolerance * 100).rounded())
        return "the same choices, and every number within \(share) % of its range of where it stood"
    }

    var middlewares: [any Middleware] { [EventPublisher(events: app.events)] }

    func addRoutes(to r: inout Router) {
        r.post("/api/explore", "Start an Explore round from a preset: {\"preset\", \"parameters\": [key or {key, min, max}], \"voters\"?: [names], \"stableAfter\"?: K (\(ExploreStore.stableRange.lowerBound)–\(ExploreStore.stableRange.upperBound), default \(ExploreStore.defaultStableAfter): answers the best has settled for, counted after the first \(ExploreRound.Settings().explorationAnswers) far-apart pairs), \"endWhenStable\"?: true, \"honesty\"?: true (propose and show as best only charts that pass the honesty check), \"seed\"?}",
               schema: RequestSchema.of(ExploreStartRequest.self).body(), answers: [.json("the round", ExploreRoundAnswer.self, status: 201)], errors: [404, 409]) { try start($0) }
        r.get("/api/explore", "Explore rounds, newest first", answers: [.json("rounds", [ExploreRoundAnswer].self)]) { _ in try list() }
        r.get("/api/explore/{id}/next", "Your next candidates, drawn by the model: a pair (count=2, or 4 side by side), a line (kind=line: 21 stops from the team's best to a challenger; answer the stop where it looks best) or a gallery (kind=gallery: nine on a plane around the team's best, pick one). Their parameters, no names; svg=true adds the engine's SVG at rest and pressed. Needs a person who may answer; each kind (and a pair's count) is the same question (stored once) until you answer it, so asking for another kind and back hands out nothing new, unless answers since have moved the team's best off it (none of its charts, a line's start or a gallery's centre is the best): then it is asked afresh.",
              query: [.init("kind", OpenAPIDocument.enumeration(Self.askedKinds.map(\.rawValue)), "what to answer: pair (default), line or gallery"),
                      .init("count", OpenAPIDocument.enumeration(["2", "4"]), "a pair's candidates side by side"), .init("svg", OpenAPIDocument.enumeration(["true", "false"]), "include SVGs")],
              answers: [.json("the candidates", ExploreNextAnswer.self)], errors: [401, 403, 404, 409]) { try next($0) }
        r.post("/api/explore/{id}/answers", "Answer your candidates: {\"ticket\", \"choice\"}: a pair's or four's \"a\"…\"d\" or \"none\" (no preference), a gallery's \"a\"…\"i\", a line's stop \"0\"…\"20\"",
               schema: RequestSchema.of(ExploreAnswerRequest.self).body(), answers: [.json("recorded; the best now", ExploreRecordedAnswer.self, status: 201)], errors: [403, 404, 409]) { try answer($0) }
        r.post("/api/explore/{id}/edits", "Values of the round's moving parameters you set by hand and keep, {\"values\": {key: value}} (the others: the team's best's): an answer of kind edit, the kept values beating the team's current best",
               schema: RequestSchema.of(ExploreEditRequest.self).body(), answers: [.json("recorded; the best now", ExploreRecordedAnswer.self, status: 201)], errors: [400, 403, 404, 409]) { try edit($0) }
        r.get("/api/explore/{id}/best", "The team's current best: its parameters, mean and standard deviation of the utility, the changes from the starting preset in words",
              answers: [.json("the best", ExploreBestAnswer.self)], errors: [404, 409]) { try best($0) }
        r.get("/api/explore/{id}", "The round: its parameters, voters, state, answers by person and the best", answers: [.json("the round", ExploreRoundAnswer.self)], errors: [404]) {
            try show($0)
        }
        r.post("/api/explore/{id}/end", "End the round (a round that names its voters: by one of them); its best is recorded in the decision log", body: nil,
               answers: [.json("the round", ExploreRoundAnswer.self)], errors: [403, 404]) { try end($0) }
        r.post("/api/explore/{id}/save", "Save the best as a new preset {\"name\"} (a round that names its voters: by one of them); its first revision names the round and the number of answers",
               schema: RequestSchema.of(NewPresetNameRequest.self).body(), answers: [.json("saved", ExploreSavedAnswer.self, status: 201)], errors: [403, 404, 409, 507]) { try save($0) }
    }

    // MARK: handlers

    package func start(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try request.decodeBody(ExploreStartRequest.Origin.self).preset
        guard let entry = app.presets.get(name) else { throw HTTPError(404, "not_found", "no preset named \"\(name)\"", field: "preset") }
        let body = try request.decodeBody(ExploreStartRequest.self)
        let keys = body.keys, voters = body.voters
        // A parameter that changes nothing in any candidate would spend answers on charts alike.
        for (i, key) in keys.enumerated() {
            if let why = Self.neverShown(key, moving: keys, in: entry.preset.style, preset: name) { throw .badRequest(why, field: "parameters[\(i)]") }
        }
        let round: Exploration
        do {
            round = try app.explore.create(preset: name, base: entry.preset.style, keys: keys, ranges: body.ranges, voters: voters, stableAfter: body.stableAfter,
                                       endWhenStable: body.endWhenStable, honesty: body.honesty, seed: body.seed, by: request.author.user)
        } catch { throw Self.exploreError(error) }
        let labels = keys.compactMap { ParameterDefinition.named($0).map { $0.standaloneLabel.lowercased() } }.joined(separator: ", ")
        app.decisions.record("explore-started", preset: name, by: request.author.user,
                         summary: "started an Explore round from “\(name)” over \(labels)" + (voters.isEmpty ? "" : " for \(voters.joined(separator: ", "))"),
                         details: ExploreStartedDetails(round: round.id, parameters: keys))
        let answer = roundAnswer(round)
        return HTTPResponse.answer(answer, status: 201).announcing("explore", [("action", .string("started")), ("round", .string(round.id))])
    }

    package func list() throws(HTTPError) -> HTTPResponse {
        do { return .answer(try app.explore.list().map(roundAnswer)) } catch { throw Self.exploreError(error) }
    }

    package func next(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        guard let count = ["2": 2, "4": 4][request.query["count"] ?? "2"] else { throw .badRequest("must be 2 or 4", field: "count") }
        let kind = try Self.askedKind(request.query["kind"])
        guard let drawings = ["true": true, "false": false][request.query["svg"] ?? "false"] else { throw .badRequest("must be true or false", field: "svg") }
        // A read that hands out candidates stores them: only a person who may answer gets them.
        guard request.author.isPerson else { throw Self.personRequired }
        guard request.role != .viewer, request.author.role != .viewer else {
            throw HTTPError(403, "viewer", "viewers watch Explore rounds; candidates are handed to those who answer")
        }
        let issued: (Exploration, Exploration.Ticket)
        do { issued = try app.explore.next(id, person: Self.voter(request), count: count, kind: kind, parameters: Self.candidateValues, admissible: Self.honest) } catch { throw Self.exploreError(error, id: id) }
        let (round, ticket) = issued
        let series = drawings ? app.data.snapshot.data : nil
        let ids = Exploration.candidateIDs(of: ticket)
        let candidates = ticket.points.enumerated().map { i, point in
            let style = round.style(at: point)
            var svg: ExploreNextAnswer.Candidate.Drawings?
            if let series {
                let rest = ChartDrawing(style: style).svg(data: series)
                var press = ChartDrawing(style: style)
                press.progress = 1
                press.selection = 0.62
                let pressed = press.svg(data: series)
                svg = .init(rest: rest, pressed: pressed)
            }
            return ExploreNextAnswer.Candidate(id: ids[i], values: Self.values(round, point),
                                               parameters: Self.parameters(style), svg: svg)
        }
        return .answer(ExploreNextAnswer(round: id, ticket: ticket.token, kind: ticket.answerKind.rawValue, answers: round.model.answers.count, candidates: candidates,
                                         fromBest: round.isBuiltOnBest(ticket), testing: Self.testing(round, ticket.points, series: series ?? app.data.snapshot.data)))
    }

    package func answer(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let asked = try request.decodeBody(ExploreAnswerRequest.self)
        let ticket = asked.ticket, choice = asked.choice
        let person = Self.voter(request)
        let result: (round: Exploration, endedNow: Bool)
        do { result = try app.explore.answer(id, ticket: ticket, choice: choice, person: person, parameters: Self.candidateValues, admissible: Self.honest) } catch {
            throw Self.exploreError(error, id: id)
        }
        return recorded(result, by: person)
    }

    package func best(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let round: Exploration
        do { round = try app.explore.round(id) } catch { throw Self.exploreError(error, id: id) }
        guard let best = bestAnswer(round) else { throw HTTPError(409, "no_answers", "no answers yet: the model has no best") }
        return .answer(best)
    }

    package func show(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        do { return .answer(roundAnswer(try app.explore.round(id))) } catch { throw Self.exploreError(error, id: id) }
    }

    package func end(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let result: (round: Exploration, endedNow: Bool)
        do { result = try app.explore.end(id, by: request.author.user) } catch { throw Self.exploreError(error, id: id) }
        let answer = roundAnswer(result.round)
        if result.endedNow { recordEnd(result.round, best: answer.best, by: request.author.user) }
        return HTTPResponse.answer(answer)
            .announcing("explore", [("action", .string("ended")), ("round", .string(id))])
    }

    package func save(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let id = request.pathParameters["id"] ?? ""
        let raw = try request.decodeBody(NewPresetNameRequest.self).name
        let name: String
        do { name = try Preset.validName(raw) } catch { throw .badRequest(error.message, field: "name") }
        let round: Exploration
        do {
            round = try app.explore.round(id)
            try app.explore.maySave(round, by: request.author.user)
        } catch { throw Self.exploreError(error, id: id) }
        guard let best = round.model.best else { throw HTTPError(409, "no_answers", "no answers yet: there is no best to save") }
        let summary = Self.summary(Self.changes(round, at: best.point))
        let byKind = Self.answersByKind(round)
        let (agreed, disagreed, choices) = Self.agreement(round)
        let whoAgreed = Self.agreementWords(agreed, disagreed, choices)
        let byPerson = Self.answersByPersonText(round)
        let message = Self.savedMessage(head: "From the Explore round \(round.createdBy.isEmpty ? "" : "\(round.createdBy) ")started from “\(round.preset)” (round \(id)): the team's best after \(counted(round.history.count, "answer", "answers")) (\(byKind.first.text); \(counted(best.answers, "comparison", "comparisons"))) from \(byPerson)",
                                        changes: summary, whoAgreed: whoAgreed)
        let preset = Preset(name: name, author: request.author.user, notes: "", style: Self.clean(round.style(at: best.point)))
        let saved: (entry: PresetStore.Entry, created: Bool, logged: DecisionLogEntry?)
        do {
            saved = try app.presets.save(preset, ifMatch: nil, mustBeNew: true, author: request.author.user, message: message, basedOn: .style(round.baseStyle),
                                         contributors: Self.editors(carriedBy: best.point, in: round, saver: request.author.user))
        }
        catch PresetStore.SaveError.conflict { throw HTTPError(409, "conflict", "a preset named \"\(name)\" already exists", field: "name") }
        catch { throw Self.storeError(error, name: name) }
        app.decisions.announce(saved.logged)
        app.events.publish("preset", JSONValueEncoder.encode(Joined(PresetSaved(name: name, revision: String(saved.entry.revision)),
                                                                CausedBy(user: request.author.user, client: Presence.alias(request.author.client)))))
        do { try app.explore.saved(id, as: name, whoAgreed: whoAgreed) } catch { throw Self.exploreError(error, id: id) }
        app.decisions.record("explore-saved", preset: name, revision: saved.entry.revision, by: request.author.user,
                         summary: "saved the Explore round \(id)'s best as “\(name)” after \(byKind.first.text) from \(byPerson) (\(summary)). " + whoAgreed,
                         details: ExploreSavedDetails(round: id, answers: best.answers, answersByKind: byKind, agreed: agreed, disagreed: disagreed))
        return HTTPResponse.answer(ExploreSavedAnswer(round: id, name: name, revision: Self.revisionJSON(saved.entry.revision).stringValue ?? "", message: message,
                                                      answersByKind: byKind, agreed: agreed, disagreed: disagreed,
                                                      whoAgreed: whoAgreed), status: 201)
            .announcing("explore", [("action", .string("saved")), ("round", .string(id)), ("name", .string(name))])
    }

    /// The people whose edits by hand the saved best carries: on a key an edit answer changed,
    /// the best holds its kept value, or a number nearer the kept value than the one it replaced
    /// (the model's best often lands a step beyond an edit: an attack pass approved a best of 8 px
    /// after its own edit to 7.5). Their approval of it would be of their own work, as a
    /// shared-draft edit's is.
    static func editors(carriedBy point: [Double], in round: Exploration, saver: String) -> [PresetStore.Contribution] {
        let adapter = round.adapter
        let saved = adapter.values(at: point)
        func carries(_ kept: ParameterValue?, over: ParameterValue?, _ saved: ParameterValue?) -> Bool {
            guard kept != over else { return false }
            if kept == saved { return true }
            guard case .number(let k) = kept, case .number(let o) = over, case .number(let s) = saved else { return false }
            return abs(s - k) < abs(s - o)
        }
        return PresetStore.Contribution.collecting(round.model.answers.filter { $0.kind == .edit && $0.person != saver }.map { answer in
            let kept = adapter.values(at: answer.first), over = adapter.values(at: answer.second)
            return (answer.person, round.keys.filter { carries(kept[$0], over: over[$0], saved[$0]) })
        })
    }

    /// A save's revision note within the history's bound: "head: changes. Who agreed". Too long,
    /// the changes go first (the revision itself shows them), then the end is cut at a word (a
    /// walk read "…Top opaci…").
    static func savedMessage(head: String, changes: String, whoAgreed: String, limit: Int = PresetHistory.Limits.messageCharacters) -> String {
        let whole = "\(head): \(changes). \(whoAgreed)"
        if whole.count <= limit { return whole }
        let shorter = "\(head); its changes are in this revision. \(whoAgreed)"
        if shorter.count <= limit { return shorter }
        let cut = shorter.prefix(limit - 1)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
    }

    // MARK: answers

    /// The log's entry for a round that ended, with its `best` as the answer that ends it says it.
    /// A round that ended by itself is told by whoever gave its last answer, which ended it, and
    /// said so: they did not end it.
    func recordEnd(_ round: Exploration, best: ExploreBestAnswer?, by person: String) {
        let what = round.endReason == "stable"
            ? "gave the last answer of Explore round \(round.id) from “\(round.preset)”, which ended by itself after \(Self.answersSaid(round)): the best had settled for \(round.stableAfter) answers (\(Self.settledMeans))"
            : "ended Explore round \(round.id) from “\(round.preset)” after \(Self.answersSaid(round))"
        app.decisions.record("explore-ended", preset: round.preset, by: person,
                         summary: "\(what); the team's pick: \(best?.summary ?? "no answers")",
                         details: ExploreEndedDetails(round: round.id, reason: round.endReason ?? "ended", best: best?.values))
    }

    func roundAnswer(_ round: Exploration) -> ExploreRoundAnswer {
        let params = round.keys.compactMap(ParameterDefinition.named).map { d -> ExploreParameterAnswer in
            let range = round.ranges[d.key]
            switch d.kind {
            case .number(let r, let step, let unit):
                return .init(key: d.key, label: d.standaloneLabel, unit: unit, min: range?.first ?? r.lowerBound, max: range?.last ?? r.upperBound, step: step, options: nil)
            case .integer(let r, let step, _):
                return .init(key: d.key, label: d.standaloneLabel, unit: nil, min: range?.first ?? Double(r.lowerBound), max: range?.last ?? Double(r.upperBound), step: Double(step), options: nil)
            case .choice(let options, _): return .init(key: d.key, label: d.standaloneLabel, unit: nil, min: nil, max: nil, step: nil, options: options)
            default: return .init(key: d.key, label: d.standaloneLabel, unit: nil, min: nil, max: nil, step: nil, options: nil)
            }
        }
        return ExploreRoundAnswer(id: round.id, preset: round.preset, createdBy: round.createdBy, createdAt: round.createdAt,
                                  state: round.isOpen ? "open" : "ended", endedAt: round.endedAt, endedBy: round.endedBy, endReason: round.endReason,
                                  parameters: params, voters: round.voters, endWhenStable: round.endWhenStable, stableAfter: round.stableAfter, honesty: round.honesty == true,
                                  answers: round.model.answers.count, people: round.history.map(\.person).firstOccurrences, answersByKind: Self.answersByKind(round),
                                  start: .init(values: Self.values(round, round.startPoint), parameters: Self.parameters(Self.clean(round.style(at: round.startPoint)))),
                                  best: bestAnswer(round),
                                  history: round.history.map { .init(answer: $0, text: Self.answerWords($0)) },
                                  saved: round.saved,
                                  saves: round.saved.enumerated().map { i, name in
                                      .init(name: name, whoAgreed: round.savedAgreement.flatMap { i < $0.count ? $0[i] : nil } ?? "")
                                  })
    }

    /// How `point` differs from the round's starting preset, in the words of a save's changes
    /// (the log's), for the parameters that move.
    static func changes(_ round: Exploration, at point: [Double]) -> [ExploreChangeAnswer] {
        let style = Self.clean(round.style(at: point)), base = round.baseStyle
        let words = Dictionary(ChangeWords.changes(from: base, to: style).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        return round.keys.compactMap { key -> ExploreChangeAnswer? in
            guard let change = words[key], let d = ParameterDefinition.named(key) else { return nil }
            return .init(key: key, label: d.standaloneLabel, from: d.value(in: base).json, to: d.value(in: style).json, text: change.words)
        }
    }

    /// "Inactive line width 4 → 3 px, …", or "the starting preset".
    static func summary(_ changes: [ExploreChangeAnswer]) -> String {
        changes.isEmpty ? "the starting preset" : changes.map(\.text).joined(separator: ", ")
    }

    /// The team's best as every read and answer says it, computed once for each count of answers.
    func bestAnswer(_ round: Exploration) -> ExploreBestAnswer? {
        app.exploreBests.best(of: round, Self.readBest)
    }

    static func readBest(_ round: Exploration) -> ExploreBestAnswer? {
        guard let best = round.model.best else { return nil }
        let style = Self.clean(round.style(at: best.point))
        let changes = Self.changes(round, at: best.point)
        // The team's importance at the best: its words and "why".
        let ranked = round.adapter.importance(of: round.model) ?? []
        let (importance, why) = Self.importance(round, ranked, best: style)
        let (people, agreement, agreementSummary) = Self.people(round)
        let overStart = Self.overStart(round.model.teamPreference(of: best.point, over: round.startPoint), start: round.preset)
        return ExploreBestAnswer(round: round.id, answers: best.answers, mean: best.mean, sd: best.sd, overStart: overStart, stableFor: best.stableFor,
                                 stableAfter: round.stableAfter, isStable: best.isStable, values: Self.values(round, best.point),
                                 parameters: Self.parameters(style), changes: changes,
                                 summary: Self.summary(changes),
                                 importance: importance, why: why, people: people, agreement: agreement, agreementSummary: agreementSummary,
                                 honesty: honesty(of: style, inHonestRound: round.honesty == true))
    }

    /// "It fails 6 honesty checks on flash-crash, spike and outage (…): a reviewer approves it
    /// only by acknowledging them." The best is read once per answer (`ExploreBestReadings`).
    static func honesty(of style: ChartStyle, inHonestRound honest: Bool) -> ExploreHonestyAnswer {
        let report = HonestyMarkets.eventReport(style)
        let markets = listed(HonestyMarkets.eventScenarios.map(\.rawValue), "and")
        guard !report.pass else { return ExploreHonestyAnswer(pass: true, failures: [], text: "It passes the honesty check on \(markets).") }
        let count = counted(report.failures.count, "honesty check", "honesty checks")
        let advice = honest ? "" : " A round started with “Only honest charts” keeps to charts that pass."
        return ExploreHonestyAnswer(pass: false, failures: report.failures,
                                    text: "It fails \(count) on \(markets) (\(report.failures[0])): a reviewer approves it only by acknowledging them.\(advice)")
    }

    /// The style with numbers rounded to a millionth (grid values carry float noise).
    static func clean(_ style: ChartStyle) -> ChartStyle {
        var out = style
        for (key, value) in style.values {
            switch value {
            case .number(let v): try? out.set(key, .number((v * 1e6).rounded() / 1e6))
            case .numbers(let list): try? out.set(key, .numbers(list.map { ($0 * 1e6).rounded() / 1e6 }))
            default: break
            }
        }
        return out
    }

    static func parameters(_ style: ChartStyle) -> JSONValue { .object(clean(style).values.map { ($0.key, $0.value.json) }) }

    static func values(_ round: Exploration, _ point: [Double]) -> JSONValue { JSONValueEncoder.encode(movingValues(round, point)) }

    /// The round's moving parameters at `point`, rounded as the page shows them.
    static func movingValues(_ round: Exploration, _ point: [Double]) -> OrderedMembers<ParameterValue> {
        let style = clean(round.style(at: point))
        return OrderedMembers(round.keys.compactMap { key in ParameterDefinition.named(key).map { (key, $0.value(in: style)) } })
    }

    /// The candidates' moving values, for the round's records in the database.
    static func candidateValues(_ round: Exploration, _ points: [[Double]]) -> ExploreStore.CandidateValues {
        points.map { movingValues(round, $0) }
    }

    static let personRequired = HTTPError(401, "person_required",
        "candidates are handed to people: choose a name first (POST /api/people) and send the secret it gives as X-Workbench-Secret", field: "X-Workbench-Secret")

    /// A round with `honesty` shows only charts that pass the honesty check (on
    /// `HonestyMarkets.eventScenarios`): its candidates and its best.
    static func honest(_ round: Exploration) -> (@Sendable ([Double]) -> Bool)? {
        guard round.honesty == true else { return nil }
        return { point in HonestyMarkets.passesForExplore(round.style(at: point)) }
    }

    static func exploreError(_ error: ExploreStore.Failure, id: String = "") -> HTTPError {
        switch error {
        case .notFound: HTTPError(404, "not_found", "no Explore round \"\(String(id.prefix(32)))\"", field: "id")
        case .closed: HTTPError(409, "round_ended", "this Explore round has ended; see its best")
        case .tooMany: HTTPError(409, "too_many_rounds", "\(ExploreStore.maxOpenRounds) Explore rounds are open; end one first")
        case .notAVoter: HTTPError(403, "not_a_voter", "this round is answered, ended and saved by the people it names")
        case .unknownTicket: HTTPError(409, "unknown_ticket", "these candidates were answered already or replaced; ask for the next", field: "ticket")
        case .notYourTicket: HTTPError(403, "not_your_ticket", "these candidates were handed to someone else", field: "ticket")
        case .badChoice: HTTPError(400, "bad_request", "must name one of the candidates shown (a line: one of its stops), or none for a pair", field: "choice")
        case .nothingChanged: HTTPError(409, "nothing_changed", "these values are the team's best as it is: change one to answer by an edit", field: "values")
        case .full: HTTPError(409, "round_full", "this round is full: \(ExploreStore.maxAnswers) comparisons, or all the candidates it may hand out; end it")
        case .noAdmissibleCandidate:
            HTTPError(409, "no_honest_candidate", "no candidate the model tried passes the honesty check on \(HonestyMarkets.eventScenarios.map(\.rawValue).joined(separator: ", ")) (a line or a gallery: not even at a quarter of its reach); ask for a pair, or let more parameters move, or widen their ranges")
        case .storage(let words): HTTPError(words.contains("full") ? 507 : 500, words.contains("full") ? "insufficient_storage" : "write_failed", "the round could not be stored: \(words)")
        case .history(let refusal): PresetRoutes.storeError(refusal, name: "")
        }
    }
}
