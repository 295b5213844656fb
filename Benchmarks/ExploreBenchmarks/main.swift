// Explore benchmarks (release build): the time from an answer to the next proposal with 200
// answers over 10 parameters, and the learning tables against random pairs ranked by
// Bradley–Terry, one row per hidden-taste family (those kept aside marked).
//
//   swift run -c release ExploreBenchmarks [studies a family, default 20]
//
// Environment: FAMILY (a comma-separated list, "tuning", "heldout", "all" (default) or "none"),
// SPACE ("bench": make bench-explore's five numbers and the curve (default); "chart": ten
// parameters of every kind; or "bench,chart"), ORDER (who answers: "bench" (default), "turns",
// "random"), SEED0 (the first study's seed), NOISE_SCALE (× the people's temperatures),
// SIMULATION_THREADS, NOTIME (no timing), VERBOSE (every checkpoint); settings: EXPLORE, REVERY,
// CEVERY, PEVERY (a person's turn every n-th line or gallery, 0 never), CAUTION, ACQ, RANDOM,
// LOCAL, SCALES, NOHYPER, PEOPLE_NOISE (fixed σ multipliers of the three people, e.g. 0.5,1,1.9:
// what knowing them would be worth). Diagnostics: ORACLE=1 (the
// best against the best point shown, and with the right categories; DUMP=1 prints every study's
// row), NOISE=1 (the people's estimated σ, quartiles), TRACE=family:seed (every answer, with
// the pair's distance), DISAGREE=0 (no disagreement studies; PULL: how much each person's own value counts, 1 by default), PERSON_SHARE (a fixed share of each person's own taste), LOSSES=1 (the studies where the round's best at 30 answers was not closer
// than random pairs + Bradley–Terry, by whether each had the hidden best's categories). FAMILY
// applies to the diagnostics too.
import Foundation
import PreferenceLearning

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

/// This thread's CPU time in ms (the wall clock counts other processes' turns on a shared machine).
func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

let env = ProcessInfo.processInfo.environment
let clock = ContinuousClock()

// Timing: a round with 200 answers from the simulated team, then answer → proposal timed 15 times
// (each record refits the model, tries ≤ 2 neighbouring values of one hyperparameter group and
// updates the best).
if env["NOTIME"] == nil {
    let parameters = Simulation.chartStudyParameters()
    let space = parameters.space
    var rng = SplitMix64(seed: 99)
    let taste = HiddenTaste(space: space, rng: &rng)
    var round = ExploreRound(space: space, seed: 7)
    var cpuTimes: [Double] = []
    var times: [Double] = [], recordTimes: [Double] = [], proposeTimes: [Double] = [], explainTimes: [Double] = [], viewTimes: [Double] = []
    var person = SimulatedPerson.team[0]
    var proposal = round.propose(for: person.name)
    for n in 1...215 {
        let outcome = person.answer(proposal.first, proposal.second, taste: taste, rng: &rng)
        let start = clock.now, cpuStart = cpuMilliseconds()
        try round.record(outcome, to: proposal.id, person: person.name)
        let mid = clock.now
        person = SimulatedPerson.team[n % 3]
        proposal = round.propose(for: person.name)
        let end = clock.now
        if n > 200 {
            cpuTimes.append(cpuMilliseconds() - cpuStart)
            // The people's view, which the store fits after every answer (not counted above).
            var viewed = round
            let fitting = clock.now
            viewed.fitModel()
            viewTimes.append(milliseconds(clock.now - fitting))
            times.append(milliseconds(end - start))
            recordTimes.append(milliseconds(mid - start))
            proposeTimes.append(milliseconds(end - mid))
            // What the answers add to it (not counted above): the importance at the best and what the pair tests.
            let explained = clock.now
            _ = parameters.testing([proposal.first, proposal.second], importance: parameters.importance(of: round))
            explainTimes.append(milliseconds(clock.now - explained))
        }
    }
    // A line and a gallery from the same round, and a gallery's pick recorded (nine charts, eight comparisons, one refit).
    var lineTimes: [Double] = [], galleryTimes: [Double] = [], pickTimes: [Double] = []
    for _ in 0..<5 {
        var copy = round
        let t0 = clock.now
        _ = copy.linePoints(copy.proposeLine(for: person.name))
        let t1 = clock.now
        let points = copy.galleryPoints(copy.proposeGallery(for: person.name))
        let t2 = clock.now
        try copy.record(pick: person.pick(points, utility: taste.utility, rng: &rng), among: points, kind: .gallery, person: person.name)
        lineTimes.append(milliseconds(t1 - t0)); galleryTimes.append(milliseconds(t2 - t1)); pickTimes.append(milliseconds(clock.now - t2))
    }
    let m = Simulation.median
    print(String(format: "answer → proposal at 200–215 answers × %d parameters: median %.1f ms (record+refit %.1f, propose %.1f), max %.1f ms",
                 space.count, m(times), m(recordTimes), m(proposeTimes), times.max()!))
    print(String(format: "  a line: median %.1f ms; a gallery: median %.1f ms; a gallery's pick recorded (8 comparisons, one refit): median %.1f ms",
                 m(lineTimes), m(galleryTimes), m(pickTimes)))
    print(String(format: "  (the answering thread's CPU time of the same: median %.1f ms, max %.1f ms; a hyperparameter group's fits run on the other cores too)", m(cpuTimes), cpuTimes.max()!))
    print(String(format: "  explaining it (importance at the best, what the pair tests): median %.2f ms, max %.2f ms", m(explainTimes), explainTimes.max()!))
    // The same round answered on to the store's limit of 400 comparisons: the last answer's refit and the view's fit.
    while round.answers.count < 399 {
        let p = round.propose(for: person.name)
        try round.record(person.answer(p.first, p.second, taste: taste, rng: &rng), to: p.id, person: person.name)
        person = SimulatedPerson.team[round.answers.count % 3]
    }
    let last = round.propose(for: person.name), t400 = clock.now
    try round.record(person.answer(last.first, last.second, taste: taste, rng: &rng), to: last.id, person: person.name)
    let t400mid = clock.now
    round.fitModel()
    print(String(format: "  each person's view fitted after an answer: median %.1f ms at 200–215 answers, max %.1f ms; at 400 comparisons: the answer's refit %.1f ms, the view %.1f ms",
                 m(viewTimes), viewTimes.max()!, milliseconds(t400mid - t400), milliseconds(clock.now - t400mid)))
    print("hyperparameters: \(round.hyperparameters)")
}

