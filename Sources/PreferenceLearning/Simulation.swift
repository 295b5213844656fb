import Foundation

/// A hidden taste for simulated studies: a smooth function of the normalised parameters with a
/// known best, plus a preferred category on each unordered axis. Utilities are rescaled so that
/// the worst point scores 0 and the best 1.
///
/// Families (the ordered part; the best of each ordered axis is uniform on [0, 1] on the axis's
/// grid, a quarter of them within 0.08 of an end):
/// - `quadratic`: −Σ w_d (z_d − z*_d)², weights log-uniform in 0.3…3 (very different widths);
/// - `bump`: a Gaussian bump exp(−½ Σ ((z_d − z*_d)/s_d)²), widths 0.4…0.9 (not separable, flat
///   far away);
/// - `sparse`: only 2 to 4 ordered axes matter, each −w_d·|z_d − z*_d|^p_d (p in 1.5…3, w in
///   0.5…2); the others do not matter at all (their best is any value);
/// - `legacy`: the first benchmark's taste (quadratic, w in 0.5…2, best within 0.1…0.9).
/// Unordered axes: the preferred value 0, every other value a penalty (a share of the ordered
/// part's range: 0.1…0.3 for a category, 0.12 for a boolean).
public struct HiddenTaste: Sendable {
    public enum Family: String, Sendable, CaseIterable {
        case quadratic, bump, sparse, legacy
    }

    public let space: PreferenceSpace
    public let family: Family
    /// A best point (on the grids). Axes that do not matter (`matters` false) hold any value.
    public let optimum: [Double]
    /// Whether each axis changes the utility.
    public let matters: [Bool]
    private let centre: [Double]
    private let weights: [Double]
    private let powers: [Double]
    private let penalties: [[Double]]
    private let rawMinimum: Double, rawMaximum: Double

    public init(space: PreferenceSpace, rng: inout SplitMix64) {
        self.init(space: space, family: .legacy, rng: &rng)
    }

    public init(space: PreferenceSpace, family: Family, rng: inout SplitMix64) {
        self.space = space
        self.family = family
        let ordered = space.dimensions.indices.filter { !space.dimensions[$0].isCategorical }
        var relevant = Set(ordered)
        if family == .sparse, ordered.count > 2 {
            var pool = ordered
            var keep: [Int] = []
            for _ in 0..<min(pool.count, 2 + rng.index(3)) { keep.append(pool.remove(at: rng.index(pool.count))) }
            relevant = Set(keep)
        }
        var centre: [Double] = [], weights: [Double] = [], powers: [Double] = [], penalties: [[Double]] = []
        var matters: [Bool] = []
        for (d, dim) in space.dimensions.enumerated() {
            switch dim.kind {
            case .categorical(let options):
                let favourite = rng.index(options.count)
                let scale = family == .legacy ? 1.0 : 0.4
                let p = (0..<options.count).map { $0 == favourite ? 0 : scale * (0.25 + 0.5 * rng.uniform()) }
                centre.append(Double(favourite)); weights.append(0); powers.append(2); penalties.append(p)
                matters.append(options.count > 1)
            case .boolean:
                let favourite = rng.index(2)
                let penalty = family == .legacy ? 0.3 : 0.12
                centre.append(Double(favourite)); weights.append(0); powers.append(2); penalties.append(favourite == 0 ? [0, penalty] : [penalty, 0])
                matters.append(true)
            case .continuous, .integer:
                var z: Double
                if family == .legacy {
                    z = 0.1 + 0.8 * rng.uniform()
                } else if rng.uniform() < 0.25 {
                    let t = 0.08 * rng.uniform()
                    z = rng.index(2) == 0 ? t : 1 - t
                } else {
                    z = rng.uniform()
                }
                z = dim.snap(z)
                let w: Double, p: Double
                switch family {
                case .legacy: w = 0.5 + 1.5 * rng.uniform(); p = 2
                case .quadratic: w = 0.3 * pow(10, rng.uniform()); p = 2
                case .bump: w = 0.4 + 0.5 * rng.uniform(); p = 2   // the width s_d
                case .sparse: w = relevant.contains(d) ? 0.5 + 1.5 * rng.uniform() : 0; p = 1.5 + 1.5 * rng.uniform()
                }
                centre.append(z); weights.append(w); powers.append(p); penalties.append([])
                matters.append(w > 0)
            }
        }
        self.centre = centre
        self.weights = weights
        self.powers = powers
        self.matters = matters
        // The ordered part's range (worst corner to best), then the categories' penalties scaled to it.
        var orderedWorst = 0.0
        switch family {
        case .bump:
            var s = 0.0
            for d in ordered { let far = max(centre[d], 1 - centre[d]) / weights[d]; s += far * far }
            orderedWorst = exp(-0.5 * s) - 1
        default:
            for d in ordered where weights[d] > 0 { orderedWorst -= weights[d] * pow(max(centre[d], 1 - centre[d]), powers[d]) }
        }
        let categoryScale = family == .legacy ? 1 : max(1e-9, -orderedWorst)
        self.penalties = penalties.map { $0.map { $0 * categoryScale } }
        var worst = orderedWorst
        for p in self.penalties where !p.isEmpty { worst -= p.max()! }
        self.rawMinimum = worst
        self.rawMaximum = 0
        self.optimum = space.decode(centre)
    }

