import Foundation

/// What matters to the model: how much the team's predicted liking (the posterior mean, prior sd
/// 1, read at `readingHyperparameters`) changes when one axis moves over its values with the
/// others held at the best — a one-at-a-time sensitivity — beside the axis's lengthscale. A few
/// dozen mean evaluations, each axis's values at once (`PairwiseGP.axisMeans`), so it costs far
/// less than a proposal.
extension ExploreRound {
    public struct AxisSensitivity: Sendable, Equatable {
        public let dimension: Int
        /// The values tried, in the caller's units: every category and boolean, or up to 21
        /// evenly spaced grid values of an ordered axis (the best's own value among them).
        public let values: [Double]
        /// The posterior mean at the best with this axis at each value.
        public let means: [Double]
        /// The model's lengthscale of the axis: ordered axes in [0, 1] units of their range,
        /// unordered ones where "differs" is 1. Shorter: the liking changes faster along it.
        public let lengthscale: Double

        /// Max − min of the mean over the values.
        public var spread: Double { (means.max() ?? 0) - (means.min() ?? 0) }
    }

    /// Each axis's sensitivity at the team's best, in the space's order, of the team's liking
    /// or of `person`'s (see `view(for:)`); nil before any answer. The team's liking is read at
    /// `readingHyperparameters`, as the people's view is; each axis's `lengthscale` is the team's.
    /// Reads the fitted models (fits them, without keeping them, in a round read back: see `fitModel`).
    public func sensitivities(for person: String? = nil) -> [AxisSensitivity]? {
        guard let best else { return nil }
        let (model, index) = view(for: person, reading: true)
        let z = space.encode(best.point)
        return space.dimensions.indices.map { d in
            var values = space.axisValues(d)
            if !values.contains(where: { abs($0 - z[d]) < 1e-12 }) { values = (values + [z[d]]).sorted() }
            let means = model.axisMeans(z, axis: d, values: values, person: index)
            return AxisSensitivity(dimension: d, values: values.map(space.dimensions[d].decode), means: means,
                                   lengthscale: hyperparameters.lengthscales[d])
        }
    }

    /// Fits the model now if the round has none (one read back from storage), as the next answer
    /// or proposal would, so that reads explaining the best do not refit it each time. Changes
    /// nothing stored: the fit starts where the stored warm start says, as those would.
    public mutating func fitModel() {
        if !answers.isEmpty { _ = currentModel() }
        let people = peopleModel == nil && tellsPeopleApart, reading = readingModel == nil && !answers.isEmpty
        if people && reading {
            let round = self
            (peopleModel, readingModel) = Parallel.both({ round.peopleViewModel() }, { round.readingViewModel() })
        } else if people {
            peopleModel = peopleViewModel()
        } else if reading {
            readingModel = readingViewModel()
        }
    }
}

/// One chart parameter's importance to the model at the team's best.
public struct ParameterImportance: Sendable, Equatable {
    public let key: String
    /// Max − min of the team's predicted liking while this parameter alone takes each of its
    /// values (each of its axes in turn, for a colour or a curve), the others held at the best.
    public let spread: Double
    /// The shortest lengthscale among its axes (see `ExploreRound.AxisSensitivity.lengthscale`).
    public let lengthscale: Double
    /// The best with this parameter at the value liked most (the best itself when none beats it;
    /// for the team, by a twentieth of `spread`).
    public let likedMost: [Double]
}

extension ChartParameterSpace {
    /// Every moving parameter's importance at the round's best, most important first (ties in
    /// the round's order); nil before any answer.
    /// With `person`, their own liking's (the team's while the model keeps one taste).
    public func importance(of round: ExploreRound, for person: String? = nil) -> [ParameterImportance]? {
        guard let best = round.best, let axes = round.sensitivities(for: person) else { return nil }
        // The liking at the best itself (each axis tries the best's own value too).
        let atBest = axes.first.flatMap { axis in zip(axis.values, axis.means).first { abs($0.0 - best.point[axis.dimension]) < 1e-12 }?.1 } ?? best.mean
        let importances = spans.map { span -> ParameterImportance in
            let own = span.range.map { axes[$0] }
            let means = own.flatMap(\.means)
            let spread = (means.max() ?? 0) - (means.min() ?? 0)
            // The team's best is chosen by the team's model, cautiously; this reading is another
            // fit. The team likes another value most only when it beats the best's own by a
            // twentieth of the parameter's spread: a grid step's worth less would say "liked most
            // at 6.5 px" beside a best of 7 px. A person's own liking keeps every difference.
            var likedMost = best.point, top = atBest + (person == nil ? spread / 20 : 1e-9)
            for axis in own {
                for (value, mean) in zip(axis.values, axis.means) where mean > top {
                    likedMost = best.point
                    likedMost[axis.dimension] = value
                    top = mean
                }
            }
            return ParameterImportance(key: span.key, spread: spread, lengthscale: own.map(\.lengthscale).min() ?? 1, likedMost: likedMost)
        }
        return importances.enumerated().sorted { ($0.element.spread, $1.offset) > ($1.element.spread, $0.offset) }.map(\.element)
    }
}
