import Foundation

private final class StudyResults<T>: @unchecked Sendable {
    let lock = NSLock()
    var next = 0
    var results: [Int: T] = [:]
}

/// Studies comparing a round's best with the random baseline: random pairs among ⌈N/2⌉ random
/// points (each seen about 4 times), ranked by Bradley–Terry, the top one kept.
public enum Simulation {
    public struct Checkpoint: Sendable {
        public let answers: Int
        /// Normalised distance to the hidden best (ordered axes in range units, a differing
        /// category 1) and the share of the taste's range reached, for the round and the baseline.
        public let modelDistance: Double, modelFraction: Double
        public let baselineDistance: Double, baselineFraction: Double
        /// The two points and the hidden best.
        public let modelPoint: [Double], baselinePoint: [Double], optimum: [Double]
    }

    /// One study: the round proposes each pair for the person who will answer it (as the server
    /// does for whoever asks for their next pair).
    public static func study(space: PreferenceSpace, seed: UInt64, checkpoints: [Int], settings: ExploreRound.Settings = .init(),
                             people: [SimulatedPerson] = SimulatedPerson.team, family: HiddenTaste.Family = .legacy,
                             order: Order = .bench, kind: ExploreRound.AnswerKind = .pair) -> [Checkpoint] {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let taste = HiddenTaste(space: space, family: family, rng: &rng)
        var round = ExploreRound(space: space, seed: seed, settings: settings)
        var modelBest: [Int: [Double]] = [:]
        for n in 1...(checkpoints.max() ?? 0) {
            let person = Simulation.person(n, people, order: order, &rng)
            answer(&round, kind: kind, person: person, utility: taste.utility, rng: &rng)
            if checkpoints.contains(n) { modelBest[n] = round.best?.point ?? round.space.decode(round.space.encode(round.proposals[0].first)) }
        }
        var baselineRNG = SplitMix64(seed: seed &* 0x2545_F491 &+ 3)
        return checkpoints.map { n in
            let baseline = randomBaseline(space: space, answers: n, taste: taste, people: people, rng: &baselineRNG)
            let model = modelBest[n]!
            // Both measured the same way: the normalised distance over the axes that matter.
            return Checkpoint(answers: n, modelDistance: taste.distanceToBest(model), modelFraction: taste.utility(model),
                              baselineDistance: taste.distanceToBest(baseline), baselineFraction: taste.utility(baseline),
                              modelPoint: model, baselinePoint: baseline, optimum: taste.optimum)
        }
    }

    /// One answer of `kind` by `person`, whose taste is `utility`: a pair, a stop on a line or a
    /// pick in a gallery, on what the round proposes for them (an edit, which the model does not
    /// propose, is answered as a pair).
    public static func answer(_ round: inout ExploreRound, kind: ExploreRound.AnswerKind, person: SimulatedPerson,
                              utility: ([Double]) -> Double, rng: inout SplitMix64) {
        switch kind {
        case .pair, .edit:
            let p = round.propose(for: person.name)
            try! round.record(person.answer(p.first, p.second, utility: utility, rng: &rng), to: p.id, person: person.name)
        case .line:
            let line = round.proposeLine(for: person.name)
            let points = round.linePoints(line)
            try! round.record(pick: person.stop(on: points, utility: utility, rng: &rng), among: points, kind: .line, person: person.name, proposalID: line.id)
        case .gallery:
            let points = round.galleryPoints(round.proposeGallery(for: person.name))
            try! round.record(pick: person.pick(points, utility: utility, rng: &rng), among: points, kind: .gallery, person: person.name)
        }
    }

    /// Who answers which pair.
    public enum Order: String, Sendable, CaseIterable {
        /// The n-th pair (from 1) by person n mod 3, as `make bench-explore` (Ben, Cy, Ada, Ben, …).
        case bench
        /// In turn from the first (Ada, Ben, Cy, Ada, …).
        case turns
        /// Anyone, at random.
        case random
    }

    /// Who answers the n-th pair (from 1).
    public static func person(_ n: Int, _ people: [SimulatedPerson], order: Order = .bench, _ rng: inout SplitMix64) -> SimulatedPerson {
        switch order {
        case .bench: people[n % people.count]
        case .turns: people[(n - 1) % people.count]
        case .random: people[rng.index(people.count)]
        }
    }

