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

    @Test func eachPersonsOwnTasteIsLearntBesideTheTeams() throws {
        var settings = ExploreRound.Settings()
        settings.fixedPersonShare = 1
        var round = ExploreRound(space: Self.space, seed: 3, settings: settings)
        try Self.play(&round, answers: 40)
        let thin = [0.2, 1.0], thick = [0.8, 1.0]
        let ada = round.predictedLiking(of: [thin, thick], by: "ada"), ben = round.predictedLiking(of: [thin, thick], by: "ben")
        #expect(ada[0] > ada[1] && ben[1] > ben[0])
        let seen = round.peopleViews()
        let views = try #require(seen)
        #expect(views.people.map(\.person) == ["ada", "ben"] && views.people.map(\.answers) == [20, 20])
        let adaWidth = views.people[0].likedMost[0], benWidth = views.people[1].likedMost[0]
        #expect(adaWidth < benWidth && abs(adaWidth - 0.2) < 0.25 && abs(benWidth - 0.8) < 0.25)
        // Both like curve "b", and so does the team; the team's width lies between theirs.
        #expect(views.people.allSatisfy { $0.likedMost[1] == 1 } && views.team[1] == 1)
        #expect(views.team[0] >= adaWidth - 1e-9 && views.team[0] <= benWidth + 1e-9)
        // A person's liking is less certain than the team's (their offset adds to it).
        let best = try #require(round.best)
        #expect(views.people.allSatisfy { $0.sd > best.sd })
    }

    @Test func withoutOffsetsEveryoneIsTheTeam() throws {
        var round = ExploreRound(space: Self.space, seed: 3)
        try Self.play(&round, answers: 10)
        #expect(round.hyperparameters.personShare == 0)   // ten answers cannot tell people apart
        let seen = round.peopleViews()
        let views = try #require(seen)
        #expect(views.people.allSatisfy { $0.likedMost == views.team })
        let points = [[0.2, 1.0], [0.8, 0.0]]
        #expect(round.predictedLiking(of: points, by: "ada") == round.predictedLiking(of: points, by: "ben"))
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
