import Foundation
import Testing
@testable import PreferenceLearning

/// Each person's taste beside the team's: a shared GP with per-person offsets.
@Suite struct PersonOffsetTests {
    static let space = PreferenceSpace([
        Dimension(name: "width", kind: .continuous(lower: 0, upper: 1, step: 0.05)),
        Dimension(name: "curve", kind: .categorical(options: ["a", "b", "c"])),
    ])

    /// Ada likes thin lines, Ben thick ones; both like curve "b". Each answers their own pairs.
    static func play(_ round: inout ExploreRound, answers: Int) throws {
        var rng = SplitMix64(seed: 5)
        for n in 0..<answers {
            let person = n % 2 == 0 ? "ada" : "ben"
            let liked = person == "ada" ? 0.2 : 0.8
            let p = round.propose(for: person)
            let u = { (x: [Double]) in -pow(x[0] - liked, 2) - (x[1] == 1 ? 0 : 0.3) + 0.01 * rng.uniform() }
            try round.record(u(p.first) > u(p.second) ? .first : .second, to: p.id, person: person)
        }
    }

    /// The value `person`'s liking peaks at along `axis`, the others at the team's best.
    static func likedMost(_ round: ExploreRound, _ person: String?, axis: Int) throws -> Double {
        let axes = try #require(round.sensitivities(for: person))
        let a = axes[axis]
        return a.values[a.means.indices.max { a.means[$0] < a.means[$1] }!]
    }

