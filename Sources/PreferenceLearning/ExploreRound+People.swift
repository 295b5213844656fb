import Foundation

/// Each person's taste beside the team's: what the model predicts each person likes, parameter
/// by parameter, from the answers they gave (the round's GP with per-person offsets).
extension ExploreRound {
    /// One person as the model sees them, at the team's best.
    public struct PersonView: Sendable, Equatable {
        public let person: String
        /// Their answers in the round.
        public let answers: Int
        /// Their predicted liking of the team's best: posterior mean and standard deviation, in
        /// the model's units (0 is an average chart, the prior's standard deviation is 1).
        public let liking: Double, sd: Double
        /// Per parameter (the space's order): the value they are predicted to like most with the
        /// other parameters at the team's best.
        public let likedMost: [Double]
    }

    /// The team and each person who answered, at the team's best; nil before any answer. While
    /// the model keeps one taste for everyone (`personShare` 0: the answers do not yet tell people
    /// apart), every person's view is the team's.
    public mutating func peopleViews() -> (team: [Double], people: [PersonView])? {
        guard let best, !answers.isEmpty else { return nil }
        let model = currentModel()
        let z = space.encode(best.point)
        func likedMost(person: Int?) -> [Double] {
            space.dimensions.indices.map { d in
                let values = space.axisValues(d)
                let means = model.axisMeans(z, axis: d, values: values, person: person)
                return space.dimensions[d].decode(values[means.indices.max { means[$0] < means[$1] } ?? 0])
            }
        }
        var counts: [String: Int] = [:]
        for answer in answers { counts[answer.person, default: 0] += 1 }
        let offsets = hyperparameters.personShare > 0
        let team = likedMost(person: nil), teamLiking = model.meanAndSD(z)
        let views = people.enumerated().map { index, person in
            let liking = offsets ? model.meanAndSD(z, person: index) : teamLiking
            return PersonView(person: person, answers: counts[person] ?? 0, liking: liking.mean, sd: liking.sd,
                              likedMost: offsets ? likedMost(person: index) : team)
        }
        return (team, views)
    }

    /// `person`'s predicted liking (posterior mean) of each of `points`; the team's when the model
    /// keeps one taste for everyone or the person has not answered.
    public mutating func predictedLiking(of points: [[Double]], by person: String) -> [Double] {
        let model = currentModel()
        let index = hyperparameters.personShare > 0 ? people.firstIndex(of: person) : nil
        return points.map { model.mean(space.encode($0), person: index) }
    }
}
