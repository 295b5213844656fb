import Foundation

/// Choosing the next pair (or four) to show: the acquisition over the mixed space.
extension ExploreRound {
    // MARK: proposals

    /// The k-th point of a space-filling design for the first pairs (a Latin hypercube): each
    /// ordered axis cut into as many equal strata as there are first pairs, each stratum's
    /// centre used once, in an order shuffled by the round's offset for that axis; unordered
    /// axes take their values in turn from a start set by the same offset. Beyond the design,
    /// or for a round stored without an offset: `fallback`.
    func designPoint(_ k: Int, fallback: [Double]) -> [Double] {
        let count = settings.explorationAnswers
        guard let shift = designShift, shift.count == space.count, k < count else { return fallback }
        var z = fallback
        for (d, dim) in space.dimensions.enumerated() {
            switch dim.kind {
            case .categorical(let options): z[d] = Double((Int(shift[d] * Double(options.count)) + k) % options.count)
            case .boolean: z[d] = Double((Int(shift[d] * 2) + k) % 2)
            case .continuous, .integer:
                var order = Array(0..<count)
                var g = SplitMix64(seed: UInt64(shift[d] * 0x1p53))
                for i in stride(from: count - 1, to: 0, by: -1) { order.swapAt(i, g.index(i + 1)) }
                z[d] = dim.snap((Double(order[k]) + 0.5) / Double(count))
            }
        }
        return z
    }

    /// Whether the next line or gallery for `person` is their turn (`Settings.personEvery`): not a
    /// gallery's second axis, chosen against the best, once the people are told apart; counted
    /// by the person's own lines and galleries, so that each person has turns whoever answers between.
    func isPersonTurn(for person: String, avoiding: [Double]?) -> Bool {
        guard let every = settings.personEvery, every > 0, avoiding == nil, settings.acquisition == .euboAgainstBest,
              space.dimensions.contains(where: { !$0.isCategorical }), tellsPeopleApart else { return false }
        let own = answerCount(of: person, kinds: [.line, .gallery])
        return own > 0 && own % every == every - 1
    }

    /// How many answers of `kinds` `person` gave: a line's or a gallery's comparisons (one pick,
    /// the same proposal and winner, in a row) count once.
    func answerCount(of person: String, kinds: Set<AnswerKind>) -> Int {
        var count = 0
        for (i, a) in answers.enumerated() where a.person == person && kinds.contains(a.kind ?? .pair) {
            if i > 0, case let b = answers[i - 1], b.person == person, b.kind == a.kind, b.proposalID == a.proposalID, b.first == a.first,
               a.kind == .line || a.kind == .gallery { continue }
            count += 1
        }
        return count
    }

    /// A point far from `a`: each ordered axis shifted by half its range (± 0.15, wrapped), each
    /// unordered axis another value.
    mutating func farPoint(from a: [Double]) -> [Double] {
        var b = a
        for (d, dim) in space.dimensions.enumerated() {
            switch dim.kind {
            case .categorical(let options) where options.count > 1:
                b[d] = Double((Int(a[d]) + 1 + rng.index(options.count - 1)) % options.count)
            case .boolean: b[d] = 1 - a[d]
            case .categorical: break
            case .continuous, .integer:
                var t = a[d] + 0.5 + 0.3 * (rng.uniform() - 0.5)
                if t >= 1 { t -= 1 }
                b[d] = dim.snap(t)
            }
        }
        return b
    }

    /// The next pair, for `person` (who asked for it and will answer it; nil: anyone).
    /// Candidates: the current best, the leading answered points, their neighbours (random local
    /// moves at two scales, every other category and boolean, ±1 grid step) and uniform random
    /// points on the mixed grid (every category, integer grid points). The pair maximises EUBO,
    /// the expected utility of the better of the two (Lin et al. 2022), in closed form from their
    /// joint posterior: with δ = μ₁ − μ₂ and s² = Var(f₁ − f₂), EUBO = μ₂ + δ Φ(δ/s) + s φ(δ/s).
    /// By default one of the two is the model's best (exploitation) and the other maximises EUBO
    /// with it, which rewards a high mean and a high uncertainty of the difference (exploration).
    ///
    /// Noise-aware: the challenger's gain over the best, EUBO − μ_best = E[(f − f_best)⁺], is
    /// weighted by s² / (s² + c²), c² = 2σ² the variance of the answering person's probit noise:
    /// the share of the difference's uncertainty one answer of theirs can resolve (a Kalman
    /// gain). A careful person gets the challengers close to the best that only they can tell
    /// apart; a careless one gets challengers whose difference is uncertain enough for their
    /// answer to count. (Their σ is estimated from the answers with the other hyperparameters.)
    ///
    /// `apartFrom`: points already shown beside this pair (a four's first pair), which it leaves
    /// out, so that four charts are four: past the first pairs the second pair of a four is then
    /// the highest mean but the best and a challenger chosen against it (unless the space has
    /// too few points left, when they may repeat).
    public mutating func propose(for person: String? = nil, apartFrom shown: [[Double]] = []) -> Proposal {
        makeProposal(for: person, apartFrom: shown).proposal
    }