let studies = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20 : 20
let start = clock.now
let scale = env["NOISE_SCALE"].flatMap(Double.init) ?? 1
let people = SimulatedPerson.team.map { SimulatedPerson(name: $0.name, temperature: $0.temperature * scale, tieMargin: $0.tieMargin) }
let order = env["ORDER"].flatMap(Simulation.Order.init) ?? .bench
var settings = ExploreRound.Settings()
if env["NOHYPER"] != nil { settings.hyperparameterSearch = false }
if let v = env["PEOPLE_NOISE"] {   // e.g. 0.5,1,2: fixed σ multipliers of ada, ben, cy
    for (p, x) in zip(SimulatedPerson.team, v.split(separator: ",").compactMap { Double(String($0)) }) { settings.fixedPersonNoise[p.name] = x }
}
if let v = env["LOCAL"].flatMap(Int.init) { settings.localMoves = v }
if let v = env["RANDOM"].flatMap(Int.init) { settings.randomCandidates = v }
if let a = env["ACQ"].flatMap(ExploreRound.Settings.Acquisition.init(rawValue:)) { settings.acquisition = a }
if let v = env["CEVERY"].flatMap(Int.init) { settings.categoryEvery = v }
if let v = env["PEVERY"].flatMap(Int.init) { settings.personEvery = v }
if let v = env["REVERY"].flatMap(Int.init) { settings.randomEvery = v }
if let v = env["SCALES"] { settings.localScales = v.split(separator: ",").compactMap { Double(String($0)) } }
if let v = env["EXPLORE"].flatMap(Int.init) { settings.explorationAnswers = v }
if let v = env["CAUTION"].flatMap(Double.init) { settings.bestCaution = v }
if let v = env["PERSON_SHARE"].flatMap(Double.init) { settings.fixedPersonShare = v }
let fixedSettings = settings
let oneSpace = env["SPACE"] == "chart" ? Simulation.chartStudySpace() : Simulation.benchStudySpace()

