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

    /// Three people of different care, as `make bench-explore`'s: τ = 0.04, 0.08 and 0.15 of the
    /// taste's range.
    public static let team = [
        SimulatedPerson(name: "ada", temperature: 0.04),
        SimulatedPerson(name: "ben", temperature: 0.08),
        SimulatedPerson(name: "cy", temperature: 0.15),
    ]
}