    public static func randomBaseline(space: PreferenceSpace, answers: Int, taste: HiddenTaste,
                                      people: [SimulatedPerson] = SimulatedPerson.team, rng: inout SplitMix64) -> [Double] {
        let poolSize = max(4, (answers + 1) / 2)
        let pool = (0..<poolSize).map { _ in space.decode(space.randomCoordinates(&rng)) }
        var comparisons: [(Int, Int, ExploreRound.Outcome)] = []
        for n in 0..<answers {
            let a = rng.index(poolSize)
            var b = rng.index(poolSize - 1)
            if b >= a { b += 1 }
            let person = people[n % people.count]
            comparisons.append((a, b, person.answer(pool[a], pool[b], taste: taste, rng: &rng)))
        }
        let scores = BradleyTerry.scores(items: poolSize, comparisons: comparisons)
        return pool[scores.indices.max { scores[$0] < scores[$1] }!]
    }

    /// Ten chart parameters of every kind: six numbers, an odd window, a count, a curve, a toggle.
    public static func chartStudySpace() -> PreferenceSpace { chartStudyParameters().space }

    /// The same ten parameters with their adapter (what explains a round in their words).
    public static func chartStudyParameters() -> ChartParameterSpace {
        try! ChartParameterSpace(keys: [
            "inactiveLineWidth", "smoothingAlpha", "catmullRomAlpha", "animationDuration", "fillTopOpacity", "verticalScale",
            "smoothingWindow", "pointCount", "inactiveCurve", "fillEnabled",
        ])
    }

    /// The parameters `make bench-explore` tunes: five numbers and the curve (ten options).
    public static func benchStudySpace() -> PreferenceSpace {
        try! ChartParameterSpace(keys: ["inactiveLineWidth", "animationDuration", "fillTopOpacity", "verticalScale", "catmullRomAlpha", "inactiveCurve"]).space
    }

    public struct Row: Sendable {
        public let answers: Int
        public let medianModelFraction: Double, medianBaselineFraction: Double
        public let medianModelDistance: Double, medianBaselineDistance: Double
        /// Share of studies where the round's best was closer to the hidden best than the baseline's.
        public let closerShare: Double
        /// Share of studies where the round's best scored higher in the hidden taste than the baseline's.
        public let betterShare: Double
    }

    public static func table(studies: Int, checkpoints: [Int], space: PreferenceSpace = chartStudySpace(), firstSeed: UInt64 = 1,
                             settings: ExploreRound.Settings = .init(), people: [SimulatedPerson] = SimulatedPerson.team,
                             family: HiddenTaste.Family = .legacy, order: Order = .bench, kind: ExploreRound.AnswerKind = .pair) -> [Row] {
        let all = studiesInParallel(studies) {
            study(space: space, seed: firstSeed + UInt64($0), checkpoints: checkpoints, settings: settings, people: people, family: family, order: order, kind: kind)
        }
        return checkpoints.indices.map { c in
            let cs = all.map { $0[c] }
            return Row(answers: checkpoints[c],
                       medianModelFraction: median(cs.map(\.modelFraction)), medianBaselineFraction: median(cs.map(\.baselineFraction)),
                       medianModelDistance: median(cs.map(\.modelDistance)), medianBaselineDistance: median(cs.map(\.baselineDistance)),
                       closerShare: Double(cs.filter { $0.modelDistance < $0.baselineDistance }.count) / Double(cs.count),
                       betterShare: Double(cs.filter { $0.modelFraction > $0.baselineFraction }.count) / Double(cs.count))
        }
    }

    /// Independent studies on up to `threads` threads (deterministic: each has its own seed).
    public static func studiesInParallel<T: Sendable>(_ count: Int, threads: Int = defaultThreads, _ body: @Sendable (Int) -> T) -> [T] {
        guard threads > 1, count > 1 else { return (0..<count).map(body) }
        let shared = StudyResults<T>()
        DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
            while true {
                let i = shared.lock.withLock { () -> Int in defer { shared.next += 1 }; return shared.next }
                guard i < count else { return }
                let r = body(i)
                shared.lock.withLock { shared.results[i] = r }
            }
        }
        return (0..<count).map { shared.results[$0]! }
    }

    /// `SIMULATION_THREADS`, else 1.
    public static var defaultThreads: Int { ProcessInfo.processInfo.environment["SIMULATION_THREADS"].flatMap(Int.init) ?? 1 }

    public static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