let familyList: [HiddenTaste.Family] = {
    switch env["FAMILY"] ?? "all" {
    case "all": return HiddenTaste.Family.tuning + HiddenTaste.Family.heldOut
    case "tuning": return HiddenTaste.Family.tuning
    case "heldout": return HiddenTaste.Family.heldOut
    case let list: return list.split(separator: ",").compactMap { HiddenTaste.Family(rawValue: String($0)) }
    }
}()

if let trace = env["TRACE"] {
    // TRACE=family:seed — every answer: who, the pair's categories (last axis) and hidden
    // utilities, the answer, the best's utility, mean, sd, distance and point.
    let parts = trace.split(separator: ":")
    guard parts.count == 2, let family = HiddenTaste.Family(rawValue: String(parts[0])), let seed = UInt64(parts[1]) else {
        print("TRACE=family:seed"); exit(2)
    }
    var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
    let taste = HiddenTaste(space: oneSpace, family: family, rng: &rng)
    var round = ExploreRound(space: oneSpace, seed: seed, settings: settings)
    print("optimum", taste.optimum.map { String(format: "%.2f", $0) }.joined(separator: " "))
    for n in 1...50 {
        let person = Simulation.person(n, people, order: order, &rng)
        let p = round.propose(for: person.name)
        let o = person.answer(p.first, p.second, taste: taste, rng: &rng)
        try round.record(o, to: p.id, person: person.name)
        let b = round.best!
        print(String(format: "%2d %@ [%.0f v %.0f] d %.2f u %.3f vs %.3f → %@ | best u %.3f mean %.2f sd %.2f dist %.2f", n, person.name,
                     p.first.last!, p.second.last!, oneSpace.distance(p.first, p.second), taste.utility(p.first), taste.utility(p.second), "\(o)", taste.utility(b.point), b.mean, b.sd,
                     taste.distanceToBest(b.point)), b.point.map { String(format: "%.2f", $0) }.joined(separator: " "))
    }
    print(round.hyperparameters)
    exit(0)
}

/// Each study of `family` answered to 50 by the simulated people; `measure` read at 30 and at 50
/// answers, its values joined (the NOISE and ORACLE diagnostics).
func studiesMeasuredAt30And50(_ family: HiddenTaste.Family, _ measure: @escaping @Sendable (ExploreRound, HiddenTaste) -> [Double]) -> [[Double]] {
    Simulation.studiesInParallel(studies) { i -> [Double] in
        let seed = UInt64(i + 1)
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let taste = HiddenTaste(space: oneSpace, family: family, rng: &rng)
        var round = ExploreRound(space: oneSpace, seed: seed, settings: fixedSettings)
        var out: [Double] = []
        for n in 1...50 {
            let person = Simulation.person(n, people, order: order, &rng)
            let p = round.propose(for: person.name)
            try! round.record(person.answer(p.first, p.second, taste: taste, rng: &rng), to: p.id, person: person.name)
            if n == 30 || n == 50 { out += measure(round, taste) }
        }
        return out
    }
}

if env["NOISE"] != nil {
    // At 30 and 50 answers: quartiles of the σ the round estimated for the typical person and
    // for each simulated person (their temperatures' ratios are 1 : 2 : 3.75).
    for family in familyList {
        let rows = studiesMeasuredAt30And50(family) { round, _ in
            let h = round.hyperparameters
            return [h.noise] + people.map { h.noise * (h.personNoise[$0.name] ?? 1) }
        }
        let names = ["σ"] + people.map(\.name), width = names.count
        let cells = (0..<(2 * width)).map { k -> String in
            let c = rows.map { $0[k] }.sorted()
            return String(format: "%@ %.2f/%.2f/%.2f", names[k % width], c[c.count / 4], c[c.count / 2], c[3 * c.count / 4])
        }
        print("\(family)".padding(toLength: 10, withPad: " ", startingAt: 0), "30:", cells[..<width].joined(separator: "  "), "| 50:", cells[width...].joined(separator: "  "))
    }
    exit(0)
}

