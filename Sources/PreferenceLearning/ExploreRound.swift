import Foundation

/// A round of pairwise picks: proposes the next pair, records answers, keeps the team's current
/// best. A value type, Codable: answers, proposals, hyperparameters and the generator's state are
/// stored; the model is refitted from the answers when needed (deterministically).
public struct ExploreRound: Codable, Sendable {
    public enum Outcome: String, Codable, Sendable {
        case first, second, noPreference
    }

    public struct Settings: Codable, Sendable, Equatable {
        /// Uniform random candidates per proposal (on the grids, every category).
        public var randomCandidates = 128
        /// Random local moves around each of the leading points, at each of two scales.
        public var localMoves = 6
        /// The best counts as stable after this many answers without moving (K), counted after
        /// the far-apart first pairs (`explorationAnswers`): those do not aim at the best, so
        /// the best staying put then says nothing.
        public var stableAfter = 5
        /// "Not moving": same categories and booleans, ordered axes within this share of their range.
        public var stabilityTolerance = 0.1
        /// Known σ multipliers for people (kept, not estimated).
        public var fixedPersonNoise: [String: Double] = [:]
        /// A known share of each person's own taste (kept, not estimated); nil: chosen by the evidence.
        public var fixedPersonShare: Double?
        /// Re-choose hyperparameters by the Laplace evidence (see `fullSearchLimit`).
        public var hyperparameterSearch = true
        public enum Acquisition: String, Codable, Sendable {
            /// The model's best (highest posterior mean among the candidates) against the
            /// candidate that maximises EUBO with it: N evaluations.
            case euboAgainstBest
            /// The EUBO-maximising pair among all candidate pairs: N²/2 evaluations.
            case eubo
            /// Two uniformly random points (a baseline for studies).
            case random
        }
        /// `euboAgainstBest` learned as well as or better than the full pair search in the
        /// simulated studies (40 studies: 0.864 vs 0.845 of the range at 50 answers), at a
        /// fraction of the cost.
        public var acquisition = Acquisition.euboAgainstBest
        /// The best maximises mean − `bestCaution` × sd (keeps it where the answers are).
        public var bestCaution = 1.0
        /// The first proposals are far-apart pairs (a point of a space-filling design and one
        /// about half the range away on every axis, another value of every category): answers
        /// that tell much even from careless people, before the model can aim.
        public var explorationAnswers = 8
        /// Afterwards every n-th proposal is such a pair too (0: never). Rounds started before
        /// proposals were made for the person who asks keep their 3; now the challenger of the
        /// best is chosen for whoever will answer (a person whose answers are noisy gets one far
        /// enough from the best for their answer to tell something, see `propose(for:)`), and
        /// periodic far pairs cost more than they brought in the simulated studies.
        public var randomEvery = 0
        /// Every n-th proposal (when not a far-apart pair) pits the best against itself with one
        /// category or boolean changed (0: never): isolates the categories' effect.
        public var categoryEvery = 4
        /// A person's every n-th line or gallery is their turn: the best along one number, under their
        /// own view (0, nil: never; better in-process, worse through HTTP; ExploreBenchmarks' PEVERY).
        public var personEvery: Int? = 0
        /// Scales of the local moves around the best and the leaders.
        public var localScales = [0.08, 0.25]

        public init() {}
    }

    public struct Proposal: Codable, Sendable, Equatable {
        public let id: Int
        public let first: [Double]
        public let second: [Double]
        /// EUBO: the expected utility of the better of the two, under the model.
        public let expectedBest: Double
        public let firstMean: Double, firstSD: Double
        public let secondMean: Double, secondSD: Double
    }

    /// How a person answered: a pick between charts side by side, a stop on a line, a pick in a
    /// gallery of nine, or a value they set by hand and kept. Each kind is pairwise comparisons to
    /// the model (see `ExploreRound+Choices`).
    public enum AnswerKind: String, Codable, Sendable, CaseIterable {
        case pair, line, gallery, edit
    }

    public struct Answer: Codable, Sendable, Equatable {
        public let proposalID: Int?
        public let first: [Double]
        public let second: [Double]
        public let outcome: Outcome
        public let person: String
        /// The kind of answer this comparison comes from; nil: a pair (and every answer of a
        /// round stored before there were other kinds).
        public let kind: AnswerKind?

        init(proposalID: Int?, first: [Double], second: [Double], outcome: Outcome, person: String, kind: AnswerKind? = nil) {
            self.proposalID = proposalID
            self.first = first
            self.second = second
            self.outcome = outcome
            self.person = person
            self.kind = kind == .pair ? nil : kind
        }
    }

