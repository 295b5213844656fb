import Foundation

/// Squared-exponential (RBF) kernel with one lengthscale per dimension (ARD). Ordered axes use
/// their [0, 1] coordinates; unordered axes (categories, booleans) contribute a squared distance
/// of 1 when the values differ (an overlap/Hamming term, the same as a scaled one-hot encoding).
///
/// With `personShare` > 0, each person's taste is the team's plus an offset of their own, drawn
/// from the same kernel scaled by `personShare` (a shared GP with per-person offsets): the
/// model's items then carry their person's index after their coordinates, and two items of one
/// person covary by k·(1 + personShare). With `additiveOffsets`, the offset's kernel is instead
/// a sum of one-axis terms of the same lengthscales (scaled to the same prior variance): two
/// items of one person covary by k + personShare·k_add. The team's taste is the shared part alone.
struct MixedKernel: Sendable {
    let dims: Int
    let isCategorical: [Bool]
    /// 1/(2ℓ²) per dimension.
    let halfInvSq: [Double]
    let variance: Double
    /// Variance of an independent offset per value of each unordered axis, added to the product
    /// term (a category can be better everywhere, as tastes usually are).
    let categoryVariance: Double
    let categoricalCount: Int
    /// The variance of a person's own offset, as a share of the team's.
    let personShare: Double
    /// k(x, x) of the team's taste.
    var priorVariance: Double { variance + categoryVariance * Double(categoricalCount) }
    /// The numbers an item has: its coordinates and, with person offsets, its person's index.
    var width: Int { personShare > 0 ? dims + 1 : dims }

    /// Whether a person's offset is additive (a sum of one-axis terms: a person's taste differs
    /// from the team's along a few parameters at a time) rather than the team's kernel again.
    let additiveOffsets: Bool

    init(space: PreferenceSpace, lengthscales: [Double], variance: Double = 1, categoryVariance: Double = 0, personShare: Double = 0,
         additiveOffsets: Bool = false) {
        self.additiveOffsets = additiveOffsets
        dims = space.count
        isCategorical = space.dimensions.map(\.isCategorical)
        halfInvSq = lengthscales.map { 0.5 / ($0 * $0) }
        self.variance = variance
        categoricalCount = isCategorical.filter { $0 }.count
        self.categoryVariance = categoricalCount > 0 ? categoryVariance : 0
        self.personShare = max(0, personShare)
    }

    /// The covariance of a query of `person`'s taste (nil: the team's) with `item` (its person's
    /// index is read only when items carry one).
    @inline(__always)
    func query(_ person: Int?, _ z: UnsafePointer<Double>, _ item: UnsafePointer<Double>) -> Double {
        let k = self(z, item)
        guard let person, personShare > 0, Double(person) == item[dims] else { return k }
        return withOffset(k, z, item)
    }

    /// The covariance of two points both of `person`'s taste (nil: the team's).
    @inline(__always)
    func own(_ person: Int?, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>) -> Double {
        let k = self(a, b)
        return person != nil && personShare > 0 ? withOffset(k, a, b) : k
    }

    /// The factor of one person's prior variance over the team's.
    func ownFactor(_ person: Int?) -> Double { person != nil && personShare > 0 ? 1 + personShare : 1 }

    /// The covariance of two items (each `width` numbers): the team's, plus the person's offset
    /// when one person answered both.
    @inline(__always)
    func items(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>) -> Double {
        let k = self(a, b)
        return personShare > 0 && a[dims] == b[dims] ? withOffset(k, a, b) : k
    }

    /// The team's covariance `k` of two points plus one person's offset's.
    @inline(__always)
    func withOffset(_ k: Double, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>) -> Double {
        additiveOffsets ? k + personShare * additive(a, b) : k * (1 + personShare)
    }

    /// One axis's term of an additive offset.
    @inline(__always)
    func axisTerm(_ d: Int, _ a: Double, _ b: Double) -> Double {
        if isCategorical[d] { return a == b ? 1 : exp(-halfInvSq[d]) }
        let t = a - b
        return exp(-halfInvSq[d] * t * t)
    }

