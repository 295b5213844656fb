import Foundation

/// The team's best: where the posterior mean is highest while the answers vouch for it.
extension ExploreRound {
    // MARK: best

    /// The posterior-mean maximiser: from each of the three leading answered points, coordinate
    /// ascent of the mean (every category, up to 21 grid values per ordered axis, 3 sweeps), then
    /// a short hill climb (random local moves at shrinking scales, other categories, ±1 grid step).
    mutating func updateBest() {
        let model = currentModel()
        let items = (0..<model.itemCount).map(model.itemPoint)
        // Climb the mean (cheap: n kernel evaluations a point) from the leading answered points,
        // keeping every point on the way; then take the candidate with the highest mean − κ·sd
        // (one m×m solve a candidate), which stops where the answers stop vouching for it.
        var candidates = items
        let itemMeans = model.itemMeans
        let ranked = items.indices.sorted { itemMeans[$0] > itemMeans[$1] }.map { (z: items[$0], mean: itemMeans[$0]) }
        var path: [[Double]] = []
        for start in ranked.prefix(3) {
            var (z, mean) = space.coordinateAscent(from: start.z, startScore: start.mean, sweeps: 3, axisScores: { model.axisMeans($0, axis: $1, values: $2) }) { path.append($0) }
            for scale in [0.15, 0.08, 0.04, 0.02] {
                for _ in 0..<2 {
                    var improved = false
                    for y in space.neighbours(of: z, scale: scale, randomMoves: 8, rng: &rng) {
                        let m = model.mean(y)
                        if m > mean + 1e-12 { z = y; mean = m; improved = true }
                    }
                    if !improved { break }
                }
            }
            path.append(z)
            // And the way there in straight steps (ordered axes interpolated, categories of the end).
            for t in [0.2, 0.4, 0.6, 0.8] {
                var y = z
                for (d, dim) in space.dimensions.enumerated() where !dim.isCategorical {
                    y[d] = dim.snap(start.z[d] + t * (z[d] - start.z[d]))
                }
                path.append(y)
            }
        }
        candidates += path
        // mean − κ·sd ≤ mean: the candidates in order of their means (n kernel evaluations
        // each), each one's sd (an m×m solve) only while its mean could still beat the best score.
        let caution = max(0, settings.bestCaution)
        let means = Array(itemMeans) + path.map { model.mean($0) }
        var bestIndex = 0, bestScore = -Double.infinity, bestMean = 0.0, sd = 0.0
        // Under a constraint only admissible candidates; once its checks are spent, only the
        // answered points (they were admissible when proposed); none of them: any candidate.
        var checks = AdmissibleChecks(round: self)
        let order = candidates.indices.sorted(by: { means[$0] > means[$1] || (means[$0] == means[$1] && $0 < $1) })
        for constrained in admissible == nil ? [false] : [true, false] where bestScore == -.infinity {
            for i in order {
                if means[i] < bestScore { break }
                if constrained && !checks.allows(candidates[i], pastBudget: i < items.count) { continue }
                let v = model.predict([candidates[i]]).variances[0].squareRoot()
                let s = means[i] - caution * v
                if s > bestScore || (s == bestScore && i < bestIndex) { bestScore = s; bestIndex = i; bestMean = means[i]; sd = v }
            }
        }
        let bestZ = candidates[bestIndex]
        let point = space.decode(bestZ)
        bestHistory.append(point)
        var stable = 1
        while stable < bestHistory.count && same(bestHistory[bestHistory.count - 1 - stable], point) { stable += 1 }
        stable = min(stable, max(0, answers.count - settings.explorationAnswers))
        best = Best(point: point, mean: bestMean, sd: sd, stableFor: stable, isStable: stable >= settings.stableAfter,
                    answers: answers.count)
    }

    func same(_ a: [Double], _ b: [Double]) -> Bool {
        let za = space.encode(a), zb = space.encode(b)
        for (d, dim) in space.dimensions.enumerated() {
            if dim.isCategorical ? za[d] != zb[d] : abs(za[d] - zb[d]) > settings.stabilityTolerance { return false }
        }
        return true
    }
}