    @Test func eachPersonsOwnTasteIsLearntBesideTheTeams() throws {
        var settings = ExploreRound.Settings()
        settings.fixedPersonShare = 1
        var round = ExploreRound(space: Self.space, seed: 3, settings: settings)
        try Self.play(&round, answers: 40)
        #expect(round.tellsPeopleApart && round.people == ["ada", "ben"])
        let thin = [0.2, 1.0], thick = [0.8, 1.0]
        #expect(round.predictedLiking(of: thin, by: "ada").mean > round.predictedLiking(of: thick, by: "ada").mean)
        #expect(round.predictedLiking(of: thick, by: "ben").mean > round.predictedLiking(of: thin, by: "ben").mean)
        let ada = try Self.likedMost(round, "ada", axis: 0), ben = try Self.likedMost(round, "ben", axis: 0), team = try Self.likedMost(round, nil, axis: 0)
        #expect(ada < ben && abs(ada - 0.2) < 0.25 && abs(ben - 0.8) < 0.25)
        // Both like curve "b", and so does the team; the team's width lies between theirs.
        for person in ["ada", "ben", nil] { #expect(try Self.likedMost(round, person, axis: 1) == 1) }
        #expect(team >= ada - 1e-9 && team <= ben + 1e-9)
        // A person's liking is less certain than the team's (their offset adds to it).
        let best = try #require(round.best)
        #expect(["ada", "ben"].allSatisfy { round.predictedLiking(of: best.point, by: $0).sd > best.sd })
    }

    /// Ada and Ben disagree plainly (no noise to speak of): the evidence gives the team's model
    /// their own offsets, whether or not each person's σ is fixed by the settings (they were not
    /// looked for when all were).
    @Test func theEvidenceTellsPeopleApartWithTheirNoiseFixedOrNot() throws {
        for fixed in [[:], ["ada": 1.0, "ben": 1.0]] {
            var settings = ExploreRound.Settings()
            settings.fixedPersonNoise = fixed
            var round = ExploreRound(space: Self.space, seed: 3, settings: settings)
            try Self.play(&round, answers: 40)
            let share = round.hyperparameters.personShare
            #expect(share > 0, "fixed σ: \(fixed)")
        }
    }

    /// The team's model keeps one taste (its share fixed at 0), yet each person's own view, a
    /// second fit with generous offsets, tells who likes what, says how sure it is, and is the
    /// same in a round read back (it is fitted from zero, not from a warm start).
    @Test func eachPersonsViewTellsThemApartWhileTheTeamsModelKeepsOneTaste() throws {
        var settings = ExploreRound.Settings()
        settings.fixedPersonShare = 0
        var round = ExploreRound(space: Self.space, seed: 3, settings: settings)
        try Self.play(&round, answers: 40)
        #expect(round.hyperparameters.personShare == 0 && round.tellsPeopleApart)
        // The pairs, chosen for the team, stay below 0.6 after the first ones: Ben's view can say
        // he likes wider lines than Ada and the team, not how wide.
        let ada = try Self.likedMost(round, "ada", axis: 0), ben = try Self.likedMost(round, "ben", axis: 0)
        let team = try Self.likedMost(round, nil, axis: 0)
        #expect(ada < team && team < ben && ada < 0.5 && ben > 0.5, "ada \(ada), ben \(ben), team \(team)")
        let thin = [0.2, 1.0], thick = [0.8, 1.0]
        let adaSure = round.probability(that: "ada", prefers: thin, over: thick), benSure = round.probability(that: "ben", prefers: thin, over: thick)
        #expect(adaSure > 0.6 && benSure < adaSure - 0.1, "ada \(adaSure), ben \(benSure)")
        #expect(abs(adaSure + round.probability(that: "ada", prefers: thick, over: thin) - 1) < 1e-9)
        // Read back without its fits (as a store does), the views are the same.
        var (readBack, journal) = round.splitJournal()
        readBack.append(journal)
        #expect(readBack.predictedLiking(of: thin, by: "ada") == round.predictedLiking(of: thin, by: "ada"))
        readBack.fitModel()
        #expect(readBack.predictedLiking(of: thin, by: "ben") == round.predictedLiking(of: thin, by: "ben"))
    }

    /// With turns (`personEvery` 6, not the default), once people are told apart, every sixth line
    /// or gallery of a person's is their turn: from the best along one number. Each person gets
    /// theirs, whoever answers between; pairs are never turns; no line is of one chart; a round
    /// stored before turns (no `personEvery`) reads back without them.
    @Test func eachPersonGetsTurnsOfLinesAlongOneNumberFromTheBest() throws {
        var withTurns = ExploreRound.Settings()
        withTurns.personEvery = 6
        var round = ExploreRound(space: Self.space, seed: 3, settings: withTurns)
        var rng = SplitMix64(seed: 5)
        var turns: [String: Int] = [:]
        for n in 0..<40 {
            let person = n % 2 == 0 ? "ada" : "ben"
            let liked = person == "ada" ? 0.2 : 0.8
            let u = { (x: [Double]) in -pow(x[0] - liked, 2) - (x[1] == 1 ? 0 : 0.3) + 0.01 * rng.uniform() }
            let own = round.answerCount(of: person, kinds: [.line, .gallery])
            let expected = round.tellsPeopleApart && own % 6 == 5
            let best = round.best?.point
            let line = round.proposeLine(for: person)
            let moved = zip(line.first, line.second).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            if expected {
                turns[person, default: 0] += 1
                #expect(moved == [0] && line.first == best, "\(person) at \(own): \(line.first) to \(line.second), best \(best ?? [])")
            }
            #expect(line.first != line.second, "a line of one chart at \(n)")
            let stops = round.linePoints(line)
            let pick = stops.indices.max { u(stops[$0]) < u(stops[$1]) }!
            let compared = try round.record(pick: pick, among: stops, kind: .line, person: person, proposalID: line.id)
            #expect(compared > 0 && round.answerCount(of: person, kinds: [.line, .gallery]) == own + 1)
        }
        #expect(turns["ada", default: 0] >= 2 && turns["ben", default: 0] >= 2, "\(turns)")

        // Pairs are the team's: the same with turns or without (the round read back without them).
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(round)) as! [String: Any]
        var settings = json["settings"] as! [String: Any]
        settings["personEvery"] = 0
        json["settings"] = settings
        var a = round, b = try JSONDecoder().decode(ExploreRound.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(b.settings.personEvery == 0)
        for n in 0..<12 {
            let person = n % 2 == 0 ? "ada" : "ben"
            let (p, q) = (a.propose(for: person), b.propose(for: person))
            #expect(p.first == q.first && p.second == q.second)
            try a.record(.first, to: p.id, person: person)
            try b.record(.first, to: q.id, person: person)
        }

        var stored = try JSONSerialization.jsonObject(with: JSONEncoder().encode(withTurns)) as! [String: Any]
        stored["personEvery"] = nil
        let old = try JSONDecoder().decode(ExploreRound.Settings.self, from: JSONSerialization.data(withJSONObject: stored))
        #expect(old.personEvery == nil && ExploreRound.Settings().personEvery == 0)
    }

    @Test func withoutOffsetsEveryoneIsTheTeam() throws {
        var round = ExploreRound(space: Self.space, seed: 3)
        try Self.play(&round, answers: 10)
        #expect(!round.tellsPeopleApart)   // ten answers cannot tell people apart
        #expect(round.sensitivities(for: "ada") == round.sensitivities())
        let point = [0.2, 1.0]
        #expect(round.predictedLiking(of: point, by: "ada") == round.predictedLiking(of: point, by: "ben"))
    }

    @Test func theTeamsMeanAtEachItemLeavesOutThePersonsOffset() throws {
        // One person, two items: the fitted mean at an item, with the offset, is the team's × (1 + share).
        let kernel = MixedKernel(space: Self.space, lengthscales: [0.3, 1], personShare: 0.5)
        let items: [Double] = [0.2, 1, 0, 0.8, 1, 0]
        let model = PairwiseGP(kernel: kernel, items: items, comparisons: [ModelComparison(first: 0, second: 1, outcome: 1, scale: 0.3)])
        for i in 0..<2 {
            let point = model.itemPoint(i)
            #expect(abs(model.itemMeans[i] - model.mean(point)) < 1e-12)
            #expect(abs(model.mean(point, person: 0) - 1.5 * model.mean(point)) < 1e-12)
        }
    }

    /// The people's view's offsets are a sum of one-parameter terms: a person's own part of their
    /// liking moves along one parameter the same whatever the others are, and every way of
    /// reading the fit (a point, a point's axis, the items, two points jointly) says the same.
    @Test func anAdditiveOffsetIsASumOfOneParameterTermsHoweverItIsRead() throws {
        let space = PreferenceSpace([
            Dimension(name: "width", kind: .continuous(lower: 0, upper: 1, step: 0.05)),
            Dimension(name: "height", kind: .continuous(lower: 0, upper: 1, step: 0.05)),
            Dimension(name: "curve", kind: .categorical(options: ["a", "b", "c"])),
        ])
        let kernel = MixedKernel(space: space, lengthscales: [0.3, 0.5, 1], categoryVariance: 0.25, personShare: 2, additiveOffsets: true)
        // Items: width, height, curve, person.
        let items: [Double] = [0.2, 0.3, 0, 0, 0.8, 0.6, 1, 0, 0.5, 0.9, 2, 1, 0.1, 0.4, 1, 1]
        let comparisons = [ModelComparison(first: 0, second: 1, outcome: 1, scale: 0.3), ModelComparison(first: 2, second: 3, outcome: -1, scale: 0.3),
                           ModelComparison(first: 1, second: 0, outcome: 0, scale: 0.5)]
        let model = PairwiseGP(kernel: kernel, items: items, comparisons: comparisons)
        func own(_ z: [Double], _ person: Int) -> Double { model.mean(z, person: person) - model.mean(z) }
        for person in [0, 1] {
            let a = [0.1, 0.2, 0.0], b = [0.7, 0.9, 2.0]
            let mixed1 = [a[0], b[1], a[2]], mixed2 = [b[0], a[1], b[2]]
            #expect(abs(own(a, person) + own(b, person) - own(mixed1, person) - own(mixed2, person)) < 1e-12)
            #expect(abs(own(a, person)) > 1e-3)
            for axis in 0..<3 {
                let values = axis == 2 ? [0.0, 1, 2] : [0, 0.35, 1]
                let along = model.axisMeans(a, axis: axis, values: values, person: person)
                for (v, m) in zip(values, along) {
                    var z = a
                    z[axis] = v
                    #expect(abs(m - model.mean(z, person: person)) < 1e-12)
                }
            }
            let joint = model.jointPair(a, b, person: person)
            #expect(abs(joint.means[0] - model.mean(a, person: person)) < 1e-12 && abs(joint.means[1] - model.mean(b, person: person)) < 1e-12)
        }
        // The team's mean at each item leaves the offsets out.
        for i in 0..<model.itemCount { #expect(abs(model.itemMeans[i] - model.mean(model.itemPoint(i))) < 1e-12) }
    }

    /// The team's liking said as the people's: the average person's difference, whose variance is
    /// the quadratic form of the four values' posterior covariance (two people, two points).
    @Test func theAveragePersonsDifferenceIsTheMeanOfThePeoplesWithTheirJointVariance() throws {
        let space = PreferenceSpace([
            Dimension(name: "width", kind: .continuous(lower: 0, upper: 1, step: 0.05)),
            Dimension(name: "curve", kind: .categorical(options: ["a", "b"])),
        ])
        let kernel = MixedKernel(space: space, lengthscales: [0.3, 1], categoryVariance: 0.25, personShare: 4, additiveOffsets: true)
        let items: [Double] = [0.2, 0, 0, 0.8, 1, 0, 0.5, 1, 1, 0.1, 0, 1]
        let comparisons = [ModelComparison(first: 0, second: 1, outcome: 1, scale: 0.3), ModelComparison(first: 2, second: 3, outcome: -1, scale: 0.3),
                           ModelComparison(first: 1, second: 2, outcome: 1, scale: 0.5)]
        let model = PairwiseGP(kernel: kernel, items: items, comparisons: comparisons)
        let a = [0.3, 0.0], b = [0.7, 1.0]
        // One person: their own difference.
        let one = model.averageDifference(a, b, people: 1), joint = model.jointPair(a, b, person: 0)
        #expect(abs(one.mean - (joint.means[0] - joint.means[1])) < 1e-12 && abs(one.sd - joint.differenceSD) < 1e-9)
        // Two: values (a, 0), (b, 0), (a, 1), (b, 1) with weights ½, −½, ½, −½.
        let m = comparisons.count
        let p0 = model.predict([a, b], person: 0), p1 = model.predict([a, b], person: 1)
        let points = [a, b, a, b], person = [0, 0, 1, 1], weight = [0.5, -0.5, 0.5, -0.5]
        let whitened = (0..<4).map { i in Array((i < 2 ? p0 : p1).whitened[(i % 2 * m)..<(i % 2 * m + m)]) }
        var variance = 0.0
        for i in 0..<4 {
            for j in 0..<4 {
                let prior = points[i].withUnsafeBufferPointer { x in points[j].withUnsafeBufferPointer { y in
                    person[i] == person[j] ? kernel.own(0, x.baseAddress!, y.baseAddress!) : kernel(x.baseAddress!, y.baseAddress!) } }
                variance += weight[i] * weight[j] * (prior - zip(whitened[i], whitened[j]).map(*).reduce(0, +))
            }
        }
        let two = model.averageDifference(a, b, people: 2)
        #expect(abs(two.mean - 0.5 * (p0.means[0] - p0.means[1] + p1.means[0] - p1.means[1])) < 1e-12)
        #expect(abs(two.sd - variance.squareRoot()) < 1e-9)
        // An average is no more uncertain than its parts: Var((X + Y)/2) ≤ (Var X + Var Y)/2.
        let other = model.jointPair(a, b, person: 1).differenceSD
        #expect(two.sd * two.sd <= (joint.differenceSD * joint.differenceSD + other * other) / 2 + 1e-12)
    }

    @Test func roundsStoredBeforeOffsetsReadBackWithout() throws {
        let old = #"{"lengthscales":[0.3,1],"noise":0.25,"personNoise":{},"categoryVariance":0.25}"#
        let read = try JSONDecoder().decode(Hyperparameters.self, from: Data(old.utf8))
        #expect(read.personShare == 0)
        // Written as before while there are none; with some, they are kept.
        #expect(String(decoding: try JSONEncoder().encode(read), as: UTF8.self).contains("personShare") == false)
        var shared = read
        shared.personShare = 0.4
        #expect(try JSONDecoder().decode(Hyperparameters.self, from: JSONEncoder().encode(shared)).personShare == 0.4)
    }
}