    /// An additive offset's covariance: the mean of the axes' terms, times k(x, x) of the team's.
    @inline(__always)
    func additive(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>) -> Double {
        var s = 0.0
        for d in 0..<dims { s += axisTerm(d, a[d], b[d]) }
        return priorVariance * s / Double(dims)
    }

    /// The team's covariance of two points (their first `dims` numbers).
    @inline(__always)
    func callAsFunction(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>) -> Double {
        var s = 0.0, same = 0
        isCategorical.withUnsafeBufferPointer { cat in
            halfInvSq.withUnsafeBufferPointer { w in
                for d in 0..<dims {
                    if cat[d] {
                        if a[d] != b[d] { s += w[d] } else { same += 1 }
                    } else {
                        let t = a[d] - b[d]
                        s += w[d] * t * t
                    }
                }
            }
        }
        return variance * exp(-s) + categoryVariance * Double(same)
    }
}

/// One answer as the model sees it: items by index into the model's item list.
struct ModelComparison: Sendable {
    let first: Int
    let second: Int
    /// +1 first preferred, −1 second preferred, 0 no preference.
    let outcome: Int
    /// The probit scale √2·σ of whoever answered.
    let scale: Double
}

/// A Gaussian process over utilities fitted to pairwise comparisons (Chu & Ghahramani 2005) by
/// the Laplace approximation. The answers only see differences g_k = f(u_k) − f(v_k); these are
/// jointly Gaussian with prior covariance A K Aᵀ (A the ±1 comparison matrix) and the probit
/// likelihood is diagonal in them, so the fit is GPML's Algorithm 3.1 over m comparisons (an
/// m×m Cholesky per Newton step), never an n×n one over items, and tolerates a singular A K Aᵀ
/// (cycles, repeats).
///
/// A strict answer has likelihood Φ(y·g/s); "no preference" counts as half a win each way,
/// ½[log Φ(g/s) + log Φ(−g/s)], which is log-concave and peaks at g = 0.
struct PairwiseGP: Sendable {
    let kernel: MixedKernel
    /// Items in model coordinates, flat n×`kernel.width` (with person offsets, each item's person's index last).
    let items: [Double]
    let itemCount: Int
    let comparisons: [ModelComparison]

    // Fit results.
    private(set) var latent: [Double] = []     // ĝ (m)
    private(set) var gradient: [Double] = []   // ∇ log p(y|ĝ) (m): the posterior mean weights
    /// a with ĝ = K_g a at the mode (equal to `gradient` there): the next fit's warm start.
    private(set) var dual: [Double] = []
    /// The warm start this fit began from (nil: from ĝ = 0), so that it can be repeated exactly.
    private(set) var startedFrom: [Double]?
    private(set) var sqrtW: [Double] = []      // √W (m)
    private(set) var factor: [Double] = []     // L with L Lᵀ = I + √W K √W (m×m)
    /// Posterior mean weights per item: μ(x) = Σᵢ itemWeights[i] k(x, itemᵢ).
    private(set) var itemWeights: [Double] = []
    /// The team's posterior mean at each item (from the kernel matrix the fit built anyway).
    private(set) var itemMeans: [Double] = []
    private(set) var logEvidence: Double = -.infinity
    private(set) var newtonSteps = 0
    private(set) var jitter = 0.0

    static let maxNewtonSteps = 40

    /// `warmStart`: the mode's weights a (ĝ = K_g a) of an earlier fit whose comparisons are the
    /// first of these (a round's previous answers): Newton then starts there, padded with zeros,
    /// when that is better than starting from ĝ = 0, and needs a step or two instead of five to ten.
    init(kernel: MixedKernel, items: [Double], comparisons: [ModelComparison], warmStart: [Double]? = nil) {
        self.kernel = kernel
        self.items = items
        self.itemCount = items.count / max(1, kernel.width)
        self.comparisons = comparisons
        fit(warmStart: warmStart)
    }

