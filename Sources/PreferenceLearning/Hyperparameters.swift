import Foundation

/// The model's settings chosen from the answers: lengthscales (per dimension, in normalised
/// units: [0, 1] for ordered axes, "differs" = 1 for unordered ones), the probit noise σ of a
/// typical person (utilities have prior standard deviation 1), each person's multiplier of it,
/// and how much each person's taste may differ from the team's.
public struct Hyperparameters: Codable, Sendable, Equatable {
    public var lengthscales: [Double]
    public var noise: Double
    /// σ of person p is `noise × personNoise[p]` (1 when absent).
    public var personNoise: [String: Double]
    /// Prior variance of each unordered axis's per-value offset (added to the product kernel).
    public var categoryVariance: Double
    /// The variance of each person's own offset from the team's taste, as a share of the team's
    /// (0: one taste for everyone). Chosen by the evidence once two people have answered enough.
    public var personShare: Double

    public init(lengthscales: [Double], noise: Double = 0.25, personNoise: [String: Double] = [:], categoryVariance: Double = 0.25, personShare: Double = 0) {
        self.lengthscales = lengthscales
        self.noise = noise
        self.personNoise = personNoise
        self.categoryVariance = categoryVariance
        self.personShare = personShare
    }

    private enum CodingKeys: String, CodingKey { case lengthscales, noise, personNoise, categoryVariance, personShare }

    /// Rounds stored before person offsets read back with none.
    public init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: CodingKeys.self)
        lengthscales = try members.decode([Double].self, forKey: .lengthscales)
        noise = try members.decode(Double.self, forKey: .noise)
        personNoise = try members.decode([String: Double].self, forKey: .personNoise)
        categoryVariance = try members.decode(Double.self, forKey: .categoryVariance)
        personShare = try members.decodeIfPresent(Double.self, forKey: .personShare) ?? 0
    }

    /// Without person offsets, as rounds were stored before them.
    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(lengthscales, forKey: .lengthscales)
        try members.encode(noise, forKey: .noise)
        try members.encode(personNoise, forKey: .personNoise)
        try members.encode(categoryVariance, forKey: .categoryVariance)
        if personShare > 0 { try members.encode(personShare, forKey: .personShare) }
    }

    /// Starting values: unordered lengthscale 1, σ 0.25, and the ordered lengthscale growing with
    /// the square root of their count D (`orderedBase`), so that a prior draw varies about as much
    /// across the space whatever its dimension (as in Hvarfner et al. 2024).
    public static func initial(for space: PreferenceSpace) -> Hyperparameters {
        let base = orderedBase(space)
        return Hyperparameters(lengthscales: space.dimensions.map { $0.isCategorical ? 1.0 : base })
    }

    /// 0.125·√D, within 0.25…0.5. The evidence of 50 noisy answers is flat, so this prior decides.
    /// With the longer prior (`describingBase`, twice it from four numbers; before version
    /// 0.13.3) the model was sure of regions it had not seen and rounds stayed on the lower of
    /// two peaks: `make bench-explore`'s pairs through HTTP (D = 5), 240 studies (seeds 1–60),
    /// median regret at 50 answers 0.197 → 0.146 (two peaks 0.35 → 0.22), studies within 0.08
    /// 71 → 96; at 1.2 and 0.8 times it, 79 and 69 within 0.08. Not below 0.25: one or two
    /// numbers would be read as wiggling four times across their range.
    static func orderedBase(_ space: PreferenceSpace) -> Double {
        min(0.5, max(0.25, 0.125 * orderedCount(space).squareRoot()))
    }

    /// The longer prior's base, 0.25·√D (at most 1): what matters and each person's view are read
    /// at the team's lengthscales times `describingBase / orderedBase` (see
    /// `ExploreRound.readingHyperparameters`), 1 for one number, 2 from four.
    static func describingBase(_ space: PreferenceSpace) -> Double {
        min(1, 0.25 * max(1, orderedCount(space)).squareRoot())
    }

    /// D: how many of the space's axes are ordered (numbers).
    private static func orderedCount(_ space: PreferenceSpace) -> Double {
        Double(space.dimensions.filter { !$0.isCategorical }.count)
    }

    func sigma(for person: String) -> Double { noise * (personNoise[person] ?? 1) }

    // The grids searched (type-II maximum a posteriori, one coordinate pass per search).
    /// Multiples of the ordered base lengthscale.
    static let orderedGrid = [0.4, 0.6, 0.8, 1.0, 1.3, 1.7]
    static let unorderedGrid = [0.6, 1.0, 1.8]
    static let noiseGrid = [0.06, 0.12, 0.25, 0.5, 1.0]
    static let categoryGrid = [0.0, 0.1, 0.25, 0.6]
    static let personGrid = [0.5, 1.0, 2.0, 4.0]
    static let personShareGrid = [0.0, 0.15, 0.4, 1.0]
    /// A person's σ is estimated once they gave this many answers.
    static let personMinimumAnswers = 6

    /// Weak log-normal priors keep the choice sensible with few answers (where the evidence is flat).
    func logPrior(space: PreferenceSpace) -> Double {
        func ln(_ x: Double, _ centre: Double, _ sd: Double) -> Double { let t = log(x / centre) / sd; return -0.5 * t * t }
        var s = ln(noise, 0.25, 1.0)
        let base = Self.orderedBase(space)
        for (d, dim) in space.dimensions.enumerated() {
            s += dim.isCategorical ? ln(lengthscales[d], 1.0, 0.7) : ln(lengthscales[d], base, 0.5)
        }
        for (_, v) in personNoise { s += ln(v, 1, 0.8) }
        if personShare > 0 { s += ln(personShare, 0.3, 1.0) }
        return s
    }
}
