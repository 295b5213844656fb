import Foundation

/// Reading the fitted posterior: means at points (and along one axis), variances, and two
/// points' joint posterior; of the team's taste, or of one person's.
extension PairwiseGP {
    /// Posterior mean at one point (model coordinates) of the team's taste, or of `person`'s
    /// (their index among the round's people): n kernel evaluations.
    func mean(_ z: [Double], person: Int? = nil) -> Double {
        let d = kernel.width
        return z.withUnsafeBufferPointer { zp in
            items.withUnsafeBufferPointer { x in
                var s = 0.0
                for i in 0..<itemCount where itemWeights[i] != 0 {
                    let item = x.baseAddress! + i * d
                    s += itemWeights[i] * kernel.query(person, zp.baseAddress!, item)
                }
                return s
            }
        }
    }

    /// Posterior means at `z` with axis `d` set to each of `values` (a coordinate search's
    /// step): the other axes' part of each item's kernel is summed once, not once per value.
    func axisMeans(_ z: [Double], axis d: Int, values: [Double], person: Int? = nil) -> [Double] {
        var out = [Double](repeating: 0, count: values.count)
        let dims = kernel.dims, width = kernel.width, variance = kernel.variance, categoryVariance = kernel.categoryVariance
        kernel.isCategorical.withUnsafeBufferPointer { cat in
            kernel.halfInvSq.withUnsafeBufferPointer { w in
                items.withUnsafeBufferPointer { x in
                    for i in 0..<itemCount where itemWeights[i] != 0 {
                        let xi = x.baseAddress! + i * width
                        var s = 0.0, same = 0
                        for e in 0..<dims where e != d {
                            if cat[e] {
                                if z[e] != xi[e] { s += w[e] } else { same += 1 }
                            } else {
                                let t = z[e] - xi[e]
                                s += w[e] * t * t
                            }
                        }
                        let own = person != nil && kernel.personShare > 0 && Double(person!) == xi[dims]
                        let weight = itemWeights[i] * (own && !kernel.additiveOffsets ? 1 + kernel.personShare : 1)
                        // An additive offset: the other axes' terms once, this axis's per value.
                        var others = 0.0
                        if own && kernel.additiveOffsets {
                            for e in 0..<dims where e != d { others += kernel.axisTerm(e, z[e], xi[e]) }
                        }
                        let offsetWeight = itemWeights[i] * kernel.personShare * kernel.priorVariance / Double(dims)
                        for (j, v) in values.enumerated() {
                            var sv = s, samev = same
                            if cat[d] {
                                if v != xi[d] { sv += w[d] } else { samev += 1 }
                            } else {
                                let t = v - xi[d]
                                sv += w[d] * t * t
                            }
                            out[j] += weight * (variance * exp(-sv) + categoryVariance * Double(samev))
                            if own && kernel.additiveOffsets { out[j] += offsetWeight * (others + kernel.axisTerm(d, v, xi[d])) }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Two points' posterior means and variances, and the standard deviation of the difference
    /// of their utilities, from their joint posterior: √(var a + var b − 2 cov(a, b)). Of the
    /// team's taste, or of `person`'s.
    func jointPair(_ a: [Double], _ b: [Double], person: Int? = nil) -> (means: [Double], variances: [Double], differenceSD: Double) {
        let p = predict([a, b], person: person)
        let m = comparisons.count
        var dot = 0.0
        for k in 0..<m { dot += p.whitened[k] * p.whitened[m + k] }
        let prior = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in kernel.own(person, x.baseAddress!, y.baseAddress!) } }
        return (p.means, p.variances, max(p.variances[0] + p.variances[1] - 2 * (prior - dot), 1e-12).squareRoot())
    }

    /// How much more the average of `people` persons likes `a` than `b` (each person's taste the
    /// team's plus their own offset): the mean and standard deviation of (1/P) Σₚ [fₚ(a) − fₚ(b)].
    /// Its prior variance is the team's difference variance plus 1/P of one offset's (the offsets
    /// are independent); the answers' share is the whitened vectors' average, as for one person.
    func averageDifference(_ a: [Double], _ b: [Double], people: Int) -> (mean: Double, sd: Double) {
        guard people > 0 else { let p = jointPair(a, b); return (p.means[0] - p.means[1], p.differenceSD) }
        let m = comparisons.count, share = 1 / Double(people)
        var mean = 0.0, v = [Double](repeating: 0, count: m)
        for person in 0..<people {
            let p = predict([a, b], person: person)
            mean += share * (p.means[0] - p.means[1])
            for k in 0..<m { v[k] += share * (p.whitened[k] - p.whitened[m + k]) }
        }
        let (team, own) = a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y -> (Double, Double) in
                let (xa, yb) = (x.baseAddress!, y.baseAddress!)
                return (kernel(xa, xa) + kernel(yb, yb) - 2 * kernel(xa, yb),
                        kernel.own(0, xa, xa) + kernel.own(0, yb, yb) - 2 * kernel.own(0, xa, yb))
            }
        }
        let prior = team + share * (own - team)
        var explained = 0.0
        for k in 0..<m { explained += v[k] * v[k] }
        return (mean, max(prior - explained, 1e-12).squareRoot())
    }

    /// Posterior mean and standard deviation at one point.
    func meanAndSD(_ z: [Double], person: Int? = nil) -> (mean: Double, sd: Double) {
        let p = predict([z], person: person)
        return (p.means[0], p.variances[0].squareRoot())
    }

    /// Posterior means and the whitened cross-covariances v = L⁻¹(√W ⊙ A k(X, x)) of points, so
    /// that cov(x, x') = k(x, x') − v·v'. Returns means, variances and V (N×m, flat). Of the
    /// team's taste, or of `person`'s (their index among the round's people).
    func predict(_ points: [[Double]], person: Int? = nil) -> (means: [Double], variances: [Double], whitened: [Double]) {
        let m = comparisons.count, d = kernel.width, n = itemCount
        let prior = kernel.priorVariance * kernel.ownFactor(person)
        var means = [Double](repeating: 0, count: points.count)
        var variances = [Double](repeating: prior, count: points.count)
        var whitened = [Double](repeating: 0, count: points.count * m)
        guard m > 0 else { return (means, variances, whitened) }
        var kx = [Double](repeating: 0, count: n)
        items.withUnsafeBufferPointer { x in
            factor.withUnsafeBufferPointer { lp in
                whitened.withUnsafeMutableBufferPointer { vAll in
                    for (p, z) in points.enumerated() {
                        z.withUnsafeBufferPointer { zp in
                            for i in 0..<n {
                                let item = x.baseAddress! + i * d
                                kx[i] = kernel.query(person, zp.baseAddress!, item)
                            }
                        }
                        var mu = 0.0
                        for i in 0..<n { mu += itemWeights[i] * kx[i] }
                        means[p] = mu
                        let v = UnsafeMutableBufferPointer(rebasing: vAll[(p * m)..<((p + 1) * m)])
                        for k in 0..<m { v[k] = sqrtW[k] * (kx[comparisons[k].first] - kx[comparisons[k].second]) }
                        LinearAlgebra.forwardSolve(lp, n: m, v)
                        var ss = 0.0
                        for k in 0..<m { ss += v[k] * v[k] }
                        variances[p] = max(prior - ss, 1e-12)
                    }
                }
            }
        }
        return (means, variances, whitened)
    }
}