if env["ORACLE"] != nil {
    // At 30 and 50 answers: the reported best's share of the range, the best point shown so
    // far, the reported best with the hidden best's categories, and how often those were right.
    for family in familyList {
        let rows = studiesMeasuredAt30And50(family) { round, taste in
            let shown = round.proposals.flatMap { [$0.first, $0.second] }.map(taste.utility).max()!
            var fixedCategory = round.best!.point
            for (d, dim) in oneSpace.dimensions.enumerated() where dim.isCategorical { fixedCategory[d] = taste.optimum[d] }
            return [taste.utility(round.best!.point), shown, taste.utility(fixedCategory), fixedCategory == round.best!.point ? 1 : 0]
        }
        if env["DUMP"] != nil { for r in rows { print(r.map { String(format: "%.2f", $0) }.joined(separator: " ")) } }
        let column: (Int) -> Double = { k in Simulation.median(rows.map { $0[k] }) }
        let share: (Int) -> Double = { k in 100 * rows.map { $0[k] }.reduce(0, +) / Double(rows.count) }
        let a = String(format: "30: best %.3f shown %.3f right categories %.3f (%.0f%%)", column(0), column(1), column(2), share(3))
        let b = String(format: " | 50: best %.3f shown %.3f right categories %.3f (%.0f%%)", column(4), column(5), column(6), share(7))
        print("\(family)".padding(toLength: 10, withPad: " ", startingAt: 0), a + b)
    }
    exit(0)
}

