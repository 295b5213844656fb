import Foundation

/// A hidden taste for simulated studies: a smooth function of the normalised parameters with a
/// known best. Ordered axes: −Σ w_d (z_d − z*_d)² (w_d in 0.5…2, z* on the axis's grid);
/// unordered axes: the preferred value 0, every other value a penalty in 0.25…0.75 (a boolean's
/// other value 0.3). Utilities are rescaled so that the worst point scores 0 and the best 1.
public struct HiddenTaste: Sendable {
    public let space: PreferenceSpace
    public let optimum: [Double]
    private let centre: [Double]
    private let weights: [Double]
    private let penalties: [[Double]]
    private let rawMinimum: Double

    public init(space: PreferenceSpace, rng: inout SplitMix64) {
        self.space = space
        var centre: [Double] = [], weights: [Double] = [], penalties: [[Double]] = []
        var worst = 0.0
        for dim in space.dimensions {
            switch dim.kind {
            case .categorical(let options):
                let favourite = rng.index(options.count)
                let p = (0..<options.count).map { $0 == favourite ? 0 : 0.25 + 0.5 * rng.uniform() }
                centre.append(Double(favourite)); weights.append(0); penalties.append(p)
                worst -= p.max()!
            case .boolean:
                let favourite = rng.index(2)
                centre.append(Double(favourite)); weights.append(0); penalties.append(favourite == 0 ? [0, 0.3] : [0.3, 0])
                worst -= 0.3
            case .continuous, .integer:
                let z = dim.snap(0.1 + 0.8 * rng.uniform())
                let w = 0.5 + 1.5 * rng.uniform()
                centre.append(z); weights.append(w); penalties.append([])
                worst -= w * max(z, 1 - z) * max(z, 1 - z)
            }
        }
        self.centre = centre
        self.weights = weights
        self.penalties = penalties
        self.rawMinimum = worst
        self.optimum = space.decode(centre)
    }

    /// 0 at the worst point, 1 at the best.
    public func utility(_ point: [Double]) -> Double {
        let z = space.encode(point)
        var u = 0.0
        for (d, dim) in space.dimensions.enumerated() {
            if dim.isCategorical { u -= penalties[d][Int(z[d])] } else { u -= weights[d] * (z[d] - centre[d]) * (z[d] - centre[d]) }
        }
        return (u - rawMinimum) / -rawMinimum
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
    }

    public static func study(space: PreferenceSpace, seed: UInt64, checkpoints: [Int], settings: ExploreRound.Settings = .init(),
                             people: [SimulatedPerson] = SimulatedPerson.team) -> [Checkpoint] {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let taste = HiddenTaste(space: space, rng: &rng)
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
            return Checkpoint(answers: n, modelDistance: space.distance(model, taste.optimum), modelFraction: taste.utility(model),
                              baselineDistance: space.distance(baseline, taste.optimum), baselineFraction: taste.utility(baseline))
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
                             settings: ExploreRound.Settings = .init(), people: [SimulatedPerson] = SimulatedPerson.team) -> [Row] {
        let all = (0..<studies).map { study(space: space, seed: firstSeed + UInt64($0), checkpoints: checkpoints, settings: settings, people: people) }
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
