import Foundation

/// Where the people who answered agree and disagree, parameter by parameter: the value each is
/// predicted to like most with the others at the team's best (their own liking's, see
/// `ExploreRound.sensitivities(for:)`), beside the team's.
public struct ParameterAgreement: Sendable, Equatable {
    public struct Liked: Sendable, Equatable {
        public let person: String
        /// The team's best with this parameter at the value the person likes most.
        public let point: [Double]
        /// For a number or whole number: where that value lies in the round's range (0 to 1).
        public let position: Double?
    }

    public let key: String
    public let team: Liked
    public let people: [Liked]
    /// How far apart the people's values are: for a number, the share of the round's range
    /// between the lowest and the highest; otherwise 1 when they differ, 0 when not.
    public let spread: Double
    /// People differ by at least this share of a number's range to disagree on it.
    public static let apart = 0.2

    public var agree: Bool { spread < Self.apart }
}

extension ChartParameterSpace {
    /// Each moving parameter's agreement among the round's people, disagreements first (the
    /// widest apart first), then the rest in the round's order, given the team's `importance(of:)`.
    /// While the model keeps one taste for everyone (`ExploreRound.tellsPeopleApart`), everyone agrees.
    public func agreement(of round: ExploreRound, team: [ParameterImportance]) -> [ParameterAgreement] {
        guard let best = round.best else { return [] }
        let people = round.people
        let byPerson = people.map { round.tellsPeopleApart ? importance(of: round, for: $0) ?? team : team }
        func liked(_ list: [ParameterImportance], _ key: String) -> [Double] { list.first { $0.key == key }?.likedMost ?? best.point }
        let agreements = spans.map { span -> ParameterAgreement in
            let ordered: Bool = switch span.kind {
            case .number, .integer: true
            default: false
            }
            func entry(_ person: String, _ point: [Double]) -> ParameterAgreement.Liked {
                .init(person: person, point: point, position: ordered ? space.encode(point)[span.range.lowerBound] : nil)
            }
            let own = zip(people, byPerson).map { entry($0, liked($1, span.key)) }
            let spread: Double
            if ordered {
                let positions = own.compactMap(\.position)
                spread = (positions.max() ?? 0) - (positions.min() ?? 0)
            } else {
                spread = Set(own.map { Array($0.point[span.range]) }).count > 1 ? 1 : 0
            }
            return ParameterAgreement(key: span.key, team: entry("", liked(team, span.key)), people: own, spread: spread)
        }
        return agreements.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.agree != y.agree { return !x.agree }
            return x.agree ? a.offset < b.offset : (x.spread, b.offset) > (y.spread, a.offset)
        }.map(\.element)
    }
}