    /// The n×n kernel matrix over the items.
    private func itemKernel() -> [Double] {
        let n = itemCount, d = kernel.width
        var k = [Double](repeating: 0, count: n * n)
        items.withUnsafeBufferPointer { x in
            let base = x.baseAddress!
            for i in 0..<n {
                k[i * n + i] = kernel.items(base + i * d, base + i * d)
                for j in 0..<i {
                    let v = kernel.items(base + i * d, base + j * d)
                    k[i * n + j] = v
                    k[j * n + i] = v
                }
            }
        }
        return k
    }

    /// Log-likelihood of one comparison at difference g, its derivative and −second derivative.
    @inline(__always)
    static func likelihood(_ c: ModelComparison, _ g: Double) -> (value: Double, gradient: Double, w: Double) {
        let s = c.scale
        if c.outcome == 0 {
            let z = g / s
            let r1 = Normal.ratio(z), r2 = Normal.ratio(-z)
            return (0.5 * (Normal.logCDF(z) + Normal.logCDF(-z)),
                    0.5 * (r1 - r2) / s,
                    0.5 * (r1 * (z + r1) + r2 * (-z + r2)) / (s * s))
        }
        let y = Double(c.outcome)
        let z = y * g / s
        let r = Normal.ratio(z)
        return (Normal.logCDF(z), y * r / s, r * (z + r) / (s * s))
    }

    private mutating func fit(warmStart: [Double]?) {
        let m = comparisons.count
        latent = [Double](repeating: 0, count: m)
        gradient = [Double](repeating: 0, count: m)
        sqrtW = [Double](repeating: 0, count: m)
        itemWeights = [Double](repeating: 0, count: itemCount)
        itemMeans = [Double](repeating: 0, count: itemCount)
        guard m > 0 else { factor = []; logEvidence = 0; return }
        let kItems = itemKernel()
        let n = itemCount
        // K_g = A K Aᵀ
        var kg = [Double](repeating: 0, count: m * m)
        for a in 0..<m {
            let ua = comparisons[a].first, va = comparisons[a].second
            for b in 0...a {
                let ub = comparisons[b].first, vb = comparisons[b].second
                let v = kItems[ua * n + ub] - kItems[ua * n + vb] - kItems[va * n + ub] + kItems[va * n + vb]
                kg[a * m + b] = v
                kg[b * m + a] = v
            }
        }
        var a = [Double](repeating: 0, count: m)   // ĝ = K_g a
        var g = [Double](repeating: 0, count: m)
        var grad = [Double](repeating: 0, count: m)
        var w = [Double](repeating: 0, count: m)
        var sw = [Double](repeating: 0, count: m)
        var l = [Double](repeating: 0, count: m * m)

        func objective(_ a: [Double], _ g: [Double]) -> Double {
            var s = 0.0
            for k in 0..<m { s += -0.5 * a[k] * g[k] + Self.likelihood(comparisons[k], g[k]).value }
            return s
        }
        func multiplyK(_ v: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: m)
            kg.withUnsafeBufferPointer { kp in
                v.withUnsafeBufferPointer { vp in
                    for i in 0..<m { out[i] = LinearAlgebra.dot(kp.baseAddress! + i * m, vp.baseAddress!, m) }
                }
            }
            return out
        }
        func factorise() {
            for k in 0..<m {
                let d = Self.likelihood(comparisons[k], g[k])
                grad[k] = d.gradient
                w[k] = max(d.w, 1e-12)
                sw[k] = w[k].squareRoot()
            }
            for i in 0..<m {
                for j in 0..<m { l[i * m + j] = sw[i] * kg[i * m + j] * sw[j] }
                l[i * m + i] += 1
            }
            jitter = LinearAlgebra.choleskyWithJitter(&l, n: m) ?? .nan
        }

