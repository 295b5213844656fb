import WorkbenchSupport

/// A person who answered, as the model sees them at the team's best.
struct ExplorePersonAnswer: Encodable {
    let person: String
    let answers: Int
    /// How much more they are predicted to like the team's best than the chart the round started
    /// from (the model's units: the prior's standard deviation of a chart's liking is 1), and its
    /// standard deviation. Answers compare charts, so they tell this difference, not a level.
    let liking: Double
    let sd: Double
    /// "Ada (12 answers): +0.62 ± 0.20 over Default".
    let text: String
}

/// One moving parameter: the value each person is predicted to like most (the others at the
/// team's best), beside the team's.
struct ExploreAgreementAnswer: Encodable {
    struct Liked: Encodable {
        /// Empty for the team.
        let person: String
        let value: JSONValue
        /// For a number: where the value lies in the round's range, 0 to 1 (the page's plot).
        let position: Double?
        /// How sure the model is that this person likes their value more than the team's (0 to
        /// 1); absent for the team, and when theirs is the team's.
        let sure: Double?
        /// "2 px", "Monotone".
        let text: String
    }

    let parameter: String
    let label: String
    /// Whether the people's values are the same (numbers: within a fifth of the round's range),
    /// counting a person's own value only when the model is at least `ParameterAgreement.sure`
    /// (70 %) sure they like it more than the team's.
    let agree: Bool
    let team: Liked
    let people: [Liked]
    /// "Ada 2 px (81 % sure), Ben 6 px (74 % sure); the team 4 px", or "everyone Monotone".
    let text: String
    /// For a number: the round's range's low and high ends, "0.5 px" and "24 px" (a plot's ends);
    /// empty otherwise.
    let ends: [String]
}
