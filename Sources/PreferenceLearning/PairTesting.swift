import Foundation

/// What a proposal tests: the parameters on which its candidates differ most, weighted by how
/// much each matters to the model, so that a wide gap in a parameter the team does not care
/// about counts for less than a moderate one in a parameter it does.
public struct PairTesting: Sendable, Equatable {
    public struct Tested: Sendable, Equatable {
        public let key: String
        /// How far apart the candidates are on it: an ordered axis's max − min in [0, 1] units of
        /// its range (the largest of its axes), 1 when a category or boolean differs.
        public let difference: Double
        /// `difference` × (¼ + ¾ × its importance relative to the most important's).
        public let score: Double
    }

    /// The parameters tested, most first: those differing notably whose score is at least half
    /// the top one (at most `limit`); when none differs notably, the one differing most.
    public let tested: [Tested]
    /// Parameters not named that still differ notably (they count for less), most first.
    public let others: [String]
    public var othersDiffering: Int { others.count }

    /// Differences below this share of an ordered axis's range are "close".
    public static let notable = 0.1
    public static let limit = 3
}

extension ChartParameterSpace {
    /// What the candidates `points` (2 or 4, in the caller's units) test, given the importance
    /// at the best (nil before any answer: every parameter weighs the same).
    public func testing(_ points: [[Double]], importance: [ParameterImportance]?) -> PairTesting {
        let coordinates = points.map(space.encode)
        let spreads = Dictionary(uniqueKeysWithValues: (importance ?? []).map { ($0.key, $0.spread) })
        let topSpread = spreads.values.max() ?? 0
        // Until the model tells the parameters apart (a twentieth of the prior sd), they weigh alike.
        func relative(_ key: String) -> Double { topSpread >= 0.05 ? (spreads[key] ?? 0) / topSpread : 1 }
        let all = spans.map { span -> PairTesting.Tested in
            let difference = span.range.map { d -> Double in
                let values = coordinates.map { $0[d] }
                if space.dimensions[d].isCategorical { return Set(values).count > 1 ? 1 : 0 }
                return (values.max() ?? 0) - (values.min() ?? 0)
            }.max() ?? 0
            return .init(key: span.key, difference: difference, score: difference * (0.25 + 0.75 * relative(span.key)))
        }
        let ranked = all.enumerated().sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }.map(\.element)
        let notable = ranked.filter { $0.difference >= PairTesting.notable - 1e-9 }
        guard let top = notable.first else {
            return PairTesting(tested: ranked.first.map { $0.difference > 0 ? [$0] : [] } ?? [], others: [])
        }
        let tested = Array(notable.filter { $0.score >= 0.5 * top.score }.prefix(PairTesting.limit))
        return PairTesting(tested: tested, others: notable.dropFirst(tested.count).map(\.key))
    }
}
