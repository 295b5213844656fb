import Foundation

/// Each person's taste beside the team's: the round's GP keeps a per-person offset once the
/// answers tell people apart (`Hyperparameters.personShare`).
extension ExploreRound {
    /// The model's number for `person` when it keeps their own taste: their index among the
    /// round's people; nil (the team's taste) while it keeps one taste for everyone.
    func personIndex(_ person: String) -> Int? {
        hyperparameters.personShare > 0 ? people.firstIndex(of: person) : nil
    }

    /// Whether the model keeps each person's own taste beside the team's.
    public var tellsPeopleApart: Bool { hyperparameters.personShare > 0 }

    /// The fitted model, fitted now without keeping it in a round read back (see `fitModel`).
    var fitted: PairwiseGP { model ?? buildModel(hyperparameters, warmStart: fitStart) }

    /// `person`'s predicted liking of `point`: posterior mean and standard deviation, in the
    /// model's units (0 is an average chart, the prior's standard deviation is 1); the team's
    /// while the model keeps one taste for everyone, or for someone who has not answered.
    public func predictedLiking(of point: [Double], by person: String) -> (mean: Double, sd: Double) {
        fitted.meanAndSD(space.encode(point), person: personIndex(person))
    }
}

extension ExploreRound {
    /// What `person` would choose alone, starting from `point` (the team's best): coordinate
    /// ascent of their predicted liking (every category, up to 21 grid values an axis, 3 sweeps),
    /// and their liking there; nil `person`: the team's.
    public func ownChoice(of person: String?, from point: [Double]) -> (point: [Double], liking: Double) {
        let model = fitted, index = person.flatMap(personIndex)
        let start = space.encode(point)
        let (z, liking) = space.coordinateAscent(from: start, startScore: model.mean(start, person: index), sweeps: 3,
                                                 axisScores: { model.axisMeans($0, axis: $1, values: $2, person: index) })
        return (space.decode(z), liking)
    }

    /// How much each person who answered gives up with `point` against what they would choose
    /// alone, beyond what the team gives up (the best is cautious: where the answers vouch for
    /// it, not where the mean peaks): 0 for everyone while the model keeps one taste for all.
    /// The team's own choice is climbed once for all of them.
    public func concessions(at point: [Double]) -> [(person: String, concession: Double)] {
        let team = ownChoice(of: nil, from: point).liking - fitted.mean(space.encode(point))
        return people.map { person in
            let mine = ownChoice(of: person, from: point).liking - predictedLiking(of: point, by: person).mean
            return (person, max(0, mine - team))
        }
    }
}
