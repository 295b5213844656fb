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