        var psi = objective(a, g)
        if let warm = warmStart, !warm.isEmpty, warm.count <= m, warm.allSatisfy(\.isFinite) {
            let aWarm = warm + [Double](repeating: 0, count: m - warm.count)
            let gWarm = multiplyK(aWarm)
            let psiWarm = objective(aWarm, gWarm)
            if psiWarm > psi { a = aWarm; g = gWarm; psi = psiWarm; startedFrom = warm }
        }
        var steps = 0
        while steps < Self.maxNewtonSteps {
            steps += 1
            factorise()
            // b = W g + ∇log p;  a_new = b − √W L⁻ᵀ L⁻¹ (√W ⊙ K b)
            var b = [Double](repeating: 0, count: m)
            for k in 0..<m { b[k] = w[k] * g[k] + grad[k] }
            let kb = multiplyK(b)
            var t = [Double](repeating: 0, count: m)
            for k in 0..<m { t[k] = sw[k] * kb[k] }
            l.withUnsafeBufferPointer { lp in
                t.withUnsafeMutableBufferPointer { tp in
                    LinearAlgebra.forwardSolve(lp, n: m, tp)
                    LinearAlgebra.backwardSolve(lp, n: m, tp)
                }
            }
            var aNew = [Double](repeating: 0, count: m)
            for k in 0..<m { aNew[k] = b[k] - sw[k] * t[k] }
            // Damped step: halve until the objective does not decrease (log-concave, so it ends).
            var step = 1.0
            var aTry = aNew, gTry = multiplyK(aNew), psiTry = objective(aTry, gTry)
            var halvings = 0
            while psiTry < psi - 1e-12 && halvings < 20 {
                step *= 0.5; halvings += 1
                for k in 0..<m { aTry[k] = a[k] + step * (aNew[k] - a[k]) }
                gTry = multiplyK(aTry)
                psiTry = objective(aTry, gTry)
            }
            let improvement = psiTry - psi
            a = aTry; g = gTry; psi = psiTry
            if improvement < 1e-9 * max(1, abs(psi)) { break }
        }
        newtonSteps = steps
        factorise()   // W, ∇ and L at the mode
        var logDet = 0.0
        for i in 0..<m { logDet += log(l[i * m + i]) }
        logEvidence = psi - logDet
        latent = g
        gradient = grad
        dual = a
        sqrtW = sw
        factor = l
        var weights = [Double](repeating: 0, count: n)
        for k in 0..<m {
            weights[comparisons[k].first] += grad[k]
            weights[comparisons[k].second] -= grad[k]
        }
        itemWeights = weights
        kItems.withUnsafeBufferPointer { kp in
            weights.withUnsafeBufferPointer { wp in
                for i in 0..<n { itemMeans[i] = LinearAlgebra.dot(kp.baseAddress! + i * n, wp.baseAddress!, n) }
            }
        }
        // The team's mean at each item: without the shared offset of the items of its own person.
        if kernel.personShare > 0 && !kernel.additiveOffsets {
            let d = kernel.width, scale = kernel.personShare / (1 + kernel.personShare)
            for i in 0..<n {
                var own = 0.0
                for j in 0..<n where items[i * d + kernel.dims] == items[j * d + kernel.dims] { own += kItems[i * n + j] * weights[j] }
                itemMeans[i] -= own * scale
            }
        } else if kernel.personShare > 0 {
            // An additive offset is no multiple of the team's kernel: it is what the kernel matrix
            // holds beyond the team's (one team kernel a pair, not the offset's terms again).
            let d = kernel.width, dims = kernel.dims
            items.withUnsafeBufferPointer { x in
                for i in 0..<n {
                    var own = 0.0
                    for j in 0..<n where weights[j] != 0 && x[i * d + dims] == x[j * d + dims] {
                        own += (kItems[i * n + j] - kernel(x.baseAddress! + i * d, x.baseAddress! + j * d)) * weights[j]
                    }
                    itemMeans[i] -= own
                }
            }
        }
    }

    /// Item `i`'s point in model coordinates (without its person).
    func itemPoint(_ i: Int) -> [Double] {
        Array(items[(i * kernel.width)..<(i * kernel.width + kernel.dims)])
    }
}
