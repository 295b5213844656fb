import Foundation

extension BradleyTerry {
    /// How sure a fit is that one candidate is better than another: from the curvature of the
    /// log-likelihood in log-strengths (the observed Fisher information), the normal
    /// approximation of their difference d = log pᵃ − log pᵇ. Its JSON form is a closed round's
    /// leader after the two names, members in this order.
    package struct Separation: Equatable, Encodable {
        /// P(d > 0): the probability that `a` is truly the better of the two.
        package let probabilityBetter: Double
        /// The chance `a` is picked over `b` (pᵃ / (pᵃ + pᵇ)) with its 95 % interval.
        package let headToHead: Double
        package let low: Double
        package let high: Double
        /// `probabilityBetter` below `callable`.
        package let tooCloseToCall: Bool
        /// Below this probability a lead is called too close to call.
        package static let callable = 0.9

        package init(probabilityBetter: Double, headToHead: Double, low: Double, high: Double) {
            self.probabilityBetter = probabilityBetter
            self.headToHead = headToHead
            self.low = low
            self.high = high
            tooCloseToCall = probabilityBetter < Self.callable
        }
    }

    /// The separation of candidates `a` and `b` under `fit` of `outcomes`; nil when the
    /// outcomes say nothing about their difference (no comparisons, an index out of range).
    ///
    /// Each pair compared nᵢⱼ times adds nᵢⱼ·πᵢⱼ(1−πᵢⱼ) to the information (πᵢⱼ = pᵢ/(pᵢ+pⱼ)).
    /// The scale is free, so one candidate's log-strength is held fixed (a difference's variance
    /// does not depend on which); when the fit needed its prior (one tie against a reference),
    /// that tie's information (¼ at equal strength) is on every candidate instead.
    package static func separation(_ a: Int, _ b: Int, count: Int, outcomes: [Outcome], fit: Fit) -> Separation? {
        guard count > 1, fit.scores.count == count, (0..<count).contains(a), (0..<count).contains(b), a != b,
              fit.scores[a] > 0, fit.scores[b] > 0 else { return nil }
        var information = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
        for o in outcomes where o.first != o.second && (0..<count).contains(o.first) && (0..<count).contains(o.second) {
            let (i, j) = (o.first, o.second)
            let pi = fit.scores[i] / (fit.scores[i] + fit.scores[j])
            let w = pi * (1 - pi)
            information[i][i] += w; information[j][j] += w
            information[i][j] -= w; information[j][i] -= w
        }
        let kept: [Int]
        if fit.regularised {
            for i in 0..<count { information[i][i] += 0.25 }
            kept = Array(0..<count)
        } else {
            // Held fixed: a candidate that is neither of the two, else `b`.
            let fixed = (0..<count).last { $0 != a && $0 != b } ?? b
            kept = (0..<count).filter { $0 != fixed }
        }
        guard let covariance = inverse(kept.map { i in kept.map { j in information[i][j] } }) else { return nil }
        func variance(_ x: Int, _ y: Int) -> Double {
            guard let p = kept.firstIndex(of: x), let q = kept.firstIndex(of: y) else { return 0 }
            return covariance[p][q]
        }
        let spread = variance(a, a) + variance(b, b) - 2 * variance(a, b)
        guard spread > 0, spread.isFinite else { return nil }
        let sd = spread.squareRoot()
        let d = log(fit.scores[a]) - log(fit.scores[b])
        let logistic = { (x: Double) in 1 / (1 + exp(-x)) }
        return Separation(probabilityBetter: 0.5 * erfc(-d / sd / 2.0.squareRoot()), headToHead: logistic(d),
                          low: logistic(d - 1.959964 * sd), high: logistic(d + 1.959964 * sd))
    }

    /// Gauss–Jordan with partial pivoting; nil when the matrix is singular.
    static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        let n = matrix.count
        guard n > 0 else { return nil }
        var m = matrix.enumerated().map { i, row in row + (0..<n).map { $0 == i ? 1.0 : 0 } }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }), abs(m[pivot][column]) > 1e-12 else { return nil }
            m.swapAt(column, pivot)
            let scale = m[column][column]
            for k in 0..<(2 * n) { m[column][k] /= scale }
            for row in 0..<n where row != column && m[row][column] != 0 {
                let factor = m[row][column]
                for k in 0..<(2 * n) { m[row][k] -= factor * m[column][k] }
            }
        }
        return m.map { Array($0[n...]) }
    }
}
