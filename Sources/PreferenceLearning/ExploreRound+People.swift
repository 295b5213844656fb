import Foundation

/// Each person's taste beside the team's. The team's model keeps per-person offsets only when the
/// evidence asks for them (`Hyperparameters.personShare`), which it seldom does in 50 answers
/// (the pairs are chosen for the team's best and vary the disputed parameter little). So each
/// person's own view is a second fit of the same answers: a shared GP with generous per-person
/// offsets (`viewShare`), read once two people have answered enough. A person's offset there is
/// additive, a sum of one-parameter terms: people differ from the team on a parameter or two at
/// a time ("thinner lines"), and a person's ~17 answers in 50 can place such an offset where
/// they cannot place a free one over all parameters at once.
extension ExploreRound {
    /// A person's own offset's prior variance in the people's view, as a share of the team's (over
    /// all its one-parameter terms: each has 1/D of it). Chosen on `ExploreBenchmarks`'s three
    /// people who disagree on one parameter (200 studies from seed 201, 50 pairs; each person's
    /// own value ranked first, the three in their order): with a free offset of share 4, 69 % and
    /// 78 %; additive, share 4: 66 % and 83 %; 8: 74 % and 86 %; 16: 78 % and 84 %; 32: 80 % and
    /// 81 %. Wider views look surer of differences that are not there, see `ParameterAgreement.sure`.
    static let viewShare = 16.0

    /// The team model's number for `person` when it keeps their own taste: their index among the
    /// round's people; nil (the team's taste) while it keeps one taste for everyone.
    func personIndex(_ person: String) -> Int? {
        hyperparameters.personShare > 0 ? people.firstIndex(of: person) : nil
    }

    /// Whether each person's own view is read beside the team's: once two people have given
    /// `Hyperparameters.personMinimumAnswers` answers each; before, everyone is the team.
    public var tellsPeopleApart: Bool {
        var counts: [String: Int] = [:]
        for a in answers { counts[a.person, default: 0] += 1 }
        return counts.values.filter { $0 >= Hyperparameters.personMinimumAnswers }.count >= 2
    }

    /// The team's settings with each person's offset at least `viewShare`, read at `readingHyperparameters`.
    var viewHyperparameters: Hyperparameters {
        var h = readingHyperparameters
        h.personShare = max(h.personShare, Self.viewShare)
        return h
    }

    /// The team's settings with every lengthscale `readingFactor` times theirs: the people's view
    /// and what matters to the team are read at these.
    var readingHyperparameters: Hyperparameters {
        var h = hyperparameters
        h.lengthscales = h.lengthscales.map { $0 * readingFactor }
        return h
    }

    /// The team's lengthscales are short so that the proposals keep exploring (see
    /// `Hyperparameters.orderedBase`); read at them, the mean falls back to 0 away from the answers
    /// along every axis, one that does not matter as much as one that does, and a person's own
    /// view (a third of the answers) is too unsure to say they differ. So both are read as the
    /// longer prior had them (`Hyperparameters.describingBase`). Three people who disagree on one
    /// parameter, 40 studies of 50 pairs through HTTP: at the team's lengthscales said to differ
    /// in 42 %, own value nearest in 68 %; read so, 70 %, 78 % and the three in their order in
    /// 90 % (with the longer prior throughout: 78 %, 78 %, 88 %).
    var readingFactor: Double { Hyperparameters.describingBase(space) / Hyperparameters.orderedBase(space) }

    /// The team's taste at `readingHyperparameters`, fitted from the team model's mode (the same
    /// answers, longer lengthscales: a few Newton steps instead of ten from ĝ = 0). The team model
    /// is fitted exactly again in a round read back, so this one is too.
    func readingViewModel() -> PairwiseGP {
        buildModel(readingHyperparameters, warmStart: fitted.dual)
    }

    /// The people's view, fitted from the team model's mode (see `readingViewModel`).
    func peopleViewModel() -> PairwiseGP {
        buildModel(viewHyperparameters, warmStart: fitted.dual, additiveOffsets: true)
    }

    /// The fitted team model, fitted now without keeping it in a round read back (see `fitModel`).
    var fitted: PairwiseGP { model ?? buildModel(hyperparameters, warmStart: fitStart) }

    /// The model and number that say `person`'s taste (nil, or before `tellsPeopleApart`: the
    /// team's). The people's view is fitted from the team model's mode, so a round read back fits the same one.
    /// `reading`: the team's taste as `readingHyperparameters` read it (what matters), not the
    /// team's fitted model.
    func view(for person: String?, reading: Bool = false) -> (model: PairwiseGP, index: Int?) {
        guard let person, tellsPeopleApart, let index = people.firstIndex(of: person) else {
            return (reading ? readingModel ?? readingViewModel() : fitted, nil)
        }
        return (peopleModel ?? peopleViewModel(), index)
    }

    /// `person`'s predicted liking of `point`: posterior mean and standard deviation, in the
    /// model's units (0 is an average chart, the prior's standard deviation is 1); the team's
    /// before `tellsPeopleApart`, or for someone who has not answered.
    public func predictedLiking(of point: [Double], by person: String) -> (mean: Double, sd: Double) {
        let (model, index) = view(for: person)
        return model.meanAndSD(space.encode(point), person: index)
    }

    /// How much more `person` (nil: the team) is predicted to like `a` than `b`: the mean and
    /// standard deviation of the difference, from the joint posterior of their liking at the two.
    /// Answers compare charts, so they tell such differences well and a person's level of liking
    /// hardly at all (their own offset's level is as wide as its prior).
    public func preference(of a: [Double], over b: [Double], by person: String?) -> (mean: Double, sd: Double) {
        let (model, index) = view(for: person)
        let p = model.jointPair(space.encode(a), space.encode(b), person: index)
        return (p.means[0] - p.means[1], p.differenceSD)
    }

    /// How much more the team is predicted to like `a` than `b`, said as each person's is: once
    /// people are told apart, the average of their likings in the people's view (its standard
    /// deviation from their joint posterior); before, the team model's, which is everyone's.
    public func teamPreference(of a: [Double], over b: [Double]) -> (mean: Double, sd: Double) {
        guard tellsPeopleApart else { return preference(of: a, over: b, by: nil) }
        return (peopleModel ?? peopleViewModel()).averageDifference(space.encode(a), space.encode(b), people: people.count)
    }

    /// How sure the model is that `person` (nil: the team) likes `a` more than `b`: Φ(Δμ / sd).
    public func probability(that person: String?, prefers a: [Double], over b: [Double]) -> Double {
        let difference = preference(of: a, over: b, by: person)
        return Normal.cdf(difference.mean / difference.sd)
    }
}