    /// A proposal as `propose(for:)` makes it, and whether its first point is the anchor the
    /// other was chosen against (the best, or the design's point of the first pairs). With
    /// `avoiding` (a direction in model coordinates), the challenger's direction from the anchor
    /// keeps an angle with it (a gallery's second axis).
    /// `richer`: for a line or a gallery, which may be the person's turn (`Settings.personEvery`).
    mutating func makeProposal(for person: String? = nil, avoiding: [Double]? = nil, apartFrom shown: [[Double]] = [],
                               richer: Bool = false) -> (proposal: Proposal, anchorIsFirst: Bool) {
        let randomTurn = settings.randomEvery > 0 && proposals.count % settings.randomEvery == settings.randomEvery - 1
        if settings.acquisition == .random || answers.isEmpty || answers.count < settings.explorationAnswers || randomTurn {
            // A point (of the space-filling design for the first pairs, else random) and a far
            // one: each ordered axis shifted by half its range (± 0.15, wrapped), each unordered
            // axis another value.
            var a = space.randomCoordinates(&rng)
            if answers.count < settings.explorationAnswers { a = designPoint(proposals.count, fallback: a) }
            var b = farPoint(from: a)
            if admissible != nil {
                // Only admissible points: the design's (or a random) one, else random ones; its
                // far partner, else random ones apart from it; a bounded number of tries.
                var checks = AdmissibleChecks(round: self)
                while !checks.allows(a) && checks.left { a = space.randomCoordinates(&rng) }
                var tries = 0
                while (b == a || !checks.allows(b)) && checks.left {
                    tries += 1
                    b = tries % 2 == 0 ? farPoint(from: a) : space.randomCoordinates(&rng)
                }
            }
            let proposal = recordedProposal(a, b)
            return (proposal, true)
        }
        var pool: [[Double]] = []
        let shownPoints = shown.map(space.encode)
        var seen = Set(shownPoints)
        func add(_ z: [Double]) { if seen.insert(z).inserted { pool.append(z) } }
        let bestPoint = best.map { space.encode($0.point) }
        if let bestPoint { add(bestPoint) }
        let bestInPool = bestPoint != nil && pool.first == bestPoint
        // The model the pair is chosen under, and whose taste in it (nil: the team's).
        let model: PairwiseGP, answering: Int?
        let personTurn = richer && bestInPool && person.map { isPersonTurn(for: $0, avoiding: avoiding) } == true
        if personTurn, let person, let bestPoint {
            // A person's turn (`Settings.personEvery`): the best with one number moved, under their own view.
            if peopleModel == nil { peopleModel = peopleViewModel() }
            (model, answering) = view(for: person)
            for d in space.dimensions.indices where !space.dimensions[d].isCategorical {
                for value in space.axisValues(d) { var y = bestPoint; y[d] = value; add(y) }
            }
        } else {
            // With person offsets in the team's model, the pair is chosen under the taste of the
            // person who will answer: their answer tells about their own offset as well.
            (model, answering) = (currentModel(), person.flatMap(personIndex))
            let items = (0..<model.itemCount).map(model.itemPoint)
            let leaders = zip(items, model.itemMeans).map { (z: $0, mean: $1) }.sorted { $0.mean > $1.mean }.prefix(6).map(\.z)
            leaders.forEach(add)
            var anchors = Array(leaders.prefix(3))
            if let bestPoint { anchors.insert(bestPoint, at: 0) }
            for anchor in anchors {
                for scale in settings.localScales {
                    for y in space.neighbours(of: anchor, scale: scale, randomMoves: settings.localMoves, rng: &rng) { add(y) }
                }
            }
            for _ in 0..<settings.randomCandidates { add(space.randomCoordinates(&rng)) }
        }
        // A space too small to leave the shown points out: they may repeat.
        if pool.count < 2 {
            for z in shownPoints + [bestPoint].compactMap({ $0 }) where !pool.contains(z) { pool.append(z) }
        }

        let (means, variances, v) = model.predict(pool, person: answering)
        let m = model.comparisons.count
        let kernel = model.kernel
        let differenceVariance: (Int, Int) -> Double = { i, j in
            v.withUnsafeBufferPointer { vp in
                let dot = LinearAlgebra.dot(vp.baseAddress! + i * m, vp.baseAddress! + j * m, m)
                let kij = pool[i].withUnsafeBufferPointer { a in pool[j].withUnsafeBufferPointer { b in kernel.own(answering, a.baseAddress!, b.baseAddress!) } }
                return variances[i] + variances[j] - 2 * (kij - dot)
            }
        }
        let euboGivenVariance: (Int, Int, Double) -> Double = { i, j, s2 in
            guard s2 > 1e-10 else { return -.infinity }
            let s = s2.squareRoot(), delta = means[i] - means[j]
            return means[j] + delta * Normal.cdf(delta / s) + s * Normal.pdf(delta / s)
        }
        let eubo: (Int, Int) -> Double = { i, j in euboGivenVariance(i, j, differenceVariance(i, j)) }
        // Noise-aware (see above): c² of the person who will answer.
        let c2 = person.map { 2 * pow(hyperparameters.sigma(for: $0), 2) } ?? 0
        var bestPair = (0, min(1, pool.count - 1)), bestValue = -Double.infinity
        // Under a constraint (`admissible`) a point is checked only when it would win, so the
        // winner is the best admissible one after a few checks (each bounded in number).
        var checks = AdmissibleChecks(round: self)
        func allows(_ i: Int) -> Bool { admissible == nil || checks.allows(pool[i]) }
        switch settings.acquisition {
        case .euboAgainstBest:
            // The reported best (first in the pool) when there is one; under a constraint, the
            // highest mean that is admissible.
            var incumbent = bestInPool ? 0 : means.indices.max { means[$0] < means[$1] } ?? 0
            if !allows(incumbent) {
                incumbent = means.indices.sorted { means[$0] > means[$1] }.first { checks.left && allows($0) } ?? incumbent
            }
            // On a category turn the challenger is the best with one unordered axis changed.
            let unordered = space.dimensions.indices.filter { space.dimensions[$0].isCategorical }
            // A person's turn moves a number, never a category: it takes a category turn's place.
            let categoryTurn = settings.categoryEvery > 0 && !unordered.isEmpty && bestInPool && !personTurn
                && proposals.count % settings.categoryEvery == settings.categoryEvery - 1
            for restricted in categoryTurn ? [true, false] : [false] where bestValue == -.infinity {
                for j in pool.indices where j != incumbent {
                    if restricted && !zip(pool[j], pool[incumbent]).enumerated().allSatisfy({ d, v in
                        v.0 == v.1 || space.dimensions[d].isCategorical
                    }) { continue }
                    if let avoiding, !space.keepsAngle(from: pool[incumbent], to: pool[j], with: avoiding) { continue }
                    // Two charts the model cannot tell apart (the same grid point, reached by two
                    // roundings: 0.15 and 0.15000000000000002) teach nothing; the weighting below
                    // would turn their −∞ into +∞ (s² a rounding error below 0) and show them as a pair.
                    let s2 = differenceVariance(incumbent, j)
                    guard s2 > 1e-10 else { continue }
                    var value = euboGivenVariance(incumbent, j, s2)
                    if c2 > 0 { value = means[incumbent] + (value - means[incumbent]) * s2 / (s2 + c2) }
                    if value > bestValue && allows(j) { bestValue = value; bestPair = (incumbent, j) }
                }
                if admissible == nil { break }
            }
        case .random: break
        case .eubo:
            for i in 0..<pool.count {
                for j in (i + 1)..<pool.count {
                    let value = eubo(i, j)
                    if value > bestValue && allows(i) && allows(j) { bestValue = value; bestPair = (i, j) }
                }
            }
        }
        // Show the two in a random order (the best is not always on the same side).
        let (i, j) = rng.index(2) == 0 ? bestPair : (bestPair.1, bestPair.0)
        let proposal = Proposal(id: proposals.count, first: space.decode(pool[i]), second: space.decode(pool[j]),
                                expectedBest: expectedBest(bestValue.isFinite && c2 == 0 ? bestValue : eubo(i, j), means[i], means[j]),
                                firstMean: means[i], firstSD: variances[i].squareRoot(),
                                secondMean: means[j], secondSD: variances[j].squareRoot())
        proposals.append(proposal)
        return (proposal, i == bestPair.0)
    }
}

/// A proposal's EUBO, or where the model cannot tell its two apart (EUBO −∞: nothing to learn,
/// in a space too small for anything else) the higher of their means: a round is stored as JSON,
/// which has no infinities.
private func expectedBest(_ eubo: Double, _ first: Double, _ second: Double) -> Double {
    eubo.isFinite ? eubo : max(first, second)
}

/// Checks of the round's constraint (`ExploreRound.admissible`) for one proposal or one best:
/// each point once, at most `ExploreRound.admissibleChecks` of them; past that, no unchecked
/// point is allowed (unless `pastBudget`: an answered point, which was checked when proposed and
/// whose check the constraint's owner keeps).
struct AdmissibleChecks {
    let round: ExploreRound
    private var known: [[Double]: Bool] = [:]

    init(round: ExploreRound) { self.round = round }

    var left: Bool { known.count < ExploreRound.admissibleChecks }

    mutating func allows(_ z: [Double], pastBudget: Bool = false) -> Bool {
        guard let admissible = round.admissible else { return true }
        if let verdict = known[z] { return verdict }
        guard left || pastBudget else { return false }
        let verdict = admissible(round.space.decode(z))
        known[z] = verdict
        return verdict
    }
}
