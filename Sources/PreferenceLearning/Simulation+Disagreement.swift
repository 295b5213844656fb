import Foundation

/// Studies where the simulated people share a taste but for one ordered parameter, on which each
/// likes another value best: do the per-person predictions tell who likes what?
extension Simulation {
    public struct DisagreementCheckpoint: Sendable {
        public let answers: Int
        /// Per person (the study's order): whether, in the model's prediction of their liking,
        /// the value they like best on the disputed parameter ranks above the others' values.
        public let ranksOwn: [Bool]
        /// Whether the values the people are predicted to like most on the disputed parameter
        /// (the others at the team's best; 21 values across its range) stand in the order of
        /// their own values, each strictly apart: who likes it lower than whom.
        public let inOrder: Bool
        /// How far apart the people's liked-most values on the disputed parameter are (a share of
        /// its range), counted as `ParameterAgreement.spread` is.
        public let spread: Double
        /// The model's `personShare` then (0: one taste for everyone).
        public let personShare: Double
    }

    /// One study; `strength`: how much a person's own value counts, their utility losing
    /// `strength × d²` at d range units from it (the shared taste spans 0…1).
    public static func disagreementStudy(space: PreferenceSpace, seed: UInt64, checkpoints: [Int], settings: ExploreRound.Settings = .init(),
                                         people: [SimulatedPerson] = SimulatedPerson.team, family: HiddenTaste.Family = .quadratic,
                                         strength: Double = 1, kind: ExploreRound.AnswerKind = .pair) -> [DisagreementCheckpoint] {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 29)
        let taste = HiddenTaste(space: space, family: family, rng: &rng)
        let ordered = space.dimensions.indices.filter { !space.dimensions[$0].isCategorical }
        let disputed = ordered[rng.index(ordered.count)]
        let dimension = space.dimensions[disputed]
        // Three values far apart, in an order of its own per study.
        var centres = [0.15, 0.5, 0.85].map(dimension.snap)
        for i in stride(from: centres.count - 1, to: 0, by: -1) { centres.swapAt(i, rng.index(i + 1)) }
        let shared = space.encode(taste.optimum)[disputed]
        func utility(_ person: Int) -> @Sendable ([Double]) -> Double {
            let centre = centres[person % centres.count]
            return { point in
                var z = space.encode(point)
                let own = z[disputed] - centre
                z[disputed] = shared
                return taste.utility(space.decode(z)) - strength * own * own
            }
        }
        var round = ExploreRound(space: space, seed: seed, settings: settings)
        var results: [DisagreementCheckpoint] = []
        for n in 1...(checkpoints.max() ?? 0) {
            let person = Simulation.person(n, people, order: .bench, &rng)
            let index = people.firstIndex { $0.name == person.name }!
            Simulation.answer(&round, kind: kind, person: person, utility: utility(index), rng: &rng)
            guard checkpoints.contains(n), let best = round.best else { continue }
            round.fitModel()
            let candidates = centres.prefix(people.count).map { centre -> [Double] in
                var z = space.encode(best.point)
                z[disputed] = centre
                return space.decode(z)
            }
            let ranksOwn = people.indices.map { i -> Bool in
                let liking = candidates.map { round.predictedLiking(of: $0, by: people[i].name).mean }
                return liking.indices.max { liking[$0] < liking[$1] } == i
            }
            let grid = (0...20).map { dimension.snap(Double($0) / 20) }
            let likedMost = people.indices.map { i -> Double in
                let liking = grid.map { value -> Double in
                    var z = space.encode(best.point)
                    z[disputed] = value
                    return round.predictedLiking(of: space.decode(z), by: people[i].name).mean
                }
                return grid[liking.indices.max { liking[$0] < liking[$1] }!]
            }
            let teamLiking = grid.map { value -> Double in
                var z = space.encode(best.point); z[disputed] = value
                return round.fitted.mean(z)
            }
            let teamValue = grid[teamLiking.indices.max { teamLiking[$0] < teamLiking[$1] }!]
            let sure = people.indices.map { i -> Double? in
                var a = space.encode(best.point), b = a
                a[disputed] = likedMost[i]; b[disputed] = teamValue
                return round.probability(that: people[i].name, prefers: space.decode(a), over: space.decode(b))
            }
            let credible = ParameterAgreement.counted(likedMost, sure: sure, team: teamValue)
            let credibleSpread = (credible.max() ?? 0) - (credible.min() ?? 0)
            let byOwn = people.indices.sorted { centres[$0 % centres.count] < centres[$1 % centres.count] }
            let inOrder = zip(byOwn, byOwn.dropFirst()).allSatisfy { likedMost[$0] < likedMost[$1] }
            results.append(DisagreementCheckpoint(answers: n, ranksOwn: ranksOwn, inOrder: inOrder, spread: credibleSpread, personShare: round.hyperparameters.personShare))
        }
        return results
    }
}