    public struct Best: Codable, Sendable, Equatable {
        public let point: [Double]
        /// Posterior mean and standard deviation of the utility (prior sd 1; 0 is the average).
        public let mean: Double
        public let sd: Double
        /// Answers in a row (including the latest) after which the best stayed put, counted from
        /// the end of the far-apart first pairs.
        public let stableFor: Int
        public let isStable: Bool
        public let answers: Int
    }

    public enum RoundError: Error, Sendable, Equatable {
        case unknownProposal(Int)
        case wrongPointSize(expected: Int, got: Int)
    }

    public let space: PreferenceSpace
    public private(set) var settings: Settings
    public private(set) var hyperparameters: Hyperparameters
    public internal(set) var answers: [Answer] = []
    public internal(set) var proposals: [Proposal] = []
    public internal(set) var best: Best?
    /// The best after each answer (model coordinates are recomputed from these points).
    public internal(set) var bestHistory: [[Double]] = []
    var rng: SplitMix64
    var model: PairwiseGP? { didSet { fitStart = model?.startedFrom; peopleModel = nil; readingModel = nil } }
    /// The people's view of the same answers (see `view(for:)`) and the team's taste read for what
    /// matters (see `sensitivities(for:)`), kept once fitted.
    var peopleModel: PairwiseGP?, readingModel: PairwiseGP?
    /// Where the current model's fit started (its warm start): a round read back refits the same.
    var fitStart: [Double]?
    /// The random offset of the first pairs' space-filling design (one number in [0, 1) per axis).
    var designShift: [Double]?
    /// A constraint on what the round shows, given a point's values (`space.decode`): no
    /// proposal and no best is a point it refuses (e.g. a chart that fails the honesty check).
    /// Not stored: whoever holds the round sets it before proposing and recording. Nil: any point.
    public var admissible: (@Sendable ([Double]) -> Bool)?
    /// At most this many points are checked against `admissible` for one proposal or one best.
    public static let admissibleChecks = 40

    enum CodingKeys: String, CodingKey {
        case space, settings, hyperparameters, answers, proposals, best, bestHistory, rng, fitStart, designShift
    }

    /// What grows by an entry with every answer and proposal: kept apart by stores that append
    /// entries instead of rewriting the whole round at every answer.
    public struct Journal: Codable, Sendable, Equatable {
        public var answers: [Answer] = []
        public var proposals: [Proposal] = []
        public var bestHistory: [[Double]] = []
        public init() {}
    }

    /// The journal, and the round without it (what is left is small and bounded but for the fit's
    /// warm start, one number per answer).
    public func splitJournal() -> (round: ExploreRound, journal: Journal) {
        var journal = Journal()
        journal.answers = answers
        journal.proposals = proposals
        journal.bestHistory = bestHistory
        var rest = self
        rest.answers = []
        rest.proposals = []
        rest.bestHistory = []
        rest.model = nil
        rest.fitStart = fitStart
        return (rest, journal)
    }

    /// Appends a journal's entries (to a round read back without them, see `splitJournal`).
    public mutating func append(_ journal: Journal) {
        let start = fitStart
        answers += journal.answers
        proposals += journal.proposals
        bestHistory += journal.bestHistory
        model = nil
        fitStart = start
    }

    public init(space: PreferenceSpace, seed: UInt64, settings: Settings = Settings()) {
        self.space = space
        self.settings = settings
        self.rng = SplitMix64(seed: seed)
        var designRNG = SplitMix64(seed: seed ^ 0xD1B5_4A32_D192_ED03)
        self.designShift = space.dimensions.map { _ in designRNG.uniform() }
        var hyper = Hyperparameters.initial(for: space)
        hyper.personNoise = settings.fixedPersonNoise
        hyper.personShare = settings.fixedPersonShare ?? 0
        self.hyperparameters = hyper
    }

    // MARK: answers

    /// Records the answer to a proposal.
    public mutating func record(_ outcome: Outcome, to proposalID: Int, person: String) throws(RoundError) {
        guard let p = proposals.first(where: { $0.id == proposalID }) else { throw .unknownProposal(proposalID) }
        try record(Answer(proposalID: proposalID, first: p.first, second: p.second, outcome: outcome, person: person))
    }

