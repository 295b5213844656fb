import Foundation

/// A simulated person answering by Bradley–Terry: P(first) = 1/(1 + exp(−Δu/τ)); says "no
/// preference" when |Δu| < tieMargin (as `make bench-explore`'s people).
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
        answer(a, b, utility: taste.utility, rng: &rng)
    }

    /// The answer of a person whose taste is `utility` (their own, when people disagree).
    public func answer(_ a: [Double], _ b: [Double], utility: ([Double]) -> Double, rng: inout SplitMix64) -> ExploreRound.Outcome {
        let delta = utility(a) - utility(b)
        if abs(delta) < tieMargin { return .noPreference }
        return rng.uniform() < 1 / (1 + exp(-delta / temperature)) ? .first : .second
    }

    /// The pick of a person shown several charts at once (a line's stops, a gallery): the one
    /// with the highest utility plus Gumbel noise at their temperature, so that between two it
    /// is the same choice as `answer` (Bradley–Terry is the two-option case of this).
    public func pick(_ points: [[Double]], utility: ([Double]) -> Double, rng: inout SplitMix64) -> Int {
        var best = 0, bestScore = -Double.infinity
        for (i, p) in points.enumerated() {
            let u = max(rng.uniform(), 1e-300)
            let score = utility(p) - temperature * log(-log(u))
            if score > bestScore { best = i; bestScore = score }
        }
        return best
    }

    /// Where a person stops on a line's stops: the highest utility plus noise that varies
    /// smoothly along the line (Gumbel noise at their temperature on five knots, the ends and
    /// the quarters, interpolated between them). A slider's neighbouring stops look alike, so
    /// its noise cannot be independent from stop to stop: with independent noise a line of more
    /// stops would be read as more careless.
    public func stop(on points: [[Double]], utility: ([Double]) -> Double, rng: inout SplitMix64) -> Int {
        let knots = (0..<5).map { _ in -temperature * log(-log(max(rng.uniform(), 1e-300))) }
        var best = 0, bestScore = -Double.infinity
        for (i, p) in points.enumerated() {
            let x = points.count > 1 ? Double(i) / Double(points.count - 1) * 4 : 0
            let k = min(3, Int(x)), f = x - Double(k)
            let score = utility(p) + knots[k] * (1 - f) + knots[k + 1] * f
            if score > bestScore { best = i; bestScore = score }
        }
        return best
    }

    /// Three people of different care, as `make bench-explore`'s: τ = 0.04, 0.08 and 0.15 of the
    /// taste's range.
    public static let team = [
        SimulatedPerson(name: "ada", temperature: 0.04),
        SimulatedPerson(name: "ben", temperature: 0.08),
        SimulatedPerson(name: "cy", temperature: 0.15),
    ]
}
