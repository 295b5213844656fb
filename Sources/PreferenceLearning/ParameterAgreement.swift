import Foundation

/// Where the people who answered agree and disagree, parameter by parameter: the value each is
/// predicted to like most with the others at the team's best (their own liking's, see
/// `ExploreRound.sensitivities(for:)`), beside the team's best's.
public struct ParameterAgreement: Sendable, Equatable {
    public struct Liked: Sendable, Equatable {
        public let person: String
        /// The team's best with this parameter at the value the person likes most.
        public let point: [Double]
        /// For a number or whole number: where that value lies in the round's range (0 to 1).
        public let position: Double?
        /// How sure the model is that the person likes their value more than the team's (nil for
        /// the team, and when they are the same).
        public let sure: Double?
    }

    public let key: String
    public let team: Liked
    public let people: [Liked]
    /// How far apart the people's values are: for a number, the share of the round's range
    /// between the lowest and the highest; otherwise 1 when they differ, 0 when not. A person's
    /// value counts only when the model is at least `sure` that they like it more than the
    /// team's; otherwise theirs counts as the team's (few answers leave a person's own view
    /// wide, and its peak could lie anywhere near the team's).
    public let spread: Double
    /// For a number: the team's point with it at the low and at the high end of the round's range
    /// (what the ends of a plot of the people's values stand for); empty otherwise.
    public let ends: [[Double]]
    /// People differ by at least this share of a number's range to disagree on it.
    public static let apart = 0.2
    /// How sure the model must be that a person likes their own value more than the team's for
    /// it to count. In `ExploreBenchmarks` (200 studies from seed 201, the people's view of
    /// `ExploreRound.viewShare` 16), three people who agree were said to disagree on a parameter
    /// after 50 pairs in 39 % of studies at 0.6, 22 % at 0.65, 8 % at 0.7 and 2 % at 0.8; three
    /// who disagree on one were found to in 94 %, 88 %, 72 % and 30 %. At 0.7, answering by lines:
    /// 16 % and 62 %; by galleries: 14 % and 72 %. (The view before, share 4 and 0.6: 18 % and 66 %
    /// by pairs.)
    public static let sure = 0.7

    public var agree: Bool { spread < Self.apart }

    /// `axes`: where the parameter lies in a point; its `spread` is counted from the entries.
    init(key: String, team: Liked, people: [Liked], axes: Range<Int>, ends: [[Double]] = []) {
        self.key = key
        self.team = team
        self.people = people
        self.ends = ends
        let counted = Self.counted(people, sure: people.map(\.sure), team: team)
        if team.position != nil {
            let positions = counted.compactMap(\.position)
            spread = (positions.max() ?? 0) - (positions.min() ?? 0)
        } else {
            spread = Set(counted.map { Array($0.point[axes]) }).count > 1 ? 1 : 0
        }
    }

    /// What counts of each person's own values: theirs where the model is at least `sure` of it
    /// (`sure[i]`: how sure it is that person i likes theirs more than the team's), else the team's.
    public static func counted<Value>(_ own: [Value], sure: [Double?], team: Value) -> [Value] {
        zip(own, sure).map { value, sure in (sure ?? 0) >= Self.sure ? value : team }
    }
}

extension ChartParameterSpace {
    /// Each moving parameter's agreement among the round's people, disagreements first (the
    /// widest apart first), then the rest in the round's order. Until each person's own view is
    /// read (`ExploreRound.tellsPeopleApart`), everyone is the team and agrees.
    public func agreement(of round: ExploreRound) -> [ParameterAgreement] {
        guard let best = round.best else { return [] }
        let people = round.people
        let byPerson = people.map { round.tellsPeopleApart ? importance(of: round, for: $0) : nil }
        func liked(_ list: [ParameterImportance]?, _ key: String) -> [Double] { list?.first { $0.key == key }?.likedMost ?? best.point }
        let agreements = spans.map { span -> ParameterAgreement in
            let ordered: Bool = switch span.kind {
            case .number, .integer: true
            default: false
            }
            // The team's value is its best's, the compromise the round states and saves (its
            // importance's "liked most" can lie elsewhere: the best is chosen with caution, and a
            // walk saw "the team 9.5 px" beside a best of 8 px).
            let teamPoint = best.point
            func entry(_ person: String, _ point: [Double], sure: Double? = nil) -> ParameterAgreement.Liked {
                .init(person: person, point: point, position: ordered ? space.encode(point)[span.range.lowerBound] : nil, sure: sure)
            }
            let own = zip(people, byPerson).map { person, list in
                let point = liked(list, span.key)
                return entry(person, point, sure: point == teamPoint ? nil : round.probability(that: person, prefers: point, over: teamPoint))
            }
            let ends: [[Double]] = ordered ? [0.0, 1.0].map { (end: Double) -> [Double] in
                var z = space.encode(teamPoint)
                z[span.range.lowerBound] = end
                return space.decode(z)
            } : []
            return ParameterAgreement(key: span.key, team: entry("", teamPoint), people: own, axes: span.range, ends: ends)
        }
        return agreements.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.agree != y.agree { return !x.agree }
            return x.agree ? a.offset < b.offset : (x.spread, b.offset) > (y.spread, a.offset)
        }.map(\.element)
    }
}