if env["LOSSES"] != nil {
    // Most losses at 30 answers are a wrong category (a distance of 1) against a baseline that
    // picked the right one.
    let categorical = oneSpace.dimensions.indices.filter { oneSpace.dimensions[$0].isCategorical }
    for family in familyList {
        let all = Simulation.studiesInParallel(studies) { i in
            Simulation.study(space: oneSpace, seed: UInt64(i + 1), checkpoints: [30], settings: fixedSettings, people: people, family: family, order: order)[0]
        }
        var counts: [String: Int] = [:]
        for c in all where c.modelDistance >= c.baselineDistance {
            let round = categorical.allSatisfy { c.modelPoint[$0] == c.optimum[$0] }, baseline = categorical.allSatisfy { c.baselinePoint[$0] == c.optimum[$0] }
            counts["round \(round ? "right" : "wrong"), baseline \(baseline ? "right" : "wrong")", default: 0] += 1
        }
        print("\(family)".padding(toLength: 10, withPad: " ", startingAt: 0), "not closer in \(counts.values.reduce(0, +)) of \(all.count):",
              counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; "))
    }
    exit(0)
}

let spaces: [(String, PreferenceSpace)] = (env["SPACE"] ?? "bench").split(separator: ",").map {
    $0 == "chart" ? ("chart", Simulation.chartStudySpace()) : ("bench", Simulation.benchStudySpace())
}
let firstSeed = env["SEED0"].flatMap(UInt64.init) ?? 1
for (spaceName, studySpace) in spaces where !familyList.isEmpty {
    print("\n\(spaceName) space (\(studySpace.count) parameters), \(studies) studies a family from seed \(firstSeed), 3 simulated people "
          + "(τ 0.04, 0.08, 0.15 × \(scale)) answering in \(order) order; medians:")
    print("family     | at 30: closer  better  round/random+BT range | at 50: round range  closer")
    var worst30 = 1.0, worst50 = 1.0
    for family in familyList {
        let rows = Simulation.table(studies: studies, checkpoints: [10, 20, 30, 50], space: studySpace, firstSeed: firstSeed, settings: settings,
                                    people: people, family: family, order: order)
        let r30 = rows[2], r50 = rows[3]
        worst30 = min(worst30, r30.closerShare); worst50 = min(worst50, r50.medianModelFraction)
        let mark = HiddenTaste.Family.heldOut.contains(family) ? " (held out)" : ""
        print("\(family)".padding(toLength: 10, withPad: " ", startingAt: 0)
              + String(format: " |  %5.0f%%  %5.0f%%    %5.3f / %5.3f        |  %5.3f  %5.0f%%", r30.closerShare * 100, r30.betterShare * 100,
                       r30.medianModelFraction, r30.medianBaselineFraction, r50.medianModelFraction, r50.closerShare * 100) + mark)
        if env["VERBOSE"] != nil {
            for r in rows {
                print(String(format: "    %3d answers: round %.3f (dist %.3f), random+BT %.3f (dist %.3f), closer %3.0f%%", r.answers,
                             r.medianModelFraction, r.medianModelDistance, r.medianBaselineFraction, r.medianBaselineDistance, r.closerShare * 100))
            }
        }
    }
    print(String(format: "worst family: closer at 30 %.0f%% (target ≥ 80%%), median range at 50 %.3f (target ≥ 0.9)", worst30 * 100, worst50))
}
if !familyList.isEmpty { print(String(format: "(studies took %.1f s)", milliseconds(clock.now - start) / 1000)) }

// Answers of each kind (issue 38): the same studies answered by pairs, by stops on a line
// (Sequential Line Search) or by picks in a gallery of nine (Sequential Gallery); the share of the
// taste's range reached after n answers of that kind. KINDS=pair,line,gallery (default) or none.
let kinds = (env["KINDS"] ?? "pair,line,gallery").split(separator: ",").compactMap { ExploreRound.AnswerKind(rawValue: String($0)) }
if !kinds.isEmpty && !familyList.isEmpty {
    let kindStart = clock.now
    let marks = [5, 10, 20, 30]
    print("\nanswers of each kind (\(studies) studies a family, bench space; median share of the taste's range after n answers):")
    print("family     | kind     | " + marks.map { String(format: "%6d", $0) }.joined(separator: " "))
    var sums: [ExploreRound.AnswerKind: [Double]] = [:]
    for family in familyList {
        for kind in kinds {
            let rows = Simulation.table(studies: studies, checkpoints: marks, space: oneSpace, firstSeed: firstSeed, settings: fixedSettings,
                                        people: people, family: family, order: order, kind: kind)
            sums[kind, default: Array(repeating: 0, count: marks.count)] = zip(sums[kind] ?? Array(repeating: 0, count: marks.count), rows).map { $0 + $1.medianModelFraction }
            print("\(family)".padding(toLength: 10, withPad: " ", startingAt: 0) + " | " + kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + " | "
                  + rows.map { String(format: "%6.3f", $0.medianModelFraction) }.joined(separator: " "))
        }
    }
    for kind in kinds {
        print("mean       | " + kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + " | "
              + (sums[kind] ?? []).map { String(format: "%6.3f", $0 / Double(familyList.count)) }.joined(separator: " "))
    }
    print(String(format: "(took %.1f s)", milliseconds(clock.now - kindStart) / 1000))
}

// People who disagree: the same taste but for one ordered parameter, on which each of the three
// likes another value best (0.15, 0.5, 0.85 of its range). Does each one's predicted liking rank
// their own value first? (Issue 38: in ≥ 80 % of studies.)
if env["DISAGREE"] != "0" {
    let space = oneSpace
    let strength = env["PULL"].flatMap(Double.init) ?? 1
    for kind in (kinds.isEmpty ? [.pair] : kinds) {
        let all = Simulation.studiesInParallel(studies) { i in
            Simulation.disagreementStudy(space: space, seed: firstSeed + UInt64(i), checkpoints: [30, 50], settings: fixedSettings, people: people,
                                         strength: strength, kind: kind)
        }
        print("\nthree people who disagree on one parameter, answering by \(kind) (\(studies) studies, bench space, quadratic taste, own value's pull \(strength)):")
        for (c, answers) in [30, 50].enumerated() {
            let rows = all.map { $0[c] }
            let persons = rows.flatMap(\.ranksOwn)
            let everyone = rows.filter { $0.ranksOwn.allSatisfy { $0 } }.count
            let offsets = rows.filter { $0.personShare > 0 }.count
            let inOrder = rows.filter(\.inOrder).count
            let apart = rows.filter { $0.spread >= ParameterAgreement.apart }.count
            let byPerson = people.indices.map { i in String(format: "%@ %.0f%%", people[i].name, 100 * Double(rows.filter { $0.ranksOwn[i] }.count) / Double(max(1, rows.count))) }
            print(String(format: "  at %d answers: each person's own value ranked first for %.0f%% of people (%@), for all three in %.0f%% of studies (target ≥ 80%%); the three liked-most values in their own order in %.0f%% of studies, %.0f%% apart enough to be said to disagree; person offsets in the model in %d of %d",
                         answers, 100 * Double(persons.filter { $0 }.count) / Double(max(1, persons.count)), byPerson.joined(separator: ", "),
                         100 * Double(everyone) / Double(max(1, rows.count)), 100 * Double(inOrder) / Double(max(1, rows.count)), 100 * Double(apart) / Double(max(1, rows.count)), offsets, rows.count))
        }
    }
}
