import WorkbenchSupport

/// How much one moving parameter matters to the model at the team's best.
struct ExploreImportanceAnswer: Encodable {
    let parameter: String
    let label: String
    /// Max − min of the team's predicted liking (the model's units: prior sd 1) while this
    /// parameter alone takes each of its values, the others held at the best.
    let spread: Double
    /// The model's lengthscale for it (ordered: a share of its range; choices and switches: 1 is
    /// "differs"); shorter: the liking changes faster along it.
    let lengthscale: Double
    /// The value the model likes most, the others held at the best.
    let likedMost: JSONValue
    /// "Inactive line width ±0.82, liked most at 2 px".
    let text: String
}

/// What the candidates handed out test.
struct ExploreTestingAnswer: Encodable {
    /// A parameter the candidates differ on, among those that count most.
    struct Tested: Encodable {
        let parameter: String
        let label: String
        /// How far apart the candidates are on it: a share of its range, 1 when a choice or a
        /// switch differs.
        let difference: Double
        /// Where the difference shows: `rest`, `pressed` (only in the pressed state), `pressing`
        /// (only in the press's motion) or `nowhere` (at rest nor pressed, with these values).
        let seen: String
        /// "inactive line width (2 px vs 4 px)", "active line width (2 px vs 4 px, seen while pressed)".
        let text: String
    }

    /// Most tested first: the widest gaps, weighted by how much each parameter matters.
    let parameters: [Tested]
    /// "This pair tests inactive line width (2 px vs 4 px) and curve (Monotone vs Natural); the rest is close."
    let text: String
}