    /// Records an answer about any two points (snapped to valid values).
    public mutating func record(first: [Double], second: [Double], outcome: Outcome, person: String) throws(RoundError) {
        try record(Answer(proposalID: nil, first: first, second: second, outcome: outcome, person: person))
    }

    mutating func record(_ answer: Answer) throws(RoundError) {
        try record([answer])
    }

    /// Records comparisons that one answer implies (a line's or a gallery's pick is several),
    /// then refits once and moves the best once.
    mutating func record(_ batch: [Answer]) throws(RoundError) {
        for answer in batch {
            for point in [answer.first, answer.second] where point.count != space.count {
                throw .wrongPointSize(expected: space.count, got: point.count)
            }
        }
        guard !batch.isEmpty else { return }
        // The fit before this answer warm-starts every fit of this one (a round read back refits
        // it first, exactly: see `fitStart`); the hyperparameter search keeps the fit of the
        // settings it chose (one fit per setting tried, no refit).
        let previous = answers.isEmpty ? nil : currentModel()
        let before = answers.count
        for answer in batch {
            answers.append(Answer(proposalID: answer.proposalID, first: space.snap(answer.first), second: space.snap(answer.second),
                                  outcome: answer.outcome, person: answer.person, kind: answer.kind))
        }
        model = nil
        if settings.hyperparameterSearch {
            if answers.count <= Self.fullSearchLimit {
                // A full pass each time the count reaches or passes a multiple of 4.
                if answers.count >= 4 && answers.count / 4 > before / 4 { searchHyperparameters(group: nil, warm: previous) }
            } else {
                searchHyperparameters(group: answers.count, warm: previous)
            }
        }
        if model == nil { model = buildModel(hyperparameters, warm: previous) }
        updateBest()
    }

    /// Up to this many answers the hyperparameters are re-chosen by a full coordinate pass every
    /// 4 answers (fits are cheap then); later one group per answer, in turn, trying only the
    /// neighbouring grid values (at most 2 extra fits per answer, so the latency stays bounded).
    static let fullSearchLimit = 40

    // MARK: model

    func buildModel(_ hyper: Hyperparameters, warm: PairwiseGP? = nil) -> PairwiseGP {
        buildModel(hyper, warmStart: warm?.dual)
    }

    /// The people who answered, in the order the model numbers them (by name).
    public var people: [String] { Array(Set(answers.map(\.person))).sorted() }

