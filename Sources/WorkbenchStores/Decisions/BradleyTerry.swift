import WorkbenchSupport
import Foundation

/// Bradley–Terry strengths from pairwise outcomes, fitted with the MM algorithm (Hunter 2004,
/// "MM algorithms for generalized Bradley–Terry models"): `p_i ← W_i / Σ_j n_ij / (p_i + p_j)`.
///
/// A tie counts half a win to each side. The maximum-likelihood fit exists only when the
/// comparison graph is strongly connected (Hunter's assumption 1: for every split of the
/// candidates into two groups, someone in each group has beaten, or tied, someone in the
/// other). When it is not — a candidate with no wins, groups never compared with each other —
/// every candidate also gets one virtual tie against a fixed reference of strength 1: a weak
/// prior that keeps each score positive and puts separate groups on one scale. Scores are
/// returned normalised to sum to 1.
package struct BradleyTerry {
    /// One comparison between candidates `first` and `second` (indices); `winner` nil is a tie.
    package struct Outcome: Equatable {
        package let first: Int
        package let second: Int
        package let winner: Int?
    }

    package struct Fit: Equatable {
        package let scores: [Double]
        /// Whether the prior was needed (the plain maximum-likelihood fit does not exist).
        package let regularised: Bool
        package let iterations: Int
    }

    package static let maxIterations = 10_000
    package static let tolerance = 1e-12

    /// Outcomes naming an index outside `0..<count` or a candidate against itself are ignored.
    package static func fit(count: Int, outcomes: [Outcome]) -> Fit {
        guard count > 0 else { return Fit(scores: [], regularised: false, iterations: 0) }
        var wins = [Double](repeating: 0, count: count)
        var games = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
        for o in outcomes where o.first != o.second && (0..<count).contains(o.first) && (0..<count).contains(o.second) {
            games[o.first][o.second] += 1
            games[o.second][o.first] += 1
            switch o.winner {
            case o.first: wins[o.first] += 1
            case o.second: wins[o.second] += 1
            default:
                wins[o.first] += 0.5
                wins[o.second] += 0.5
            }
        }
        let regularised = !stronglyConnected(count: count, outcomes: outcomes)
        // The prior: one tie (half a win, one game) against a reference of fixed strength 1.
        let priorWins = regularised ? 0.5 : 0
        let priorGames = regularised ? 1.0 : 0
        var p = [Double](repeating: 1, count: count)
        var iterations = 0
        while iterations < maxIterations {
            iterations += 1
            var next = p
            for i in 0..<count {
                var denominator = priorGames / (p[i] + 1)
                for j in 0..<count where j != i && games[i][j] > 0 { denominator += games[i][j] / (p[i] + p[j]) }
                next[i] = denominator > 0 ? (wins[i] + priorWins) / denominator : p[i]
            }
            // Without the prior the scale is free: keep the geometric mean at 1 for stability.
            if !regularised {
                let logMean = next.reduce(0) { $0 + log($1) } / Double(count)
                let scale = exp(-logMean)
                for i in 0..<count { next[i] *= scale }
            }
            let change = zip(p, next).reduce(0.0) { max($0, abs($1.0 - $1.1) / max($1.1, 1e-300)) }
            p = next
            if change < tolerance { break }
        }
        let total = p.reduce(0, +)
        return Fit(scores: p.map { total > 0 ? $0 / total : 1 / Double(count) }, regularised: regularised, iterations: iterations)
    }

    /// Whether every candidate can reach every other along "beat or tied" edges.
    package static func stronglyConnected(count: Int, outcomes: [Outcome]) -> Bool {
        guard count > 1 else { return true }
        var beats = [Set<Int>](repeating: [], count: count)   // i → j: i beat or tied j
        for o in outcomes where o.first != o.second && (0..<count).contains(o.first) && (0..<count).contains(o.second) {
            if o.winner != o.second { beats[o.first].insert(o.second) }
            if o.winner != o.first { beats[o.second].insert(o.first) }
        }
        var beatenBy = [Set<Int>](repeating: [], count: count)
        for i in 0..<count { for j in beats[i] { beatenBy[j].insert(i) } }
        func reachesAll(_ edges: [Set<Int>]) -> Bool {
            var seen: Set<Int> = [0], stack = [0]
            while let node = stack.popLast() { for next in edges[node] where seen.insert(next).inserted { stack.append(next) } }
            return seen.count == count
        }
        return reachesAll(beats) && reachesAll(beatenBy)
    }
}