    private func raw(_ z: [Double]) -> Double {
        var u = 0.0, s = 0.0
        for (d, dim) in space.dimensions.enumerated() {
            if dim.isCategorical { u -= penalties[d][Int(z[d])]; continue }
            let t = abs(z[d] - centre[d])
            switch family {
            case .bump: s += (t / weights[d]) * (t / weights[d])
            case .sparse: if weights[d] > 0 { u -= weights[d] * pow(t, powers[d]) }
            case .quadratic, .legacy: u -= weights[d] * t * t
            }
        }
        if family == .bump { u += exp(-0.5 * s) - 1 }
        return u
    }

    /// 0 at the worst point, 1 at the best.
    public func utility(_ point: [Double]) -> Double {
        (raw(space.encode(point)) - rawMinimum) / (rawMaximum - rawMinimum)
    }

    /// The normalised distance to the hidden best: ordered axes in range units, a differing
    /// category or boolean 1, over the axes that matter (the nearest of the equally good bests).
    public func distanceToBest(_ point: [Double]) -> Double {
        let z = space.encode(point), c = space.encode(optimum)
        var s = 0.0
        for (d, dim) in space.dimensions.enumerated() where matters[d] {
            if dim.isCategorical { s += z[d] == c[d] ? 0 : 1 } else { s += (z[d] - c[d]) * (z[d] - c[d]) }
        }
        return s.squareRoot()
    }
}

/// A simulated person answering by Bradley–Terry: P(first) = 1/(1 + exp(−Δu/τ)); says "no
/// preference" with probability ½ when |Δu| < tieMargin.
public struct SimulatedPerson: Sendable {
    public let name: String
    public let temperature: Double
    public let tieMargin: Double

    public init(name: String, temperature: Double, tieMargin: Double = 0.01) {
        self.name = name
        self.temperature = temperature
        self.tieMargin = tieMargin
    }

    public func answer(_ a: [Double], _ b: [Double], taste: HiddenTaste, rng: inout SplitMix64) -> ExploreRound.Outcome {
        let delta = taste.utility(a) - taste.utility(b)
        if abs(delta) < tieMargin && rng.uniform() < 0.5 { return .noPreference }
        return rng.uniform() < 1 / (1 + exp(-delta / temperature)) ? .first : .second
    }

    /// Three people of different care: τ = 0.03, 0.06 and 0.12 of the taste's range.
    public static let team = [
        SimulatedPerson(name: "ana", temperature: 0.03),
        SimulatedPerson(name: "ben", temperature: 0.06),
        SimulatedPerson(name: "cy", temperature: 0.12),
    ]
}

/// Bradley–Terry scores by Hunter's MM algorithm; "no preference" is half a win each way; each
/// item also drew one win and one loss against a phantom of strength 1 (keeps scores finite).
public enum BradleyTerry {
    public static func scores(items: Int, comparisons: [(Int, Int, ExploreRound.Outcome)], iterations: Int = 200) -> [Double] {
        var wins = [Double](repeating: 1, count: items)
        for (a, b, o) in comparisons {
            switch o {
            case .first: wins[a] += 1
            case .second: wins[b] += 1
            case .noPreference: wins[a] += 0.5; wins[b] += 0.5
            }
        }
        var gamma = [Double](repeating: 1, count: items)
        for _ in 0..<iterations {
            var denominator = gamma.map { 2 / ($0 + 1) }
            for (a, b, _) in comparisons {
                let t = 1 / (gamma[a] + gamma[b])
                denominator[a] += t; denominator[b] += t
            }
            gamma = (0..<items).map { wins[$0] / denominator[$0] }
        }
        return gamma.map(log)
    }
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

    public static func study(space: PreferenceSpace, seed: UInt64, checkpoints: [Int], settings: ExploreRound.Settings = .init(),
                             people: [SimulatedPerson] = SimulatedPerson.team, family: HiddenTaste.Family = .legacy) -> [Checkpoint] {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let taste = HiddenTaste(space: space, family: family, rng: &rng)
        var round = ExploreRound(space: space, seed: seed, settings: settings)
        var modelBest: [Int: [Double]] = [:]
        for n in 1...(checkpoints.max() ?? 0) {
            let p = round.propose()
            let person = people[(n - 1) % people.count]
            try! round.record(person.answer(p.first, p.second, taste: taste, rng: &rng), to: p.id, person: person.name)
            if checkpoints.contains(n) { modelBest[n] = round.best!.point }
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
    public static func chartStudySpace() -> PreferenceSpace {
        try! ChartParameterSpace(keys: [
            "inactiveLineWidth", "smoothingAlpha", "catmullRomAlpha", "animationDuration", "fillTopOpacity", "verticalScale",
            "smoothingWindow", "pointCount", "inactiveCurve", "fillEnabled",
        ]).space
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
                             family: HiddenTaste.Family = .legacy) -> [Row] {
        let all = (0..<studies).map {
            study(space: space, seed: firstSeed + UInt64($0), checkpoints: checkpoints, settings: settings, people: people, family: family)
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

    public static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