    /// `additiveOffsets` (the people's view): each person's offset is a sum of one-axis terms.
    func buildModel(_ hyper: Hyperparameters, warmStart: [Double]?, additiveOffsets: Bool = false) -> PairwiseGP {
        var index: [[Double]: Int] = [:], items: [Double] = []
        // With person offsets an item is a point as one person saw it: its person's index last.
        let personIndex = hyper.personShare > 0 ? Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1, Double($0)) }) : [:]
        func item(_ point: [Double], _ person: String) -> Int {
            var z = space.encode(point)
            if hyper.personShare > 0 { z.append(personIndex[person]!) }
            if let i = index[z] { return i }
            let i = index.count
            index[z] = i
            items += z
            return i
        }
        let comparisons = answers.map { a in
            ModelComparison(first: item(a.first, a.person), second: item(a.second, a.person),
                            outcome: a.outcome == .first ? 1 : a.outcome == .second ? -1 : 0,
                            scale: 2.0.squareRoot() * hyper.sigma(for: a.person) * Self.choiceNoise(a.kind))
        }
        return PairwiseGP(kernel: MixedKernel(space: space, lengthscales: hyper.lengthscales, categoryVariance: hyper.categoryVariance,
                                              personShare: hyper.personShare,
                                              additiveOffsets: additiveOffsets),
                          items: items, comparisons: comparisons, warmStart: warmStart)
    }

    /// One pick among many is several comparisons that share one judgement, not independent
    /// answers: each counts with its noise widened by √(comparisons / 2), so a gallery's eight
    /// weigh about as much as two, and so do a line's four.
    static func choiceNoise(_ kind: AnswerKind?) -> Double {
        switch kind {
        case .gallery: 2
        case .line: 2.0.squareRoot()
        case .pair, .edit, nil: 1
        }
    }

    mutating func currentModel() -> PairwiseGP {
        if let model { return model }
        let fitted = buildModel(hyperparameters, warmStart: fitStart)
        model = fitted
        return fitted
    }

    /// Type-II MAP (Laplace evidence + weak priors) over small grids, by coordinate: the shared
    /// ordered lengthscale, the shared unordered one, the category offsets' variance, the share of
    /// people's own tastes (once two have enough answers), σ, each person's multiplier (people with
    /// enough answers, not fixed by the settings), then (past `fullSearchLimit` answers) each
    /// ordered dimension's own lengthscale ×½ or ×2 (ARD). `group` nil: one pass over every group
    /// and every grid value; otherwise only group `group % count`, neighbouring grid values only.
    mutating func searchHyperparameters(group: Int?, warm: PairwiseGP? = nil) {
        let snapshot = self
        var current = hyperparameters
        var currentFit = snapshot.buildModel(current, warm: warm)
        var currentScore = currentFit.logEvidence + current.logPrior(space: snapshot.space)
        /// A group's values, each fitted from the group's starting fit, all at once; then taken in
        /// order, each kept if it scores better than the best so far.
        func consider(_ candidates: [Hyperparameters]) {
            let warm = currentFit
            let fits = Parallel.map(candidates) { snapshot.buildModel($0, warm: warm) }
            for (candidate, fit) in zip(candidates, fits) {
                let s = fit.logEvidence + candidate.logPrior(space: snapshot.space)
                if s > currentScore + 1e-9 { current = candidate; currentScore = s; currentFit = fit }
            }
        }
        /// The grid values to try: all, or the neighbours of the nearest one.
        func values(_ grid: [Double], around value: Double) -> [Double] {
            guard group != nil else { return grid.filter { $0 != value } }
            let i = grid.indices.min { abs(log(grid[$0] / value)) < abs(log(grid[$1] / value)) }!
            return [i - 1, i + 1].filter(grid.indices.contains).map { grid[$0] }
        }
        let ordered = space.dimensions.indices.filter { !space.dimensions[$0].isCategorical }
        let unordered = space.dimensions.indices.filter { space.dimensions[$0].isCategorical }
        var counts: [String: Int] = [:]
        for a in answers { counts[a.person, default: 0] += 1 }
        // People whose offsets from the team, and whose own σ (unless fixed), enough answers can tell.
        let answeredEnough = counts.keys.sorted().filter { counts[$0]! >= Hyperparameters.personMinimumAnswers }
        let unit = Hyperparameters.orderedBase(space)

        // Each group: the values it tries, from the settings chosen so far.
        var groups: [(Hyperparameters) -> [Hyperparameters]] = []
        if !ordered.isEmpty {
            groups.append { base in
                let shared = ordered.map { base.lengthscales[$0] }.reduce(0, +) / Double(ordered.count) / unit
                return values(Hyperparameters.orderedGrid, around: shared).map { value in
                    var c = base
                    for d in ordered { c.lengthscales[d] = value * unit }
                    return c
                }
            }
        }
        if !unordered.isEmpty {
            groups.append { base in
                values(Hyperparameters.unorderedGrid, around: base.lengthscales[unordered[0]]).map { value in
                    var c = base
                    for d in unordered { c.lengthscales[d] = value }
                    return c
                }
            }
            groups.append { base in
                values(Hyperparameters.categoryGrid, around: max(base.categoryVariance, 0.01)).map { value in
                    var c = base; c.categoryVariance = value; return c
                }
            }
        }
        groups.append { base in
            values(Hyperparameters.noiseGrid, around: base.noise).map { value in var c = base; c.noise = value; return c }
        }
        if answeredEnough.count >= 2 && settings.fixedPersonShare == nil {
            groups.append { base in
                values(Hyperparameters.personShareGrid, around: max(base.personShare, 0.01)).map { value in
                    var c = base; c.personShare = value; return c
                }
            }
        }
        for person in answeredEnough where settings.fixedPersonNoise[person] == nil {
            groups.append { base in
                values(Hyperparameters.personGrid, around: base.personNoise[person] ?? 1).map { value in
                    var c = base; c.personNoise[person] = value; return c
                }
            }
        }
        if answers.count > Self.fullSearchLimit {
            for d in ordered {
                groups.append { base in
                    [0.5, 2.0].map { factor in
                        var c = base
                        c.lengthscales[d] = min(2, max(0.06, base.lengthscales[d] * factor))
                        return c
                    }.filter { $0 != base }
                }
            }
        }
        if let group {
            consider(groups[group % groups.count](current))
        } else {
            for tried in groups { consider(tried(current)) }
        }
        hyperparameters = current
        model = currentFit
    }

    func score(_ hyper: Hyperparameters) -> Double {
        buildModel(hyper).logEvidence + hyper.logPrior(space: space)
    }
}
